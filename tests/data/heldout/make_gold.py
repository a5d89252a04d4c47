"""Writes gold.json: the hand annotation of the held-out corpus (corpus/).

Same structure as /work/shared/eval/seed_gold.json.  Annotations are written
here per (document, quote position); the script reads the corpus, keys each
quote by sha1(text)[:8] (the key score.py uses), checks that the quote starts
with the expected words, and asserts that every claim text is a verbatim
substring of its quote and every named entity is declared.

Run:  python3 make_gold.py   (writes gold.json next to itself)
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from gold_kit import C, R, key, quotes_of, write_gold

HERE = pathlib.Path(__file__).resolve().parent
CORPUS = HERE / "corpus"

# canonical name -> (type, aliases, optional)
# Releases, sizes and named features fold into their product (Llama 3.1 70B -> Llama,
# Qwen2.5-Coder 32B -> Qwen, PagedAttention -> vLLM, RadixAttention -> SGLang, ...).
ENTITIES = {
    # subjects
    "vLLM": ("Product", ["PagedAttention"], False),
    "Ollama": ("Product", [], False),
    "Qdrant": ("Product", ["Qdrant Cloud"], False),
    "pgvector": ("Product", ["pgvector 0.8"], False),
    "Aider": ("Product", [], False),
    "Cline": ("Product", [], False),
    "E2B": ("Product", ["Code Interpreter SDK", "E2B Code Interpreter"], False),
    "Daytona": ("Product", [], False),
    "Mem0": ("Product", [], False),
    "Letta": ("Product", ["MemGPT", "Letta server", "Letta ADE"], False),
    "CrewAI": ("Product", ["crewai"], False),
    "DSPy": ("Product", ["MIPROv2"], False),
    "llama.cpp": ("Product", ["llamacpp", "llama-cpp"], False),
    "SGLang": ("Product", ["RadixAttention"], False),
    "Milvus": ("Product", ["Milvus Lite"], False),
    "LanceDB": ("Product", ["LanceDB Cloud"], False),
    # other products
    "Transformers": ("Product", ["HF Transformers", "Hugging Face Transformers"], False),
    "Llama": ("Product", ["Llama 3.1", "Llama 3.1 70B", "Llama 3.1 8B", "Meta Llama"], False),
    "Qwen": ("Product", ["Qwen2.5", "Qwen2.5-Coder", "Qwen2.5-Coder 32B", "Qwen2.5 7B", "Qwen 2.5"], False),
    "DeepSeek": ("Product", ["DeepSeek V3", "DeepSeek-V3"], False),
    "LM Studio": ("Product", [], False),
    "Jan": ("Product", [], False),
    "Docker Model Runner": ("Product", [], False),
    "TensorRT-LLM": ("Product", ["TensorRT LLM", "TRT-LLM"], False),
    "Weaviate": ("Product", [], False),
    "Pinecone": ("Product", [], False),
    "Chroma": ("Product", ["ChromaDB"], False),
    "pgvectorscale": ("Product", [], False),
    "Supabase": ("Product", [], False),
    "Neon": ("Product", [], False),
    "Amazon RDS": ("Product", ["RDS", "AWS RDS"], False),
    "Cloud SQL": ("Product", ["Google Cloud SQL"], False),
    "Claude": ("Product", ["Claude 3.5 Sonnet", "Sonnet"], False),
    "Gemini": ("Product", ["Gemini 2.5 Flash"], False),
    "GPT-4o-mini": ("Product", ["GPT-4o mini"], False),
    "Cursor": ("Product", [], False),
    "Roo Code": ("Product", [], False),
    "Continue": ("Product", [], False),
    "GitHub Copilot": ("Product", ["Copilot", "GitHub Copilot agent mode", "Copilot agent mode"], False),
    "Claude Code": ("Product", [], False),
    "Codex CLI": ("Product", ["OpenAI Codex CLI"], False),
    "Gemini CLI": ("Product", ["Google Gemini CLI"], False),
    "VS Code": ("Product", ["Visual Studio Code"], False),
    "OpenRouter": ("Product", [], False),
    "AWS Lambda": ("Product", ["Lambda"], False),
    "Modal": ("Product", ["Modal Sandboxes", "Modal Labs"], False),
    "Cloudflare Containers": ("Product", [], False),
    "Vercel Sandbox": ("Product", [], False),
    "LangGraph": ("Product", [], False),
    "OpenAI Memory": ("Product", ["ChatGPT memory"], False),
    "Zep": ("Product", [], False),
    "Neo4j": ("Product", [], False),
    "AutoGen": ("Product", [], False),
    "AG2": ("Product", [], False),
    "OpenAI Agents SDK": ("Product", [], False),
    "Tavily": ("Product", [], False),
    "Notion": ("Product", [], False),
    "MLX": ("Product", [], False),
    "ExLlamaV2": ("Product", [], False),
    "Vespa": ("Product", [], False),
    "Elasticsearch": ("Product", [], False),
    "SQLite": ("Product", [], False),
    "Zilliz Cloud": ("Product", [], False),
    "Ray": ("Product", [], False),
    # organizations
    "Meta": ("Organization", [], False),
    "UC Berkeley": ("Organization", ["Berkeley", "Sky Computing Lab", "UC Berkeley Sky Computing Lab",
                                     "Berkeley Sky Computing Lab"], False),
    "PyTorch Foundation": ("Organization", [], False),
    "Anyscale": ("Organization", [], False),
    "NVIDIA": ("Organization", ["Nvidia"], False),
    "Mistral AI": ("Organization", ["Mistral"], False),
    "Anthropic": ("Organization", [], False),
    "OpenAI": ("Organization", [], False),
    "Google": ("Organization", [], False),
    "Stanford NLP": ("Organization", ["Stanford", "Stanford NLP Group"], False),
    "Microsoft Research": ("Organization", ["MSR"], False),
    "Y Combinator": ("Organization", ["YC"], False),
    "LMSYS": ("Organization", ["LMSYS Org"], False),
    "Apple": ("Organization", [], False),
    "Alibaba": ("Organization", ["Alibaba Cloud"], False),
    "xAI": ("Organization", [], False),
    "ggml.ai": ("Organization", [], False),
    "Hugging Face": ("Organization", ["HF", "HuggingFace"], False),
    "Zilliz": ("Organization", [], False),
    "Databricks": ("Organization", [], False),
    "Snowflake": ("Organization", [], False),
    "LangChain": ("Organization", [], False),
    # technologies
    "CUDA": ("Technology", [], False),
    "ROCm": ("Technology", [], False),
    "PostgreSQL": ("Technology", ["Postgres"], False),
    "tree-sitter": ("Technology", [], False),
    "Firecracker": ("Technology", ["Firecracker microVMs"], False),
    "gVisor": ("Technology", [], False),
    "Kata Containers": ("Technology", ["Kata"], False),
    "GGUF": ("Technology", [], False),
    "etcd": ("Technology", [], False),
    "Pulsar": ("Technology", ["Apache Pulsar"], False),
    "Kafka": ("Technology", ["Apache Kafka"], False),
    "CAGRA": ("Technology", [], False),
    "Lance": ("Technology", ["Lance format"], False),
    # licenses
    "Apache 2.0": ("License", ["Apache License 2.0", "Apache-2.0"], False),
    "MIT": ("License", ["MIT license"], False),
    "AGPL-3.0": ("License", ["AGPL", "AGPLv3", "AGPL 3.0"], False),
    # benchmarks
    "LOCOMO": ("Benchmark", ["LoCoMo"], False),
    # incidental: may or may not be emitted
    "Aider polyglot": ("Benchmark", ["polyglot leaderboard", "Aider polyglot benchmark"], True),
    "Chatbot Arena": ("Benchmark", ["LMArena"], True),
    "NVIDIA A100": ("Product", ["A100", "A100s"], True),
    "NVIDIA H100": ("Product", ["H100"], True),
    "MacBook Air": ("Product", ["M2 MacBook Air"], True),
    "Mac Studio": ("Product", [], True),
    "ThinkPad": ("Product", [], True),
    "AWS Graviton": ("Product", ["Graviton"], True),
    "GitHub": ("Organization", [], True),
    "PyPI": ("Product", [], True),
    "Discord": ("Product", [], True),
    "Slack": ("Product", [], True),
    "Amazon S3": ("Product", ["S3"], True),
    "Docker": ("Technology", ["Docker Desktop"], True),
    "Kubernetes": ("Technology", [], True),
    "HNSW": ("Technology", [], True),
    "Metal": ("Technology", [], True),
    "git": ("Technology", ["Git"], True),
    "Python": ("Technology", [], True),
    "JavaScript": ("Technology", ["JS"], True),
    "TypeScript": ("Technology", [], True),
    "Rust": ("Technology", [], True),
    "C++": ("Technology", ["C/C++"], True),
    "macOS": ("Platform", ["Mac", "Macs"], True),
    "Linux": ("Platform", [], True),
    "Windows": ("Platform", [], True),
    "ARM": ("Platform", [], True),
    "Apple Silicon": ("Platform", ["M-series", "M-series hardware"], True),
    "Raspberry Pi": ("Platform", [], True),
}

DOCS = {
    "000_vllm_ollama.txt": ["vLLM", "Ollama"],
    "001_qdrant_pgvector.txt": ["Qdrant", "pgvector"],
    "002_aider_cline.txt": ["Aider", "Cline"],
    "003_e2b_daytona.txt": ["E2B", "Daytona"],
    "004_mem0_letta.txt": ["Mem0", "Letta"],
    "005_crewai_dspy.txt": ["CrewAI", "DSPy"],
    "006_llamacpp_sglang.txt": ["llama.cpp", "SGLang"],
    "007_milvus_lancedb.txt": ["Milvus", "LanceDB"],
}


def Q(start, subject, perspective, verdict, stance, entities, relations, claims):
    return {"start": start, "subject": subject, "perspective": perspective, "verdict": verdict, "stance": stance,
                "entities": entities, "relations": relations, "claims": claims}


# (document, quote position) -> annotation
ANN = {
    # ------------------------------------------------------------------ vLLM vs Ollama
    ("000_vllm_ollama.txt", 0): Q(
        "We moved our internal chat endpoint", "vLLM", "testimonial", "ship", "positive",
        ["vLLM", "Transformers", "Llama", "Meta", "NVIDIA A100", "CUDA", "ROCm"],
        [R("depends_on", "vLLM", "CUDA"),
         R("depends_on", "vLLM", "ROCm", optional=True),
         R("developed_by", "Llama", "Meta")],
        [C("vLLM", "capability", "the KV cache is allocated in fixed-size blocks, so one node packs far more concurrent requests"),
         C("vLLM", "metric", "roughly 3x the throughput at the same p95 latency", value=3, unit="x"),
         C("vLLM", "metric", "its full 128k context", optional=True, value=128000, unit="tokens"),
         C("vLLM", "limitation", "The ROCm path exists but felt second-class to us"),
         C("vLLM", "limitation", "it requires CUDA for anything serious", optional=True)]),
    ("000_vllm_ollama.txt", 1): Q(  # subject never named
        "Installed it on my M2 MacBook Air", "Ollama", "testimonial", None, "positive",
        ["MacBook Air", "Llama", "Python", "CUDA", "Windows"],
        [],
        [C("Ollama", "capability", "typed one command, and was chatting with Llama 3.1 8B inside five minutes"),
         C("Ollama", "capability", "No Python environment, no CUDA drivers, no config file", optional=True),
         C("Ollama", "platform", "did the same on Windows the next morning", optional=True, value=["Windows"]),
         C("Llama", "metric", "Llama 3.1 8B", optional=True, value=8e9, unit="parameters")]),
    ("000_vllm_ollama.txt", 2): Q(
        "Worth saying out loud", "Ollama", "competition", None, "neutral",
        ["Ollama", "llama.cpp", "vLLM", "LM Studio", "Jan", "Docker Model Runner"],
        [R("depends_on", "Ollama", "llama.cpp"),
         R("competes_with", "Ollama", "LM Studio"),
         R("competes_with", "Ollama", "Jan"),
         R("competes_with", "Ollama", "Docker Model Runner"),  # hedged: "could end up competing"
         R("threatens", "Docker Model Runner", "Ollama", optional=True)],
        # vLLM: explicitly "they aren't competitors" -> no relation
        [C("Ollama", "capability", "a packaging and model-management layer"),
         C("Ollama", "comparison", "benchmarking it against vLLM on raw tokens/sec misses the point", optional=True),
         C("Ollama", "risk", "Ollama could end up competing with it for the default spot on developer laptops", optional=True)]),
    ("000_vllm_ollama.txt", 3): Q(
        "Analyst note:", "vLLM", "business", None, "mixed",
        ["vLLM", "Apache 2.0", "Anyscale", "UC Berkeley", "PyTorch Foundation", "SGLang", "TensorRT-LLM", "NVIDIA"],
        [R("developed_by", "vLLM", "UC Berkeley"),
         R("developed_by", "vLLM", "PyTorch Foundation", optional=True),
         R("depends_on", "Anyscale", "vLLM", optional=True),
         R("threatens", "SGLang", "vLLM"),
         R("threatens", "TensorRT-LLM", "vLLM", horizon="12 months"),
         R("threatens", "NVIDIA", "vLLM", optional=True, horizon="12 months"),
         R("competes_with", "vLLM", "SGLang", optional=True),
         R("competes_with", "vLLM", "TensorRT-LLM", optional=True),
         R("developed_by", "TensorRT-LLM", "NVIDIA", optional=True)],
        [C("vLLM", "license", "vLLM is Apache 2.0", value="Apache 2.0"),
         C("vLLM", "risk", "SGLang and TensorRT-LLM keep eating into its benchmark lead"),
         C("vLLM", "risk", "NVIDIA has every incentive to make TensorRT-LLM the default on its own hardware within the next 12 months",
           horizon="12 months"),
         C("vLLM", "business", "now sits underneath a long list of commercial endpoints", optional=True)]),
    ("000_vllm_ollama.txt", 4): Q(
        "Ollama in four bullets", "Ollama", "risk", None, "mixed",
        ["Ollama", "MIT", "GitHub"],
        [],
        [C("Ollama", "license", "MIT licensed", value="MIT"),
         C("Ollama", "metric", "roughly 100k GitHub stars", value=100000, unit="stars"),
         C("Ollama", "limitation", "wobbly once you push past ~50 concurrent users"),
         C("Ollama", "metric", "~50 concurrent users", optional=True, value=50, unit="concurrent users"),
         C("Ollama", "risk", "the model library is curated by one company, which makes it a single point of failure")]),
    ("000_vllm_ollama.txt", 5): Q(
        "My bet is that by 2026", "vLLM", "thesis", None, "positive",
        ["vLLM", "Qwen", "DeepSeek", "Mistral AI", "NVIDIA H100"],
        [],
        [C("vLLM", "prediction", "by 2026 most teams self-hosting open models will have standardised on one of two serving engines",
           horizon="2026"),
         C("vLLM", "dependency", "GPU rental prices keep sliding"),
         C("vLLM", "capability", "new architectures (Qwen, DeepSeek, Mistral's mixture-of-experts models) tend to land there first",
           optional=True),
         C("vLLM", "risk", "If H100 hours get expensive again, the hosted APIs win", optional=True)]),
    ("000_vllm_ollama.txt", 6): Q(  # subject never named; contradicts quote 4
        "Contrary to the forum folklore", "Ollama", "testimonial", None, "positive",
        ["Mac Studio", "Qwen"],
        [],
        [C("Ollama", "capability", "200-ish concurrent requests during a hackathon without a single dropped connection"),
         C("Ollama", "metric", "200-ish concurrent requests", value=200, unit="concurrent requests"),
         C("Ollama", "capability", "it held up fine for our 40-person team", optional=True)]),

    # ------------------------------------------------------------------ Qdrant vs pgvector
    ("001_qdrant_pgvector.txt", 0): Q(
        "We already had Postgres everywhere", "pgvector", "testimonial", None, "positive",
        ["pgvector", "PostgreSQL", "HNSW"],
        [R("depends_on", "pgvector", "PostgreSQL")],
        [C("pgvector", "capability", "backups, replication, row-level security and joins against the rest of our schema just work"),
         C("pgvector", "metric", "p99 around 40 ms", value=40, unit="ms"),
         C("pgvector", "metric", "6M rows of 768-dim embeddings", optional=True, value=6e6, unit="rows"),
         C("pgvector", "capability", "we added zero new infrastructure", optional=True)]),
    ("001_qdrant_pgvector.txt", 1): Q(
        "Qdrant is written in Rust", "Qdrant", "primitive", None, "positive",
        ["Qdrant", "Rust", "HNSW", "Apache 2.0"],
        [R("depends_on", "Qdrant", "Rust", optional=True)],
        [C("Qdrant", "capability", "Payload filtering happens inside the HNSW traversal rather than as a post-filter"),
         C("Qdrant", "metric", "sub-10 ms p99 on a million vectors", value=10, unit="ms"),
         C("Qdrant", "credibility", "Their published benchmark", optional=True, credibility="self-reported"),
         C("Qdrant", "license", "Apache 2.0", value="Apache 2.0"),
         C("Qdrant", "pricing", "a 1 GB free tier", value=0, unit="USD/month"),
         C("Qdrant", "capability", "a single static binary", optional=True)]),
    ("001_qdrant_pgvector.txt", 2): Q(
        "In the dedicated vector database market", "Qdrant", "competition", None, "neutral",
        ["Qdrant", "Weaviate", "Milvus", "Pinecone", "Chroma", "pgvector", "pgvectorscale", "PostgreSQL"],
        [R("competes_with", "Qdrant", "Weaviate"),
         R("competes_with", "Qdrant", "Milvus"),
         R("competes_with", "Qdrant", "Pinecone"),
         R("threatens", "pgvector", "Qdrant", horizon="2 years"),  # hedged: "might threaten"
         R("threatens", "pgvector", "Weaviate", optional=True, horizon="2 years"),
         R("threatens", "pgvector", "Milvus", optional=True, horizon="2 years"),
         R("threatens", "pgvector", "Pinecone", optional=True, horizon="2 years"),
         R("competes_with", "Qdrant", "pgvector", optional=True)],
        # Chroma: "isn't really a competitor here" -> no relation
        [C("Qdrant", "risk", "'just use Postgres' might threaten the whole category over the next two years",
           horizon="2 years"),
         C("Qdrant", "comparison", "neck and neck with Weaviate on recall", optional=True)]),
    ("001_qdrant_pgvector.txt", 3): Q(
        "Counterpoint from someone who got burned", "pgvector", "risk", None, "negative",
        ["pgvector", "Qdrant"],
        [R("competes_with", "pgvector", "Qdrant", optional=True)],
        [C("pgvector", "limitation", "pgvector falls over once you mix heavy filtering with ANN search"),
         C("pgvector", "limitation", "you get three rows back instead of ten", optional=True),
         C("pgvector", "capability", "Iterative index scans in 0.8 help", optional=True)]),
    ("001_qdrant_pgvector.txt", 4): Q(
        "Pricing check on Qdrant Cloud", "Qdrant", "business", None, "positive",
        ["Qdrant"],
        [],
        [C("Qdrant", "pricing", "a modest three-node production cluster came to about $95/month", value=95, unit="USD/month"),
         C("Qdrant", "pricing", "the free tier is fine for a demo", optional=True, value=0, unit="USD/month"),
         C("Qdrant", "business", "raised a Series A in early 2024", optional=True),
         C("Qdrant", "business", "I rate lock-in risk as low", optional=True)]),
    ("001_qdrant_pgvector.txt", 5): Q(  # subject never named
        "Switched our 30M-vector index", "Qdrant", "testimonial", None, "positive",
        ["Discord"],
        [],
        [C("Qdrant", "capability", "Snapshots and scalar quantization worked exactly as documented"),
         C("Qdrant", "metric", "RAM use dropped by about 4x", value=4, unit="x"),
         C("Qdrant", "metric", "30M-vector index", optional=True, value=3e7, unit="vectors")]),
    ("001_qdrant_pgvector.txt", 6): Q(  # precision guard: many products, no relation cue
        "The quiet reason pgvector keeps winning", "pgvector", "thesis", None, "positive",
        ["pgvector", "PostgreSQL", "Supabase", "Neon", "Amazon RDS", "Cloud SQL"],
        [],
        [C("pgvector", "prediction",
           "within 18 months most new RAG projects under ten million vectors will never touch a standalone vector store at all",
           horizon="18 months"),
         C("pgvector", "business", "every managed Postgres (Supabase, Neon, RDS, Cloud SQL) ships it by default", optional=True)]),

    # ------------------------------------------------------------------ Aider vs Cline
    ("002_aider_cline.txt", 0): Q(
        "Aider is the tool I recommend", "Aider", "testimonial", "ship", "positive",
        ["Aider", "tree-sitter", "git", "Claude", "DeepSeek"],
        [R("depends_on", "Aider", "tree-sitter"),
         R("depends_on", "Aider", "git", optional=True),
         R("depends_on", "Aider", "Claude", optional=True)],
        [C("Aider", "capability", "every edit lands as a git commit with a sensible message"),
         C("Aider", "capability", "it builds a repo map with tree-sitter", optional=True),
         C("Aider", "comparison", "DeepSeek V3 is the budget option and does surprisingly well", optional=True)]),
    ("002_aider_cline.txt", 1): Q(
        "Cline lives inside VS Code", "Cline", "primitive", None, "mixed",
        ["Cline", "VS Code", "OpenRouter", "Anthropic", "Ollama"],
        [R("depends_on", "Cline", "VS Code"),
         R("depends_on", "Cline", "OpenRouter", optional=True),
         R("depends_on", "Cline", "Anthropic", optional=True),
         R("depends_on", "Cline", "Ollama", optional=True)],
        [C("Cline", "capability", "edits files, runs terminal commands and even drives a headless browser to check its own work"),
         C("Cline", "limitation", "Every step asks permission by default, which is either reassuring or exhausting", optional=True),
         C("Cline", "capability", "You bring your own key", optional=True)]),
    ("002_aider_cline.txt", 2): Q(
        "Re: 'what should I use instead of Cursor?'", "Cline", "competition", None, "neutral",
        ["Cline", "Cursor", "VS Code", "Roo Code", "Continue", "GitHub Copilot", "Aider"],
        [R("competes_with", "Cline", "Cursor"),
         R("competes_with", "Roo Code", "Cline"),
         R("competes_with", "Cline", "Continue", optional=True),
         R("competes_with", "Cline", "GitHub Copilot", optional=True),
         R("competes_with", "Cursor", "Continue", optional=True),
         R("competes_with", "Cursor", "GitHub Copilot", optional=True)],
        # Aider: "not a rival so much as a complement" -> no relation
        [C("Cline", "capability", "stay in stock VS Code", optional=True)]),
    ("002_aider_cline.txt", 3): Q(
        "Numbers for the skeptics", "Aider", "business", None, "mixed",
        ["Aider", "Apache 2.0", "GitHub", "Aider polyglot"],
        [],
        [C("Aider", "license", "Aider is Apache 2.0", value="Apache 2.0"),
         C("Aider", "metric", "around 35k GitHub stars", value=35000, unit="stars"),
         C("Aider", "metric", "it wrote about 70% of its own new code", value=70, unit="%"),
         C("Aider", "credibility", "That last figure is self-reported and I couldn't find a way to reproduce it",
           credibility="self-reported"),
         C("Aider", "capability", "the polyglot leaderboard the project maintains is genuinely useful for picking a model",
           optional=True)]),
    ("002_aider_cline.txt", 4): Q(
        "What worries me about Cline", "Cline", "risk", None, "negative",
        ["Cline", "Claude", "GitHub Copilot"],
        [R("threatens", "GitHub Copilot", "Cline", horizon="6 months"),
         R("competes_with", "Cline", "GitHub Copilot", optional=True)],
        [C("Cline", "pricing", "$5–10 in tokens", value=[5, 10], unit="USD/session"),
         C("Cline", "limitation", "there's no built-in budget cap"),
         C("Cline", "risk", "it will squeeze Cline's audience within six months", horizon="6 months"),
         C("GitHub Copilot", "pricing", "$10/month plan", optional=True, value=10, unit="USD/month")]),
    ("002_aider_cline.txt", 5): Q(
        "Aider is essentially a one-maintainer project", "Aider", "thesis", None, "mixed",
        ["Aider", "Claude Code", "Anthropic", "Codex CLI", "OpenAI", "Gemini CLI", "Google"],
        [R("developed_by", "Claude Code", "Anthropic"),
         R("developed_by", "Codex CLI", "OpenAI"),
         R("developed_by", "Gemini CLI", "Google"),
         R("threatens", "Claude Code", "Aider", horizon="next year"),
         R("threatens", "Codex CLI", "Aider", horizon="next year"),
         R("threatens", "Gemini CLI", "Aider", horizon="next year"),
         R("competes_with", "Aider", "Claude Code", optional=True),
         R("competes_with", "Aider", "Codex CLI", optional=True),
         R("competes_with", "Aider", "Gemini CLI", optional=True)],
        [C("Aider", "prediction", "Next year the terminal-agent space gets crowded", horizon="next year"),
         C("Aider", "dependency", "it stays the model-agnostic option"),
         C("Aider", "risk", "Aider might get squeezed", optional=True, horizon="next year"),
         C("Aider", "risk", "essentially a one-maintainer project", optional=True)]),
    ("002_aider_cline.txt", 6): Q(  # subject never named; contradicts quote 4
        "Honestly the feature that sold me", "Cline", "testimonial", None, "positive",
        ["Gemini"],
        [],
        [C("Cline", "capability", "lets me set a hard spending limit per session"),
         C("Cline", "capability", "shows the running dollar cost of every task right in the sidebar", optional=True)]),

    # ------------------------------------------------------------------ E2B vs Daytona
    ("003_e2b_daytona.txt", 0): Q(
        "E2B uses Firecracker microVMs", "E2B", "primitive", None, "positive",
        ["E2B", "Firecracker", "AWS Lambda", "Docker", "Python", "JavaScript"],
        [R("depends_on", "E2B", "Firecracker"),
         R("depends_on", "AWS Lambda", "Firecracker", optional=True)],
        [C("E2B", "capability", "each sandbox gets its own kernel"),
         C("E2B", "metric", "Cold starts were around 150 ms", value=150, unit="ms"),
         C("E2B", "capability", "SDKs are small enough to read in an afternoon", optional=True)]),
    ("003_e2b_daytona.txt", 1): Q(
        "Daytona pivoted from dev environments", "Daytona", "testimonial", None, "mixed",
        ["Daytona"],
        [],
        [C("Daytona", "metric", "sandbox creation in under 90 ms", value=90, unit="ms"),
         C("Daytona", "credibility", "treat the headline number as a vendor benchmark until someone independent measures it",
           credibility="disputed"),
         C("Daytona", "credibility", "according to their own launch post", optional=True, credibility="self-reported"),
         C("Daytona", "metric", "more like 400 ms", optional=True, value=400, unit="ms"),
         C("Daytona", "business", "pivoted from dev environments to agent sandboxes this year", optional=True)]),
    ("003_e2b_daytona.txt", 2): Q(
        "The main alternatives to E2B", "E2B", "competition", None, "neutral",
        ["E2B", "Daytona", "Modal", "Cloudflare Containers", "Vercel Sandbox"],
        [R("competes_with", "E2B", "Daytona"),
         R("competes_with", "E2B", "Modal"),
         R("competes_with", "E2B", "Cloudflare Containers"),
         R("competes_with", "E2B", "Vercel Sandbox"),  # hedged: "if you squint"
         R("threatens", "Modal", "E2B", horizon="2026")],
        [C("E2B", "risk", "Modal threatens E2B's enterprise deals by 2026", horizon="2026"),
         C("E2B", "comparison", "bolting sandboxes onto that is a much shorter path than E2B building out GPUs", optional=True)]),
    ("003_e2b_daytona.txt", 3): Q(
        "Two things to check before you adopt Daytona", "Daytona", "risk", None, "negative",
        ["Daytona", "AGPL-3.0", "Linux", "ARM", "AWS Graviton"],
        [],
        [C("Daytona", "license", "the open-source server is AGPL-3.0", value="AGPL-3.0"),
         C("Daytona", "platform", "self-hosting is Linux-only", value=["Linux"]),
         C("Daytona", "platform", "no ARM images yet", value="no ARM"),
         C("Daytona", "risk", "some legal teams will veto outright", optional=True)]),
    ("003_e2b_daytona.txt", 4): Q(
        "E2B pricing is refreshingly legible", "E2B", "business", None, "positive",
        ["E2B", "Kubernetes"],
        [],
        [C("E2B", "pricing", "Pro at $150/month plus per-second compute", value=150, unit="USD/month"),
         C("E2B", "pricing", "a free Hobby tier with $100 of one-time credits", optional=True, value=100, unit="USD credits"),
         C("E2B", "comparison", "it came out cheaper than the self-managed Kubernetes cluster we had before", optional=True)]),
    ("003_e2b_daytona.txt", 5): Q(
        "Everything about Daytona assumes", "Daytona", "thesis", None, "mixed",
        ["Daytona"],
        [],
        [C("Daytona", "dependency", "agent runs routinely last longer than a few minutes"),
         C("Daytona", "dependency", "teams are comfortable letting an agent keep state between sessions"),
         C("Daytona", "prediction", "stateful sandboxes become the default within 18 months", horizon="18 months"),
         C("Daytona", "capability", "sandboxes that persist for days and get snapshotted, forked and resumed", optional=True)]),
    ("003_e2b_daytona.txt", 6): Q(  # subject named only through its SDK; precision guard
        "Our security folks", "E2B", "testimonial", None, "positive",
        ["E2B", "gVisor", "Kata Containers", "LangGraph"],
        [],
        [C("E2B", "capability", "last quarter's pen test found no sandbox escapes"),
         C("E2B", "capability", "The Code Interpreter SDK plugged straight into our LangGraph agent", optional=True)]),

    # ------------------------------------------------------------------ Mem0 vs Letta
    ("004_mem0_letta.txt", 0): Q(
        "Mem0 sits between your app and the model", "Mem0", "primitive", None, "positive",
        ["Mem0", "Qdrant", "Neo4j"],
        [R("depends_on", "Mem0", "Qdrant"),
         R("depends_on", "Mem0", "Neo4j", optional=True)],
        [C("Mem0", "capability", "extracts candidate facts, dedupes them against what it already knows"),
         C("Mem0", "capability", "writes the survivors to a vector store plus an optional graph store", optional=True),
         C("Mem0", "limitation", "Retrieval adds one call per turn", optional=True)]),
    ("004_mem0_letta.txt", 1): Q(
        "Letta grew out of the MemGPT research", "Letta", "primitive", None, "positive",
        ["Letta", "UC Berkeley", "Docker"],
        [R("developed_by", "Letta", "UC Berkeley", optional=True)],
        [C("Letta", "capability", "the agent manages its own memory"),
         C("Letta", "capability", "every agent becomes a persistent object with an ID", optional=True)]),
    ("004_mem0_letta.txt", 2): Q(
        "Mem0's headline numbers", "Mem0", "business", None, "mixed",
        ["Mem0", "OpenAI Memory", "LOCOMO", "GitHub", "Y Combinator"],
        [R("competes_with", "Mem0", "OpenAI Memory", optional=True)],
        [C("Mem0", "metric", "26% higher accuracy than OpenAI Memory on the LOCOMO benchmark", value=26, unit="%"),
         C("Mem0", "metric", "91% lower p95 latency", value=91, unit="%"),
         C("Mem0", "metric", "90% fewer tokens", value=90, unit="%"),
         C("Mem0", "credibility", "Those come from their own paper, so until someone independent reruns them I file them under marketing",
           credibility="self-reported"),
         C("Mem0", "metric", "~40k GitHub stars", value=40000, unit="stars"),
         C("Mem0", "pricing", "a hosted tier from $19/month", value=19, unit="USD/month"),
         C("Mem0", "business", "Y Combinator money", optional=True)]),
    ("004_mem0_letta.txt", 3): Q(  # subject never named
        "Dropped it into our support bot", "Mem0", "testimonial", None, "mixed",
        [],
        [],
        [C("Mem0", "limitation", "memories occasionally get merged wrongly"),
         C("Mem0", "capability", "Dropped it into our support bot in an afternoon", optional=True)]),
    ("004_mem0_letta.txt", 4): Q(
        "Letta competes with Mem0 and Zep", "Letta", "competition", None, "neutral",
        ["Letta", "Mem0", "Zep", "LangGraph", "LangChain"],
        [R("competes_with", "Letta", "Mem0"),
         R("competes_with", "Letta", "Zep"),
         R("threatens", "LangChain", "Letta", horizon="next quarter"),  # conditional threat
         R("competes_with", "Letta", "LangGraph", optional=True),
         R("developed_by", "LangGraph", "LangChain", optional=True)],
        [C("Letta", "risk", "if LangChain ships long-term memory as a first-class feature next quarter, that's a direct threat",
           horizon="next quarter"),
         C("Letta", "comparison", "Mem0 and Zep are libraries you bolt onto an existing agent, whereas Letta wants to be the agent runtime",
           optional=True)]),
    ("004_mem0_letta.txt", 5): Q(
        "Letta is Apache 2.0", "Letta", "risk", None, "mixed",
        ["Letta", "Apache 2.0", "Docker", "macOS", "Windows"],
        [R("depends_on", "Letta", "Docker", optional=True)],
        [C("Letta", "license", "Letta is Apache 2.0", value="Apache 2.0"),
         C("Letta", "platform", "the desktop app I tried shipped for macOS and Windows only", value=["macOS", "Windows"]),
         C("Letta", "risk", "migrating out later is non-trivial"),
         C("Letta", "capability", "the server runs anywhere Docker does", optional=True)]),
    ("004_mem0_letta.txt", 6): Q(
        "Memory layers as a standalone category", "Mem0", "thesis", None, "mixed",
        ["Mem0", "OpenAI", "Anthropic"],
        [R("threatens", "OpenAI", "Mem0", horizon="2 years"),
         R("threatens", "Anthropic", "Mem0", horizon="2 years")],
        [C("Mem0", "prediction", "Memory layers as a standalone category have maybe two years before the model vendors absorb them",
           horizon="2 years"),
         C("Mem0", "dependency", "enterprises keep insisting on multi-model setups"),
         C("Mem0", "risk", "Mem0 becomes a feature rather than a company", optional=True)]),

    # ------------------------------------------------------------------ CrewAI vs DSPy
    ("005_crewai_dspy.txt", 0): Q(
        "CrewAI borrows its mental model", "CrewAI", "primitive", None, "positive",
        ["CrewAI", "LangChain", "MIT"],
        # historical dependency, explicitly no longer true
        [R("depends_on", "CrewAI", "LangChain", optional=True)],
        [C("CrewAI", "license", "MIT licensed", value="MIT"),
         C("CrewAI", "capability", "you define agents with a role, a goal and a backstory"),
         C("CrewAI", "capability", "These days it's independent of LangChain", optional=True)]),
    ("005_crewai_dspy.txt", 1): Q(
        "DSPy, out of Stanford NLP", "DSPy", "primitive", None, "positive",
        ["DSPy", "Stanford NLP"],
        [R("developed_by", "DSPy", "Stanford NLP")],
        [C("DSPy", "capability", "treats prompts as parameters to be learned rather than strings to be written"),
         C("DSPy", "metric", "a 10–20 point jump on your metric", value=[10, 20], unit="points")]),
    ("005_crewai_dspy.txt", 2): Q(
        "Rivals include AutoGen", "CrewAI", "competition", None, "mixed",
        ["CrewAI", "AutoGen", "LangGraph", "OpenAI Agents SDK", "Microsoft Research", "AG2", "DSPy"],
        [R("competes_with", "CrewAI", "AutoGen"),
         R("competes_with", "CrewAI", "LangGraph"),
         R("competes_with", "CrewAI", "OpenAI Agents SDK"),
         R("developed_by", "AutoGen", "Microsoft Research")],
        # DSPy: "isn't a rival at all" -> no relation
        [C("CrewAI", "limitation", "the one CrewAI actually loses deals to once a team needs explicit state machines")]),
    ("005_crewai_dspy.txt", 3): Q(
        "Tried DSPy on our ticket classifier", "DSPy", "testimonial", None, "mixed",
        ["DSPy", "GPT-4o-mini"],
        [],
        [C("DSPy", "metric", "+4 points of macro-F1", value=4, unit="points"),
         C("DSPy", "credibility", "nowhere near the numbers in the paper, which I couldn't reproduce on our own data",
           credibility="disputed"),
         C("DSPy", "metric", "a 40-minute optimisation run", optional=True, value=40, unit="minutes"),
         C("DSPy", "pricing", "cost about $12 in GPT-4o-mini calls", optional=True, value=12, unit="USD")]),
    ("005_crewai_dspy.txt", 4): Q(
        "The company behind CrewAI", "CrewAI", "business", None, "mixed",
        ["CrewAI", "PyPI"],
        [],
        [C("CrewAI", "pricing", "The managed tier lists at around $99/month", value=99, unit="USD/month"),
         C("CrewAI", "metric", "over 1.4M multi-agent executions a month", value=1.4e6, unit="executions/month"),
         C("CrewAI", "credibility", "a self-reported vanity metric", credibility="self-reported"),
         C("CrewAI", "metric", "north of 1M a month on PyPI", value=1e6, unit="downloads/month"),
         C("CrewAI", "business", "sells an enterprise control plane on top of the open-source framework", optional=True)]),
    ("005_crewai_dspy.txt", 5): Q(
        "If I had to pick the idea", "DSPy", "thesis", None, "mixed",
        ["DSPy"],
        [],
        [C("DSPy", "prediction", "at least one of the big agent frameworks to ship a built-in prompt optimiser within 12 months",
           horizon="12 months"),
         C("DSPy", "risk", "DSPy's edge narrows to being the reference implementation", optional=True, horizon="12 months"),
         C("DSPy", "business", "harder if you're trying to build a company on it", optional=True)]),
    ("005_crewai_dspy.txt", 6): Q(  # subject never named; precision guard (Tavily, Notion, GPT-4o-mini)
        "Our marketing team built", "CrewAI", "testimonial", None, "positive",
        ["Tavily", "Notion", "GPT-4o-mini"],
        [],
        [C("CrewAI", "capability", "The YAML config is the part the non-engineers actually liked"),
         C("CrewAI", "capability", "built a research-and-draft pipeline with it in two days", optional=True)]),

    # ------------------------------------------------------------------ llama.cpp vs SGLang
    ("006_llamacpp_sglang.txt", 0): Q(
        "llama.cpp is plain C/C++", "llama.cpp", "primitive", None, "positive",
        ["llama.cpp", "C++", "Raspberry Pi", "GGUF", "Metal", "Apple Silicon", "MIT"],
        [R("depends_on", "llama.cpp", "Metal", optional=True),
         R("depends_on", "llama.cpp", "GGUF", optional=True)],
        [C("llama.cpp", "capability", "no mandatory dependencies"),
         C("llama.cpp", "platform", "its Metal backend makes Apple Silicon a first-class target", value=["Apple Silicon"]),
         C("llama.cpp", "platform", "runs on everything from a Raspberry Pi to a four-GPU workstation", optional=True,
           value=["Raspberry Pi"]),
         C("llama.cpp", "license", "MIT license", value="MIT"),
         C("llama.cpp", "capability", "It gave us the GGUF file format", optional=True)]),
    ("006_llamacpp_sglang.txt", 1): Q(
        "SGLang came out of LMSYS", "SGLang", "primitive", None, "positive",
        ["SGLang", "LMSYS", "Chatbot Arena", "vLLM", "CUDA", "ROCm", "macOS"],
        [R("developed_by", "SGLang", "LMSYS"),
         R("depends_on", "SGLang", "CUDA"),
         R("depends_on", "SGLang", "ROCm", optional=True),
         R("competes_with", "SGLang", "vLLM", optional=True)],
        [C("SGLang", "capability", "prefixes shared across requests stay cached in a radix tree"),
         C("SGLang", "metric", "it beat vLLM by roughly 1.8x in tokens per second", value=1.8, unit="x"),
         C("SGLang", "platform", "there's no Mac story at all", value="no macOS"),
         C("SGLang", "limitation", "ROCm support is experimental", optional=True),
         C("SGLang", "metric", "20k-token system prompt", optional=True, value=20000, unit="tokens")]),
    ("006_llamacpp_sglang.txt", 2): Q(
        "On a single consumer machine", "llama.cpp", "competition", None, "neutral",
        ["llama.cpp", "MLX", "ExLlamaV2", "NVIDIA", "SGLang", "vLLM", "Apple", "Apple Silicon"],
        [R("competes_with", "llama.cpp", "MLX"),
         R("threatens", "MLX", "llama.cpp", horizon="next year"),
         R("developed_by", "MLX", "Apple"),
         R("competes_with", "llama.cpp", "ExLlamaV2", optional=True),
         R("threatens", "Apple", "llama.cpp", optional=True, horizon="next year")],
        # SGLang, vLLM: "not competing with ... in any meaningful sense" -> no relation
        [C("llama.cpp", "risk", "Apple's own framework will probably win on M-series hardware by next year", horizon="next year"),
         C("llama.cpp", "comparison", "ExLlamaV2 is faster on NVIDIA cards but far narrower", optional=True)]),
    ("006_llamacpp_sglang.txt", 3): Q(  # subject never named
        "Compiled it on a ten-year-old ThinkPad", "llama.cpp", "testimonial", None, "positive",
        ["ThinkPad", "Alibaba", "Qwen"],
        [R("developed_by", "Qwen", "Alibaba")],
        [C("llama.cpp", "metric", "9 tokens/sec", value=9, unit="tokens/s"),
         C("llama.cpp", "capability", "Compiled it on a ten-year-old ThinkPad with no GPU"),
         C("llama.cpp", "comparison", "Nothing else I tried even started", optional=True)]),
    ("006_llamacpp_sglang.txt", 4): Q(
        "The SGLang codebase moves fast", "SGLang", "risk", None, "mixed",
        ["SGLang", "Apache 2.0", "Slack", "xAI"],
        [R("depends_on", "xAI", "SGLang", optional=True)],
        [C("SGLang", "limitation", "we hit two regressions in structured output between minor versions this spring"),
         C("SGLang", "limitation", "the docs trail the code by weeks", optional=True),
         C("SGLang", "license", "Apache 2.0", value="Apache 2.0"),
         C("SGLang", "credibility", "xAI and several big labs reportedly serve production traffic on it, though that's second-hand",
           credibility="unverified")]),
    ("006_llamacpp_sglang.txt", 5): Q(
        "SGLang's momentum depends on", "SGLang", "thesis", None, "positive",
        ["SGLang", "vLLM"],
        [R("threatens", "SGLang", "vLLM", horizon="2 quarters"),  # hedged: "could overtake"
         R("competes_with", "SGLang", "vLLM", optional=True)],
        [C("SGLang", "dependency",
           "agentic workloads (long shared prefixes, tool-call loops, constrained JSON) becoming the bulk of inference traffic"),
         C("SGLang", "prediction", "SGLang could overtake vLLM as the default open-source server within two quarters",
           horizon="2 quarters")]),
    ("006_llamacpp_sglang.txt", 6): Q(
        "Commercially, llama.cpp is an odd case", "llama.cpp", "business", None, "mixed",
        ["llama.cpp", "Ollama", "LM Studio", "ggml.ai", "Hugging Face", "GGUF"],
        [R("depends_on", "Ollama", "llama.cpp"),
         R("depends_on", "LM Studio", "llama.cpp"),
         R("developed_by", "llama.cpp", "ggml.ai")],
        [C("llama.cpp", "business", "captures almost none of that value"),
         C("llama.cpp", "risk", "the downstream wrappers get the users and the revenue", optional=True)]),

    # ------------------------------------------------------------------ Milvus vs LanceDB
    ("007_milvus_lancedb.txt", 0): Q(
        "Zilliz built Milvus", "Milvus", "primitive", None, "positive",
        ["Milvus", "Zilliz", "etcd", "Pulsar", "Kafka", "NVIDIA", "CAGRA"],
        [R("developed_by", "Milvus", "Zilliz"),
         R("depends_on", "Milvus", "etcd"),
         R("depends_on", "Milvus", "Pulsar", optional=True),  # "Pulsar or Kafka"
         R("depends_on", "Milvus", "Kafka", optional=True),
         R("depends_on", "Milvus", "CAGRA", optional=True),
         R("developed_by", "CAGRA", "NVIDIA", optional=True)],
        [C("Milvus", "capability", "GPU indexing through NVIDIA's CAGRA is a real differentiator at that scale"),
         C("Milvus", "capability", "separate query, data and index nodes", optional=True)]),
    ("007_milvus_lancedb.txt", 1): Q(
        "LanceDB is embedded", "LanceDB", "primitive", None, "positive",
        ["LanceDB", "SQLite", "Amazon S3", "Python", "TypeScript", "Rust", "Lance"],
        [R("depends_on", "LanceDB", "Lance")],
        # SQLite is an analogy, not a relation
        [C("LanceDB", "capability", "There's no server; you open a directory (or an S3 prefix) and query it in-process"),
         C("LanceDB", "capability", "versioning comes for free", optional=True)]),
    ("007_milvus_lancedb.txt", 2): Q(
        "If you need a self-hosted vector database", "Milvus", "competition", None, "neutral",
        ["Milvus", "Vespa", "Elasticsearch", "Pinecone", "LanceDB"],
        [R("competes_with", "Milvus", "Vespa"),
         R("competes_with", "Milvus", "Elasticsearch"),
         R("competes_with", "Milvus", "Pinecone"),
         R("competes_with", "Milvus", "LanceDB"),
         R("competes_with", "Vespa", "Elasticsearch", optional=True)],
        [C("LanceDB", "limitation", "not for high-QPS serving", optional=True)]),
    ("007_milvus_lancedb.txt", 3): Q(
        "LanceDB the library is Apache 2.0", "LanceDB", "business", None, "positive",
        ["LanceDB", "Apache 2.0", "GitHub", "Python"],
        [],
        [C("LanceDB", "license", "LanceDB the library is Apache 2.0", value="Apache 2.0"),
         C("LanceDB", "pricing", "about $0.10 per 1K queries", value=0.10, unit="USD/1K queries"),
         C("LanceDB", "metric", "About 6k GitHub stars", value=6000, unit="stars"),
         C("LanceDB", "metric", "well over a million downloads a month", value=1e6, unit="downloads/month")]),
    ("007_milvus_lancedb.txt", 4): Q(
        "Running Milvus in distributed mode", "Milvus", "risk", None, "negative",
        ["Milvus", "etcd", "Linux", "macOS", "Windows", "Docker", "Zilliz Cloud"],
        [R("depends_on", "Milvus", "etcd"),
         R("competes_with", "Milvus", "Zilliz Cloud", optional=True)],
        [C("Milvus", "limitation", "Running Milvus in distributed mode is a part-time job"),
         C("Milvus", "platform", "Milvus Lite helps on a laptop but is Linux and macOS only", value=["Linux", "macOS"]),
         C("Milvus", "limitation", "an etcd hiccup left the whole cluster read-only for forty minutes", optional=True),
         C("Milvus", "metric", "nine pods", optional=True, value=9, unit="pods"),
         C("Milvus", "dependency", "you genuinely have hundreds of millions of vectors", optional=True)]),
    ("007_milvus_lancedb.txt", 5): Q(
        "Multimodal AI data is going to live", "LanceDB", "thesis", None, "positive",
        ["LanceDB", "Databricks", "Snowflake"],
        [R("threatens", "Databricks", "LanceDB", horizon="18 months"),  # hedged + conditional
         R("threatens", "Snowflake", "LanceDB", horizon="18 months")],
        [C("LanceDB", "risk", "that might threaten LanceDB within 18 months", horizon="18 months"),
         C("LanceDB", "prediction", "Multimodal AI data is going to live in lakehouses, not in a separate vector silo", optional=True),
         C("LanceDB", "dependency", "if they stay mediocre", optional=True)]),
    ("007_milvus_lancedb.txt", 6): Q(  # subject never named
        "We swapped out a Chroma prototype", "LanceDB", "testimonial", None, "positive",
        ["Chroma", "Amazon S3", "Ray", "Rust"],
        [R("competes_with", "LanceDB", "Chroma", optional=True)],
        [C("LanceDB", "capability", "we never stood up a server"),
         C("LanceDB", "metric", "50M image embeddings", optional=True, value=5e7, unit="embeddings"),
         C("LanceDB", "limitation", "Rust compile times when building from source", optional=True)]),
}

# Claims that contradict each other (same product, opposite assertions).
CONTRADICTIONS = [
    ("Ollama", "wobbly once you push past ~50 concurrent users",
     "200-ish concurrent requests during a hackathon without a single dropped connection"),
    ("Cline", "there's no built-in budget cap", "lets me set a hard spending limit per session"),
    ("DSPy", "a 10–20 point jump on your metric", "+4 points of macro-F1"),
]


def main():
    quotes = {}
    seen = set()
    all_claims = {}
    for doc, subjects in DOCS.items():
        title = (CORPUS / doc).read_text(encoding="utf-8").splitlines()[0]
        assert all(s.lower() in title.lower() for s in subjects), (doc, title)
        for i, text in enumerate(quotes_of(CORPUS / doc)):
            ann = dict(ANN[(doc, i)])
            seen.add((doc, i))
            start = ann.pop("start")
            assert text.startswith(start), (doc, i, start, text[:60])
            assert ann["subject"] in subjects, (doc, i)
            for e in ann["entities"]:
                assert e in ENTITIES, (doc, i, e)
            for r in ann["relations"]:
                assert r["source"] in ENTITIES and r["target"] in ENTITIES, (doc, i, r)
                if not r["optional"]:
                    for end in (r["source"], r["target"]):
                        assert end in ann["entities"] or end == ann["subject"], (doc, i, end)
                        assert not ENTITIES[end][2], ("required relation to optional entity", doc, i, end)
            for c in ann["claims"]:
                assert c["text"] in text, (doc, i, c["text"])
                assert c["about"] in ENTITIES, (doc, i, c["about"])
                all_claims.setdefault(c["about"], set()).add(c["text"])
            k = key(text)
            assert k not in quotes, ("duplicate quote", doc, i)
            # score.py counts every entity listed on a quote toward entity recall, so the
            # optional (incidental) ones are kept out of the per-quote lists: declared as
            # optional at top level they neither count nor hurt, as the eval README says.
            ann["entities"] = [e for e in ann["entities"] if not ENTITIES[e][2]]
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
