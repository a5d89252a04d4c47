"""Writes gold.json: the hand annotation of the blind evaluation corpus (corpus/).

Same structure as /work/shared/eval/seed_gold.json (top-level `entities`,
`documents`, `quotes`, `contradictions`).  Annotations are written here per
(document, quote position).  The script reads the corpus, keys every quote by
sha1(text)[:8] (the key score.py uses), checks that each quote starts with the
expected words, that every claim text is a verbatim substring of its quote, that
every entity / relation endpoint / claim subject is declared, and that required
relations only join required entities named on the quote.

Run:  python3 make_gold.py   (writes gold.json next to itself)
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from gold_kit import C, R, key, quotes_of, write_gold

HERE = pathlib.Path(__file__).resolve().parent
CORPUS = HERE / "corpus"

# canonical name -> (type, aliases, optional)
# Releases, plans, versions and named features fold into their product
# (Langfuse Cloud -> Langfuse, CodeRabbit Pro -> CodeRabbit, GroqCloud -> Groq,
#  Llama 3.3 70B -> Llama, Qwen2.5-32B -> Qwen, tinyBLAS -> llamafile, ...).
# Optional entities are incidental (platforms, hosting, people, formats): an
# extractor may emit them without penalty, and they are kept out of the
# per-quote entity lists so they are never required.
ENTITIES = {
    # ---- subjects
    "Langfuse": ("Product", ["langfuse", "Langfuse Cloud", "Langfuse v3"], False),
    "Helicone": ("Product", ["helicone", "Helicone Pro"], False),
    "Browserbase": ("Product", [], False),
    "Browser Use": ("Product", ["browser-use", "browser_use", "Browser Use Cloud"], False),
    "CodeRabbit": ("Product", ["CodeRabbit Pro", "coderabbit"], False),
    "Greptile": ("Product", ["greptile"], False),
    "LM Studio": ("Product", ["LM Studio 0.3", "lms", "lms CLI", "LMStudio"], False),
    "llamafile": ("Product", ["Mozilla llamafile", "tinyBLAS", "llamafiles"], False),
    "Turbopuffer": ("Product", ["turbopuffer", "tpuf"], False),
    "Meilisearch": ("Product", ["Meili", "meilisearch", "Meilisearch Cloud",
                                "Meilisearch Community Edition", "Community Edition"], False),
    "Groq": ("Product", ["GroqCloud", "Groq Cloud", "groq"], False),
    "Cerebras": ("Product", ["Cerebras Inference", "Cerebras Cloud"], False),
    # ---- other products
    "LangSmith": ("Product", [], False),
    "Arize Phoenix": ("Product", ["Phoenix", "Arize"], False),
    "Braintrust": ("Product", [], False),
    "LangChain": ("Product", [], False),
    "Vercel AI SDK": ("Product", ["AI SDK"], False),
    "Weights & Biases Weave": ("Product", ["W&B Weave", "Weave", "wandb weave"], False),
    "Amazon S3": ("Product", ["S3", "AWS S3"], False),
    "Cloudflare Workers": ("Product", ["Workers"], False),
    "Playwright": ("Product", [], False),
    "Stagehand": ("Product", [], False),
    "Steel": ("Product", ["Steel.dev"], False),
    "Hyperbrowser": ("Product", [], False),
    "Anchor Browser": ("Product", ["Anchor"], False),
    "GPT-4.1": ("Product", ["gpt-4.1"], False),
    "Claude Sonnet 4": ("Product", ["Sonnet 4", "Claude"], False),
    "Operator": ("Product", ["OpenAI Operator"], False),
    "Claude Computer Use": ("Product", ["computer use", "Anthropic computer use"], False),
    "Cloudflare Browser Rendering": ("Product", ["Browser Rendering"], False),
    "Playwright MCP": ("Product", ["Playwright MCP server"], False),
    "Claude Code": ("Product", [], False),
    "Cursor": ("Product", [], False),
    "Graphite": ("Product", ["Graphite reviewer", "Graphite Diamond", "Graphite Agent"], False),
    "GitHub Copilot": ("Product", ["Copilot", "Copilot code review", "Copilot review",
                                   "GitHub Copilot code review"], False),
    "PR-Agent": ("Product", ["Qodo PR-Agent", "Qodo Merge"], False),
    "llama.cpp": ("Product", ["llamacpp", "llama-cpp"], False),
    "Qwen": ("Product", ["Qwen2.5-32B", "Qwen2.5", "Qwen 2.5"], False),
    "Jan": ("Product", [], False),
    "GPT4All": ("Product", [], False),
    "Ollama": ("Product", [], False),
    "Gemma 3": ("Product", ["Gemma 3 12B", "Gemma"], False),
    "Obsidian": ("Product", [], False),
    "Notion": ("Product", [], False),
    "Linear": ("Product", [], False),
    "Typesense": ("Product", [], False),
    "Algolia": ("Product", [], False),
    "Elasticsearch": ("Product", [], False),
    "OpenSearch": ("Product", [], False),
    "Vespa": ("Product", [], False),
    "WSE-3": ("Product", ["Wafer-Scale Engine 3", "WSE"], False),
    "Llama": ("Product", ["Llama 3.3 70B", "Llama 3.1 8B", "Llama 3.1 8B Instant", "Llama 3.3"], False),
    "SambaNova": ("Product", ["SambaNova Cloud"], False),
    "Together AI": ("Product", ["Together"], False),
    "Fireworks AI": ("Product", ["Fireworks"], False),
    "NVIDIA Blackwell": ("Product", ["Blackwell"], False),
    "Le Chat": ("Product", ["Mistral Le Chat"], False),
    "Perplexity": ("Product", [], False),
    "Whisper": ("Product", ["Whisper large-v3"], False),
    # ---- organizations
    "Datadog": ("Organization", [], False),
    "Vercel": ("Organization", [], False),
    "OpenAI": ("Organization", [], False),
    "Anthropic": ("Organization", [], False),
    "Cloudflare": ("Organization", [], False),
    "Felicis": ("Organization", ["Felicis Ventures"], False),
    "Microsoft": ("Organization", [], False),
    "Qodo": ("Organization", ["CodiumAI"], False),
    "Y Combinator": ("Organization", ["YC", "YC-backed"], False),
    "Mozilla": ("Organization", ["Mozilla Builders"], False),
    "Elastic": ("Organization", [], False),
    "NVIDIA": ("Organization", ["Nvidia"], False),
    "Mistral AI": ("Organization", ["Mistral"], False),
    # ---- technologies
    "ClickHouse": ("Technology", [], False),
    "PostgreSQL": ("Technology", ["Postgres"], False),
    "Redis": ("Technology", [], False),
    "OpenTelemetry": ("Technology", ["OTel", "OpenTelemetry GenAI conventions"], False),
    "Chrome DevTools Protocol": ("Technology", ["CDP"], False),
    "Cosmopolitan Libc": ("Technology", ["Cosmopolitan", "cosmo"], False),
    "MLX": ("Technology", ["MLX engine"], False),
    # ---- licenses
    "MIT": ("License", ["MIT license", "MIT License"], False),
    "Apache 2.0": ("License", ["Apache License 2.0", "Apache-2.0"], False),
    "AGPL-3.0": ("License", ["AGPL", "AGPLv3", "AGPL 3.0"], False),
    "Business Source License": ("License", ["BUSL", "BSL", "BUSL-1.1", "BSL 1.1"], False),
    "SSPL": ("License", ["Server Side Public License"], False),
    # ---- platforms
    "GitLab": ("Platform", [], False),
    "Azure DevOps": ("Platform", ["ADO"], False),
    # ---- incidental: may or may not be emitted
    "Next.js": ("Technology", [], True),
    "Chromium": ("Product", ["Chrome", "headless Chrome"], True),
    "Python": ("Technology", [], True),
    "GitHub": ("Organization", ["GitHub app"], True),
    "MCP": ("Technology", ["Model Context Protocol"], True),
    "SOC 2": ("Technology", ["SOC 2 Type II"], True),
    "macOS": ("Platform", [], True),
    "Linux": ("Platform", [], True),
    "Windows": ("Platform", [], True),
    "BSD": ("Platform", ["BSDs", "the BSDs"], True),
    "Justine Tunney": ("Person", [], True),
    "GGUF": ("Technology", [], True),
    "Apple Silicon": ("Platform", ["M3 Max"], True),
    "Apple": ("Organization", [], True),
    "Electron": ("Technology", [], True),
    "BM25": ("Technology", [], True),
    "Shopify": ("Organization", [], True),
    "Simon Eskildsen": ("Person", [], True),
    "Rust": ("Technology", [], True),
    "Docker": ("Technology", ["docker"], True),
    "Raft": ("Technology", ["raft"], True),
    "Hetzner": ("Organization", [], True),
    "Groq LPU": ("Product", ["LPU"], True),
    "HBM": ("Technology", [], True),
    "PDF": ("Technology", [], True),
}

DOCS = {
    "000_langfuse_helicone.txt": ["Langfuse", "Helicone"],
    "001_browserbase_browseruse.txt": ["Browserbase", "Browser Use"],
    "002_coderabbit_greptile.txt": ["CodeRabbit", "Greptile"],
    "003_lmstudio_llamafile.txt": ["LM Studio", "llamafile"],
    "004_turbopuffer_meilisearch.txt": ["Turbopuffer", "Meilisearch"],
    "005_groq_cerebras.txt": ["Groq", "Cerebras"],
}


def Q(start, subject, perspective, verdict, stance, entities, relations, claims):
    return {"start": start, "subject": subject, "perspective": perspective, "verdict": verdict, "stance": stance,
                "entities": entities, "relations": relations, "claims": claims}


L, H = "Langfuse", "Helicone"
BB, BU = "Browserbase", "Browser Use"
CR, GR = "CodeRabbit", "Greptile"
LMS, LF = "LM Studio", "llamafile"
TP, MS = "Turbopuffer", "Meilisearch"
GQ, CB = "Groq", "Cerebras"

# (document, quote position) -> annotation
ANN = {
    # ------------------------------------------------------------ Langfuse vs Helicone
    ("000_langfuse_helicone.txt", 0): Q(
        "We self-host langfuse on one 8 vCPU box", L, "testimonial", "ship", "positive",
        [L, "ClickHouse", "PostgreSQL", "Redis", "Amazon S3"],
        [R("depends_on", L, "ClickHouse"),
         R("depends_on", L, "PostgreSQL", optional=True),
         R("depends_on", L, "Redis", optional=True),
         R("depends_on", L, "Amazon S3", optional=True)],
        [C(L, "metric", "now opens in under a second", value=1, unit="s"),
         C(L, "metric", "used to take ~6s on our biggest project", optional=True, value=6, unit="s"),
         C(L, "limitation", "you're now running Postgres, ClickHouse, Redis and an S3 bucket just to look at traces"),
         C(L, "capability", "We self-host langfuse on one 8 vCPU box", optional=True)]),
    ("000_langfuse_helicone.txt", 1): Q(
        "helicone's whole pitch fits on a sticky note", H, "primitive", None, "mixed",
        [H, "Cloudflare Workers"],
        [R("depends_on", H, "Cloudflare Workers")],
        [C(H, "capability", "swap your base URL, get logging"),
         C(H, "capability", "No SDK, no decorators, nothing to instrument", optional=True),
         C(H, "metric", "I measured a p50 of 8ms from Frankfurt", value=8, unit="ms"),
         C(H, "metric", "the docs say 10–20ms", optional=True, value=[10, 20], unit="ms"),
         C(H, "credibility", "the docs say 10–20ms", optional=True, credibility="self-reported"),
         C(H, "limitation", "anything that doesn't go over HTTP to a model provider (your retrieval step, "
                            "your tool calls) stays invisible")]),
    ("000_langfuse_helicone.txt", 2): Q(
        "If you're shopping for LLM tracing right now", L, "competition", None, "positive",
        [L, "LangSmith", "Arize Phoenix", "Braintrust", H, "LangChain", "MIT"],
        # Helicone "sits in a slightly different bucket": negated, no relation.
        [R("competes_with", L, "LangSmith"),
         R("competes_with", L, "Arize Phoenix"),
         R("competes_with", L, "Braintrust"),
         R("competes_with", "LangSmith", "Arize Phoenix", optional=True),
         R("competes_with", "LangSmith", "Braintrust", optional=True),
         R("competes_with", "Arize Phoenix", "Braintrust", optional=True),
         R("depends_on", "LangSmith", "LangChain", optional=True)],
        [C(L, "license", "the core is MIT", value="MIT"),
         C(L, "capability", "self-hosting isn't an afterthought", optional=True),
         C(L, "comparison", "LangSmith wins if you're all-in on LangChain", optional=True)]),
    ("000_langfuse_helicone.txt", 3): Q(
        "Pricing math for our team, fwiw", H, "business", None, "positive",
        [H, L],
        [R("competes_with", H, L, optional=True)],
        [C(H, "pricing", "Helicone Pro was $20/seat/month", value=20, unit="USD/seat/month"),
         C(H, "metric", "~2.1M requests/month", optional=True, value=2.1e6, unit="requests/month"),
         C(L, "pricing", "it bills per 'unit' (traces + observations + scores)", optional=True),
         C(L, "risk", "the invoice swung wildly month to month", optional=True)]),
    ("000_langfuse_helicone.txt", 4): Q(
        "Hot take: standalone LLM observability", H, "thesis", None, "mixed",
        [H, "Datadog", "OpenTelemetry"],
        [R("threatens", "Datadog", H, horizon="18 months"),
         R("threatens", "OpenTelemetry", H, optional=True, horizon="18 months")],
        [C(H, "prediction", "Within 18 months Datadog and the OpenTelemetry GenAI conventions will have eaten "
                            "the 'log my prompts' layer", horizon="18 months"),
         C(H, "dependency", "teams actually routing prod traffic through a third-party proxy"),
         C(H, "capability", "caching, rate limits, fallbacks across providers", optional=True),
         C(H, "business", "standalone LLM observability is a feature, not a company", optional=True)]),
    ("000_langfuse_helicone.txt", 5): Q(  # never names its subject
        "What I actually needed was boring", L, "jtbd", None, "mixed",
        [L],
        [],
        [C(L, "capability", "push it into a dataset with one click"),
         C(L, "limitation", "there's no real review/approval step"),
         C(L, "capability", "versions and labels are fine", optional=True)]),
    ("000_langfuse_helicone.txt", 6): Q(
        "Be a little careful with the '2 billion+", H, "risk", None, "negative",
        [H],
        [],
        [C(H, "credibility", "it's self-reported, with no breakdown of how much is free-tier hobby traffic",
           credibility="self-reported"),
         C(H, "metric", "'2 billion+ requests logged'", optional=True, value=2e9, unit="requests"),
         C(H, "limitation", "the open-source repo lags the hosted product"),
         C(H, "limitation", "were cloud-only when we looked in March", optional=True)]),
    ("000_langfuse_helicone.txt", 7): Q(  # names other products, no relation cue
        "Small shoutout: langfuse's @observe decorator", L, "testimonial", None, "positive",
        [L, "Vercel AI SDK", "Vercel", "Weights & Biases Weave"],
        [R("developed_by", "Vercel AI SDK", "Vercel")],
        [C(L, "metric", "had our Next.js app fully traced in about 15 minutes", value=15, unit="minutes"),
         C(L, "capability", "langfuse's @observe decorator plus the AI SDK integration", optional=True)]),

    # ------------------------------------------------------------ Browserbase vs Browser Use
    ("001_browserbase_browseruse.txt", 0): Q(
        "1/ browser-use is an open-source Python lib", BU, "primitive", None, "positive",
        [BU, "MIT", "Playwright", "Chrome DevTools Protocol"],
        [R("depends_on", BU, "Chrome DevTools Protocol"),
         R("depends_on", BU, "Playwright", optional=True)],  # past tense: "used to wrap"
        [C(BU, "capability", "hand it an LLM and a task in plain English and it drives a real Chromium"),
         C(BU, "license", "MIT licensed", value="MIT"),
         C(BU, "metric", "~60k GitHub stars", value=60000, unit="stars"),
         C(BU, "capability", "now talk to the browser over raw CDP", optional=True),
         C(BU, "capability", "the agent loop is basically screenshot + DOM dump -> LLM -> click", optional=True)]),
    ("001_browserbase_browseruse.txt", 1): Q(
        "Browserbase sells the boring half of the problem", BB, "primitive", None, "neutral",
        [BB, "Stagehand", "Playwright", "Chrome DevTools Protocol"],
        [R("developed_by", "Stagehand", BB),
         R("depends_on", "Stagehand", "Playwright"),
         R("depends_on", BB, "Chromium", optional=True)],
        [C(BB, "capability", "fleets of headless Chrome that spin up in a few hundred ms"),
         C(BB, "capability", "stealth mode, captcha solving, session recordings and a residential proxy pool",
           optional=True),
         C(BB, "capability", "point any CDP client at a session", optional=True),
         C(BB, "pricing", "Hobby plan is $39/mo", value=39, unit="USD/month"),
         C(BB, "pricing", "extra browser hours run about $0.10/hr", value=0.10, unit="USD/hour")]),
    ("001_browserbase_browseruse.txt", 2): Q(
        "Honestly Browserbase isn't really competing with browser-use", BB, "competition", None, "neutral",
        [BB, BU, "Steel", "Hyperbrowser", "Anchor Browser"],
        # "isn't really competing with browser-use": negated, only optional.
        [R("competes_with", BB, "Steel"),
         R("competes_with", BB, "Hyperbrowser"),
         R("competes_with", BB, "Anchor Browser"),
         R("competes_with", "Steel", "Hyperbrowser", optional=True),
         R("competes_with", "Steel", "Anchor Browser", optional=True),
         R("competes_with", "Hyperbrowser", "Anchor Browser", optional=True),
         R("threatens", BU, BB, horizon="next quarter"),
         R("competes_with", BB, BU, optional=True),
         R("depends_on", BU, BB, optional=True)],
        [C(BB, "risk", "if their stealth and proxy features land next quarter, Browserbase has a problem",
           horizon="next quarter"),
         C(BU, "capability", "browser-use now has its own cloud", optional=True)]),
    ("001_browserbase_browseruse.txt", 3): Q(
        "Ran our internal 50-task suite", BU, "testimonial", None, "mixed",
        [BU, "GPT-4.1", "Claude Sonnet 4"],
        [],
        [C(BU, "metric", "With gpt-4.1 it finished 37/50", value=37, unit="tasks"),
         C(BU, "metric", "with Claude Sonnet 4 it was 41/50", value=41, unit="tasks"),
         C(BU, "metric", "Each run burned ~90k tokens on average", value=90000, unit="tokens"),
         C(BU, "limitation", "anything behind 2FA still needs a human in the loop"),
         C(BU, "limitation", "it just isn't cheap", optional=True)]),
    ("001_browserbase_browseruse.txt", 4): Q(
        "The risk for Browserbase isn't another startup", BB, "risk", None, "negative",
        [BB, "OpenAI", "Anthropic", "Operator", "Claude Computer Use", "Cloudflare Browser Rendering",
         "Cloudflare"],
        [R("threatens", "OpenAI", BB, horizon="2026"),
         R("threatens", "Anthropic", BB, horizon="2026"),
         R("threatens", "Operator", BB, optional=True, horizon="2026"),
         R("threatens", "Claude Computer Use", BB, optional=True, horizon="2026"),
         R("threatens", "Cloudflare Browser Rendering", BB),
         R("threatens", "Cloudflare", BB, optional=True),
         R("developed_by", "Operator", "OpenAI"),
         R("developed_by", "Claude Computer Use", "Anthropic"),
         R("developed_by", "Cloudflare Browser Rendering", "Cloudflare")],
        [C(BB, "risk", "if either opens that up as a cheap API by Q3 2026, the standalone browser-infra layer "
                       "gets squeezed hard", horizon="2026"),
         C("Cloudflare Browser Rendering", "pricing", "roughly $0.09 per browser hour", optional=True,
           value=0.09, unit="USD/hour")]),
    ("001_browserbase_browseruse.txt", 5): Q(
        "Browser Use raised a $17M seed", BU, "business", None, "positive",
        [BU, "Felicis", "MIT", BB],
        [R("competes_with", BU, BB, optional=True)],  # "the same bet ... from the other side"
        [C(BU, "business", "raised a $17M seed (Felicis led)"),
         C(BU, "license", "the library stays MIT", value="MIT"),
         C(BU, "dependency", "nobody wants to babysit a fleet of Chromium processes and rotating proxies"),
         C(BU, "pricing", "charges per task and per step", optional=True)]),
    ("001_browserbase_browseruse.txt", 6): Q(
        "For coding agents I've stopped reaching for browser-use", BU, "competition", "no_ship", "negative",
        [BU, "Playwright MCP", "Microsoft", "Claude Code", "Cursor"],
        [R("competes_with", BU, "Playwright MCP"),
         R("developed_by", "Playwright MCP", "Microsoft"),
         R("depends_on", "Playwright MCP", "Playwright", optional=True)],
        [C("Playwright MCP", "comparison", "each step is faster and a lot cheaper", optional=True),
         C("Playwright MCP", "capability", "hands Claude Code or Cursor the accessibility tree instead of screenshots",
           optional=True)]),
    ("001_browserbase_browseruse.txt", 7): Q(
        "We've pushed ~12k sessions a day", BB, "testimonial", None, "positive",
        [BB],
        [],
        [C(BB, "metric", "~12k sessions a day", value=12000, unit="sessions/day"),
         C(BB, "capability", "Session replay alone justified the contract", optional=True)]),

    # ------------------------------------------------------------ CodeRabbit vs Greptile
    ("002_coderabbit_greptile.txt", 0): Q(
        "Procurement summary (platform team, 42 engineers)", CR, "business", "ship", "positive",
        [CR, GR],
        [R("competes_with", CR, GR, optional=True)],
        [C(CR, "pricing", "CodeRabbit Pro: $24/dev/month billed annually", value=24, unit="USD/dev/month"),
         C(GR, "pricing", "Greptile: $30/dev/month", value=30, unit="USD/dev/month"),
         C(CR, "pricing", "free on public repos", optional=True, value=0, unit="USD"),
         C(GR, "limitation", "self-hosting only on the enterprise plan", optional=True)]),
    ("002_coderabbit_greptile.txt", 1): Q(
        "greptile's trick is that it indexes the whole repo", GR, "primitive", None, "positive",
        [GR, CR],
        [R("competes_with", GR, CR, optional=True)],
        [C(GR, "capability", "indexes the whole repo into a code graph before it reviews anything"),
         C(GR, "metric", "Greptile caught 11 of 14", value=11, unit="bugs"),
         C(CR, "metric", "CodeRabbit caught 6", value=6, unit="bugs"),
         C(CR, "limitation", "CodeRabbit mostly reasons over the diff", optional=True)]),
    ("002_coderabbit_greptile.txt", 2): Q(
        "CodeRabbit on our main repo, week one", CR, "testimonial", None, "mixed",
        [CR],
        [],
        [C(CR, "metric", "214 comments across 31 PRs", value=214, unit="comments"),
         C(CR, "metric", "Useful ones? Maybe 40", optional=True, value=40, unit="comments"),
         C(CR, "limitation", "out of the box it's the intern who read a style guide last night"),
         C(CR, "capability", "You can tune it with a .coderabbit.yaml and path filters", optional=True)]),
    ("002_coderabbit_greptile.txt", 3): Q(
        "If Greptile didn't exist, Graphite's reviewer", GR, "competition", None, "mixed",
        [GR, "Graphite", "GitHub Copilot", "PR-Agent", "Qodo"],
        [R("competes_with", GR, "Graphite"),
         R("competes_with", GR, "GitHub Copilot"),
         R("competes_with", GR, "PR-Agent"),
         R("competes_with", "Graphite", "GitHub Copilot", optional=True),
         R("competes_with", "Graphite", "PR-Agent", optional=True),
         R("competes_with", "GitHub Copilot", "PR-Agent", optional=True),
         R("developed_by", "PR-Agent", "Qodo")],
        [C(GR, "metric", "median time to first review for us was 3m40s", value=220, unit="s"),
         C(GR, "limitation", "depth is slow", optional=True),
         C(GR, "comparison", "Greptile's edge is depth", optional=True)]),
    ("002_coderabbit_greptile.txt", 4): Q(
        "Prediction: review bots get bundled", CR, "thesis", None, "negative",
        [CR, "GitHub Copilot", "Graphite"],
        [R("threatens", "GitHub Copilot", CR, horizon="12 months"),
         R("threatens", "GitHub", CR, optional=True, horizon="12 months"),
         R("developed_by", "GitHub Copilot", "GitHub", optional=True)],
        [C(CR, "prediction", "GitHub will make Copilot review the default on every Enterprise seat within a year",
           horizon="12 months"),
         C(CR, "risk", "a standalone CodeRabbit subscription is a hard sell to any CFO", optional=True),
         C("Graphite", "capability", "their reviewer ships inside the stacked-PR workflow", optional=True)]),
    ("002_coderabbit_greptile.txt", 5): Q(
        "Greptile's landing page claims", GR, "risk", None, "mixed",
        [GR],
        [],
        [C(GR, "credibility", "No methodology, no public dataset", credibility="unverified"),
         C(GR, "metric", "catches 3x more bugs", optional=True, value=3, unit="x"),
         C(GR, "credibility", "their own benchmark post runs the other tools on default settings", optional=True,
           credibility="disputed")]),
    ("002_coderabbit_greptile.txt", 6): Q(  # never names its subject
        "zero config: installed the GitHub app", CR, "testimonial", None, "positive",
        [CR, "GitLab", "Azure DevOps"],
        [],
        [C(CR, "capability", "the comments were on point from the first PR"),
         C(CR, "platform", "Works on GitLab and Azure DevOps too", value=["GitLab", "Azure DevOps"]),
         C(CR, "capability", "the sequence diagrams it draws in the PR summary", optional=True)]),
    ("002_coderabbit_greptile.txt", 7): Q(  # never names its subject
        "YC-backed, small team", GR, "business", None, "neutral",
        [GR, "Y Combinator"],
        [],
        [C(GR, "dependency", "embedding and LLM inference costs keep falling ~10x every couple of years"),
         C(GR, "risk", "either the price goes up or the index gets shallower", optional=True),
         C(GR, "limitation", "one expensive index per repo that gets rebuilt on every merge to main", optional=True)]),

    # ------------------------------------------------------------ LM Studio vs llamafile
    ("003_lmstudio_llamafile.txt", 0): Q(
        "Mozilla's llamafile is still the most delightful hack", LF, "primitive", None, "positive",
        [LF, "Mozilla", "llama.cpp", "Cosmopolitan Libc", "Apache 2.0"],
        [R("developed_by", LF, "Mozilla"),
         R("depends_on", LF, "llama.cpp"),
         R("depends_on", LF, "Cosmopolitan Libc")],
        [C(LF, "platform", "runs on macOS, Linux, Windows and the BSDs", value=["macOS", "Linux", "Windows", "BSD"]),
         C(LF, "license", "it's Apache 2.0", value="Apache 2.0"),
         C(LF, "capability", "a single ~4GB file that runs on macOS, Linux, Windows and the BSDs without installing "
                             "anything", optional=True),
         C(LF, "metric", "a single ~4GB file", optional=True, value=4, unit="GB")]),
    ("003_lmstudio_llamafile.txt", 1): Q(
        "On an M3 Max with 64GB", LMS, "testimonial", None, "positive",
        [LMS, "MLX", "llama.cpp", "Qwen"],
        [R("depends_on", LMS, "MLX"),
         R("depends_on", LMS, "llama.cpp", optional=True)],
        [C(LMS, "metric", "~21 tok/s on Qwen2.5-32B at 4-bit", value=21, unit="tok/s"),
         C(LMS, "metric", "~15 tok/s through the GGUF/llama.cpp runtime", optional=True, value=15, unit="tok/s"),
         C(LMS, "platform", "If you're on Apple Silicon", optional=True, value="Apple Silicon")]),
    ("003_lmstudio_llamafile.txt", 2): Q(
        "LM Studio's real rivals are Jan and GPT4All", LMS, "competition", None, "neutral",
        [LMS, "Jan", "GPT4All", "Ollama", LF],
        # Ollama: negated ("not really competing"), no relation.  llamafile: hedged, counts.
        [R("competes_with", LMS, "Jan"),
         R("competes_with", LMS, "GPT4All"),
         R("competes_with", "Jan", "GPT4All", optional=True),
         R("competes_with", LF, LMS)],
        [C("Ollama", "capability", "Ollama is a daemon for developers", optional=True)]),
    ("003_lmstudio_llamafile.txt", 3): Q(
        "The thing that keeps LM Studio off our approved-software list", LMS, "risk", "no_ship", "negative",
        [LMS, "MIT", "Jan", "AGPL-3.0", "Apache 2.0"],
        [R("depends_on", LMS, "Electron", optional=True)],
        [C(LMS, "license", "the app itself is closed source", value="proprietary"),
         C(LMS, "license", "The lms CLI and the SDKs are MIT", optional=True, value="MIT"),
         C(LMS, "pricing", "free for work use since mid-2025", optional=True, value=0, unit="USD"),
         C(LMS, "limitation", "a proprietary Electron binary we can't audit", optional=True),
         C("Jan", "license", "Jan went from AGPL to Apache 2.0", optional=True, value="Apache 2.0")]),
    ("003_lmstudio_llamafile.txt", 4): Q(
        "My worry with llamafile is the commit graph", LF, "risk", None, "negative",
        [LF, "llama.cpp", "Ollama", LMS, "Mozilla"],
        [R("depends_on", LF, "llama.cpp", optional=True),
         R("developed_by", LF, "Mozilla", optional=True)],
        [C(LF, "limitation", "llamafile's vendored copy has gone quiet for months at a stretch"),
         C(LF, "risk", "I'd give it 12 months before it's a museum piece", horizon="12 months"),
         C(LF, "comparison", "new model architectures show up in Ollama and LM Studio weeks earlier", optional=True)]),
    ("003_lmstudio_llamafile.txt", 5): Q(  # never names its subject
        "My use case is dumb and specific", LMS, "jtbd", None, "positive",
        [LMS],
        [],
        [C(LMS, "capability", "a local server on localhost:1234 that my existing scripts can hit without code changes"),
         C(LMS, "capability", "Headless mode (runs as a service, no window)", optional=True)]),
    ("003_lmstudio_llamafile.txt", 6): Q(
        "The long bet behind llamafile", LF, "thesis", None, "positive",
        [LF],
        [],
        [C(LF, "prediction", "by 2027 'grab the model as a single executable' will be normal in air-gapped shops",
           horizon="2027"),
         C(LF, "dependency", "CPU inference keeps getting faster"),
         C(LF, "metric", "made prompt processing on CPU 2-5x faster", optional=True, value=[2, 5], unit="x")]),
    ("003_lmstudio_llamafile.txt", 7): Q(  # names other products, no relation cue
        "Spent a 6-hour flight with LM Studio", LMS, "testimonial", None, "positive",
        [LMS, "Gemma 3", "Obsidian"],
        [],
        [C(LMS, "capability", "answers were good enough", optional=True),
         C(LMS, "metric", "battery landed at 20%", optional=True, value=20, unit="%")]),

    # ------------------------------------------------------------ turbopuffer vs Meilisearch
    ("004_turbopuffer_meilisearch.txt", 0): Q(
        "turbopuffer, in one breath", TP, "primitive", None, "positive",
        [TP, "Amazon S3"],
        [R("depends_on", TP, "Amazon S3")],
        [C(TP, "metric", "cold namespace query p90 ~400ms", value=400, unit="ms"),
         C(TP, "metric", "warm ~10ms", value=10, unit="ms"),
         C(TP, "comparison", "roughly 10x cheaper than keeping everything in memory"),
         C(TP, "capability", "vectors + BM25 full-text", optional=True),
         C(TP, "capability", "durability is S3's problem, not yours", optional=True)]),
    ("004_turbopuffer_meilisearch.txt", 1): Q(
        "Cursor moved its codebase index onto turbopuffer", TP, "business", None, "positive",
        [TP, "Cursor", "Notion", "Linear"],
        [R("depends_on", "Cursor", TP),
         R("depends_on", "Notion", TP, optional=True),
         R("depends_on", "Linear", TP, optional=True)],
        [C(TP, "metric", "cut that bill by ~95%", value=95, unit="%"),
         C(TP, "credibility", "reportedly cut that bill by ~95%", credibility="unverified")]),
    ("004_turbopuffer_meilisearch.txt", 2): Q(
        "meilisearch is what I install", MS, "primitive", None, "positive",
        [MS, "OpenAI", "Ollama"],
        [R("depends_on", MS, "OpenAI", optional=True),
         R("depends_on", MS, "Ollama", optional=True)],
        [C(MS, "capability", "typo-tolerant search-as-you-type"),
         C(MS, "metric", "results in under 50ms on our 2M-product catalog", value=50, unit="ms"),
         C(MS, "capability", "Hybrid search (keyword + embeddings) is built in now"),
         C(MS, "capability", "Single Rust binary, one docker run, sane defaults", optional=True)]),
    ("004_turbopuffer_meilisearch.txt", 3): Q(
        "Meilisearch and Typesense are chasing the same buyers", MS, "competition", None, "positive",
        [MS, "Typesense", "Algolia", "Elasticsearch"],
        # Elasticsearch: "Neither is trying to be", no relation.
        [R("competes_with", MS, "Algolia"),
         R("competes_with", "Typesense", "Algolia"),
         R("competes_with", MS, "Typesense")],
        [C(MS, "comparison", "I'd take Meili for the DX", optional=True),
         C("Typesense", "capability", "raft-based HA clustering", optional=True)]),
    ("004_turbopuffer_meilisearch.txt", 4): Q(
        "Licensing check before we commit to Meilisearch", MS, "business", None, "positive",
        [MS, "MIT", "Business Source License", "Elastic", "SSPL", "AGPL-3.0"],
        [],
        [C(MS, "license", "Community Edition is MIT", value="MIT"),
         C(MS, "license", "sit under the Business Source License", optional=True, value="Business Source License"),
         C(MS, "pricing", "Meilisearch Cloud starts at $30/month", value=30, unit="USD/month")]),
    ("004_turbopuffer_meilisearch.txt", 5): Q(
        "turbopuffer is great right up until", TP, "risk", None, "negative",
        [TP, "PostgreSQL", "OpenSearch"],
        [R("competes_with", TP, "OpenSearch", optional=True)],
        [C(TP, "limitation", "No joins, no transactions across namespaces"),
         C(TP, "pricing", "$64/month minimum", value=64, unit="USD/month"),
         C(TP, "license", "closed source", value="proprietary"),
         C(TP, "platform", "cloud-only", optional=True, value="cloud"),
         C(TP, "risk", "if they vanish, your export script is your disaster-recovery plan", optional=True),
         C(TP, "limitation", "filtering is decent but not Postgres-level", optional=True)]),
    ("004_turbopuffer_meilisearch.txt", 6): Q(
        "My read: object-storage-native engines", TP, "thesis", None, "positive",
        [TP, "Elasticsearch", "OpenSearch", "Vespa"],
        # Vespa: "a different fight", no relation.
        [R("threatens", TP, "Elasticsearch", horizon="18 months"),
         R("threatens", TP, "OpenSearch", horizon="18 months")],
        [C(TP, "prediction", "will take the long tail of vector workloads from Elasticsearch and OpenSearch over "
                             "the next 18 months", horizon="18 months"),
         C(TP, "metric", "500M embeddings", optional=True, value=5e8, unit="embeddings")]),
    ("004_turbopuffer_meilisearch.txt", 7): Q(
        "Moved a Shopify storefront's search off Algolia", MS, "testimonial", "ship", "positive",
        [MS, "Algolia"],
        [R("competes_with", MS, "Algolia", optional=True)],  # migration story only
        [C(MS, "pricing", "€8.50/month instead of ~$400", value=8.5, unit="EUR/month"),
         C(MS, "limitation", "Lost merchandising rules and most of the analytics")]),

    # ------------------------------------------------------------ Groq vs Cerebras
    ("005_groq_cerebras.txt", 0): Q(
        "Cerebras built the whole stack around one absurd chip", CB, "primitive", None, "positive",
        [CB, "WSE-3", "Llama"],
        [R("developed_by", "WSE-3", CB),
         R("depends_on", CB, "WSE-3")],
        [C(CB, "metric", "~2,100 tok/s on Llama 3.3 70B", value=2100, unit="tok/s"),
         C(CB, "metric", "44GB of on-chip SRAM", optional=True, value=44, unit="GB"),
         C(CB, "capability", "puts a 1,500-token answer on screen in under a second", optional=True),
         C(CB, "comparison", "Nothing else we tested was in the same zip code", optional=True)]),
    ("005_groq_cerebras.txt", 1): Q(
        "groq just bumped Llama 3.1 8B Instant", GQ, "testimonial", None, "positive",
        [GQ, "Llama"],
        [R("depends_on", GQ, "Groq LPU", optional=True)],
        [C(GQ, "metric", "750+ tok/s", value=750, unit="tok/s"),
         C(GQ, "pricing", "$0.05 per million input tokens", value=0.05, unit="USD/1M input tokens"),
         C(GQ, "limitation", "if your model isn't on it, you can't bring it"),
         C(GQ, "capability", "deterministic, compiler-scheduled, no HBM", optional=True)]),
    ("005_groq_cerebras.txt", 2): Q(
        "For sub-second agents the shortlist is short", GQ, "competition", None, "neutral",
        [GQ, CB, "SambaNova", "Together AI", "Fireworks AI"],
        # Together AI / Fireworks AI: "I wouldn't call them competitors", no relation here.
        [R("competes_with", GQ, CB),
         R("competes_with", GQ, "SambaNova"),
         R("competes_with", CB, "SambaNova", optional=True)],
        [C("Together AI", "capability", "breadth of models, fine-tuning, dedicated deployments", optional=True)]),
    ("005_groq_cerebras.txt", 3): Q(
        "Vendor memo, fast-inference tier, FY26", CB, "business", None, "mixed",
        [CB, "Llama", GQ],
        [R("competes_with", CB, GQ, optional=True)],
        [C(CB, "pricing", "$0.85/M input", value=0.85, unit="USD/1M input tokens"),
         C(CB, "pricing", "$1.20/M output", value=1.20, unit="USD/1M output tokens"),
         C(CB, "limitation", "Self-serve rate limits were our bottleneck"),
         C(CB, "comparison", "roughly 40% above Groq for the same model", optional=True),
         C(CB, "business", "the enterprise contract lifts them but wants a 12-month commit", optional=True),
         C(CB, "metric", "~60 concurrent agents", optional=True, value=60, unit="agents")]),
    ("005_groq_cerebras.txt", 4): Q(
        "What worries me about betting on Groq", GQ, "risk", None, "mixed",
        [GQ, "NVIDIA", "NVIDIA Blackwell", CB],
        [R("threatens", "NVIDIA", GQ, horizon="18 months"),
         R("threatens", "NVIDIA Blackwell", GQ, optional=True, horizon="18 months"),
         R("threatens", CB, GQ, horizon="18 months"),
         R("developed_by", "NVIDIA Blackwell", "NVIDIA")],
        [C(GQ, "risk", "the whole edge is hardware, and hardware edges decay"),
         C(GQ, "prediction", "will close much of the per-user latency gap within 18 months", horizon="18 months"),
         C(GQ, "limitation", "big models need hundreds of Groq chips racked together", optional=True)]),
    ("005_groq_cerebras.txt", 5): Q(  # never names its subject
        "Wafer-scale was a punchline for years", CB, "thesis", None, "positive",
        [CB, "Le Chat", "Mistral AI", "Perplexity"],
        [R("developed_by", "Le Chat", "Mistral AI"),
         R("depends_on", "Le Chat", CB, optional=True),
         R("depends_on", "Perplexity", CB, optional=True)],
        [C(CB, "metric", "10,000 thinking tokens at 2k tok/s takes 5 seconds", value=2000, unit="tok/s"),
         C(CB, "dependency", "once models think out loud, tokens per second stops being a vanity metric",
           optional=True)]),
    ("005_groq_cerebras.txt", 6): Q(  # names another product, no relation cue
        "Built our voice-agent prototype on GroqCloud", GQ, "testimonial", None, "positive",
        [GQ, "Whisper"],
        [],
        [C(GQ, "capability", "The rate limits were generous enough that we never hit them during demos"),
         C(GQ, "capability", "transcribes faster than real time by a silly margin", optional=True)]),
    ("005_groq_cerebras.txt", 7): Q(
        "Tried to push a 40k-document batch", GQ, "testimonial", "no_ship", "negative",
        [GQ, "Together AI", "Fireworks AI"],
        [R("competes_with", GQ, "Together AI"),
         R("competes_with", GQ, "Fireworks AI")],
        [C(GQ, "limitation", "Rate limits made it unusable"),
         C(GQ, "limitation", "the batch queue sat on us for hours", optional=True),
         C(GQ, "metric", "40k-document batch", optional=True, value=40000, unit="documents")]),
}

# Claims that contradict each other (same subject, opposite assertions).
CONTRADICTIONS = [
    ("CodeRabbit", "out of the box it's the intern who read a style guide last night",
     "the comments were on point from the first PR"),
    ("Groq", "The rate limits were generous enough that we never hit them during demos",
     "Rate limits made it unusable"),
]

PERSPECTIVES = {"primitive", "competition", "thesis", "business", "jtbd", "testimonial", "risk"}
STANCES = {"positive", "negative", "mixed", "neutral"}
REL_TYPES = {"competes_with", "threatens", "depends_on", "developed_by"}
CLAIM_TYPES = {"metric", "pricing", "license", "platform", "prediction", "credibility", "dependency",
               "capability", "limitation", "risk", "comparison", "business"}


def main():
    quotes = {}
    seen = set()
    all_claims = {}
    for doc, subjects in DOCS.items():
        title = (CORPUS / doc).read_text(encoding="utf-8").splitlines()[0]
        assert all(s.lower() in title.lower() for s in subjects), (doc, title)
        for i, text in enumerate(quotes_of(CORPUS / doc)):
            assert (doc, i) in ANN, ("unannotated quote", doc, i)
            ann = dict(ANN[(doc, i)])
            seen.add((doc, i))
            start = ann.pop("start")
            assert text.startswith(start), (doc, i, start, text[:60])
            assert ann["subject"] in subjects, (doc, i)
            assert ann["subject"] in ann["entities"], (doc, i)
            assert ann["perspective"] in PERSPECTIVES and ann["stance"] in STANCES, (doc, i)
            assert ann["verdict"] in (None, "ship", "no_ship"), (doc, i)
            for e in ann["entities"]:
                assert e in ENTITIES, (doc, i, e)
                assert not ENTITIES[e][2], ("optional entity listed on a quote", doc, i, e)
            for r in ann["relations"]:
                assert r["type"] in REL_TYPES, (doc, i, r)
                assert r["source"] in ENTITIES and r["target"] in ENTITIES, (doc, i, r)
                if r["type"] == "threatens" and r["horizon"]:
                    assert r["horizon"] in ("12 months", "18 months", "next quarter", "2026", "2027"), r
                if not r["optional"]:
                    for end in (r["source"], r["target"]):
                        assert end in ann["entities"], ("required relation endpoint not listed", doc, i, end)
            for c in ann["claims"]:
                assert c["type"] in CLAIM_TYPES, (doc, i, c)
                assert c["text"] in text, (doc, i, c["text"])
                assert c["about"] in ENTITIES, (doc, i, c["about"])
                if c["type"] in ("metric", "pricing") and not c["optional"]:
                    assert "value" in c and "unit" in c, (doc, i, c)
                if c["type"] in ("license", "platform") and not c["optional"]:
                    assert "value" in c, (doc, i, c)
                if c["type"] == "prediction":
                    assert c.get("horizon"), (doc, i, c)
                if c["type"] == "credibility":
                    assert c.get("credibility") in ("unverified", "disputed", "self-reported"), (doc, i, c)
                all_claims.setdefault(c["about"], set()).add(c["text"])
            k = key(text)
            assert k not in quotes, ("duplicate quote", doc, i)
            quotes[k] = {"text": text, **ann}
    assert seen == set(ANN), set(ANN) - seen
    for about, a, b in CONTRADICTIONS:
        assert a in all_claims[about] and b in all_claims[about], (about, a, b)
    out = {
        "entities": {k: {"type": t, "aliases": a, "optional": o} for k, (t, a, o) in ENTITIES.items()},
        "documents": DOCS,
        "quotes": quotes,
        "contradictions": [{"about": a, "claim_a": x, "claim_b": y} for a, x, y in CONTRADICTIONS],
    }
    write_gold(HERE, out, f"{len(DOCS)} documents, {len(quotes)} quotes")


if __name__ == "__main__":
    main()
