"""Writes gold.json: the hand annotation of the dev2 corpus (./corpus).

Development set for tuning extraction rules (informal, mixed-register review
quotes). Same structure as the shared seed gold: top-level `entities`,
`documents`, `quotes`, `contradictions`. Quotes are keyed by the first 8 hex
digits of the SHA-1 of their text (the characters between the curly quotes).

Annotations are written per document, in quote order; this script reads the
corpus, computes the keys, and checks that every claim text is a verbatim
substring of its quote.  Run: python make_gold.py  (writes next to itself).
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from gold_kit import C, R, key, quotes_of, write_gold

HERE = pathlib.Path(__file__).resolve().parent
CORPUS = HERE / "corpus"

# canonical name -> (type, aliases). Releases, model variants and named
# features fold into their product.
ENTITIES = {
    # 000 Trigger.dev / Inngest
    "Trigger.dev": ("Product", ["Trigger.dev v3", "Trigger", "Trigger.dev Cloud"]),
    "Inngest": ("Product", ["Inngest Pro", "Inngest Cloud"]),
    "Temporal": ("Product", ["Temporal Cloud"]),
    "Hatchet": ("Product", []),
    "Vercel": ("Organization", ["Vercel Functions"]),
    "Apache 2.0": ("License", ["Apache-2.0", "Apache License 2.0"]),
    "Docker": ("Technology", ["docker compose", "Dockerfile", "Docker image"]),
    "Kubernetes": ("Technology", ["k8s"]),
    "Helm": ("Technology", ["helm chart"]),
    "GitHub": ("Platform", ["GitHub sync"]),
    "Y Combinator": ("Organization", ["YC", "YC W23"]),
    "PostgreSQL": ("Technology", ["Postgres"]),
    "Redis": ("Technology", []),
    "ElectricSQL": ("Product", ["electric-sql", "Electric"]),
    "Next.js": ("Technology", ["nextjs"]),
    "AWS Step Functions": ("Product", ["Step Functions"]),
    "Andreessen Horowitz": ("Organization", ["a16z"]),
    "SOC 2": ("Technology", ["SOC 2 Type II"]),
    "Stripe": ("Organization", ["Stripe checkout"]),
    "Puppeteer": ("Technology", []),
    "Supabase": ("Product", []),
    "Resend": ("Product", []),
    "HTTP": ("Technology", []),
    # 001 LiteLLM / OpenRouter
    "LiteLLM": ("Product", ["LiteLLM proxy", "LiteLLM v1.55", "v1.55"]),
    "OpenRouter": ("Product", ["OpenRouter rankings"]),
    "OpenAI": ("Organization", []),
    "DSPy": ("Product", []),
    "CrewAI": ("Product", []),
    "MIT": ("License", ["MIT license", "MIT licensed"]),
    "Amazon Bedrock": ("Product", ["Bedrock"]),
    "Together AI": ("Organization", ["Together"]),
    "Fireworks AI": ("Organization", ["Fireworks"]),
    "DeepInfra": ("Organization", []),
    "Portkey": ("Product", ["Portkey's hosted gateway", "Portkey gateway"]),
    "Kong AI Gateway": ("Product", ["kong's AI gateway", "Kong", "Kong Gateway"]),
    "Helicone": ("Product", []),
    "Menlo Ventures": ("Organization", ["Menlo"]),
    "BerriAI": ("Organization", []),
    "Anthropic": ("Organization", []),
    "Google": ("Organization", []),
    "Claude": ("Product", ["Claude Sonnet"]),
    "Gemini": ("Product", ["Gemini 2.5 Flash"]),
    "Azure API Management": ("Product", ["Azure", "APIM"]),
    "Microsoft": ("Organization", []),
    "Grok Code Fast": ("Product", []),
    # 002 RunPod / Modal
    "RunPod": ("Product", ["FlashBoot", "RunPod Serverless", "RunPod community cloud"]),
    "Modal": ("Product", []),
    "Modal Labs": ("Organization", []),
    "Python": ("Technology", []),
    "NVIDIA H100": ("Product", ["H100", "H100 SXM"]),
    "NVIDIA A100": ("Product", ["A100", "A100s"]),
    "NVIDIA L40S": ("Product", ["L40S"]),
    "NVIDIA RTX 4090": ("Product", ["4090", "4090s", "RTX 4090"]),
    "Linux": ("Platform", []),
    "Replicate": ("Product", []),
    "Baseten": ("Product", []),
    "AWS": ("Organization", ["Amazon Web Services"]),
    "LoRA": ("Technology", []),
    "vLLM": ("Technology", []),
    "Vast.ai": ("Product", []),
    "TensorDock": ("Product", []),
    "Lambda": ("Organization", ["Lambda Cloud", "Lambda Labs"]),
    "CoreWeave": ("Organization", []),
    "Nebius": ("Organization", []),
    "Whisper": ("Product", ["whisper-large-v3"]),
    # 003 promptfoo / DeepEval
    "promptfoo": ("Product", ["promptfoo redteam"]),
    "DeepEval": ("Product", ["DAG metric", "DeepEval DAG metric"]),
    "Confident AI": ("Organization", ["Confident AI dashboard"]),
    "pytest": ("Technology", []),
    "G-Eval": ("Technology", []),
    "Jest": ("Technology", []),
    "LLMTestCase": ("Technology", []),
    "GPT-4o": ("Product", []),
    "Ragas": ("Product", []),
    "Braintrust": ("Product", []),
    "LangSmith": ("Product", []),
    "LangChain": ("Product", []),
    "GitHub Actions": ("Product", []),
    "Slack": ("Product", []),
    "LlamaIndex": ("Product", []),
    "Datadog": ("Organization", []),
    "Arize": ("Organization", ["Arize AI"]),
    # 004 voyage-3 / jina-embeddings-v3
    "voyage-3": ("Product", ["voyage-3-large", "voyage-3.5", "voyage", "voyage-3-lite"]),
    "Voyage AI": ("Organization", []),
    "text-embedding-3-large": ("Product", ["OpenAI text-embedding-3-large"]),
    "Matryoshka": ("Technology", ["Matryoshka dims", "Matryoshka embeddings"]),
    "jina-embeddings-v3": ("Product", ["jina v3", "jina", "jina-v3"]),
    "Jina AI": ("Organization", []),
    "Jina Reader": ("Product", ["Jina's reader API", "reader API", "Jina Reader API"]),
    "Hugging Face": ("Organization", ["HF", "HuggingFace"]),
    "CC BY-NC 4.0": ("License", ["CC-BY-NC-4.0", "CC BY-NC"]),
    "MongoDB": ("Organization", ["Mongo"]),
    "Atlas Vector Search": ("Product", ["MongoDB Atlas Vector Search"]),
    "BGE-M3": ("Product", ["bge-m3"]),
    "nomic-embed-text": ("Product", ["nomic-embed-text-v1.5"]),
    "multilingual-e5-large": ("Product", ["e5", "multilingual-e5"]),
    "MTEB": ("Benchmark", ["MTEB English"]),
    "Cohere": ("Organization", []),
    "Cohere Embed": ("Product", ["embed-multilingual-v3", "cohere embed v3", "Cohere Embed v3"]),
    "Cohere Rerank": ("Product", ["rerank-3", "Cohere rerank-3"]),
    "NVIDIA T4": ("Product", ["T4"]),
    "sentence-transformers": ("Technology", ["sentence transformers"]),
    "Elastic": ("Organization", []),
    "Elasticsearch": ("Product", []),
    "pgvector": ("Technology", []),
    # 005 Bolt.new / Lovable
    "Bolt.new": ("Product", ["bolt", "Bolt"]),
    "Lovable": ("Product", ["Lovable Cloud"]),
    "bolt.diy": ("Product", []),
    "StackBlitz": ("Organization", []),
    "WebContainers": ("Technology", ["WebContainer"]),
    "Node.js": ("Technology", ["node"]),
    "npm": ("Technology", []),
    "React": ("Technology", []),
    "v0": ("Product", []),
    "Replit Agent": ("Product", []),
    "Replit": ("Organization", []),
    "Ollama": ("Product", []),
    "Cursor": ("Product", []),
    "Claude Code": ("Product", []),
    "Shopify": ("Organization", []),
    "Netlify": ("Organization", []),
    "Figma": ("Product", []),
}
# named in passing somewhere: never penalised when extracted, required only
# on the quotes that list them
OPTIONAL_ENTITIES = {
    "Vercel", "Docker", "Kubernetes", "Helm", "GitHub", "Y Combinator", "PostgreSQL", "SOC 2",
    "HTTP", "OpenAI", "Amazon Bedrock", "Microsoft", "Python", "LoRA", "G-Eval", "Jest",
    "LLMTestCase", "Matryoshka", "Jina AI", "Voyage AI", "Node.js", "npm", "Replit", "Hugging Face",
    "Cohere", "AWS",
}

DOCS = {
    "000_trigger_inngest.txt": ["Trigger.dev", "Inngest"],
    "001_litellm_openrouter.txt": ["LiteLLM", "OpenRouter"],
    "002_runpod_modal.txt": ["RunPod", "Modal"],
    "003_promptfoo_deepeval.txt": ["promptfoo", "DeepEval"],
    "004_voyage_jina.txt": ["voyage-3", "jina-embeddings-v3"],
    "005_bolt_lovable.txt": ["Bolt.new", "Lovable"],
}


def CW(a, b, optional=False):
    return R("competes_with", a, b, optional)


def TH(a, b, horizon=None, optional=False):
    return R("threatens", a, b, optional, horizon)


def DO(a, b, optional=False):
    return R("depends_on", a, b, optional)


def DB(a, b, optional=False):
    return R("developed_by", a, b, optional)


def Q(subject, perspective, verdict, stance, entities, relations, claims):
    return {"subject": subject, "perspective": perspective, "verdict": verdict, "stance": stance,
                "entities": entities, "relations": relations, "claims": claims}


T, I = "Trigger.dev", "Inngest"
L, O = "LiteLLM", "OpenRouter"
RP, M = "RunPod", "Modal"
P, D = "promptfoo", "DeepEval"
V, J = "voyage-3", "jina-embeddings-v3"
B, LV = "Bolt.new", "Lovable"

ANNOTATIONS = {
    "000_trigger_inngest.txt": [
        Q(T, "competition", "ship", "positive", [T, I, "Temporal", "Hatchet"],
          [CW(T, I), CW(T, "Temporal"), CW(T, "Hatchet")],
          [C(T, "capability", "v3 runs your task code on their own workers instead of calling back into your vercel functions"),
           C(T, "capability", "the serverless timeout stops being your problem", optional=True),
           C(T, "comparison", "the DX is nicer than temporal's by a mile"),
           C(T, "capability", "no workflow determinism rules to memorize", optional=True)]),
        Q(I, "primitive", None, "mixed", [I],
          [],
          [C(I, "capability", "you write step.run() blocks inside an ordinary handler, deploy to wherever you already deploy"),
           C(I, "capability", "No workers, no queue to babysit", optional=True),
           C(I, "limitation", "every step is an HTTP round trip, so a 40-step workflow pays the network tax 40 times")]),
        Q(T, "business", None, "neutral", [T, "Apache 2.0"],
          [],
          [C(T, "license", "license: Apache-2.0", value="Apache 2.0"),
           C(T, "capability", "self-hostable via docker compose"),
           C(T, "pricing", "$10/mo Hobby", value=10, unit="USD/month"),
           C(T, "pricing", "$50/mo Pro + usage", value=50, unit="USD/month"),
           C(T, "capability", "compute billed per second", optional=True),
           C(T, "metric", "~11k stars", value=11000, unit="stars"),
           C(T, "business", "seed + Series A, YC W23", optional=True),
           C(T, "risk", "small team competing against a VC-flush incumbent"),
           C(T, "limitation", "self-host story lags cloud by a release or two")]),
        Q(I, "risk", None, "negative", [I, "PostgreSQL", "Redis"],
          [DO(I, "PostgreSQL", optional=True), DO(I, "Redis", optional=True)],
          [C(I, "metric", "once the function run backlog passes ~200k", optional=True, value=200000, unit="runs"),
           C(I, "metric", "the dashboard takes 30+ seconds to load", value=30, unit="seconds"),
           C(I, "limitation", "concurrency keys stop being respected under load"),
           C(I, "risk", "we'd like to know if self-host is a first-class target or a demo mode", optional=True)]),
        Q(T, "thesis", None, "mixed", [T, "ElectricSQL", "Vercel", "Next.js"],
          [DO(T, "ElectricSQL"), TH("Vercel", T, "12 months"),
           TH("Next.js", T, "12 months", optional=True)],
          [C(T, "prediction", "durable execution is going to be boring infrastructure by 2027", horizon="2027"),
           C(T, "prediction", "every app framework will ship something like it", optional=True, horizon="2027"),
           C(T, "business", "trigger.dev is betting the moat is the runtime"),
           C(T, "risk", "if vercel ships native durable workflows in next.js, a lot of these tools are toast within a year",
             horizon="12 months")]),
        Q(I, "competition", None, "mixed", [I, T, "Temporal"],
          [CW(I, T)],
          [C(I, "capability", "both do retries, cron, fan-out, concurrency limits"),
           C(I, "comparison", "neither is in the same league as Temporal for long-running sagas with thousands of signals"),
           C(I, "comparison", "The real difference is where your code runs", optional=True)]),
        Q(I, "business", "ship", "positive", [I, "AWS Step Functions", "Temporal", "Andreessen Horowitz"],
          [CW(I, "AWS Step Functions"), CW(I, "Temporal")],
          [C(I, "pricing", "$75/month base", value=75, unit="USD/month"),
           C(I, "pricing", "$0.00005 per step", value=0.00005, unit="USD/step"),
           C(I, "metric", "the included 100k steps", optional=True, value=100000, unit="steps"),
           C(I, "business", "SOC 2 Type II report received and reviewed", optional=True),
           C(I, "business", "Vendor is venture-backed (a16z led the Series A)"),
           C(I, "license", "the SDKs are open source", optional=True, value="open source"),
           C(I, "business", "exit cost is moderate", optional=True)]),
        Q(T, "testimonial", None, "positive", [T, "Stripe", "Puppeteer", "Supabase", "Resend"],
          [],
          [C(T, "capability", "Puppeteer just works because it's a real container"),
           C(T, "capability", "logs show up live", optional=True)]),
    ],
    "001_litellm_openrouter.txt": [
        Q(L, "primitive", None, "mixed", [L, "DSPy", "CrewAI", "MIT"],
          [DO("DSPy", L), DO("CrewAI", L)],
          [C(L, "capability", "the proxy server gives you one /chat/completions endpoint, virtual keys, per-team budgets and fallbacks"),
           C(L, "capability", "DSPy and CrewAI both wrap it under the hood", optional=True),
           C(L, "license", "it's MIT licensed except the enterprise/ folder", value="MIT"),
           C(L, "limitation", "the codebase is huge and releases land almost daily"),
           C(L, "risk", "a patch release broke streaming for bedrock", optional=True)]),
        Q(O, "competition", None, "positive", [O, "Together AI", "Fireworks AI", "DeepInfra", "Portkey"],
          [CW(O, "Portkey"), DO(O, "Together AI", optional=True), DO(O, "Fireworks AI", optional=True),
           DO(O, "DeepInfra", optional=True)],
          [C(O, "metric", "300-plus models", value=300, unit="models"),
           C(O, "capability", "One API key, one bill"),
           C(O, "capability", "it routes across providers like Together, Fireworks and DeepInfra when one of them is down"),
           C(O, "comparison", "nothing else is this convenient", optional=True)]),
        Q(L, "competition", "ship", "positive", [L, "Portkey", "Kong AI Gateway", "Helicone", O],
          [CW(L, "Portkey"), CW(L, "Kong AI Gateway"), CW(L, "Helicone"),
           CW("Portkey", "Kong AI Gateway", optional=True), CW("Portkey", "Helicone", optional=True),
           CW("Kong AI Gateway", "Helicone", optional=True)],
          [C(L, "capability", "it's self-hosted and free"),
           C(L, "comparison", "openrouter is someone else's infra and someone else's margin, litellm is just code you run")]),
        Q(O, "business", None, "neutral", [O, "Andreessen Horowitz", "Menlo Ventures"],
          [],
          [C(O, "metric", "~60 upstream providers", value=60, unit="providers"),
           C(O, "pricing", "5.5% card fee", value=5.5, unit="percent"),
           C(O, "credibility", "no markup on per-token prices, at least as advertised", credibility="self-reported"),
           C(O, "business", "raised $40M (a16z + Menlo)"),
           C(O, "metric", "~$100M annualized inference spend", value=100000000, unit="USD/year"),
           C(O, "credibility", "reported ~$100M annualized inference spend", optional=True, credibility="unverified"),
           C(O, "business", "moat: routing data + the rankings page", optional=True),
           C(O, "risk", "one upstream ToS change away from losing a top model")]),
        Q(L, "risk", None, "negative", [L, "BerriAI"],
          [DB(L, "BerriAI")],
          [C(L, "limitation", "router retries double-counting spend in the budget table"),
           C(L, "metric", "the third regression in two weeks", optional=True, value=3, unit="regressions"),
           C(L, "risk", "the test coverage on the proxy paths feels thin"),
           C(L, "risk", "evaluating whether to fork at v1.55", optional=True)]),
        Q(O, "testimonial", None, "positive", [O, "Anthropic", "Google", "Claude", "Gemini"],
          [],
          [C(O, "metric", "p50 latency went up maybe 30ms", value=30, unit="ms"),
           C(O, "capability", "swapped claude sonnet for gemini 2.5 flash by changing a string"),
           C(O, "capability", "one invoice", optional=True)]),
        Q(L, "thesis", None, "mixed", [L, "Azure API Management"],
          [TH("Azure API Management", L, "18 months")],
          [C(L, "prediction", "within 18 months the clouds bundle this", horizon="18 months"),
           C(L, "dependency", "the standalone proxies have to become observability products to survive"),
           C(L, "business", "LiteLLM is winning that by default because it's free", optional=True)]),
        Q(O, "risk", None, "negative", [O, "Grok Code Fast"],
          [],
          [C(O, "credibility", "They're token volume from OpenRouter's own customers, which skews hard toward roleplay apps and free-tier promos",
             credibility="disputed"),
           C(O, "credibility", "Treat it as one biased sample, not the market", optional=True, credibility="disputed")]),
    ],
    "002_runpod_modal.txt": [
        Q(M, "primitive", None, "positive", [M],
          [],
          [C(M, "capability", "You decorate a function with the GPU you want, call .remote()"),
           C(M, "metric", "Cold starts for a slim image are well under a second", value=1, unit="seconds"),
           C(M, "capability", "memory snapshots shave model-load time further", optional=True),
           C(M, "capability", "No YAML, no Dockerfile unless you want one", optional=True)]),
        Q(RP, "business", None, "mixed", [RP, "NVIDIA H100", "Linux"],
          [],
          [C(RP, "pricing", "H100 SXM on-demand: $2.69/hr secure cloud", value=2.69, unit="USD/hour"),
           C(RP, "capability", "per-second billing", optional=True),
           C(RP, "metric", "FlashBoot claims sub-250ms cold starts", value=250, unit="ms"),
           C(RP, "credibility", "vendor number, haven't reproduced", credibility="unverified"),
           C(RP, "metric", "~500k developers per their own deck", value=500000, unit="developers"),
           C(RP, "credibility", "per their own deck", optional=True, credibility="self-reported"),
           C(RP, "platform", "linux containers only", value=["Linux"]),
           C(RP, "comparison", "cheapest credible option for bursty inference"),
           C(RP, "limitation", "weakest story on compliance")]),
        Q(M, "competition", None, "positive", [M, RP, "Replicate", "Baseten"],
          [CW(M, RP), CW(M, "Replicate"), CW(M, "Baseten"),
           CW(RP, "Replicate", optional=True), CW(RP, "Baseten", optional=True),
           CW("Replicate", "Baseten", optional=True)],
          [C(M, "comparison", "modal is the one for people who write python all day"),
           C(RP, "comparison", "runpod is the cheapest but you're doing your own ops", optional=True)]),
        Q(RP, "testimonial", "ship", "positive", [RP, "NVIDIA A100", "AWS"],
          [CW(RP, "AWS", optional=True)],
          [C(RP, "comparison", "for less than what one day of the same box costs on AWS"),
           C(RP, "limitation", "had one host disappear mid-run"),
           C(RP, "metric", "8x A100s", optional=True, value=8, unit="GPUs")]),
        Q(M, "risk", None, "negative", [M, "vLLM", "NVIDIA L40S"],
          [],
          [C(M, "metric", "pulling a 20GB vLLM image onto a fresh L40S still takes 40-60 seconds", value=[40, 60], unit="seconds"),
           C(M, "limitation", "painful for a user-facing endpoint that scales to zero"),
           C(M, "risk", "you're all-in on their SDK; there's no portable artifact you can take to another cloud")]),
        Q(RP, "competition", None, "mixed", [RP, "Vast.ai", "TensorDock", "Lambda", "CoreWeave", "Nebius"],
          [CW(RP, "Vast.ai"), CW(RP, "TensorDock"), CW(RP, "Lambda"),
           TH("Vast.ai", RP, optional=True),
           TH("CoreWeave", RP, "2026"), TH("Nebius", RP, "2026")],
          [C(RP, "risk", "RunPod's price advantage could evaporate by mid-2026", horizon="2026"),
           C(RP, "comparison", "Vast.ai eats its lunch on raw price", optional=True)]),
        Q(M, "business", None, "mixed", [M, "Modal Labs", "Kubernetes", "NVIDIA H100"],
          [DB(M, "Modal Labs")],
          [C(M, "capability", "they wrote their own container runtime and file system rather than sit on top of Kubernetes"),
           C(M, "pricing", "$3.95/hr for an H100 billed by the second", value=3.95, unit="USD/hour"),
           C(M, "comparison", "you're paying a premium over raw GPU clouds for the DX"),
           C(M, "dependency", "as long as teams keep valuing DX over raw $/hr"),
           C(M, "capability", "Gets you the fast spin-up", optional=True),
           C(M, "risk", "costs you years of infra work nobody else has to do", optional=True)]),
        Q(RP, "jtbd", None, "negative", [RP, "Whisper", "NVIDIA RTX 4090"],
          [],
          [C(RP, "limitation", "when that datacenter runs out of 4090s the endpoint just queues forever instead of failing over"),
           C(RP, "dependency", "serverless endpoints should let us pin a minimum of N warm workers per region", optional=True),
           C(RP, "business", "We'd pay more for this", optional=True)]),
    ],
    "003_promptfoo_deepeval.txt": [
        Q(P, "primitive", None, "positive", [P, "MIT"],
          [],
          [C(P, "capability", "you list prompts, providers and test cases with assertions"),
           C(P, "license", "MIT license", value="MIT"),
           C(P, "capability", "no python env, no account", optional=True),
           C(P, "platform", "runs anywhere node 18+ does", value=["Node.js"]),
           C(P, "comparison", "the closest thing to jest for prompts", optional=True)]),
        Q(D, "primitive", None, "mixed", [D, "Confident AI", "pytest", "Apache 2.0", "GPT-4o"],
          [DB(D, "Confident AI"), DO(D, "pytest")],
          [C(D, "capability", "you write test_*.py files, wrap outputs in LLMTestCase, and assert with metrics"),
           C(D, "metric", "14+ metrics out of the box", value=14, unit="metrics"),
           C(D, "license", "Apache-2.0", value="Apache 2.0"),
           C(D, "limitation", "most of those metrics are themselves LLM calls"),
           C(D, "limitation", "the scores wobble between runs")]),
        Q(P, "competition", None, "neutral", [P, D, "Ragas", "Braintrust", "LangSmith", "LangChain"],
          [CW(P, D), CW(P, "Ragas"), CW(P, "Braintrust"), CW(P, "LangSmith"),
           CW(D, "Ragas", optional=True), CW(D, "Braintrust", optional=True),
           CW("Ragas", "Braintrust", optional=True), CW(D, "LangSmith", optional=True),
           CW("Ragas", "LangSmith", optional=True), CW("Braintrust", "LangSmith", optional=True)],
          [C(P, "business", "promptfoo has drifted toward red-teaming and that's where its enterprise revenue comes from"),
           C(P, "comparison", "they aren't interchangeable", optional=True)]),
        Q(D, "testimonial", None, "positive", [D, "GitHub Actions", "Confident AI", "Slack", "LlamaIndex"],
          [],
          [C(D, "capability", "Caught a retrieval regression last week before it hit prod", optional=True),
           C(D, "capability", "Took an afternoon to set up", optional=True)]),
        Q(P, "thesis", None, "positive", [P, "Datadog", "Arize"],
          [],
          [C(P, "prediction", "by end of 2026 'evals' stop being a separate tool category", horizon="2026"),
           C(P, "prediction", "they get absorbed into the observability vendors", optional=True, horizon="2026"),
           C(P, "dependency", "red-teaming stays a security budget, not an ML budget")]),
        Q(D, "risk", None, "negative", [D],
          [],
          [C(D, "credibility", "There's no dataset, no annotator count, no inter-rater agreement listed",
             credibility="unverified"),
           C(D, "metric", "got something closer to 70%", value=70, unit="percent"),
           C(D, "metric", "agrees with human raters 90%+ of the time", optional=True, value=90, unit="percent")]),
        Q(P, "jtbd", None, "mixed", [P],
          [],
          [C(P, "metric", "covered 80% of that on day one", value=80, unit="percent"),
           C(P, "capability", "the config lives in the repo next to the code"),
           C(P, "limitation", "no native SSO on the open-source web viewer"),
           C(P, "limitation", "the hosted tier pricing wasn't published", optional=True)]),
        Q(D, "competition", None, "mixed", [D, "Ragas"],
          [CW(D, "Ragas"), TH("Ragas", D, "next quarter")],
          [C(D, "capability", "DAG metric is basically G-Eval with a decision tree bolted on"),
           C(D, "risk", "if ragas ships something equivalent next quarter", horizon="next quarter"),
           C(D, "comparison", "ragas and deepeval are converging on the same feature list", optional=True)]),
    ],
    "004_voyage_jina.txt": [
        Q(V, "primitive", None, "positive", [V, "text-embedding-3-large"],
          [CW(V, "text-embedding-3-large", optional=True)],
          [C(V, "metric", "takes 32k-token inputs", value=32000, unit="tokens"),
           C(V, "capability", "with Matryoshka dims plus int8/binary quantization you can drop to 256 dimensions"),
           C(V, "comparison", "still beat text-embedding-3-large on most of their own eval suites"),
           C(V, "credibility", "on most of their own eval suites", optional=True, credibility="self-reported"),
           C(V, "limitation", "It's API-only; there are no weights to download"),
           C(V, "comparison", "posts top-of-leaderboard numbers on code and legal retrieval", optional=True)]),
        Q(J, "primitive", None, "positive", [J, "Hugging Face", "CC BY-NC 4.0"],
          [],
          [C(J, "metric", "570M params", value=570000000, unit="parameters"),
           C(J, "metric", "8192 token context", value=8192, unit="tokens"),
           C(J, "capability", "task-specific LoRA adapters you pick at inference time"),
           C(J, "license", "the license is CC BY-NC 4.0", value="CC BY-NC 4.0"),
           C(J, "limitation", "read it before you put it in a commercial product", optional=True),
           C(J, "comparison", "for self-hosting multilingual search it's hard to beat", optional=True)]),
        Q(V, "business", None, "neutral", [V, "Voyage AI", "MongoDB", "Atlas Vector Search"],
          [DB(V, "Voyage AI", optional=True), DB(V, "MongoDB", optional=True),
           DO("Atlas Vector Search", V, optional=True)],
          [C(V, "business", "Voyage AI acquired by MongoDB (Feb 2025)"),
           C(V, "metric", "reportedly ~$220M", value=220000000, unit="USD"),
           C(V, "credibility", "reportedly ~$220M", optional=True, credibility="unverified"),
           C(V, "pricing", "voyage-3.5 at $0.06 per 1M tokens", value=0.06, unit="USD/1M tokens"),
           C(V, "pricing", "first 200M tokens free", optional=True),
           C(V, "prediction", "embeddings + rerank move inside Atlas Vector Search", optional=True),
           C(V, "risk", "non-Mongo customers may get second-class treatment within 12 months", horizon="12 months")]),
        Q(J, "competition", None, "positive",
          [J, "BGE-M3", "nomic-embed-text", "multilingual-e5-large", "MTEB", "Cohere Embed", "Cohere"],
          [CW(J, "BGE-M3"), CW(J, "nomic-embed-text"), CW(J, "multilingual-e5-large"),
           CW("BGE-M3", "nomic-embed-text", optional=True), CW("BGE-M3", "multilingual-e5-large", optional=True),
           CW("nomic-embed-text", "multilingual-e5-large", optional=True),
           DB("Cohere Embed", "Cohere", optional=True)],
          [C(J, "comparison", "jina beats e5 on most MTEB tasks I care about"),
           C(J, "limitation", "the non-commercial license is a dealbreaker", optional=True)]),
        Q(V, "competition", "ship", "positive",
          [V, "Cohere", "Cohere Embed", "text-embedding-3-large", "OpenAI", "Cohere Rerank"],
          [CW(V, "Cohere Embed"), CW(V, "text-embedding-3-large"), TH(V, "Cohere"),
           CW(V, "Cohere", optional=True),
           DB("text-embedding-3-large", "OpenAI", optional=True),
           DB("Cohere Embed", "Cohere", optional=True), DB("Cohere Rerank", "Cohere", optional=True)],
          [C(V, "metric", "recall@10 went from 0.71 to 0.83", value=0.83, unit="recall@10"),
           C(V, "comparison", "we picked voyage over cohere embed v3 and openai's text-embedding-3-large")]),
        Q(J, "testimonial", None, "mixed",
          [J, "Jina Reader", "NVIDIA T4", "sentence-transformers", "Elastic", "Elasticsearch"],
          [DO(J, "sentence-transformers", optional=True), DB(J, "Jina AI", optional=True),
           DB("Jina Reader", "Jina AI", optional=True)],
          [C(J, "capability", "the v3 model runs fine on a single T4 with sentence-transformers"),
           C(J, "capability", "Jina's reader API and the embeddings share one key", optional=True),
           C(J, "risk", "after the Elastic acquisition the pricing page changed twice in a month"),
           C(J, "risk", "Hope they don't fold it into Elasticsearch-only", optional=True)]),
        Q(V, "thesis", None, "neutral", [V, "pgvector", "PostgreSQL"],
          [TH("pgvector", V, "18 months", optional=True)],
          [C(V, "prediction", "I'd expect pgvector users to have a first-party Postgres-native embedding option within 18 months",
             horizon="18 months"),
           C(V, "prediction", "Embeddings are turning into a feature of the database, not a product", optional=True),
           C(V, "risk", "squeezes every API-only vendor", optional=True, horizon="18 months")]),
        Q(J, "risk", None, "negative", [J, "MTEB"],
          [],
          [C(J, "metric", "the reported 65.5 average on MTEB English", value=65.5, unit="score"),
           C(J, "metric", "I'm getting 64.1 with the default task adapter", value=64.1, unit="score"),
           C(J, "credibility", "comparing that to single-config numbers from other models isn't apples to apples",
             credibility="disputed")]),
    ],
    "005_bolt_lovable.txt": [
        Q(LV, "jtbd", None, "positive", [LV, "React", "Supabase", "GitHub"],
          [DO(LV, "Supabase", optional=True)],
          [C(LV, "capability", "from a paragraph to a deployed React + Supabase app with auth in about ten minutes"),
           C(LV, "metric", "in about ten minutes", optional=True, value=10, unit="minutes"),
           C(LV, "capability", "the GitHub sync means you can eject to a normal repo whenever")]),
        Q(B, "primitive", None, "mixed", [B, "StackBlitz", "WebContainers"],
          [DO(B, "WebContainers"), DB("WebContainers", "StackBlitz", optional=True),
           DB(B, "StackBlitz", optional=True)],
          [C(B, "capability", "the whole node toolchain runs in your browser tab"),
           C(B, "capability", "it can fix its own build failures"),
           C(B, "limitation", "anything needing native binaries or a real Postgres is awkward inside a browser sandbox")]),
        Q(LV, "competition", None, "positive", [LV, B, "v0", "Replit Agent", "Vercel"],
          [CW(LV, B), CW(LV, "v0"), CW(LV, "Replit Agent"),
           CW(B, "v0", optional=True), CW(B, "Replit Agent", optional=True), CW("v0", "Replit Agent", optional=True),
           DB("v0", "Vercel", optional=True)],
          [C(LV, "comparison", "Lovable's edge is taste — the default UI looks shipped, not scaffolded"),
           C(LV, "business", "the founder who would otherwise pay a freelancer $5k for an MVP", optional=True)]),
        Q(B, "business", None, "neutral", [B, "StackBlitz", "bolt.diy", "MIT", "Ollama", "Anthropic"],
          [DB(B, "StackBlitz"), DO(B, "Anthropic"), DO("bolt.diy", "Ollama", optional=True)],
          [C(B, "metric", "~$40M ARR in about five months", value=40000000, unit="USD ARR"),
           C(B, "credibility", "per founder interviews", credibility="self-reported"),
           C(B, "pricing", "Pro $20/mo for 10M tokens", value=20, unit="USD/month"),
           C(B, "limitation", "heavy users report burning through that in a weekend"),
           C(B, "license", "bolt.diy (MIT)", value="MIT"),
           C(B, "risk", "gross margin is hostage to Anthropic's token prices")]),
        Q(LV, "risk", None, "negative", [LV, "Supabase"],
          [DO(LV, "Supabase", optional=True)],
          [C(LV, "risk", "the generated Supabase tables had row-level security off"),
           C(LV, "metric", "~170 Lovable-built sites with the same problem", value=170, unit="sites"),
           C(LV, "limitation", "'non-developers shipping to production' and 'RLS is your job' do not mix", optional=True)]),
        Q(B, "competition", None, "negative", [B, "Cursor", "Claude Code", LV],
          [TH("Cursor", B, "6 months"), TH("Claude Code", B, "6 months"),
           CW(B, "Cursor", optional=True), CW(B, "Claude Code", optional=True)],
          [C(B, "risk", "bolt is toast once Cursor and Claude Code get a one-click 'deploy preview' button",
             horizon="6 months"),
           C(B, "prediction", "the whole prompt-to-app category is a feature waiting to be absorbed by the editors",
             optional=True)]),
        Q(LV, "business", "ship", "mixed", [LV, "Supabase", "Anthropic"],
          [DO(LV, "Supabase"), DO(LV, "Anthropic"), TH("Supabase", LV, optional=True)],
          [C(LV, "metric", "14 seats", value=14, unit="seats"),
           C(LV, "metric", "~2,300 credits/month", value=2300, unit="credits/month"),
           C(LV, "pricing", "$1,200/month at current tier", value=1200, unit="USD/month"),
           C(LV, "risk", "revisit if Supabase ships its own prompt-to-app builder"),
           C(LV, "risk", "two of our three vendor risks are really Supabase and Anthropic risks", optional=True)]),
        Q(B, "testimonial", None, "positive", [B, "Shopify", "Netlify", "Stripe", "Figma"],
          [DO(B, "Netlify", optional=True)],
          [C(B, "capability", "My Figma mock got translated almost pixel-for-pixel", optional=True)]),
    ],
}

# Claims that contradict each other (same subject, opposite assertions).
CONTRADICTIONS = [
    (M, "Cold starts for a slim image are well under a second",
     "pulling a 20GB vLLM image onto a fresh L40S still takes 40-60 seconds"),
]


def main():
    quotes = {}
    texts = {}
    assert set(ANNOTATIONS) == set(DOCS)
    for doc, anns in ANNOTATIONS.items():
        qs = quotes_of(CORPUS / doc)
        assert len(qs) == len(anns), (doc, len(qs), len(anns))
        for i, (text, ann) in enumerate(zip(qs, anns)):
            where = f"{doc}#{i}"
            names = set(ann["entities"])
            assert ann["subject"] in names, where
            assert ann["subject"] in DOCS[doc], where
            for e in names:
                assert e in ENTITIES, (where, e)
            for r in ann["relations"]:
                for end in (r["source"], r["target"]):
                    assert end in ENTITIES, (where, end)
                if not r["optional"]:
                    assert r["source"] in names and r["target"] in names, (where, r)
            for c in ann["claims"]:
                assert c["text"] in text, (where, c["text"])
                assert c["about"] in ENTITIES, (where, c["about"])
                if c["type"] in ("metric", "pricing") and not c.get("optional"):
                    assert "value" in c and "unit" in c, (where, c["text"])
                if c["type"] == "credibility":
                    assert c.get("credibility") in ("unverified", "disputed", "self-reported"), where
            k = key(text)
            assert k not in quotes, (where, "duplicate quote key")
            quotes[k] = ann
            texts[k] = text
    for about, a, b in CONTRADICTIONS:
        assert any(a in t for t in texts.values()) and any(b in t for t in texts.values())
    out = {
        "entities": {k: {"type": t, "aliases": a, "optional": k in OPTIONAL_ENTITIES}
                     for k, (t, a) in ENTITIES.items()},
        "documents": DOCS,
        "quotes": quotes,
        "contradictions": [{"about": a, "claim_a": x, "claim_b": y} for a, x, y in CONTRADICTIONS],
    }
    write_gold(HERE, out, f"{len(DOCS)} documents, {len(quotes)} quotes")


if __name__ == "__main__":
    main()
