"""Writes gold.json: the hand annotation of the dev4 corpus (tests/data/dev4/corpus).

dev4 is a development set, like dev3, about how people state THREATS,
DEPENDENCIES, COMPETITION and MAKERS in informal writing (HN/Reddit comments,
Slack messages, analyst memo bullets, tweet threads, GitHub-issue comments,
sales-call notes), in product categories dev3 does not use: vector databases,
CI/CD, payments APIs, headless CMS, AI coding assistants, data orchestration.

Annotations are written per (document, quote position) below; this script reads
the corpus, keys each quote by the first 8 hex digits of the SHA-1 of its text
(as score.py does), checks the annotation against the text and writes gold.json
next to itself.  Run: python make_gold.py

Conventions (dev3's, adapted)
- competes_with only for explicit (possibly hedged: "arguably competes",
  "to a lesser degree", "overlaps with") statements or explicit comparisons
  framed as a contest ("X vs Y bake-off", "head-to-head").  Negated ones
  ("not really a competitor", "isn't even in this conversation", "declined to
  bid", "mostly isn't in the deals we see") get no relation; implied ones
  (migrations, shortlists, replacements, "real threat isn't X") are optional.
- threatens: source = the threatening party, target = the threatened product.
  Cues: "X threatens Y", "the real risk for Y is X", "X could eat Y's lunch",
  "if X ships ..., Y is in trouble", "X is coming for Y", "Y's biggest
  headache is X", "squeezed by", "puts them into X's path".  Where a threat is
  stated, competes_with on the same pair is optional unless the competition is
  stated too.  When an organisation is the grammatical actor ("if github
  ships ... in actions", "anthropic ships claude code ... if either one"), the
  organisation is the required threatener and its product is optional; when a
  product is the actor, its maker is optional.  A negated threat ("the real
  risk isn't X") gets no threatens relation.
- depends_on: source depends on target (technical or platform dependency).
  Cues: "built on top of", "runs on", "requires", "needs", "wraps", "under the
  hood it's", "leans heavily on", "ships with X baked in", "powered by", "a
  fork of", "calls out to".  Dependencies of "our stack"/"our build"/"our
  bill" are not the product's.  Negated dependencies ("does NOT need kafka",
  "no longer requires docker", "NOT building on top of") get none.  Alternatives
  ("X or Y") and configuration-conditional ones ("if you use the
  CeleryExecutor, a Redis broker") are optional.  Optional add-ons
  ("modules are optional add-ons") get none.
- developed_by: required for explicit maker cues ("X's Y", "made by",
  "maintained by", "governed by", "from the team at", "X ships Y", "the most
  interesting thing X has shipped"); ownership/acquisition ("now owned by",
  "was bought") is optional; "from the team that created Docker" names people,
  not a maker (optional).
- Horizons are normalised: "within a year" -> "12 months", "within 18 months"
  -> "18 months", "by mid-2026" -> "2026", "two years" -> "24 months",
  "next year", "next quarter" kept as is.  A horizon attached to a
  prediction in another sentence/tweet is put on the claim, and the threat is
  left without a horizon (so any horizon there is not scored).
- Entities listed on a quote are the ones a careful extractor must find;
  incidental ones (Helm, GROQ, Markdown, Linux ...) are declared optional at
  top level and never listed.
- Releases, features, plans and sub-products fold into their product via
  aliases (Pinecone Assistant -> Pinecone, Stripe Tax/Radar/Connect -> Stripe,
  Content Lake/Studio -> Sanity, Dagster+ -> Dagster, Airflow 3 -> Airflow,
  Shop Pay -> Shopify).  Astro (Astronomer's managed Airflow) is kept apart
  from its maker Astronomer.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from gold_kit import C, R, build

HERE = pathlib.Path(__file__).parent
CORPUS = HERE / "corpus"

# canonical name -> (type, aliases)
ENTITIES = {
    # 000 vector databases
    "Pinecone": ("Product", ["Pinecone serverless", "Pinecone Assistant"]),
    "Weaviate": ("Product", ["Weaviate Cloud"]),
    "Weaviate B.V.": ("Organization", []),
    "Qdrant": ("Product", []),
    "Milvus": ("Product", []),
    "pgvector": ("Technology", []),
    "BSD-3-Clause": ("License", ["BSD-3", "BSD 3-Clause"]),
    "Go": ("Technology", ["Golang"]),
    "Rust": ("Technology", []),
    "Google Cloud Storage": ("Technology", ["GCS"]),
    "Kafka": ("Technology", ["Apache Kafka"]),
    "HNSW": ("Technology", []),
    "Cohere": ("Organization", []),
    "MongoDB Atlas": ("Product", ["MongoDB"]),
    "Elasticsearch": ("Product", ["Elastic"]),
    "S3 Vectors": ("Product", ["Amazon S3 Vectors"]),
    "etcd": ("Technology", []),
    "MinIO": ("Technology", []),
    # 001 CI/CD
    "GitHub Actions": ("Product", ["Actions", "GitHub Actions runners"]),
    "CircleCI": ("Product", ["circle", "machine runner", "machine runner 3"]),
    "Ubuntu": ("Technology", []),
    ".NET": ("Technology", ["dotnet"]),
    "Actions Runner Controller": ("Product", ["ARC"]),
    "Buildkite": ("Product", []),
    "GitLab CI": ("Product", ["GitLab CI/CD"]),
    "Jenkins": ("Product", []),
    "Harness": ("Product", []),
    "Dagger": ("Product", []),
    "Docker": ("Technology", ["docker compose", "docker-in-docker"]),
    # 002 payments
    "Stripe": ("Product", ["Stripe Tax", "Stripe Billing", "PaymentIntents", "Stripe Connect", "Radar",
                           "Stripe Radar"]),
    "Adyen": ("Product", ["Adyen for Platforms", "RevenueAccelerate", "RevenueProtect"]),
    "Visa": ("Organization", []),
    "Mastercard": ("Organization", []),
    "Checkout.com": ("Product", []),
    "Worldpay": ("Product", []),
    "PayPal": ("Organization", []),
    "Braintree": ("Product", []),
    "Lago": ("Product", []),
    "Shopify": ("Product", ["Shop Pay", "Shopify Payments"]),
    "Bridge": ("Product", []),
    # 003 headless CMS
    "Contentful": ("Product", ["Contentful's JavaScript SDK", "Content Delivery API", "contentful.js"]),
    "Sanity": ("Product", ["Content Lake", "Sanity Studio", "Studio", "Sanity Content Lake"]),
    "Adobe": ("Organization", []),
    "Optimizely": ("Product", []),
    "React": ("Technology", []),
    "Storyblok": ("Product", []),
    "Contentstack": ("Product", []),
    "Strapi": ("Product", []),
    "WordPress": ("Product", []),
    "ChatGPT": ("Product", []),
    "Notion": ("Product", []),
    "Google Docs": ("Product", []),
    "axios": ("Technology", []),
    "Cloudflare Workers": ("Product", ["Workers"]),
    "Adobe Experience Manager": ("Product", ["AEM"]),
    "Hygraph": ("Product", ["GraphCMS"]),
    "Okta": ("Organization", []),
    "Next.js": ("Technology", ["Next", "nextjs"]),
    "Nuxt": ("Technology", []),
    "SvelteKit": ("Technology", []),
    # 004 AI coding assistants
    "Cursor": ("Product", ["Cursor Tab"]),
    "GitHub Copilot": ("Product", ["Copilot", "Copilot Business", "Copilot Enterprise", "Copilot coding agent"]),
    "VS Code": ("Product", ["Visual Studio Code", "vscode"]),
    "Claude": ("Product", []),
    "GPT": ("Product", ["GPT-5", "GPT-4o", "GPT-4.1"]),
    "Windsurf": ("Product", []),
    "Amazon Q Developer": ("Product", ["Amazon Q"]),
    "Claude Code": ("Product", []),
    "JetBrains AI Assistant": ("Product", []),
    "Continue": ("Product", ["continue.dev"]),
    "Ollama": ("Technology", []),
    "Codex": ("Product", ["OpenAI Codex"]),
    "Cognition": ("Organization", []),
    "Devin": ("Product", []),
    # 005 data orchestration
    "Airflow": ("Product", ["Apache Airflow", "Airflow 3", "Airflow 2"]),
    "Dagster": ("Product", ["Dagster+", "dagster dev"]),
    "Apache Software Foundation": ("Organization", ["ASF"]),
    "Astronomer": ("Organization", []),
    "Astro": ("Product", ["Astronomer Astro"]),
    "Astronomer Cosmos": ("Product", ["Cosmos"]),
    "Prefect": ("Product", ["Prefect 3"]),
    "Databricks Workflows": ("Product", ["Lakeflow Jobs"]),
    "Snowflake Tasks": ("Product", []),
    "dbt Labs": ("Organization", []),
    "dbt Cloud": ("Product", []),
    "dbt": ("Technology", ["dbt Core"]),
    "Google Cloud Composer": ("Product", ["Cloud Composer", "Composer"]),
    "Google Kubernetes Engine": ("Technology", ["GKE"]),
    "Kestra": ("Product", []),
    "Kestra Technologies": ("Organization", []),
    # shared
    "PostgreSQL": ("Technology", ["Postgres", "pg"]),
    "Redis": ("Technology", []),
    "Snowflake": ("Product", []),
    "Amazon S3": ("Technology", ["S3", "AWS S3"]),
    "Kubernetes": ("Technology", ["k8s"]),
    "AWS": ("Organization", ["Amazon Web Services"]),
    "Google Cloud": ("Organization", ["GCP", "Google Cloud Platform"]),
    "Azure": ("Organization", ["Microsoft Azure"]),
    "Google": ("Organization", []),
    "Microsoft": ("Organization", []),
    "GitHub": ("Organization", []),
    "OpenAI": ("Organization", []),
    "Anthropic": ("Organization", []),
    "Vercel": ("Organization", []),
    "MIT": ("License", ["MIT License"]),
    "Apache 2.0": ("License", ["Apache-2.0", "Apache License 2.0"]),
    # incidental: may be extracted, never required
    "Helm": ("Technology", []),
    "GROQ": ("Technology", []),
    "Markdown": ("Technology", []),
    "GitHub Enterprise": ("Product", []),
    "Linux": ("Platform", []),
    "macOS": ("Platform", ["mac"]),
    "Windows": ("Platform", []),
    "Python": ("Technology", []),
    "PyPI": ("Technology", []),
    "cron": ("Technology", []),
    "Databricks": ("Organization", []),
    "GraphQL": ("Technology", []),
    "HTML": ("Technology", []),
    "JetBrains": ("Organization", []),
}
OPTIONAL_ENTITIES = {"Helm", "GROQ", "Markdown", "GitHub Enterprise", "Linux", "macOS", "Windows", "Python",
                     "PyPI", "cron", "Databricks", "GraphQL", "HTML", "JetBrains"}

DOCS = {
    "000_vectordb.txt": ["Pinecone", "Weaviate"],
    "001_cicd.txt": ["GitHub Actions", "CircleCI"],
    "002_payments.txt": ["Stripe", "Adyen"],
    "003_cms.txt": ["Contentful", "Sanity"],
    "004_coding.txt": ["Cursor", "GitHub Copilot"],
    "005_orchestration.txt": ["Airflow", "Dagster"],
}


def Q(subject, perspective, verdict, stance, entities, relations, claims):
    return {"subject": subject, "perspective": perspective, "verdict": verdict, "stance": stance,
            "entities": entities, "relations": relations, "claims": claims}


# document -> annotations in quote order
ANNOTATIONS = {
    "000_vectordb.txt": [
        # 0 HN: "the real risk for Y is X", negated threateners, conditional horizon, storage pricing
        Q("Pinecone", "risk", None, "negative", ["Pinecone", "Weaviate", "Qdrant", "pgvector", "PostgreSQL"],
          [R("threatens", "pgvector", "Pinecone", horizon="18 months"),
           R("threatens", "PostgreSQL", "Pinecone", optional=True, horizon="18 months"),
           R("competes_with", "Pinecone", "Weaviate", optional=True),
           R("competes_with", "Pinecone", "Qdrant", optional=True),
           R("depends_on", "pgvector", "PostgreSQL", optional=True)],
          [C("Pinecone", "risk",
             "if postgres gets decent filtered ANN search in core within 18 months, half of pinecone's customers "
             "just stay on the database they already run", horizon="18 months"),
           C("Pinecone", "pricing", "serverless storage at $0.33 per GB per month", value=0.33,
             unit="USD/GB/month")]),
        # 1 analyst bullets: explicit competitor list, license, "maintained by", implementation language
        Q("Weaviate", "competition", None, "mixed",
          ["Weaviate", "Pinecone", "Qdrant", "Milvus", "BSD-3-Clause", "Go", "Weaviate B.V."],
          [R("competes_with", "Weaviate", "Pinecone"),
           R("competes_with", "Weaviate", "Qdrant"),
           R("competes_with", "Weaviate", "Milvus"),
           R("developed_by", "Weaviate", "Weaviate B.V."),
           R("depends_on", "Weaviate", "Go", optional=True)],
          [C("Weaviate", "comparison", "we lose to Pinecone on 'no ops' and win on hybrid search"),
           C("Weaviate", "license", "BSD-3 licensed core", value="BSD-3-Clause"),
           C("Weaviate", "metric", "cloud sandbox is free for 14 days", optional=True, value=14, unit="days"),
           C("Weaviate", "business", "then usage-based", optional=True)]),
        # 2 blog: "under the hood", blob storage, "runs on" three clouds
        Q("Pinecone", "primitive", None, "positive",
          ["Pinecone", "Amazon S3", "AWS", "Google Cloud Storage", "Google Cloud", "Azure"],
          [R("depends_on", "Pinecone", "Amazon S3"),
           R("depends_on", "Pinecone", "Google Cloud Storage"),
           R("depends_on", "Pinecone", "AWS"),
           R("depends_on", "Pinecone", "Google Cloud"),
           R("depends_on", "Pinecone", "Azure")],
          [C("Pinecone", "capability", "under the hood it separates storage from compute"),
           C("Pinecone", "limitation", "a cold namespace can take a second or two on the first query"),
           C("Pinecone", "platform", "Pinecone runs on AWS, GCP and Azure", value=["AWS", "GCP", "Azure"]),
           C("Pinecone", "metric", "a second or two on the first query", optional=True, value=[1, 2],
             unit="s")]),
        # 3 Slack: negated kafka, "ships with X baked in", optional add-ons are no dependency
        Q("Weaviate", "primitive", None, "positive", ["Weaviate", "Kafka", "Go", "HNSW", "OpenAI", "Cohere"],
          [R("depends_on", "Weaviate", "HNSW"),
           R("depends_on", "Weaviate", "Go", optional=True)],
          [C("Weaviate", "capability", "it's a single go binary that ships with HNSW baked in"),
           C("Weaviate", "metric", "rule of thumb from their forum is ~2x the raw vector size", value=2,
             unit="x raw vector size"),
           C("Weaviate", "capability", "weaviate does NOT need kafka or a separate index service", optional=True),
           C("Weaviate", "capability", "you can bring your own vectors", optional=True),
           C("Weaviate", "credibility", "rule of thumb from their forum", optional=True, credibility="unverified")]),
        # 4 tweet: "X is coming for Y" + year horizon on the prediction; bundlers as implied competitors
        Q("Pinecone", "thesis", None, "negative",
          ["Pinecone", "MongoDB Atlas", "Elasticsearch", "Redis", "Snowflake", "AWS", "S3 Vectors"],
          [R("threatens", "AWS", "Pinecone", horizon="2026"),
           R("threatens", "S3 Vectors", "Pinecone", optional=True, horizon="2026"),
           R("developed_by", "S3 Vectors", "AWS", optional=True),
           R("competes_with", "Pinecone", "MongoDB Atlas", optional=True),
           R("competes_with", "Pinecone", "Elasticsearch", optional=True),
           R("competes_with", "Pinecone", "Redis", optional=True),
           R("competes_with", "Pinecone", "Snowflake", optional=True),
           R("threatens", "MongoDB Atlas", "Pinecone", optional=True),
           R("threatens", "Elasticsearch", "Pinecone", optional=True),
           R("threatens", "Redis", "Pinecone", optional=True),
           R("threatens", "Snowflake", "Pinecone", optional=True)],
          [C("Pinecone", "prediction",
             "i'd give it until 2026 before 'we already have it in our database' is the default answer in "
             "procurement", horizon="2026"),
           C("Pinecone", "risk", "vector DBs as a standalone category are on a clock", optional=True)]),
        # 5 testimonial: migration (implied competition), latency/scale/price metrics; Milvus's deps
        Q("Pinecone", "testimonial", None, "positive", ["Pinecone", "Milvus", "etcd", "MinIO"],
          [R("competes_with", "Pinecone", "Milvus", optional=True),
           R("depends_on", "Milvus", "etcd", optional=True),
           R("depends_on", "Milvus", "MinIO", optional=True)],
          [C("Pinecone", "metric", "p95 query latency went from ~180 ms to ~45 ms", value=45, unit="ms"),
           C("Pinecone", "pricing", "the monthly bill dropped to around $310", value=310, unit="USD/month"),
           C("Pinecone", "metric", "at 12M vectors", optional=True, value=12000000, unit="vectors")]),
        # 6 sales notes: "Y's biggest headache is X", disputed vendor benchmark, on-prem platform ask
        Q("Weaviate", "business", None, "mixed", ["Weaviate", "Qdrant", "Rust", "Elasticsearch", "Kubernetes"],
          [R("threatens", "Qdrant", "Weaviate"),
           R("competes_with", "Weaviate", "Qdrant", optional=True),
           R("competes_with", "Weaviate", "Elasticsearch", optional=True),
           R("depends_on", "Qdrant", "Rust", optional=True),
           R("depends_on", "Weaviate", "Kubernetes", optional=True)],
          [C("Weaviate", "credibility",
             "'10x faster hybrid queries than Elasticsearch'; vendor benchmark, different hardware on each side",
             credibility="disputed"),
           C("Weaviate", "platform", "must run on-prem on their own Kubernetes", value=["on-prem", "Kubernetes"]),
           C("Weaviate", "metric", "10x faster hybrid queries", optional=True, value=10, unit="x"),
           C("Weaviate", "risk", "the prospect's ML lead already runs it at home", optional=True)]),
        # 7 thesis: year prediction; "puts them straight into X's path" threat
        Q("Pinecone", "thesis", None, "mixed", ["Pinecone", "OpenAI", "Google"],
          [R("threatens", "OpenAI", "Pinecone"),
           R("threatens", "Google", "Pinecone")],
          [C("Pinecone", "prediction", "by 2027 nobody buys a vector database, they buy retrieval", horizon="2027"),
           C("Pinecone", "risk", "moving up the stack puts them straight into OpenAI's and Google's path"),
           C("Pinecone", "capability", "Pinecone Assistant and the hosted rerankers are a move up the stack",
             optional=True)]),
    ],
    "001_cicd.txt": [
        # 0 HN: "Y's biggest headache is X"
        Q("CircleCI", "competition", None, "mixed", ["CircleCI", "GitHub Actions"],
          [R("threatens", "GitHub Actions", "CircleCI"),
           R("competes_with", "CircleCI", "GitHub Actions", optional=True)],
          [C("CircleCI", "comparison", "circle still has the better caching and test splitting"),
           C("GitHub Actions", "pricing", "it's free for public repos", optional=True, value=0, unit="USD"),
           C("CircleCI", "risk", "'better' loses to 'already there' most days", optional=True)]),
        # 1 blog: runs on Azure, .NET agent, MIT, "you'll need a Kubernetes cluster"
        Q("GitHub Actions", "primitive", None, "mixed",
          ["GitHub Actions", "Azure", "Ubuntu", "Microsoft", ".NET", "MIT", "Kubernetes",
           "Actions Runner Controller"],
          [R("depends_on", "GitHub Actions", "Azure"),
           R("depends_on", "GitHub Actions", ".NET"),
           R("depends_on", "GitHub Actions", "Kubernetes"),
           R("depends_on", "GitHub Actions", "Ubuntu", optional=True),
           R("depends_on", "GitHub Actions", "Actions Runner Controller", optional=True),
           R("depends_on", "Actions Runner Controller", "Kubernetes", optional=True)],
          [C("GitHub Actions", "license", "open source under MIT", value="MIT"),
           C("GitHub Actions", "limitation", "where the 'free' part starts costing you an SRE"),
           C("GitHub Actions", "platform", "the hosted Linux ones run on Azure", optional=True,
             value=["Linux", "Azure"]),
           C("GitHub Actions", "capability", "Ubuntu images that Microsoft rebuilds weekly", optional=True)]),
        # 2 bullets: hedged competition, negated Jenkins, literal "threatens" + horizon
        Q("CircleCI", "competition", None, "neutral",
          ["CircleCI", "GitHub Actions", "Buildkite", "GitLab CI", "Jenkins", "Harness"],
          [R("competes_with", "CircleCI", "Buildkite"),
           R("competes_with", "CircleCI", "GitLab CI"),
           R("threatens", "Harness", "CircleCI", horizon="18 months"),
           R("competes_with", "CircleCI", "GitHub Actions", optional=True),
           R("competes_with", "CircleCI", "Harness", optional=True)],
          [C("CircleCI", "risk", "Harness threatens CircleCI's enterprise deals most, probably within 18 months",
             horizon="18 months"),
           C("GitHub Actions", "business", "the incumbent everyone else is priced against", optional=True),
           C("Jenkins", "business", "it's a maintenance contract", optional=True)]),
        # 3 Slack: negated dependency ("no longer requires docker"), platforms
        Q("CircleCI", "primitive", None, "positive", ["CircleCI", "Docker"], [],
          [C("CircleCI", "platform", "just needs a linux, mac or windows box and an outbound https connection",
             value=["Linux", "macOS", "Windows"]),
           C("CircleCI", "capability", "circleci's self-hosted runner no longer requires docker on the host"),
           C("CircleCI", "limitation", "it still wants a resource class token per pool", optional=True)]),
        # 4 tweet: "if X ships ..., Y is in trouble" with "next year"; org is the actor
        Q("CircleCI", "risk", None, "negative", ["CircleCI", "GitHub", "GitHub Actions", "Buildkite"],
          [R("threatens", "GitHub", "CircleCI", horizon="next year"),
           R("threatens", "GitHub", "Buildkite", horizon="next year"),
           R("threatens", "GitHub Actions", "CircleCI", optional=True, horizon="next year"),
           R("threatens", "GitHub Actions", "Buildkite", optional=True, horizon="next year"),
           R("developed_by", "GitHub Actions", "GitHub", optional=True),
           R("competes_with", "CircleCI", "Buildkite", optional=True)],
          [C("CircleCI", "risk",
             "if github ships proper test splitting + flaky-test detection in actions next year, circleci and "
             "buildkite are in trouble", horizon="next year"),
           C("CircleCI", "business", "that's literally the last reason i pay for circle", optional=True)]),
        # 5 testimonial: migration, metrics, pricing
        Q("CircleCI", "testimonial", None, "positive", ["CircleCI", "Jenkins"],
          [R("competes_with", "CircleCI", "Jenkins", optional=True)],
          [C("CircleCI", "metric", "Median pipeline time dropped from 38 minutes to 11", value=11, unit="minutes"),
           C("CircleCI", "pricing", "the credit bill lands around $2,400 a month", value=2400, unit="USD/month"),
           C("CircleCI", "limitation", "half of them are unmaintained"),
           C("CircleCI", "metric", "20 parallel containers", optional=True, value=20, unit="containers")]),
        # 6 sales notes: incident risk, shortlist (implied competition), "team that created Docker"
        Q("CircleCI", "risk", None, "negative",
          ["CircleCI", "GitHub Actions", "Buildkite", "Dagger", "Docker"],
          [R("competes_with", "CircleCI", "GitHub Actions", optional=True),
           R("competes_with", "CircleCI", "Buildkite", optional=True),
           R("competes_with", "CircleCI", "Dagger", optional=True),
           R("developed_by", "Dagger", "Docker", optional=True)],
          [C("CircleCI", "risk",
             "the Jan 2023 secrets incident is why security made them reopen the contract"),
           C("Dagger", "business", "Dagger is from the team that created Docker", optional=True)]),
        # 7 thesis that never names its subject (the CI bundled with the code host = GitHub Actions)
        Q("GitHub Actions", "thesis", None, "positive", ["GitHub Actions", "Microsoft"],
          [R("developed_by", "GitHub Actions", "Microsoft", optional=True)],
          [C("GitHub Actions", "prediction",
             "By 2028 I expect standalone CI vendors to be either acquired or niche", horizon="2028"),
           C("GitHub Actions", "business",
             "Microsoft can price the compute at cost because it owns the cloud underneath"),
           C("GitHub Actions", "prediction",
             "The CI product that wins the next five years is the one bundled with the code host",
             optional=True, horizon="60 months")]),
    ],
    "002_payments.txt": [
        # 0 HN: "X could eat Y's lunch"
        Q("Stripe", "competition", None, "negative", ["Stripe", "Adyen"],
          [R("threatens", "Adyen", "Stripe"),
           R("competes_with", "Stripe", "Adyen", optional=True)],
          [C("Stripe", "limitation",
             "unified commerce (in-store terminals + online on one ledger) is something stripe still bolts together"),
           C("Stripe", "risk", "adyen could eat stripe's lunch in enterprise", optional=True)]),
        # 1 pricing + "under the hood ... runs over" card networks
        Q("Stripe", "business", None, "neutral", ["Stripe", "Visa", "Mastercard"],
          [R("depends_on", "Stripe", "Visa"),
           R("depends_on", "Stripe", "Mastercard")],
          [C("Stripe", "pricing", "2.9% + 30¢ per successful card charge in the US", value=2.9,
             unit="%/transaction"),
           C("Stripe", "pricing", "Stripe Tax adds 0.5% per transaction", value=0.5, unit="%/transaction"),
           C("Stripe", "business", "interchange, not Stripe, sets the floor on what anyone can charge",
             optional=True)]),
        # 2 bullets: explicit + hedged competition, "X's Y" maker cue, take-rate metric
        Q("Adyen", "competition", None, "neutral",
          ["Adyen", "Stripe", "Checkout.com", "Worldpay", "PayPal", "Braintree"],
          [R("competes_with", "Adyen", "Stripe"),
           R("competes_with", "Adyen", "Checkout.com"),
           R("competes_with", "Adyen", "Worldpay"),
           R("competes_with", "Adyen", "Braintree"),
           R("developed_by", "Braintree", "PayPal"),
           R("competes_with", "Adyen", "PayPal", optional=True)],
          [C("Adyen", "metric", "take rate ~0.14% of processed volume", value=0.14, unit="%"),
           C("Adyen", "comparison", "far below what Stripe's blended rate implies", optional=True),
           C("Adyen", "credibility", "per the FY24 report", optional=True, credibility="self-reported")]),
        # 3 Slack: negated "built on top of" (ours), "X wraps Y"
        Q("Stripe", "jtbd", None, "neutral", ["Stripe", "Lago"],
          [R("depends_on", "Lago", "Stripe")],
          [C("Lago", "capability", "Lago wraps stripe for the actual charge and does the usage metering itself"),
           C("Stripe", "capability", "Stripe for moving money", optional=True)]),
        # 4 tweet thread: "the real risk for Y is X", the threat runs on the threatened, horizon on claim
        Q("Stripe", "risk", None, "negative", ["Stripe", "Adyen", "Shopify"],
          [R("threatens", "Shopify", "Stripe"),
           R("depends_on", "Shopify", "Stripe"),
           R("competes_with", "Stripe", "Adyen", optional=True),
           R("competes_with", "Stripe", "Shopify", optional=True)],
          [C("Shopify", "metric", "shop pay has 150M+ users", value=150000000, unit="users"),
           C("Stripe", "risk",
             "if shopify ever moves processing in-house, that's a multi-billion TPV hole by 2027",
             horizon="2027"),
           C("Stripe", "business", "stripe is the supplier to its own biggest threat", optional=True)]),
        # 5 testimonial: metrics, onboarding limitation; Stripe named only as a docs yardstick
        Q("Adyen", "testimonial", None, "mixed", ["Adyen", "Stripe"], [],
          [C("Adyen", "metric", "Auth rates went up about 2.3 points in Brazil", value=2.3,
             unit="percentage points"),
           C("Adyen", "limitation", "Onboarding took five months"),
           C("Adyen", "metric", "across 22 countries", optional=True, value=22, unit="countries"),
           C("Adyen", "comparison", "their API docs are not Stripe's", optional=True),
           C("Adyen", "capability", "reconciliation finally comes out of one report", optional=True)]),
        # 6 sales notes: explicit bake-off, "requires" with no named target, self-reported uplift
        Q("Adyen", "business", None, "mixed", ["Adyen", "Stripe"],
          [R("competes_with", "Adyen", "Stripe")],
          [C("Adyen", "limitation", "Adyen for Platforms requires a full KYC flow per sub-merchant"),
           C("Adyen", "credibility",
             "Adyen claimed 'up to 6% uplift in authorization' with RevenueAccelerate; numbers are from Adyen's own "
             "merchant base, no control group", credibility="self-reported"),
           C("Adyen", "metric", "up to 6% uplift in authorization", optional=True, value=6, unit="%"),
           C("Adyen", "capability", "RevenueProtect is 'good enough' and bundled", optional=True)]),
        # 7 thesis that never names its subject (developer-first payments company = Stripe)
        Q("Stripe", "thesis", None, "mixed", ["Stripe", "Bridge"],
          [R("developed_by", "Bridge", "Stripe", optional=True)],
          [C("Stripe", "prediction",
             "I'd bet at least a fifth of cross-border B2B volume settles on-chain by 2028", horizon="2028"),
           C("Stripe", "business", "Bridge was bought to hedge exactly that", optional=True)]),
    ],
    "003_cms.txt": [
        # 0 reddit: squeezed from both sides, eating its lunch, pricing
        Q("Contentful", "competition", None, "negative", ["Contentful", "Sanity", "Adobe", "Optimizely"],
          [R("threatens", "Sanity", "Contentful"),
           R("threatens", "Adobe", "Contentful"),
           R("threatens", "Optimizely", "Contentful"),
           R("competes_with", "Contentful", "Sanity", optional=True),
           R("competes_with", "Contentful", "Adobe", optional=True),
           R("competes_with", "Contentful", "Optimizely", optional=True)],
          [C("Contentful", "pricing", "the $300/mo Basic plan", value=300, unit="USD/month"),
           C("Contentful", "risk", "contentful is getting squeezed from both sides", optional=True),
           C("Contentful", "limitation", "the jump from the $300/mo Basic plan to a five-figure enterprise contract "
             "is brutal", optional=True)]),
        # 1 blog: React SPA, "runs on" Google Cloud, split license
        Q("Sanity", "primitive", None, "neutral", ["Sanity", "React", "Google Cloud", "MIT"],
          [R("depends_on", "Sanity", "React"),
           R("depends_on", "Sanity", "Google Cloud")],
          [C("Sanity", "license", "The Studio is MIT-licensed", value="MIT"),
           C("Sanity", "limitation", "matters if your legal team has opinions about data residency"),
           C("Sanity", "license", "the Lake very much isn't", optional=True, value="proprietary")]),
        # 2 account plan: explicit competitors, two negated ones, conditional threat within a year
        Q("Contentful", "competition", None, "neutral",
          ["Contentful", "Sanity", "Storyblok", "Contentstack", "Strapi", "WordPress", "Vercel"],
          [R("competes_with", "Contentful", "Sanity"),
           R("competes_with", "Contentful", "Storyblok"),
           R("competes_with", "Contentful", "Contentstack"),
           R("threatens", "Vercel", "Contentful", horizon="12 months")],
          [C("Contentful", "risk",
             "if Vercel ships a native content layer, Contentful's mid-market gets thinner within a year",
             horizon="12 months"),
           C("Strapi", "capability", "Strapi is open source and self-hosted", optional=True)]),
        # 3 Slack testimonial: migration, seat pricing vs competitor quote
        Q("Sanity", "testimonial", None, "positive", ["Sanity", "Contentful"],
          [R("competes_with", "Sanity", "Contentful", optional=True)],
          [C("Sanity", "pricing", "~$15 per seat/month on the Growth plan", value=15, unit="USD/seat/month"),
           C("Sanity", "capability", "content modelling in code is so much nicer than clicking around a web UI"),
           C("Contentful", "pricing", "the ~$2k/mo contentful quote", optional=True, value=2000, unit="USD/month"),
           C("Sanity", "capability", "the editors stopped pasting HTML", optional=True)]),
        # 4 tweet: "once X gets ..., a problem for Y" with 18 months; LLMs as capability, not actor
        Q("Sanity", "thesis", None, "negative",
          ["Sanity", "Contentful", "Claude", "ChatGPT", "Notion", "Google Docs"],
          [R("threatens", "Notion", "Sanity", horizon="18 months"),
           R("threatens", "Google Docs", "Sanity", horizon="18 months"),
           R("threatens", "Notion", "Contentful", optional=True, horizon="18 months"),
           R("threatens", "Google Docs", "Contentful", optional=True, horizon="18 months"),
           R("threatens", "Claude", "Sanity", optional=True),
           R("threatens", "ChatGPT", "Sanity", optional=True),
           R("competes_with", "Sanity", "Contentful", optional=True)],
          [C("Sanity", "prediction", "my guess: 18 months before that's a real problem for sanity",
             horizon="18 months"),
           C("Sanity", "business", "contentful and sanity are both pivoting to 'AI content operations'",
             optional=True),
           C("Sanity", "risk", "a headless CMS is a schema and a webhook", optional=True)]),
        # 5 issue comment: SDK's hard dependency; our edge build's platform is not Contentful's
        Q("Contentful", "risk", None, "negative", ["Contentful", "axios", "Cloudflare Workers"],
          [R("depends_on", "Contentful", "axios")],
          [C("Contentful", "metric", "Rate limit is 55 requests per second on uncached requests", value=55,
             unit="requests/second"),
           C("Contentful", "limitation", "pulls in axios as a hard dependency, which broke our edge build"),
           C("Contentful", "capability", "calling the Content Delivery API with plain fetch", optional=True)]),
        # 6 sales notes: replacement + shortlist (implied), declined bid, self-reported survey
        Q("Contentful", "business", None, "mixed",
          ["Contentful", "Adobe Experience Manager", "Adobe", "Hygraph", "Sanity", "Okta"],
          [R("competes_with", "Contentful", "Adobe Experience Manager", optional=True),
           R("competes_with", "Contentful", "Hygraph", optional=True),
           R("developed_by", "Adobe Experience Manager", "Adobe", optional=True)],
          [C("Contentful", "credibility",
             "'customers see 40% faster time-to-publish', from their own customer survey, n not given",
             credibility="self-reported"),
           C("Contentful", "capability", "SSO via Okta and an EU data region, Contentful has both"),
           C("Contentful", "metric", "40% faster time-to-publish", optional=True, value=40, unit="%")]),
        # 7 jtbd: "made by", "leans heavily on"; our site's stack is not Sanity's
        Q("Sanity", "jtbd", None, "positive", ["Sanity", "Next.js", "Vercel", "Nuxt", "SvelteKit"],
          [R("developed_by", "Next.js", "Vercel"),
           R("depends_on", "Sanity", "Next.js")],
          [C("Sanity", "limitation", "if you're on Nuxt or SvelteKit you get a worse version of it"),
           C("Sanity", "dependency", "Sanity's visual editing leans heavily on Next's draft mode", optional=True)]),
    ],
    "004_coding.txt": [
        # 0 HN: "a fork of", "call out to ... under the hood", margin exposure
        Q("Cursor", "primitive", None, "mixed", ["Cursor", "VS Code", "Claude", "GPT", "Anthropic"],
          [R("depends_on", "Cursor", "VS Code"),
           R("depends_on", "Cursor", "Claude"),
           R("depends_on", "Cursor", "GPT"),
           R("depends_on", "Cursor", "Anthropic", optional=True),
           R("developed_by", "Claude", "Anthropic", optional=True)],
          [C("Cursor", "risk", "their margins are at the mercy of anthropic's pricing page"),
           C("Cursor", "capability", "the tab model is genuinely theirs and it's the best in class"),
           C("Cursor", "dependency", "most of the chat features call out to claude and gpt under the hood",
             optional=True)]),
        # 1 bullets: explicit list, "X's Y", "one to watch", negated JetBrains, seat pricing
        Q("GitHub Copilot", "competition", None, "neutral",
          ["GitHub Copilot", "Cursor", "Windsurf", "Amazon Q Developer", "Claude Code", "Anthropic",
           "JetBrains AI Assistant"],
          [R("competes_with", "GitHub Copilot", "Cursor"),
           R("competes_with", "GitHub Copilot", "Windsurf"),
           R("competes_with", "GitHub Copilot", "Amazon Q Developer"),
           R("developed_by", "Claude Code", "Anthropic"),
           R("competes_with", "GitHub Copilot", "Claude Code", optional=True),
           R("threatens", "Claude Code", "GitHub Copilot", optional=True)],
          [C("GitHub Copilot", "pricing", "Copilot Business lists at $19/user/month", value=19,
             unit="USD/user/month"),
           C("GitHub Copilot", "pricing", "Enterprise $39", optional=True, value=39, unit="USD/user/month"),
           C("Claude Code", "comparison", "different form factor, same budget line", optional=True)]),
        # 2 Slack: no offline mode; runs on Azure; alternative is implied competition
        Q("GitHub Copilot", "risk", None, "negative", ["GitHub Copilot", "GitHub", "Azure", "Continue", "Ollama"],
          [R("depends_on", "GitHub Copilot", "Azure"),
           R("depends_on", "GitHub Copilot", "GitHub", optional=True),
           R("depends_on", "Continue", "Ollama", optional=True),
           R("competes_with", "GitHub Copilot", "Continue", optional=True)],
          [C("GitHub Copilot", "limitation", "it does not work offline"),
           C("GitHub Copilot", "limitation", "there's no local model option", optional=True),
           C("GitHub Copilot", "dependency", "every completion round-trips to github's service on azure",
             optional=True)]),
        # 3 tweet: negated competitor, labs as actors, "X ships Y", mid-2026 horizon
        Q("Cursor", "risk", None, "negative",
          ["Cursor", "GitHub Copilot", "Anthropic", "Claude Code", "OpenAI", "Codex"],
          [R("threatens", "Anthropic", "Cursor", horizon="2026"),
           R("threatens", "OpenAI", "Cursor", horizon="2026"),
           R("developed_by", "Claude Code", "Anthropic"),
           R("developed_by", "Codex", "OpenAI"),
           R("threatens", "Claude Code", "Cursor", optional=True, horizon="2026"),
           R("threatens", "Codex", "Cursor", optional=True, horizon="2026"),
           R("competes_with", "Cursor", "GitHub Copilot", optional=True),
           R("depends_on", "Cursor", "Anthropic", optional=True),
           R("depends_on", "Cursor", "OpenAI", optional=True)],
          [C("Cursor", "risk",
             "if either one gets the IDE experience right by mid-2026, cursor's $20/mo plan is just a reseller markup",
             horizon="2026"),
           C("Cursor", "pricing", "cursor's $20/mo plan", value=20, unit="USD/month"),
           C("Cursor", "dependency", "both own the thing cursor rents", optional=True)]),
        # 4 testimonial: self-reported time saving doubted, measured throughput
        Q("Cursor", "testimonial", None, "mixed", ["Cursor"], [],
          [C("Cursor", "credibility", "Self-reported time saved averages ~3.5 hours a week per dev",
             credibility="self-reported"),
           C("Cursor", "metric", "PR throughput only moved about 8%", value=8, unit="%"),
           C("Cursor", "capability", "new hires ask the codebase questions instead of pinging seniors"),
           C("Cursor", "metric", "~3.5 hours a week per dev", optional=True, value=3.5, unit="hours/week"),
           C("Cursor", "metric", "Rolled Cursor out to 60 engineers", optional=True, value=60, unit="engineers")]),
        # 5 blog: "GitHub has shipped", "powered by", model providers
        Q("GitHub Copilot", "primitive", None, "positive",
          ["GitHub Copilot", "GitHub", "GitHub Actions", "OpenAI", "Anthropic", "Google"],
          [R("developed_by", "GitHub Copilot", "GitHub"),
           R("depends_on", "GitHub Copilot", "GitHub Actions"),
           R("depends_on", "GitHub Copilot", "OpenAI"),
           R("depends_on", "GitHub Copilot", "Anthropic"),
           R("depends_on", "GitHub Copilot", "Google")],
          [C("GitHub Copilot", "capability",
             "it spins up an environment powered by GitHub Actions, pushes commits to a draft PR and asks for review"),
           C("GitHub Copilot", "limitation", "It counts against your Actions minutes"),
           C("GitHub Copilot", "capability", "it picks between models from OpenAI, Anthropic and Google",
             optional=True)]),
        # 6 sales notes: ownership (optional maker), org as actor with next-quarter horizon, self-reported stat
        Q("GitHub Copilot", "business", None, "mixed",
          ["GitHub Copilot", "Windsurf", "Cognition", "Devin", "Microsoft"],
          [R("threatens", "Cognition", "GitHub Copilot", horizon="next quarter"),
           R("threatens", "Windsurf", "GitHub Copilot", optional=True, horizon="next quarter"),
           R("competes_with", "GitHub Copilot", "Windsurf", optional=True),
           R("developed_by", "Windsurf", "Cognition", optional=True),
           R("developed_by", "Devin", "Cognition", optional=True)],
          [C("Windsurf", "credibility",
             "their '70% of code written by AI' stat comes from Windsurf's own telemetry and counts accepted "
             "autocompletes", credibility="self-reported"),
           C("GitHub Copilot", "risk",
             "if Cognition keeps discounting like this, Copilot loses the renewal next quarter",
             horizon="next quarter"),
           C("GitHub Copilot", "business", "Copilot still wins on procurement: already on the Microsoft EA",
             optional=True),
           C("Windsurf", "metric", "'70% of code written by AI'", optional=True, value=70, unit="%")]),
        # 7 thesis that never names its subject (the nicer VS Code fork = Cursor)
        Q("Cursor", "thesis", None, "negative", ["Cursor", "VS Code"],
          [R("depends_on", "Cursor", "VS Code", optional=True)],
          [C("Cursor", "prediction", "My bet for 2027: the editor stops mattering", horizon="2027"),
           C("Cursor", "prediction",
             "A product whose whole moat is being a nicer VS Code fork has maybe two years to become something else",
             horizon="24 months")]),
    ],
    "005_orchestration.txt": [
        # 0 HN: "under the hood it's", comparison, paid tier
        Q("Dagster", "primitive", None, "mixed", ["Dagster", "Airflow", "PostgreSQL"],
          [R("depends_on", "Dagster", "PostgreSQL"),
           R("competes_with", "Dagster", "Airflow", optional=True)],
          [C("Dagster", "comparison", "it's genuinely a better mental model than airflow's task DAGs"),
           C("Dagster", "pricing", "the Starter tier is $100/mo", value=100, unit="USD/month"),
           C("Dagster", "limitation", "the good stuff (branch deployments, insights) lives in dagster+",
             optional=True)]),
        # 1 blog: "requires", conditional Redis, license, "governed by"
        Q("Airflow", "primitive", None, "mixed",
          ["Airflow", "PostgreSQL", "Redis", "Apache 2.0", "Apache Software Foundation"],
          [R("depends_on", "Airflow", "PostgreSQL"),
           R("depends_on", "Airflow", "Redis", optional=True),
           R("developed_by", "Airflow", "Apache Software Foundation")],
          [C("Airflow", "license", "Apache Airflow is Apache 2.0", value="Apache 2.0"),
           C("Airflow", "capability", "Airflow 3 finally split the API server out and added DAG versioning"),
           C("Airflow", "limitation", "A production Airflow install is more than Airflow", optional=True)]),
        # 2 memo bullets: explicit competition, "the real risk for Y is X", "if X ships ... in trouble by 2027"
        Q("Dagster", "competition", None, "mixed",
          ["Dagster", "Airflow", "Astronomer", "Prefect", "Databricks Workflows", "Snowflake Tasks", "Snowflake",
           "dbt Labs", "dbt Cloud"],
          [R("competes_with", "Dagster", "Airflow"),
           R("competes_with", "Dagster", "Prefect"),
           R("threatens", "Databricks Workflows", "Dagster"),
           R("threatens", "Snowflake Tasks", "Dagster"),
           R("threatens", "dbt Labs", "Dagster", horizon="2027"),
           R("threatens", "dbt Cloud", "Dagster", optional=True, horizon="2027"),
           R("developed_by", "dbt Cloud", "dbt Labs", optional=True),
           R("competes_with", "Dagster", "Astronomer", optional=True),
           R("threatens", "Databricks", "Dagster", optional=True),
           R("threatens", "Snowflake", "Dagster", optional=True)],
          [C("Dagster", "comparison", "loses to Airflow on hiring pool, wins on dev experience"),
           C("Dagster", "risk",
             "if dbt Labs ships a half-decent orchestrator inside dbt Cloud, Dagster's dbt-heavy customers are in "
             "trouble by 2027", horizon="2027"),
           C("Dagster", "risk", "the real risk for Dagster is the warehouses", optional=True)]),
        # 3 Slack: "X's Y", "built on top of" (not a fork), "they also maintain"; our AWS account optional
        Q("Airflow", "business", None, "neutral", ["Airflow", "Astro", "Astronomer", "AWS", "Astronomer Cosmos", "dbt"],
          [R("developed_by", "Astro", "Astronomer"),
           R("depends_on", "Astro", "Airflow"),
           R("developed_by", "Astronomer Cosmos", "Astronomer"),
           R("depends_on", "Astronomer Cosmos", "Airflow", optional=True),
           R("depends_on", "Astronomer Cosmos", "dbt", optional=True),
           R("depends_on", "Astro", "AWS", optional=True)],
          [C("Astro", "capability", "it's built on top of open-source Airflow and adds the deploy tooling"),
           C("Astro", "platform", "it can run in our own AWS account via their hybrid mode", optional=True,
             value=["AWS"]),
           C("Astronomer Cosmos", "capability", "running dbt projects as Airflow task groups", optional=True)]),
        # 4 tweet: "could eat a chunk of Y's ... within a year", third-party license, negated Airflow
        Q("Dagster", "competition", None, "negative", ["Dagster", "Prefect", "Apache 2.0", "Airflow"],
          [R("threatens", "Prefect", "Dagster", horizon="12 months"),
           R("competes_with", "Dagster", "Prefect", optional=True)],
          [C("Prefect", "license", "open-source core is Apache 2.0", value="Apache 2.0"),
           C("Dagster", "risk",
             "it could eat a chunk of dagster's mid-market within a year if their cloud pricing stays sane",
             horizon="12 months"),
           C("Prefect", "capability", "the python decorators feel like normal code", optional=True)]),
        # 5 testimonial: migration, cost and speed metrics; our Snowflake bill is not a dependency
        Q("Dagster", "testimonial", None, "positive", ["Dagster", "Airflow", "Snowflake", "Docker"],
          [R("competes_with", "Dagster", "Airflow", optional=True)],
          [C("Dagster", "metric", "cut our Snowflake bill by roughly 18%", value=18, unit="%"),
           C("Dagster", "metric", "running dagster dev in under 10 seconds", value=10, unit="seconds"),
           C("Dagster", "capability", "Asset lineage alone paid for it"),
           C("Dagster", "metric", "Moved 340 DAGs", optional=True, value=340, unit="DAGs"),
           C("Dagster", "metric", "we found 41 tables nobody read", optional=True, value=41, unit="tables")]),
        # 6 sales notes: "just X running on Y", "X's Y", "from the team at", unverified vendor claim
        Q("Airflow", "business", None, "mixed",
          ["Airflow", "Google Cloud Composer", "Google Kubernetes Engine", "Google", "Astronomer", "Astro",
           "Dagster", "Kestra", "Kestra Technologies"],
          [R("depends_on", "Google Cloud Composer", "Airflow"),
           R("depends_on", "Google Cloud Composer", "Google Kubernetes Engine"),
           R("developed_by", "Astro", "Astronomer"),
           R("developed_by", "Kestra", "Kestra Technologies"),
           R("developed_by", "Google Cloud Composer", "Google", optional=True),
           R("competes_with", "Astro", "Dagster", optional=True),
           R("competes_with", "Astro", "Google Cloud Composer", optional=True),
           R("competes_with", "Dagster", "Google Cloud Composer", optional=True),
           R("competes_with", "Airflow", "Kestra", optional=True),
           R("competes_with", "Airflow", "Dagster", optional=True)],
          [C("Astro", "credibility", "Astronomer claims '2x faster task startup than Composer', no methodology shared",
             credibility="unverified"),
           C("Google Cloud Composer", "metric", "the 20-minute environment updates", value=20, unit="minutes"),
           C("Astro", "metric", "2x faster task startup", optional=True, value=2, unit="x"),
           C("Kestra", "limitation", "nobody there wants to write pipelines in YAML", optional=True)]),
        # 7 thesis that never names its subject (the incumbent scheduler = Airflow)
        Q("Airflow", "thesis", None, "mixed", ["Airflow"], [],
          [C("Airflow", "prediction", "The incumbent scheduler will still be around in 2030", horizon="2030"),
           C("Airflow", "metric", "Over 30 million monthly PyPI downloads", value=30000000,
             unit="downloads/month"),
           C("Airflow", "prediction", "by 2027 I expect most new deployments to be managed, not self-hosted",
             horizon="2027")]),
    ],
}

# Claims that contradict each other (same subject, opposite assertions). None in dev4.
CONTRADICTIONS = []
PERSPECTIVES = {"primitive", "competition", "thesis", "business", "jtbd", "testimonial", "risk"}
STANCES = {"positive", "negative", "mixed", "neutral"}
CLAIM_TYPES = {"metric", "pricing", "license", "platform", "prediction", "credibility", "dependency",
               "capability", "limitation", "risk", "comparison", "business"}
REL_TYPES = {"competes_with", "threatens", "depends_on", "developed_by"}


def main():
    build(sys.modules[__name__])


if __name__ == "__main__":
    main()
