"""Write a large corpus of review documents of our own: invented product names, review prose from templates.

    python benchmarks/gen_corpus.py OUT_DIR --quotes 10000 --seed 7

Products, companies and categories are invented (syllables joined into names such as "Vextra" or
"Quillbase"); licences, platforms and technologies are the ordinary words of the trade. Every quote is 1–4
sentences drawn from templates of the kinds a review holds: competition, threats with a horizon, what a
product is built on and who makes it, metrics, prices, licences, platforms, capabilities, limitations,
risks, predictions, doubts about benchmarks, and plain opinion that states no fact. Documents are review
files in kg's format: a title line "A vs B" (sometimes with a subtitle) and curly-quoted paragraphs.

The output depends only on ``--quotes`` and ``--seed``; every quote is distinct (kg would fold repeats), and
``write_corpus`` returns the quote texts so a benchmark can tokenize exactly what kg reads.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass
from pathlib import Path

_ONSETS = ("b", "br", "c", "cl", "d", "dr", "f", "fl", "g", "gr", "h", "j", "k", "kr", "l", "m", "n", "p", "pl",
           "qu", "r", "s", "sk", "st", "t", "tr", "v", "vr", "w", "z")
_VOWELS = ("a", "e", "i", "o", "u", "ai", "ea", "io", "y")
_CODAS = ("", "", "n", "r", "x", "l", "s", "m", "nd", "rk", "st", "th")
_SUFFIXES = ("", "", "", "base", "flow", "DB", "hub", "ly", "io", "kit", "stack", "grid", "forge", "line", "mesh")
_ORG_SUFFIXES = ("Labs", "Inc.", "Systems", "Technologies", "Software", "Cloud")
CATEGORIES = ("vector database", "agent framework", "code editor", "serverless runtime", "message queue",
              "observability platform", "feature flag service", "workflow engine", "search engine",
              "auth provider", "edge cache", "notebook tool", "CI service", "log pipeline", "model server")
LICENSES = ("MIT", "Apache 2.0", "AGPL-3.0", "BSD-3-Clause", "MPL 2.0", "the Business Source License")
PLATFORMS = ("Linux", "macOS", "Windows", "Kubernetes", "ARM64", "iOS", "Android")
TECHNOLOGIES = ("PostgreSQL", "Rust", "Go", "SQLite", "Redis", "Kafka", "WebAssembly", "Python", "TypeScript",
                "RocksDB", "gRPC", "ClickHouse")
FEATURES = ("sandboxing", "replication", "snapshots", "streaming", "multi-tenancy", "autoscaling", "tracing",
            "hybrid search", "offline mode", "schema migrations", "role-based access", "hot reload", "caching",
            "batch imports", "webhooks", "SSO", "audit logs", "quantization", "rate limiting", "backfills")
UNITS = (("ms", "p99 latency"), ("ms", "p95 latency"), ("ms", "cold start"), ("MB", "memory footprint"),
         ("k req/s", "throughput"), ("GB", "index size"))

# {a} the subject, {b} its rival, {c} another product, {org} a company; other slots are filled below
TEMPLATES: dict[str, tuple[str, ...]] = {
    "competes": (
        "{a} competes directly with {b} and {c} for teams that want a managed {cat}.",
        "The obvious alternatives to {a} are {b} and {c}, and we trialled both before settling.",
        "{a} and {b} are fighting over the same buyers, and the pricing pages show it.",
        "If you are shopping for a {cat}, {a} goes head to head with {b}.",
        "{b} is the main rival here; {c} is not really a competitor for this workload.",
    ),
    "threatens": (
        "What could sink {a} within {months} months: {b} ships the same {feature} for free.",
        "The real danger for {a} is {org} bundling a {cat} into its cloud within {months} months.",
        "{b} is a serious threat to {a} over the next {months} months if it fixes {feature}.",
    ),
    "depends": (
        "{a} is built on {tech} and leans on {tech2} for storage.",
        "Under the hood {a} runs on {tech}, which explains the memory profile.",
        "{a} depends on {b} for {feature}, so an outage there is an outage here.",
    ),
    "maker": (
        "{a} is developed by {org}, a small team that answers issues quickly.",
        "{org} makes {a} and sells support contracts on top of it.",
        "{a} comes from {org}, the people behind {c}.",
    ),
    "metric": (
        "On our workload {a} held a {metric} of {num} {unit} with the default settings.",
        "We measured {metric} around {num} {unit} on {a}, against {num2} {unit} on {b}.",
        "{a} keeps {metric} under {num} {unit} even at the end of the month.",
        "Switching to {a} cut our {metric} from {num2} {unit} to {num} {unit}.",
    ),
    "pricing": (
        "{a} costs ${price} per month for the team plan, and the free tier is generous.",
        "The hosted version of {a} starts at ${price}/month per seat.",
        "We pay roughly ${price} a month for {a}, which is less than {b} quoted us.",
    ),
    "license": (
        "{a} is released under {license}, which matters to our legal team.",
        "The core of {a} is {license} licensed; the enterprise bits are not.",
    ),
    "platform": (
        "{a} runs on {platform} and {platform2} without any tweaking.",
        "There is no {platform} build of {a} yet, so half the team cannot use it.",
    ),
    "capability": (
        "{a} shipped real {feature} last quarter and it works as advertised.",
        "{a} supports {feature} out of the box, which saved us a week.",
        "The best part of {a} is {feature}: it just works.",
    ),
    "limitation": (
        "{a} has no {feature}, so we built our own on the side.",
        "{feature} in {a} is still broken for large accounts.",
        "{a} lacks proper {feature}, and the roadmap is vague about it.",
    ),
    "risk": (
        "The risk with {a} is that {org} changes the license once it needs revenue.",
        "Betting on {a} means betting that a {size}-person company survives the next funding round.",
    ),
    "prediction": (
        "By {year} most new projects will start on {a} and move to {b} only when they outgrow it.",
        "My guess is that {a} gets acquired by {org} before {year}.",
    ),
    "doubt": (
        "The benchmark on the {a} website is vendor-published and nobody has reproduced it.",
        "Take the {b} numbers with a grain of salt; they come from a single hand-tuned run.",
    ),
    "opinion": (
        "Boring, cheap, and it never pages me at night.",
        "Setup took an afternoon and the docs were better than expected.",
        "I would pick it again, but I would read the changelog more carefully this time.",
        "Our on-call rotation noticed the difference within a week.",
        "It is the kind of tool you forget about, which is the highest praise I have.",
        "Support replied within {hours} hours and fixed the bug in the next release.",
        "We migrated {num} services over {weeks} weeks without a single rollback.",
    ),
}
WEIGHTS = {"competes": 5, "threatens": 2, "depends": 3, "maker": 2, "metric": 4, "pricing": 3, "license": 2,
           "platform": 2, "capability": 4, "limitation": 3, "risk": 1, "prediction": 1, "doubt": 1, "opinion": 5}


@dataclass(frozen=True)
class World:
    """The invented market: products by category and the companies behind them."""

    products: dict[str, tuple[str, ...]]  # category → product names
    makers: dict[str, str]  # product → company


def _word(rng: random.Random) -> str:
    syllables = "".join(rng.choice(_ONSETS) + rng.choice(_VOWELS) for _ in range(rng.choice((1, 2, 2, 3))))
    return (syllables + rng.choice(_CODAS)).capitalize()


def invent_world(rng: random.Random, products: int) -> World:
    """``products`` invented product names spread over the categories, each with an invented maker."""
    names: list[str] = []
    seen: set[str] = set()
    while len(names) < products:
        name = _word(rng) + rng.choice(_SUFFIXES)
        if name.lower() not in seen and len(name) > 3:
            seen.add(name.lower())
            names.append(name)
    orgs = []
    while len(orgs) < max(4, products // 3):
        org = f"{_word(rng)} {rng.choice(_ORG_SUFFIXES)}"
        if org.split()[0].lower() not in seen:
            seen.add(org.split()[0].lower())
            orgs.append(org)
    by_category: dict[str, list[str]] = {c: [] for c in CATEGORIES}
    for i, name in enumerate(names):
        by_category[CATEGORIES[i % len(CATEGORIES)]].append(name)
    return World({c: tuple(p) for c, p in by_category.items()}, {p: rng.choice(orgs) for p in names})


def _sentence(rng: random.Random, world: World, cat: str, a: str, b: str) -> str:
    kind = rng.choices(list(WEIGHTS), weights=list(WEIGHTS.values()))[0]
    pool = world.products[cat]
    c = rng.choice([p for p in pool if p not in (a, b)] or [b])
    unit, metric = rng.choice(UNITS)
    tech, tech2 = rng.sample(TECHNOLOGIES, 2)
    platform, platform2 = rng.sample(PLATFORMS, 2)
    low = rng.randint(2, 400)
    slots = {"a": a, "b": b, "c": c, "cat": cat, "org": world.makers[rng.choice((a, b, c))],
             "months": rng.choice((6, 12, 18, 24, 36)), "feature": rng.choice(FEATURES), "tech": tech,
             "tech2": tech2, "metric": metric, "unit": unit, "num": low, "num2": low + rng.randint(5, 900),
             "price": rng.choice((9, 15, 19, 20, 25, 29, 49, 99, 149, 299, 499)), "license": rng.choice(LICENSES),
             "platform": platform, "platform2": platform2, "size": rng.randint(3, 40),
             "year": rng.randint(2026, 2031), "hours": rng.randint(2, 72), "weeks": rng.randint(2, 20)}
    if kind == "maker":
        slots["org"] = world.makers[a]
    sentence = rng.choice(TEMPLATES[kind]).format(**slots)
    return sentence[:1].upper() + sentence[1:]


def write_corpus(out: Path, quotes: int, seed: int = 7, per_doc: tuple[int, int] = (4, 12)) -> list[str]:
    """Write review documents holding ``quotes`` distinct quotes into ``out``; returns the quote texts."""
    rng = random.Random(seed)
    world = invent_world(rng, max(30, quotes // 15))
    out.mkdir(parents=True, exist_ok=True)
    seen: set[str] = set()
    texts: list[str] = []
    number = 0
    while len(texts) < quotes:
        cat = rng.choice(CATEGORIES)
        a, b = rng.sample(world.products[cat], 2)
        title = f"{a} vs {b}" + rng.choice(("", "", f": which {cat} to pick", f" ({rng.choice(FEATURES)})"))
        body: list[str] = []
        for _ in range(min(rng.randint(*per_doc), quotes - len(texts))):
            for _attempt in range(20):
                subject, other = (a, b) if rng.random() < 0.6 else (b, a)
                text = " ".join(_sentence(rng, world, cat, subject, other) for _ in range(rng.choice((1, 2, 2, 3, 4))))
                if text not in seen:
                    break
            else:
                continue
            seen.add(text)
            body.append(text)
        texts += body
        if body:
            quoted = "\n\n".join(f"\u201c{t}\u201d" for t in body)
            (out / f"review-{number:06d}.txt").write_text(f"{title}\n\n{quoted}\n", encoding="utf-8")
            number += 1
    return texts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="folder to write the review files into")
    parser.add_argument("--quotes", type=int, default=1000, help="distinct quotes to write")
    parser.add_argument("--seed", type=int, default=7, help="random seed: the same seed gives the same files")
    args = parser.parse_args(argv)
    texts = write_corpus(args.out, args.quotes, args.seed)
    print(f"wrote {len(texts)} quotes ({sum(len(t.split()) for t in texts):,} words) into {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
