"""How fast is extraction, as a ratio to spaCy's bare tokenizer on the same text, and what does start-up cost?

    python benchmarks/bench_extract.py                       # ~2,000 quotes, 3 repeats, prints a summary
    python benchmarks/bench_extract.py --json bench.json     # also write the figures as JSON

Extraction time (CPU time of this process by default, ``--clock wall`` for elapsed time) is given as a multiple
of the time ``spacy.blank("en").tokenizer`` takes to tokenize the same quote texts, measured in the same run: the
tokenizer runs just before and just after each timed extraction, each extraction is divided by the mean of those
two, and the ratio printed is the median of these per-run ratios. That ratio depends much less on the machine than
seconds do. The corpus is the sample corpus plus the shared seeds (if present), each distinct quote once,
replicated until it holds ``--quotes`` quotes. Every copy gets " (copy N)" at the end of its quotes, so
deduplication cannot fold the copies together. Imports and one warm-up run come before the timed runs. Each timed
``kg.api.extract`` call includes its own per-call setup (the catalog and the code fingerprint); the spaCy pipeline
with its matchers is built once per process, by the warm-up, and reused as in any process that extracts more than
once. Extraction runs with ``jobs=1``: in this process, so its CPU clock sees all of the work (with worker
processes it would see only the main process's share).

Start-up cost: ``python -c "import kg.query, kg.store"`` (what ``kg query`` needs) and ``python -c
"import kg.cli"`` (the ``kg`` command) against ``python -c "pass"``, each in a fresh interpreter.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's kg, not the one installed (another checkout's, maybe)
EXAMPLES = ROOT / "examples" / "reviews"
SEEDS = ROOT.parent / "shared" / "corpus" / "seeds"
_QUOTE = re.compile(r"^\u201c(.*)\u201d$", re.DOTALL)
IMPORTS = {"kg.query+kg.store": "import kg.query, kg.store", "kg.cli": "import kg.cli"}


def read_review(path: Path) -> tuple[str, list[str]]:
    """A review document's title line and its quotes (paragraphs in curly quotes), without the quote marks."""
    title, _, body = path.read_text(encoding="utf-8").partition("\n")
    quotes = [m.group(1) for para in re.split(r"\n\s*\n", body) if (m := _QUOTE.match(para.strip()))]
    return title.strip(), quotes


def make_corpus(folders: list[Path], target: int, out: Path) -> list[str]:
    """Write copies of the review documents in ``folders`` into ``out`` until they hold ``target`` quotes.

    Returns the quote texts exactly as written: the text that kg extracts from and the tokenizer splits.
    """
    docs, seen = [], set()
    for path in (p for folder in folders for p in sorted(folder.glob("*.txt"))):
        title, quotes = read_review(path)
        quotes = [q for q in dict.fromkeys(quotes) if q not in seen]  # kg keeps a repeated quote once
        seen.update(quotes)
        if quotes:
            docs.append((title, quotes))
    per_copy = sum(len(q) for _, q in docs)
    if not per_copy:
        raise SystemExit(f"no quotes found in {', '.join(map(str, folders))}")
    texts: list[str] = []
    for n in range(math.ceil(target / per_copy)):
        for i, (title, quotes) in enumerate(docs):
            copied = [f"{q} (copy {n})" for q in quotes]
            texts += copied
            body = "\n\n".join(f"\u201c{q}\u201d" for q in copied)
            (out / f"doc{i:03d}-copy{n:03d}.txt").write_text(f"{title}\n\n{body}\n", encoding="utf-8")
    return texts


CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}


def _timed(fn, repeat: int, clock: str = "cpu") -> list[float]:
    """Seconds per run on ``clock``: "cpu" is this process's CPU time (one core; robust on a shared machine)."""
    now = CLOCKS[clock]
    times = []
    for _ in range(repeat):
        start = now()
        fn()
        times.append(now() - start)
    return times


def bench_extract(folders: list[Path], target: int, repeat: int, clock: str = "cpu", model: str | None = None) -> dict:
    """Extraction against the blank tokenizer on the same texts; with ``model``, extraction with its parser's
    dependency paths too (``kg.api.extract(..., model=model)``), timed in the same run."""
    import spacy

    import kg
    import kg.api

    tokenizer = spacy.blank("en").tokenizer
    with tempfile.TemporaryDirectory(prefix="kg-bench-") as tmp:
        texts = make_corpus(folders, target, Path(tmp))

        def tokenize() -> None:
            for text in texts:
                tokenizer(text)

        kg.api.extract([EXAMPLES], jobs=1)  # warm-up: imports, lexicons, first-call caches
        tokenize()
        graph = kg.api.extract([tmp], jobs=1)
        if graph.run.quotes != len(texts):
            print(f"warning: wrote {len(texts)} quotes, kg read {graph.run.quotes}", file=sys.stderr)
        extract_s, tokenize_s, ratios = [], [], []
        for _ in range(repeat):  # the tokenizer just before and after each extraction: a host whose cores
            before = _timed(tokenize, 1, clock)[0]  # change speed between runs moves both sides of the ratio
            extract_s += _timed(lambda: kg.api.extract([tmp], jobs=1), 1, clock)
            after = _timed(tokenize, 1, clock)[0]
            tokenize_s += [before, after]
            ratios.append(extract_s[-1] / ((before + after) / 2))
        parsed_s = None
        if model:
            kg.api.extract([EXAMPLES], jobs=1, model=model)  # warm-up: the parser loaded
            parsed_s = _timed(lambda: kg.api.extract([tmp], jobs=1, model=model), repeat, clock)
    extract_median, tokenize_median = statistics.median(extract_s), statistics.median(tokenize_s)
    return {
        "kg_version": kg.__version__, "spacy_version": spacy.__version__,
        "corpus": {"folders": [str(f) for f in folders], "documents": graph.run.documents,
                   "quotes": len(texts), "quotes_read": graph.run.quotes,
                   "characters": sum(map(len, texts)), "tokens": sum(len(tokenizer(t)) for t in texts)},
        "graph": {"entities": len(graph.entities), "relations": len(graph.relations), "claims": len(graph.claims)},
        "repeat": repeat, "clock": clock,
        "extract_s": extract_s, "tokenize_s": tokenize_s,
        "extract_median_s": extract_median, "tokenize_median_s": tokenize_median,
        "ratios": ratios, "ratio_extract_to_tokenizer": statistics.median(ratios),
        "quotes_per_s": len(texts) / extract_median,
        **({"model": model, "extract_parsed_s": parsed_s, "extract_parsed_median_s": statistics.median(parsed_s),
            "ratio_parsed_to_tokenizer": statistics.median(parsed_s) / tokenize_median} if parsed_s else {}),
    }


def bench_imports(repeat: int) -> dict:
    """Median wall time of fresh interpreters that import kg's query side, against one that does nothing."""
    def run(code: str) -> float:
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
            times.append(time.perf_counter() - start)
        return statistics.median(times)

    baseline = run("pass")
    result: dict = {"repeat": repeat, "python_pass_s": baseline}
    for name, code in IMPORTS.items():
        seconds = run(code)
        result[name] = {"code": code, "median_s": seconds, "import_cost_s": seconds - baseline}
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quotes", type=int, default=2000, help="replicate the corpus to about this many quotes")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs of each side (the median is reported)")
    parser.add_argument("--import-repeat", type=int, default=5, help="fresh interpreters per start-up timing")
    parser.add_argument("--seeds", type=Path, default=SEEDS, help="extra review folder, used if it exists")
    parser.add_argument("--no-seeds", action="store_true", help="use the sample corpus only")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu",
                        help="cpu: this process's CPU time (default; one core, robust to other load); wall: elapsed")
    parser.add_argument("--model", help="also time extraction with this installed spaCy pipeline's parser (--model)")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the figures here as JSON")
    args = parser.parse_args(argv)

    folders = [EXAMPLES] + ([args.seeds] if not args.no_seeds and args.seeds.is_dir() else [])
    result = {"machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                          "platform": platform.platform()}}
    result["extract"] = ex = bench_extract(folders, args.quotes, args.repeat, args.clock, args.model)
    result["startup"] = st = bench_imports(args.import_repeat)

    c = ex["corpus"]
    print(f"corpus: {c['quotes']} quotes ({c['quotes_read']} read by kg), {c['documents']} documents, "
          f"{c['characters']:,} characters, {c['tokens']:,} tokens from {', '.join(map(str, folders))}")
    print(f"clock: {ex['clock']}")
    print(f"kg.api.extract:       median {ex['extract_median_s']:.3f} s of {ex['repeat']} "
          f"({', '.join(f'{t:.3f}' for t in ex['extract_s'])}), {ex['quotes_per_s']:.0f} quotes/s")
    print(f"spaCy blank tokenizer: median {ex['tokenize_median_s']:.4f} s "
          f"({', '.join(f'{t:.4f}' for t in ex['tokenize_s'])})")
    print(f"ratio extract / tokenizer (median of the runs' {', '.join(f'{r:.0f}' for r in ex['ratios'])}): "
          f"{ex['ratio_extract_to_tokenizer']:.0f}x "
          f"(extraction runs at {100 / ex['ratio_extract_to_tokenizer']:.1f} % of the tokenizer's words/s; "
          f"issue 10's target: 10 %)")
    if args.model:
        print(f"with --model {args.model}: median {ex['extract_parsed_median_s']:.3f} s, ratio to the tokenizer "
              f"{ex['ratio_parsed_to_tokenizer']:.0f}x ({100 / ex['ratio_parsed_to_tokenizer']:.1f} % of its words/s)")
    print(f"start-up: python -c pass {st['python_pass_s']:.3f} s (median of {st['repeat']})")
    for name in IMPORTS:
        print(f"  {st[name]['code']:<28} {st[name]['median_s']:.3f} s  (+{st[name]['import_cost_s']:.3f} s)")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
