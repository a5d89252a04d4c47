"""Writes gold.json: the hand annotation of the dev3 corpus (tests/data/dev3/corpus).

dev3 is a development set about how people state THREATS and DEPENDENCIES (and
competition) in informal writing: HN/Reddit comments, Slack messages, analyst
bullets, tweet threads, GitHub issue comments, sales-call notes.

Annotations are written per (document, quote position) below; this script reads
the corpus, keys each quote by the first 8 hex digits of the SHA-1 of its text
(as score.py does), checks the annotation against the text and writes gold.json
next to itself.  Run: python make_gold.py

Conventions
- competes_with only for explicit (possibly hedged) statements; negated ones
  ("isn't really competing with", "different market entirely", "not X") get no
  relation; implied ones (migrations, "fallback") are optional.
- threatens: source = the threatening party, target = the threatened product.
  Where a threat is stated, competes_with on the same pair is optional unless
  the competition is stated too.  Organisations behind a threatening product
  are optional threateners unless they are the grammatical actor.
- depends_on: source depends on target (technical or platform dependency).
  Dependencies of "our app"/"your Worker" on something are not the product's.
  Negated dependencies ("no kafka", "instead of fine-tuning Whisper") get none.
- developed_by: required for explicit maker cues ("from the folks at X",
  "X's new Y", "X's Y"); ownership/acquisition is optional; "built by ex-Elastic
  engineers" names no maker.
- Horizons are normalised: "a year" -> "12 months", "within two years" ->
  "24 months", "by Q2 2026" -> "2026", "before 2027" -> "2027".
- Entities listed on a quote are the ones a careful extractor must find;
  incidental ones are declared optional at top level and never listed.
- Releases, features and sub-products fold into their product via aliases
  (AuthKit -> WorkOS, LeMUR -> AssemblyAI, Netlify Edge Functions -> Netlify).
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from gold_kit import C, R, build

HERE = pathlib.Path(__file__).parent
CORPUS = HERE / "corpus"

# canonical name -> (type, aliases)
ENTITIES = {
    # 000 feature flags
    "LaunchDarkly": ("Product", ["LD", "Relay Proxy", "LaunchDarkly Relay Proxy"]),
    "Statsig": ("Product", ["Statsig Warehouse Native"]),
    "Unleash": ("Product", []),
    "GrowthBook": ("Product", []),
    "Amplitude": ("Product", []),
    "Optimizely": ("Product", []),
    "AWS AppConfig": ("Product", ["AppConfig"]),
    "Snowflake": ("Product", []),
    "Redis": ("Technology", ["Redis Streams"]),
    "Kafka": ("Technology", ["Apache Kafka"]),
    # 001 auth
    "Clerk": ("Product", []),
    "WorkOS": ("Product", ["AuthKit", "WorkOS AuthKit"]),
    "Auth0": ("Product", []),
    "Stytch": ("Product", []),
    "Better Auth": ("Product", ["better-auth"]),
    "Microsoft Entra ID": ("Product", ["Entra ID", "Entra", "Azure AD"]),
    "Okta": ("Organization", []),
    "Stripe": ("Organization", []),
    "React": ("Technology", []),
    "Next.js": ("Technology", ["Next", "nextjs", "next.js middleware"]),
    # 002 postgres
    "Neon": ("Product", ["Neon Postgres"]),
    "Supabase": ("Product", ["Supabase Edge Functions", "Supabase Realtime", "Supabase Auth",
                             "Supabase Storage"]),
    "PostgreSQL": ("Technology", ["Postgres", "pg"]),
    "Amazon S3": ("Technology", ["S3", "AWS S3"]),
    "Databricks": ("Organization", []),
    "Lakebase": ("Product", ["Databricks Lakebase"]),
    "Aurora DSQL": ("Product", ["Amazon Aurora DSQL", "AWS Aurora DSQL"]),
    "Amazon Aurora": ("Product", ["Aurora", "AWS Aurora"]),
    "Crunchy Bridge": ("Product", ["Crunchy", "Crunchy Data"]),
    "Xata": ("Product", []),
    "PostgREST": ("Technology", []),
    "GoTrue": ("Technology", []),
    "Elixir": ("Technology", []),
    "Lovable": ("Product", []),
    "Bolt": ("Product", ["Bolt.new"]),
    # 003 edge
    "Cloudflare Workers": ("Product", ["Workers", "workerd", "CF Workers", "Cloudflare Worker", "Worker"]),
    "Deno Deploy": ("Product", ["Deploy"]),
    "Deno": ("Technology", ["Deno runtime", "Deno Land"]),
    "Cloudflare": ("Organization", []),
    "V8": ("Technology", ["V8 isolates"]),
    "Netlify": ("Organization", ["Netlify Edge Functions"]),
    "AWS Lambda": ("Product", ["Lambda"]),
    "Fastly": ("Organization", ["Fastly Compute", "Compute@Edge"]),
    "Fresh": ("Product", []),
    "FoundationDB": ("Technology", []),
    "AWS SDK": ("Technology", ["@aws-sdk", "aws-sdk"]),
    # 004 observability
    "SigNoz": ("Product", ["SigNoz Cloud"]),
    "Honeycomb": ("Product", ["Retriever", "BubbleUp", "Beelines", "Honeycomb.io"]),
    "Datadog": ("Product", []),
    "New Relic": ("Product", []),
    "Grafana": ("Product", ["Grafana Cloud", "Grafana Labs"]),
    "ClickHouse": ("Technology", ["ClickHouse Keeper"]),
    "OpenTelemetry": ("Technology", ["OTel", "OTel SDKs", "otel collector"]),
    "Kubernetes": ("Technology", ["k8s"]),
    "ZooKeeper": ("Technology", ["Apache ZooKeeper"]),
    # 005 speech
    "Deepgram": ("Product", ["Nova-3", "Deepgram Nova-3", "Voice Agent API", "Deepgram Voice Agent API"]),
    "AssemblyAI": ("Product", ["LeMUR", "Universal", "AssemblyAI Universal", "Universal model"]),
    "Whisper": ("Product", ["Whisper API", "OpenAI Whisper"]),
    "gpt-4o-transcribe": ("Product", ["GPT-4o Transcribe"]),
    "Claude": ("Product", ["Claude models"]),
    "Anthropic": ("Organization", []),
    "Rev.ai": ("Product", ["Rev"]),
    "Speechmatics": ("Product", []),
    "ElevenLabs": ("Organization", ["Scribe", "ElevenLabs Scribe"]),
    "Vapi": ("Product", []),
    "Twilio": ("Organization", ["Twilio Media Streams"]),
    "Google": ("Organization", []),
    "Google Cloud": ("Organization", ["GCP", "Google Cloud Platform"]),
    "Amazon Transcribe": ("Product", ["AWS Transcribe"]),
    "NVIDIA": ("Organization", ["Nvidia"]),
    # shared
    "Vercel": ("Organization", ["Vercel Edge Functions", "Vercel Edge", "Vercel Flags"]),
    "OpenAI": ("Organization", []),
    "AWS": ("Organization", ["Amazon", "Amazon Web Services"]),
    "MIT": ("License", ["MIT License"]),
    "Apache 2.0": ("License", ["Apache-2.0", "Apache License 2.0"]),
    # incidental: may be extracted, never required
    "Node.js": ("Technology", ["Node"]),
    "npm": ("Technology", []),
    "TypeScript": ("Technology", []),
    "SvelteKit": ("Technology", []),
    "Expo": ("Technology", []),
    "iOS": ("Platform", []),
    "Android": ("Platform", []),
    "SCIM": ("Technology", []),
    "SAML": ("Technology", []),
    "pg_dump": ("Technology", []),
    "Firebase": ("Product", []),
    "Elastic": ("Organization", []),
    "Workers KV": ("Product", ["KV"]),
    "Cloudflare Queues": ("Product", ["Queues"]),
    "D1": ("Product", ["Cloudflare D1"]),
    "Durable Objects": ("Product", []),
    "R2": ("Product", ["Cloudflare R2"]),
    "GitHub": ("Organization", []),
    "Docker": ("Technology", ["Dockerfile"]),
    "Helm": ("Technology", ["helm chart"]),
    "Loki": ("Product", ["Grafana Loki"]),
    "Y Combinator": ("Organization", ["YC"]),
    "Amazon Connect": ("Product", ["Connect"]),
    "GDPR": ("Technology", []),
}
OPTIONAL_ENTITIES = {"Node.js", "npm", "TypeScript", "SvelteKit", "Expo", "iOS", "Android", "SCIM",
                     "SAML", "pg_dump", "Firebase", "Elastic", "Workers KV", "Cloudflare Queues", "D1",
                     "Durable Objects", "R2", "GitHub", "Docker", "Helm", "Loki", "Y Combinator",
                     "Amazon Connect", "GDPR"}

DOCS = {
    "000_flags.txt": ["LaunchDarkly", "Statsig"],
    "001_auth.txt": ["Clerk", "WorkOS"],
    "002_postgres.txt": ["Neon", "Supabase"],
    "003_edge.txt": ["Cloudflare Workers", "Deno Deploy"],
    "004_observability.txt": ["SigNoz", "Honeycomb"],
    "005_speech.txt": ["Deepgram", "AssemblyAI"],
}


def Q(subject, perspective, verdict, stance, entities, relations, claims):
    return {"subject": subject, "perspective": perspective, "verdict": verdict, "stance": stance,
                "entities": entities, "relations": relations, "claims": claims}


# document -> annotations in quote order
ANNOTATIONS = {
    "000_flags.txt": [
        # 0 conditional threat with horizon, seat pricing
        Q("LaunchDarkly", "business", None, "negative", ["LaunchDarkly", "Vercel"],
          [R("threatens", "Vercel", "LaunchDarkly", horizon="next quarter")],
          [C("LaunchDarkly", "risk",
             "once vercel ships native flags in the dashboard (they're in beta, so probably next quarter), "
             "launchdarkly has a real pricing problem", horizon="next quarter"),
           C("LaunchDarkly", "pricing", "$12 a seat per month", value=12, unit="USD/seat/month"),
           C("LaunchDarkly", "business", "the enterprise book is safe-ish, the long tail is not", optional=True)]),
        # 1 analyst bullets: explicit competition + open-source threat + license of a third party
        Q("Statsig", "competition", None, "neutral",
          ["Statsig", "LaunchDarkly", "Amplitude", "Optimizely", "GrowthBook", "MIT"],
          [R("competes_with", "Statsig", "LaunchDarkly"),
           R("competes_with", "Statsig", "Amplitude"),
           R("competes_with", "Statsig", "Optimizely"),
           R("threatens", "GrowthBook", "Statsig"),
           R("threatens", "Statsig", "LaunchDarkly", optional=True)],
          [C("Statsig", "comparison",
             "event-based pricing undercuts LD for anyone with a lot of MAUs and few events"),
           C("GrowthBook", "license", "MIT licensed", value="MIT"),
           C("Statsig", "risk", "GrowthBook is the open-source threat at the low end", optional=True)]),
        # 2 architecture, dependency on Redis
        Q("LaunchDarkly", "primitive", "ship", "positive", ["LaunchDarkly", "Redis"],
          [R("depends_on", "LaunchDarkly", "Redis")],
          [C("LaunchDarkly", "capability",
             "evaluate rules locally, so a flag check is an in-memory lookup rather than a network call"),
           C("LaunchDarkly", "limitation", "which is one more thing on-call owns", optional=True)]),
        # 3 Slack: acquisition; ownership is not a maker statement, no threat
        Q("Statsig", "risk", None, "negative", ["Statsig", "OpenAI"],
          [R("developed_by", "Statsig", "OpenAI", optional=True)],
          [C("Statsig", "prediction",
             "the product keeps running for a year or so and then slowly turns into internal tooling",
             horizon="12 months"),
           C("Statsig", "business", "statsig is an OpenAI company now", optional=True),
           C("Statsig", "risk", "if we sign the 3-year renewal i want an exit clause in it", optional=True)]),
        # 4 tweet thread: demoted competitors, AWS threat with a range horizon
        Q("LaunchDarkly", "competition", None, "negative",
          ["LaunchDarkly", "Statsig", "Unleash", "AWS", "AWS AppConfig"],
          [R("threatens", "AWS", "LaunchDarkly", horizon="6-12 months"),
           R("threatens", "AWS AppConfig", "LaunchDarkly", optional=True, horizon="6-12 months"),
           R("competes_with", "LaunchDarkly", "Statsig", optional=True),
           R("competes_with", "LaunchDarkly", "Unleash", optional=True),
           R("developed_by", "AWS AppConfig", "AWS", optional=True)],
          [C("LaunchDarkly", "prediction", "give it 6-12 months and it's a checkbox in every console",
             horizon="6-12 months"),
           C("LaunchDarkly", "business", "LD's moat is approvals + audit logs"),
           C("AWS AppConfig", "metric", "~70% of the job", optional=True, value=70, unit="%")]),
        # 5 testimonial: migration, no explicit relation cue
        Q("Statsig", "testimonial", None, "positive", ["Statsig", "LaunchDarkly"],
          [R("competes_with", "Statsig", "LaunchDarkly", optional=True)],
          [C("Statsig", "pricing", "took us from roughly $40k a year to about $9k", value=9000, unit="USD/year"),
           C("Statsig", "limitation", "the node sdk drags in a chunky dependency tree"),
           C("Statsig", "comparison", "the experiment results view is genuinely better than what we had",
             optional=True)]),
        # 6 thesis that never names its subject (governance incumbent = LaunchDarkly)
        Q("LaunchDarkly", "thesis", None, "mixed", ["LaunchDarkly"], [],
          [C("LaunchDarkly", "prediction",
             "within two years they're a primitive every deploy platform throws in for free",
             horizon="24 months"),
           C("LaunchDarkly", "dependency", "the ones that turned flags into release governance", optional=True)]),
        # 7 jtbd: dependency on the customer's warehouse, negated Kafka
        Q("Statsig", "jtbd", "ship", "positive", ["Statsig", "Snowflake", "Kafka"],
          [R("depends_on", "Statsig", "Snowflake")],
          [C("Statsig", "capability", "the data never leaves the warehouse"),
           C("Statsig", "capability", "no kafka, no second pipeline", optional=True)]),
    ],
    "001_auth.txt": [
        # 0 HN: hard dependency on React / Next.js
        Q("Clerk", "primitive", None, "mixed", ["Clerk", "React", "Next.js"],
          [R("depends_on", "Clerk", "React"),
           R("depends_on", "Clerk", "Next.js")],
          [C("Clerk", "limitation", "we tried it on a sveltekit app and ended up writing half the glue ourselves"),
           C("Clerk", "capability", "drop-in components plus a hosted session service", optional=True)]),
        # 1 bullets: competition both ends, Okta threat within 18 months
        Q("WorkOS", "competition", None, "mixed", ["WorkOS", "Auth0", "Clerk", "Okta"],
          [R("competes_with", "WorkOS", "Auth0"),
           R("competes_with", "WorkOS", "Clerk"),
           R("threatens", "Okta", "WorkOS", horizon="18 months"),
           R("threatens", "Auth0", "WorkOS", optional=True, horizon="18 months"),
           R("developed_by", "Auth0", "Okta", optional=True)],
          [C("WorkOS", "pricing", "$125 per SSO connection per month", value=125, unit="USD/connection/month"),
           C("WorkOS", "risk", "Okta could bundle an equivalent kit into Auth0 and undercut them within 18 months",
             horizon="18 months"),
           C("WorkOS", "metric", "1M free MAUs on AuthKit", optional=True, value=1000000, unit="MAU"),
           C("WorkOS", "business", "sells enterprise readiness (SSO, SCIM, audit logs) to B2B startups",
             optional=True)]),
        # 2 blog: "what worries me" threat, negated incumbent, per-MAU pricing
        Q("Clerk", "business", None, "mixed", ["Clerk", "Auth0", "Better Auth"],
          [R("threatens", "Better Auth", "Clerk")],
          [C("Clerk", "pricing", "$0.02 per monthly active user past the free tier", value=0.02, unit="USD/MAU"),
           C("Better Auth", "capability",
             "a free TypeScript library that gets you most of the component experience", optional=True),
           C("Clerk", "business", "nothing at 5,000 users and a board-level conversation at 500,000",
             optional=True)]),
        # 3 GitHub comment: self-dependency (AuthKit is WorkOS), IdP integration is not a dependency
        Q("WorkOS", "testimonial", None, "positive", ["WorkOS", "Microsoft Entra ID"], [],
          [C("WorkOS", "limitation", "when the API is degraded, the login page is degraded too"),
           C("WorkOS", "metric", "SAML with a customer's Entra ID took under an hour", value=1, unit="hours"),
           C("WorkOS", "capability", "the integration has been solid", optional=True)]),
        # 4 tweet: squeezed between two, negated incumbent competition
        Q("Clerk", "competition", None, "positive", ["Clerk", "Auth0", "Stytch", "Okta", "Next.js"],
          [R("competes_with", "Clerk", "Stytch"),
           R("threatens", "Clerk", "Stytch"),
           R("threatens", "Auth0", "Stytch"),
           R("developed_by", "Auth0", "Okta", optional=True)],
          [C("Clerk", "comparison", "clerk owns the DX story and auth0 owns procurement", optional=True)]),
        # 5 thesis: prediction with quarter+year horizon, condition with no named target
        Q("WorkOS", "thesis", None, "mixed", ["WorkOS"], [],
          [C("WorkOS", "prediction",
             "by Q2 2026 every serious B2B SaaS is expected to ship SSO and SCIM on day one", horizon="2026"),
           C("WorkOS", "dependency", "the whole pitch leans on WorkOS staying neutral"),
           C("WorkOS", "risk", "If an identity incumbent buys them", optional=True)]),
        # 6 testimonial, platforms; contradicts quote 0
        Q("Clerk", "testimonial", None, "positive", ["Clerk"], [],
          [C("Clerk", "capability", "Migrated our SvelteKit app to Clerk over a weekend"),
           C("Clerk", "platform", "the same login on iOS and Android", value=["iOS", "Android"]),
           C("Clerk", "capability", "Organizations, invites and sign-in just worked", optional=True)]),
        # 7 Slack: our app's dependencies are not WorkOS's; WorkOS on AWS is
        Q("WorkOS", "risk", None, "neutral", ["WorkOS", "Stripe", "AWS"],
          [R("depends_on", "WorkOS", "AWS")],
          [C("WorkOS", "risk", "if either one is down, enterprise logins fail closed", optional=True)]),
    ],
    "002_postgres.txt": [
        # 0 blog: Postgres under the covers, S3-backed storage
        Q("Neon", "primitive", "ship", "positive", ["Neon", "PostgreSQL", "Amazon S3"],
          [R("depends_on", "Neon", "PostgreSQL"),
           R("depends_on", "Neon", "Amazon S3")],
          [C("Neon", "capability", "a branch is a metadata operation instead of a copy"),
           C("Neon", "capability", "real extensions, pg_dump works", optional=True)]),
        # 1 reddit: eating lunch + hedged competition + dependency
        Q("Supabase", "competition", None, "positive", ["Supabase", "Neon", "PostgreSQL"],
          [R("threatens", "Supabase", "Neon"),
           R("competes_with", "Supabase", "Neon"),
           R("depends_on", "Supabase", "PostgreSQL")],
          [C("Supabase", "comparison", "neon is the better database, supabase is the better product")]),
        # 2 bullets: "X's new Y", built on, threats by 2027, pricing
        Q("Neon", "business", None, "mixed",
          ["Neon", "Databricks", "Lakebase", "Supabase", "Aurora DSQL", "PostgreSQL"],
          [R("developed_by", "Lakebase", "Databricks"),
           R("depends_on", "Lakebase", "Neon"),
           R("threatens", "Supabase", "Neon", horizon="2027"),
           R("threatens", "Aurora DSQL", "Neon", horizon="2027"),
           R("developed_by", "Neon", "Databricks", optional=True)],
          [C("Neon", "pricing", "paid usage now starts at $5/month", value=5, unit="USD/month"),
           C("Neon", "prediction", "either could commoditize this by 2027", horizon="2027"),
           C("Neon", "dependency", "the winner is whoever makes an idle Postgres cost nothing", optional=True),
           C("Neon", "business", "expect them to care more about the tech than the standalone product",
             optional=True)]),
        # 3 HN: bundle of services, four dependencies
        Q("Supabase", "primitive", None, "mixed",
          ["Supabase", "PostgREST", "Elixir", "Amazon S3", "GoTrue"],
          [R("depends_on", "Supabase", "PostgREST"),
           R("depends_on", "Supabase", "Elixir"),
           R("depends_on", "Supabase", "Amazon S3"),
           R("depends_on", "Supabase", "GoTrue")],
          [C("Supabase", "limitation", "five moving parts to upgrade when you self-host"),
           C("Supabase", "capability", "everything is swappable", optional=True)]),
        # 4 Slack testimonial: names Vercel, no relation cue
        Q("Neon", "testimonial", None, "positive", ["Neon", "Vercel"], [],
          [C("Neon", "metric", "CI went from 14 minutes to 6", value=6, unit="minutes"),
           C("Neon", "capability", "every PR now gets its own Neon branch seeded from last night's snapshot")]),
        # 5 blog: platform dependency that is also the threat
        Q("Supabase", "risk", None, "negative", ["Supabase", "AWS", "Amazon Aurora", "PostgreSQL"],
          [R("depends_on", "Supabase", "AWS"),
           R("threatens", "AWS", "Supabase"),
           R("competes_with", "Supabase", "AWS", optional=True),
           R("competes_with", "Supabase", "Amazon Aurora", optional=True)],
          [C("Supabase", "risk",
             "If AWS ever ships a Firebase-style bundle on top of Aurora, Supabase's pricing story gets a lot "
             "harder to tell"),
           C("Supabase", "business", "its gross margin is whatever Amazon says it is", optional=True)]),
        # 6 hedged competition; "built by ex-Elastic engineers" names no maker
        Q("Neon", "competition", None, "neutral", ["Neon", "Crunchy Bridge", "Xata", "PostgreSQL"],
          [R("competes_with", "Neon", "Crunchy Bridge"),
           R("competes_with", "Neon", "Xata"),
           R("threatens", "Xata", "Neon", optional=True)],
          [C("Crunchy Bridge", "comparison", "Crunchy is closer to classic managed hosting", optional=True),
           C("Xata", "capability", "branching with anonymized production data", optional=True)]),
        # 7 thesis that never names its subject ("them" = Supabase)
        Q("Supabase", "thesis", None, "positive", ["Supabase", "Lovable", "Bolt"],
          [R("depends_on", "Lovable", "Supabase", optional=True),
           R("depends_on", "Bolt", "Supabase", optional=True)],
          [C("Supabase", "prediction",
             "Within 18 months the default backend for a vibe-coded app will be whatever the AI app builder "
             "provisions on the first prompt", horizon="18 months")]),
    ],
    "003_edge.txt": [
        # 0 HN: losing the war to
        Q("Deno Deploy", "competition", "no_ship", "negative", ["Deno Deploy", "Cloudflare Workers"],
          [R("threatens", "Cloudflare Workers", "Deno Deploy"),
           R("competes_with", "Deno Deploy", "Cloudflare Workers", optional=True)],
          [C("Deno Deploy", "comparison", "deploy has the nicer runtime and that's about it"),
           C("Deno Deploy", "risk", "they cut most of their regions last year", optional=True)]),
        # 1 blog: runs on Cloudflare's network, V8 isolates, license
        Q("Cloudflare Workers", "primitive", None, "positive",
          ["Cloudflare Workers", "Cloudflare", "V8", "Apache 2.0"],
          [R("depends_on", "Cloudflare Workers", "Cloudflare"),
           R("depends_on", "Cloudflare Workers", "V8"),
           R("developed_by", "Cloudflare Workers", "Cloudflare", optional=True)],
          [C("Cloudflare Workers", "metric", "300-plus cities", value=300, unit="cities"),
           C("Cloudflare Workers", "license", "workerd, is Apache 2.0", value="Apache 2.0"),
           C("Cloudflare Workers", "limitation", "some npm packages simply won't load"),
           C("Cloudflare Workers", "capability", "cold starts are a non-issue", optional=True)]),
        # 2 bullets: third parties depend on the runtime; risk before 2027
        Q("Deno Deploy", "business", None, "mixed",
          ["Deno Deploy", "Netlify", "Supabase", "Deno", "MIT", "Cloudflare Workers"],
          [R("depends_on", "Netlify", "Deno"),
           R("depends_on", "Supabase", "Deno")],
          [C("Deno Deploy", "risk",
             "if Workers-compatible APIs become the de facto standard, those partners can swap the runtime, and "
             "I'd expect at least one to try before 2027", horizon="2027"),
           C("Deno", "license", "MIT-licensed open-source runtime", value="MIT"),
           C("Deno Deploy", "business", "classic open core", optional=True)]),
        # 3 tweet: absorbs the category by 2026; third-party dependency; negated competitor
        Q("Cloudflare Workers", "thesis", None, "positive",
          ["Cloudflare Workers", "Cloudflare", "AWS Lambda", "Vercel", "Deno"],
          [R("depends_on", "Vercel", "Cloudflare"),
           R("competes_with", "Cloudflare Workers", "AWS Lambda", optional=True)],
          [C("Cloudflare Workers", "prediction",
             "cloudflare absorbs most of the 'serverless platform' category by 2026", horizon="2026"),
           C("Cloudflare Workers", "comparison", "the price gap vs lambda is kind of absurd", optional=True)]),
        # 4 jtbd: "from the folks at", FoundationDB underneath, negated Docker
        Q("Deno Deploy", "jtbd", None, "positive", ["Deno Deploy", "Fresh", "Deno", "FoundationDB"],
          [R("depends_on", "Deno Deploy", "FoundationDB"),
           R("developed_by", "Fresh", "Deno")],
          [C("Deno Deploy", "capability", "TypeScript just runs"),
           C("Deno Deploy", "metric", "in about ten minutes", optional=True, value=10, unit="minutes")]),
        # 5 GitHub issue: the user's Worker depends on the AWS SDK, not the platform
        Q("Cloudflare Workers", "risk", None, "negative",
          ["Cloudflare Workers", "Cloudflare", "AWS SDK", "AWS Lambda"],
          [R("depends_on", "Cloudflare Workers", "AWS SDK", optional=True)],
          [C("Cloudflare Workers", "metric", "the 3 MB compressed script limit on the free plan", value=3, unit="MB"),
           C("Cloudflare Workers", "limitation", "blowing past the 3 MB compressed script limit", optional=True)]),
        # 6 sales notes: explicit competing quote, unnamed acquirer risk, fallback
        Q("Deno Deploy", "business", None, "mixed", ["Deno Deploy", "Deno", "Fastly", "Cloudflare Workers"],
          [R("competes_with", "Deno Deploy", "Fastly"),
           R("competes_with", "Deno Deploy", "Cloudflare Workers", optional=True)],
          [C("Deno Deploy", "risk", "Deno is one acquisition away from irrelevance"),
           C("Deno Deploy", "limitation", "Deploy can't pin a project to EU regions today"),
           C("Fastly", "metric", "competing quote from Fastly Compute came in 30% lower", optional=True,
             value=30, unit="%")]),
        # 7 negated competition + explicit head-to-head
        Q("Cloudflare Workers", "competition", None, "positive",
          ["Cloudflare Workers", "AWS Lambda", "Vercel", "Fastly", "Cloudflare"],
          [R("competes_with", "Cloudflare Workers", "Vercel"),
           R("competes_with", "Cloudflare Workers", "Fastly")],
          [C("Cloudflare Workers", "comparison", "there Cloudflare just wins on price")]),
    ],
    "004_observability.txt": [
        # 0 HN: a UI on top of ClickHouse
        Q("SigNoz", "primitive", None, "positive", ["SigNoz", "ClickHouse", "OpenTelemetry"],
          [R("depends_on", "SigNoz", "ClickHouse"),
           R("depends_on", "SigNoz", "OpenTelemetry")],
          [C("SigNoz", "limitation", "self-hosting it means you are now running clickhouse though"),
           C("SigNoz", "capability", "fast group-bys over billions of spans", optional=True)]),
        # 1 800-pound gorilla + explicit competitor set
        Q("Honeycomb", "competition", None, "mixed", ["Honeycomb", "Datadog", "New Relic", "Grafana"],
          [R("threatens", "Datadog", "Honeycomb"),
           R("competes_with", "Honeycomb", "Datadog"),
           R("competes_with", "Honeycomb", "New Relic"),
           R("competes_with", "Honeycomb", "Grafana")],
          [C("Honeycomb", "risk",
             "Datadog is the 800-pound gorilla in this market and is already on the approved-vendor list at every "
             "company Honeycomb wants to sell to")]),
        # 2 IC notes: license, price, stars, consolidator threat within 12 months
        Q("SigNoz", "business", None, "positive",
          ["SigNoz", "OpenTelemetry", "MIT", "Datadog", "Grafana", "ClickHouse"],
          [R("threatens", "Grafana", "SigNoz", horizon="12 months"),
           R("competes_with", "SigNoz", "Datadog"),
           R("depends_on", "SigNoz", "OpenTelemetry", optional=True),
           R("threatens", "SigNoz", "Datadog", optional=True)],
          [C("SigNoz", "license", "MIT-licensed community edition", value="MIT"),
           C("SigNoz", "pricing", "$0.3 per GB of logs", value=0.3, unit="USD/GB"),
           C("SigNoz", "metric", "~20k GitHub stars", value=20000, unit="stars"),
           C("SigNoz", "risk",
             "Grafana Labs is the natural consolidator and could ship a ClickHouse-backed tier within 12 months",
             horizon="12 months"),
           C("SigNoz", "comparison", "undercuts Datadog by roughly 10x", optional=True)]),
        # 3 blog: backed by S3, Kafka in front
        Q("Honeycomb", "primitive", "ship", "positive", ["Honeycomb", "Amazon S3", "Kafka"],
          [R("depends_on", "Honeycomb", "Amazon S3"),
           R("depends_on", "Honeycomb", "Kafka")],
          [C("Honeycomb", "capability",
             "letting you slice by any of them without declaring indexes up front"),
           C("Honeycomb", "capability", "still the feature competitors copy badly", optional=True)]),
        # 4 Slack: hard dependency on Kubernetes, alternative coordinators
        Q("SigNoz", "risk", "no_ship", "negative", ["SigNoz", "ClickHouse", "ZooKeeper", "Kubernetes", "Grafana"],
          [R("depends_on", "SigNoz", "ClickHouse"),
           R("depends_on", "SigNoz", "Kubernetes"),
           R("depends_on", "SigNoz", "ZooKeeper", optional=True),
           R("competes_with", "SigNoz", "Grafana", optional=True)],
          [C("SigNoz", "limitation", "it needs a clickhouse cluster plus zookeeper or clickhouse keeper"),
           C("SigNoz", "limitation", "the helm chart has a hard dependency on kubernetes", optional=True)]),
        # 5 tweet: feature, not a company; 18-month head start
        Q("Honeycomb", "thesis", None, "negative", ["Honeycomb", "Datadog"],
          [R("threatens", "Datadog", "Honeycomb", horizon="18 months")],
          [C("Honeycomb", "prediction", "honeycomb's head start is maybe 18 months", horizon="18 months"),
           C("Honeycomb", "risk", "after that it's a distribution fight, and they lose distribution fights",
             optional=True)]),
        # 6 testimonial that never names its subject (self-hosted = SigNoz)
        Q("SigNoz", "testimonial", None, "positive", ["SigNoz", "Datadog"], [],
          [C("SigNoz", "pricing", "bill went from roughly $6,000 on Datadog to about $700 self-hosted",
             value=700, unit="USD/month"),
           C("SigNoz", "capability", "Traces, logs and metrics live in one place")]),
        # 7 pricing + condition + leans on OTel
        Q("Honeycomb", "business", None, "mixed", ["Honeycomb", "OpenTelemetry"],
          [R("depends_on", "Honeycomb", "OpenTelemetry")],
          [C("Honeycomb", "metric", "The free tier covers 20 million events a month", value=20000000,
             unit="events/month"),
           C("Honeycomb", "pricing", "Pro starts around $100 a month", value=100, unit="USD/month"),
           C("Honeycomb", "dependency", "Everything hinges on OpenTelemetry adoption continuing"),
           C("Honeycomb", "business", "great for portability and bad for lock-in", optional=True)]),
    ],
    "005_speech.txt": [
        # 0 HN: "X's Y undercuts them"
        Q("Deepgram", "competition", None, "mixed", ["Deepgram", "Whisper", "OpenAI"],
          [R("threatens", "Whisper", "Deepgram"),
           R("developed_by", "Whisper", "OpenAI"),
           R("threatens", "OpenAI", "Deepgram", optional=True),
           R("competes_with", "Deepgram", "Whisper", optional=True)],
          [C("Deepgram", "risk", "openai's whisper api undercuts them on price for batch transcription"),
           C("Deepgram", "comparison", "deepgram still wins on streaming latency by a mile")]),
        # 1 blog: leans heavily on Claude
        Q("AssemblyAI", "primitive", None, "mixed", ["AssemblyAI", "Claude", "Anthropic"],
          [R("depends_on", "AssemblyAI", "Claude"),
           R("developed_by", "Claude", "Anthropic"),
           R("depends_on", "AssemblyAI", "Anthropic", optional=True)],
          [C("AssemblyAI", "capability", "it runs the prompt over the whole audio file for you"),
           C("AssemblyAI", "risk", "a bit scary for margins", optional=True)]),
        # 2 Slack: a thin wrapper over the subject; our call path's dependency is not Deepgram's
        Q("Deepgram", "testimonial", None, "positive", ["Deepgram", "Twilio", "Google", "Vapi"],
          [R("depends_on", "Vapi", "Deepgram"),
           R("competes_with", "Deepgram", "Google", optional=True)],
          [C("Deepgram", "metric", "~250ms to first partial", value=250, unit="ms"),
           C("Deepgram", "comparison", "way better than what we got from google's STT", optional=True)]),
        # 3 bullets: who they lose deals to, next-year threat, self-reported metric
        Q("AssemblyAI", "competition", None, "mixed",
          ["AssemblyAI", "Deepgram", "Rev.ai", "Speechmatics", "gpt-4o-transcribe", "OpenAI", "Whisper"],
          [R("competes_with", "AssemblyAI", "Deepgram"),
           R("competes_with", "AssemblyAI", "Rev.ai"),
           R("competes_with", "AssemblyAI", "Speechmatics"),
           R("threatens", "gpt-4o-transcribe", "AssemblyAI", horizon="next year"),
           R("threatens", "OpenAI", "AssemblyAI", optional=True, horizon="next year"),
           R("developed_by", "gpt-4o-transcribe", "OpenAI", optional=True),
           R("competes_with", "AssemblyAI", "Whisper", optional=True)],
          [C("AssemblyAI", "pricing", "$0.15/hr for the Universal model", value=0.15, unit="USD/hour"),
           C("AssemblyAI", "risk",
             "it's gpt-4o-transcribe getting cheap and good enough that 'just use the OpenAI key you already "
             "have' wins, maybe next year", horizon="next year"),
           C("AssemblyAI", "credibility",
             "claims 30% fewer hallucinations than Whisper; self-reported, no public eval set",
             credibility="self-reported"),
           C("AssemblyAI", "metric", "30% fewer hallucinations", optional=True, value=30, unit="%")]),
        # 4 thesis: by 2027; negated Whisper dependency; NVIDIA dependency
        Q("Deepgram", "thesis", None, "positive", ["Deepgram", "Whisper", "NVIDIA"],
          [R("depends_on", "Deepgram", "NVIDIA")],
          [C("Deepgram", "prediction", "By 2027 I expect most speech-to-text to be a commodity bundled into LLM APIs",
             horizon="2027"),
           C("Deepgram", "capability", "it can run the whole thing on-prem"),
           C("Deepgram", "risk", "its unit economics are hostage to GPU prices", optional=True),
           C("Deepgram", "capability", "it trains its own models instead of fine-tuning Whisper", optional=True)]),
        # 5 testimonial: migration, no relation cue
        Q("AssemblyAI", "testimonial", None, "positive", ["AssemblyAI", "Rev.ai"],
          [R("competes_with", "AssemblyAI", "Rev.ai", optional=True)],
          [C("AssemblyAI", "capability", "speaker labels are finally right on calls with more than three people"),
           C("AssemblyAI", "metric", "about 40,000 hours of sales calls a month", optional=True, value=40000,
             unit="hours/month"),
           C("AssemblyAI", "capability", "the PII redaction saved legal a week of review per quarter",
             optional=True)]),
        # 6 sales notes: keeps X up at night, direct shot, unverified vendor number
        Q("Deepgram", "business", None, "mixed", ["Deepgram", "ElevenLabs", "AssemblyAI"],
          [R("threatens", "ElevenLabs", "Deepgram"),
           R("competes_with", "Deepgram", "ElevenLabs")],
          [C("Deepgram", "pricing", "quoted at $4.50/hr", value=4.5, unit="USD/hour"),
           C("Deepgram", "credibility",
             "their '54% lower WER' slide is vendor-run, nobody on our side has reproduced it",
             credibility="unverified"),
           C("Deepgram", "metric", "54% lower WER", optional=True, value=54, unit="%"),
           C("Deepgram", "capability", "STT + LLM + TTS over one socket", optional=True)]),
        # 7 HN: runs on Google Cloud; AWS could make it a checkbox within a year
        Q("AssemblyAI", "risk", None, "mixed", ["AssemblyAI", "Google Cloud", "Amazon Transcribe", "AWS"],
          [R("depends_on", "AssemblyAI", "Google Cloud"),
           R("threatens", "AWS", "AssemblyAI", horizon="12 months"),
           R("threatens", "Amazon Transcribe", "AssemblyAI", optional=True, horizon="12 months"),
           R("competes_with", "AssemblyAI", "Amazon Transcribe", optional=True)],
          [C("AssemblyAI", "risk", "aws could make it a checkbox inside connect within a year", horizon="12 months"),
           C("AssemblyAI", "limitation", "the eu endpoint is newer and thinner than the us one")]),
    ],
}

# Claims that contradict each other (same subject, opposite assertions).
CONTRADICTIONS = [
    ("Clerk", "we tried it on a sveltekit app and ended up writing half the glue ourselves",
     "Migrated our SvelteKit app to Clerk over a weekend"),
]

PERSPECTIVES = {"primitive", "competition", "thesis", "business", "jtbd", "testimonial", "risk"}
STANCES = {"positive", "negative", "mixed", "neutral"}
CLAIM_TYPES = {"metric", "pricing", "license", "platform", "prediction", "credibility", "dependency",
               "capability", "limitation", "risk", "comparison", "business"}
REL_TYPES = {"competes_with", "threatens", "depends_on", "developed_by"}


def main():
    build(sys.modules[__name__])


if __name__ == "__main__":
    main()
