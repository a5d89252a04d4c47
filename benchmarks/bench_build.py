"""How fast, how big and how hungry is a whole ``kg build``, at 1 k and 10 k quotes (100 k with ``--big``)?

    python benchmarks/bench_build.py                      # 1,000 and 10,000 quotes
    python benchmarks/bench_build.py --quotes 1000 5000   # other sizes
    python benchmarks/bench_build.py --big --json b.json  # add 100,000 quotes; write every figure as JSON

Each size: a corpus of our own is generated (``gen_corpus.py``: invented products, review prose from
templates), then ``python -m kg build CORPUS --out OUT --formats all`` runs in a fresh process (``--formats``
chooses others). Printed per size:

- quotes/s and words/s of the whole build, and words/s as a percentage of spaCy's blank tokenizer
  (``spacy.blank("en").tokenizer``) on the same texts in the same run: a ratio carries across machines.
  Rates are per CPU second (the build process's rusage, the tokenizer's ``process_time``): on a shared
  machine wall time can be many times CPU time; wall seconds are printed too;
- peak RSS of the build process (``wait4`` rusage) and CPU seconds;
- output bytes per quote, exports and store apart; each export's bytes per quote, and the total of the
  exports a default build writes (``kg.api.DEFAULT_FORMATS``, the report and the cache);
- quads per quote, by predicate (counted in ``kg.nq`` when the build wrote it);
- the per-stage CPU seconds the build wrote to ``report.json`` (its ``timings`` block), with triples/s of
  each RDF export and of making the quads;
- GraphML: kg's writer against ``networkx.write_graphml`` on the same graph, in this process;
- ``kg query competitors X`` on the built store, whole process, median of ``--query-repeat``.

A scaling check of contradiction detection (CPU µs per claim at 2 k, 20 k and 100 k claims) closes the run.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from gen_corpus import write_corpus

RDF_EXPORTS = ("kg.ttl", "kg.nt", "kg.trig", "kg.nq", "kg.jsonld")


def _env() -> dict[str, str]:
    return os.environ | {"PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}


def _run(args: list[str]) -> tuple[float, dict]:
    """Run ``python -m kg ARGS``: (wall seconds, {"max_rss_mb", "cpu_s"}); raises if it fails."""
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "kg", *args], env=_env(), stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    _pid, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"kg {' '.join(args)} failed ({process.returncode}): {process.stderr.read().decode()}")
    process.stderr.close()
    return wall, {"max_rss_mb": usage.ru_maxrss / 1024, "cpu_s": usage.ru_utime + usage.ru_stime}


def _size(path: Path) -> int:
    return path.stat().st_size if path.is_file() else sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def _sizes(out: Path) -> dict:
    from kg.api import DEFAULT_FORMATS

    each = {p.name: _size(p) for p in sorted(out.iterdir()) if p.name != ".store"}
    default = {name for name, _ in DEFAULT_FORMATS} | {"report.json", "cache"}
    return {"exports_bytes": sum(each.values()), "store_bytes": _size(out / ".store"), "bytes_by_export": each,
            "default_exports_bytes": sum(size for name, size in each.items() if name in default)}


def _quads_by_predicate(out: Path) -> dict[str, int]:
    """How many quads each predicate has, read from the N-Quads export (empty if the build did not write it)."""
    counts: dict[str, int] = {}
    path = out / "kg.nq"
    if path.is_file():
        with path.open("rb") as handle:
            for line in handle:
                predicate = line.split(b" ", 2)[1].decode()
                counts[predicate] = counts.get(predicate, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: -kv[1]))


def _graphml_race(out: Path) -> dict:
    """kg's GraphML writer against networkx.write_graphml on the same stored graph (median of 3 each)."""
    import networkx as nx

    import kg.api
    from kg.export.graphml import graphml_bytes

    graph = kg.api.to_networkx(kg.api.load(out))
    plain = nx.MultiDiGraph()  # networkx writes scalars only: lists and dicts as JSON text
    plain.add_nodes_from((n, {k: v if isinstance(v, str | int | float | bool) else json.dumps(v)
                              for k, v in d.items()}) for n, d in graph.nodes(data=True))
    plain.add_edges_from((u, v, k, {a: b if isinstance(b, str | int | float | bool) else json.dumps(b)
                                    for a, b in d.items()}) for u, v, k, d in graph.edges(keys=True, data=True))

    def timed(fn) -> float:
        times = []
        for _ in range(3):
            start = time.perf_counter()
            fn()
            times.append(time.perf_counter() - start)
        return statistics.median(times)

    kg_s = timed(lambda: graphml_bytes(graph))
    nx_s = timed(lambda: nx.write_graphml(plain, io.BytesIO()))
    return {"edges": graph.number_of_edges(), "kg_s": kg_s, "networkx_s": nx_s, "kg_over_networkx": kg_s / nx_s}


def _query(out: Path, name: str, repeat: int) -> dict:
    times = [_run(["query", "competitors", name, "--store", str(out), "--format", "json"])[0] for _ in range(repeat)]
    return {"entity": name, "median_s": statistics.median(times), "runs_s": times}


def bench_size(quotes: int, seed: int, repeat: int, work: Path, formats: str = "all") -> dict:
    import spacy

    corpus, out = work / f"corpus-{quotes}", work / f"out-{quotes}"
    texts = write_corpus(corpus, quotes, seed)
    tokenizer = spacy.blank("en").tokenizer
    for text in texts[:200]:  # warm-up
        tokenizer(text)
    start = time.process_time()
    tokens = sum(len(tokenizer(text)) for text in texts)
    tokenize_s = time.process_time() - start

    wall, usage = _run(["build", str(corpus), "--out", str(out), "--no-progress", "--formats", formats])
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    index = json.loads((out / ".store" / "names.json").read_text(encoding="utf-8"))
    all_timings = report.get("timings", {})
    timings = all_timings.get("cpu_s", {})
    quads = index["quads"]
    rdf_rates = {name: quads / timings[f"export {name}"] for name in RDF_EXPORTS
                 if timings.get(f"export {name}")}
    sizes = _sizes(out)
    first = min(corpus.glob("*.txt")).read_text(encoding="utf-8").split("\n", 1)[0]
    subject = first.split(" vs ")[0].strip()
    return {
        "quotes": len(texts), "quotes_read": report["counts"]["quotes"], "documents": report["counts"]["documents"],
        "tokens": tokens, "characters": sum(map(len, texts)),
        "entities": report["counts"]["entities"], "quads": quads,
        "build_wall_s": wall, **usage,
        "quotes_per_s": len(texts) / usage["cpu_s"], "words_per_s": tokens / usage["cpu_s"],
        "quotes_per_wall_s": len(texts) / wall,
        "tokenizer_s": tokenize_s, "tokenizer_words_per_s": tokens / tokenize_s,
        "percent_of_tokenizer": 100 * tokenize_s / usage["cpu_s"],
        **sizes, "bytes_per_quote": (sizes["exports_bytes"] + sizes["store_bytes"]) / len(texts),
        "export_bytes_per_quote": sizes["exports_bytes"] / len(texts),
        "default_export_bytes_per_quote": sizes["default_exports_bytes"] / len(texts),
        "quads_per_quote": quads / len(texts), "quads_by_predicate": _quads_by_predicate(out),
        "timings": timings, "peak_rss_mb_by_stage": all_timings.get("peak_rss_mb", {}),
        "wall_s_by_stage": all_timings.get("wall_s", {}), "rdf_quads_per_s": quads / timings["rdf"] if timings.get("rdf") else None,
        "rdf_export_triples_per_s": rdf_rates,
        "graphml": _graphml_race(out),
        "query": _query(out, subject, repeat) if repeat else None,
    }


def synthetic_claims(n: int) -> list:
    """``n`` capability, limitation, risk and metric claims about five products, on random rare topics."""
    import random

    from kg.ids import fact_id
    from kg.models import Claim, Evidence

    rng = random.Random(n)
    words = ["".join(rng.choice("aeiou" if i % 2 else "bdfgklmnprstvz") for i in range(7)) for _ in range(n)]
    out = []
    for i in range(n):
        type_ = rng.choice(("capability", "limitation", "risk", "metric"))
        text = " ".join(rng.sample(words, 3))
        quote, about = f"q:{rng.randrange(n)}", f"ent:p{rng.randrange(5)}"
        ev = Evidence(doc_id="doc:1", quote_id=quote, start=0, end=len(text), text=text, rule=f"b.{type_}",
                      confidence=0.6)
        out.append(Claim(id=fact_id("claim", type_, about, quote, i), about=about, type=type_, text=text,
                         evidence=ev))
    return out


def contradiction_scaling(sizes: tuple[int, ...] = (2_000, 20_000, 100_000)) -> dict:
    """CPU microseconds per claim of find_contradictions at each size (flat when linear), best of 3."""
    from kg.extract.contradictions import find_contradictions

    result = {}
    for n in sizes:
        items = synthetic_claims(n)
        times = []
        for _ in range(3):  # best of 3 CPU timings: the machine is shared
            start = time.process_time()
            found = find_contradictions(items)
            times.append(time.process_time() - start)
        result[n] = {"seconds": min(times), "us_per_claim": 1e6 * min(times) / n, "contradictions": len(found)}
    return result


def _default_formats() -> tuple:
    from kg.api import DEFAULT_FORMATS

    return DEFAULT_FORMATS


def _print(r: dict) -> None:
    mb = 1 << 20
    print(f"\n== {r['quotes']:,} quotes ({r['quotes_read']:,} read), {r['documents']:,} documents, "
          f"{r['tokens']:,} tokens, {r['entities']:,} entities, {r['quads']:,} quads")
    print(f"build: {r['build_wall_s']:.1f} s wall, {r['cpu_s']:.1f} s CPU, peak RSS {r['max_rss_mb']:.0f} MB; "
          f"per CPU second {r['quotes_per_s']:.1f} quotes, {r['words_per_s']:,.0f} words = "
          f"{r['percent_of_tokenizer']:.2f} % of the blank tokenizer ({r['tokenizer_words_per_s']:,.0f} words/s)")
    print(f"output: exports {r['exports_bytes'] / mb:.1f} MB + store {r['store_bytes'] / mb:.1f} MB = "
          f"{r['bytes_per_quote'] / 1024:.1f} KB per quote ({r['export_bytes_per_quote'] / 1024:.1f} KB exports)")
    print(f"default exports ({', '.join(n for n, _ in _default_formats())}, report, cache): "
          f"{r['default_export_bytes_per_quote'] / 1024:.1f} KB per quote; each export, bytes per quote: "
          + ", ".join(f"{k} {v / r['quotes']:,.0f}" for k, v in r["bytes_by_export"].items()))
    print(f"quads per quote: {r['quads_per_quote']:.1f}" + ("; by predicate: " + ", ".join(
        f"{k.rsplit('/', 1)[-1].strip('<>')} {v / r['quotes']:.1f}" for k, v in r["quads_by_predicate"].items())
        if r["quads_by_predicate"] else ""))
    print("stages (CPU s): " + ", ".join(f"{k} {v:.2f}" for k, v in r["timings"].items()))
    print("peak RSS at the end of (MB): " + ", ".join(f"{k} {v:.0f}" for k, v in r["peak_rss_mb_by_stage"].items()))
    if r["rdf_quads_per_s"]:
        print(f"quads made: {r['rdf_quads_per_s']:,.0f}/s; RDF exports (triples/s): "
              + ", ".join(f"{k} {v:,.0f}" for k, v in r["rdf_export_triples_per_s"].items()))
    g = r["graphml"]
    print(f"GraphML, {g['edges']:,} edges: kg {g['kg_s']:.2f} s, networkx.write_graphml {g['networkx_s']:.2f} s "
          f"(kg / networkx = {g['kg_over_networkx']:.2f})")
    q = r["query"]
    if q:
        print(f"kg query competitors {q['entity']}: median {q['median_s']:.2f} s (whole process)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quotes", type=int, nargs="+", default=[1000, 10000], help="corpus sizes")
    parser.add_argument("--big", action="store_true", help="also run 100,000 quotes")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--query-repeat", type=int, default=3, help="runs of kg query competitors (0: none)")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write every figure here as JSON")
    parser.add_argument("--keep", type=Path, metavar="DIR", help="build in DIR and keep corpora and outputs")
    parser.add_argument("--formats", default="all", help="the build's --formats (default: all, so every export "
                        "is measured; the default set's size is printed apart)")
    args = parser.parse_args(argv)
    sizes = args.quotes + ([100_000] if args.big else [])
    result: dict = {"machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                                "platform": platform.platform(), "load_avg_at_start": os.getloadavg()},
                    "runs": []}
    with tempfile.TemporaryDirectory(prefix="kg-bench-build-") as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        for quotes in sizes:
            run = bench_size(quotes, args.seed, args.query_repeat, work, args.formats)
            result["runs"].append(run)
            _print(run)
    result["contradictions"] = c = contradiction_scaling()
    print("\ncontradictions (CPU µs per claim; flat when linear): "
          + ", ".join(f"{n:,} claims {r['us_per_claim']:.1f}" for n, r in c.items()))
    result["machine"]["load_avg_at_end"] = os.getloadavg()
    if args.json:
        args.json.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
