"""Query latency and ``kg add`` time on large stores: whole process and in-process, medians of several runs.

    python benchmarks/big_store.py --quotes 10000 --out /tmp/kg10k       # a store of copies (see big_store.py)
    python benchmarks/bench_query.py --store /tmp/kg10k --store /tmp/kg100k
    python benchmarks/bench_query.py --add /tmp/built10k --extra DIR      # kg add of DIR to a built store

For each store it prints, for ``kg query competitors NAME`` (default Qdrant):

- whole process: ``python -m kg query competitors NAME --store DIR`` in a fresh interpreter, output to a pipe
  (a table 120 columns wide), wall seconds, median of ``--repeat``; against ``python -c pass`` and
  ``python -c "import pyoxigraph"`` in the same run (the floor any command pays), as a ratio;
- its CPU seconds (user + system of the child), which move less with other people's load than wall time;
- in-process: ``kg.query.competitors(store, NAME)`` (pydantic rows) on an opened store, and
  ``kg.query.competitor_records`` (the plain records ``kg query`` prints) twice: from the store's relation index
  (``.store/relations.sqlite``) and from the database's look-ups (the path of stores without an index and of
  SPARQL endpoints) on the same opened store, with a check that both give the same rows; wall and CPU
  milliseconds, median of 20 after one warm-up; the ratio of the two CPU times; the ranked answer
  (``kg.api.competitors(NAME, aggregate=True)``, what ``--aggregate`` prints) both ways; the time to open the store;
- the answer's number of rows.

With ``--add STORE --extra DIR`` it times ``python -m kg add DIR --store STORE`` (a fresh process, wall and CPU),
on a copy of STORE (``cp -a``), so the run can be repeated; STORE must have been built by the same kg code (its
cache is keyed by kg's code). The copy is opened once before it is timed: a copied store's files have new inodes,
so the first reader hashes them (as it would for a user's copied store) and notes the check.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _env() -> dict[str, str]:
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return os.environ | {"PYTHONPATH": path, "COLUMNS": "120"}


def _run(args: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, env=_env(), cwd=ROOT)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _medians(args: list[str], repeat: int) -> dict[str, float]:
    runs = [_run(args) for _ in range(repeat)]
    return {"wall_s": statistics.median(r[0] for r in runs), "cpu_s": statistics.median(r[1] for r in runs)}


def _in_process(ask, repeat: int = 20) -> tuple[float, float]:
    """Median wall and CPU milliseconds of ``ask()`` after one warm-up."""
    ask()
    times, cpu = [], []
    for _ in range(repeat):
        started, started_cpu = time.perf_counter(), time.process_time()
        ask()
        times.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    return statistics.median(times) * 1000, statistics.median(cpu) * 1000


def bench_store(store: Path, name: str, repeat: int) -> dict:
    from dataclasses import replace

    from kg import query
    from kg.store import open_store

    _run([sys.executable, "-m", "kg", "query", "competitors", name, "--store", str(store)])  # warm the page cache
    whole = _medians([sys.executable, "-m", "kg", "query", "competitors", name, "--store", str(store)], repeat)
    bare = _medians([sys.executable, "-c", "pass"], repeat)
    oxigraph = _medians([sys.executable, "-c", "import pyoxigraph"], repeat)
    started = time.perf_counter()
    opened = open_store(store)
    open_s = time.perf_counter() - started
    looked_up = replace(opened, generation=None)  # the same store, its relation index out of reach
    indexed = opened.relation_index is not None
    rows = query.competitors(opened, name)
    same = query.competitor_records(opened, name) == query.competitor_records(looked_up, name)
    wall, cpu = _in_process(lambda: query.competitors(opened, name))
    records_wall, records_cpu = _in_process(lambda: query.competitor_records(opened, name))
    sparql_wall, sparql_cpu = _in_process(lambda: query.competitor_records(looked_up, name))
    from kg.answers import competitors as ranked  # --aggregate: the rows ranked, documents counted per quote

    ranked_wall, ranked_cpu = _in_process(lambda: ranked(name, opened, aggregate=True, as_rows=True))
    ranked_lookups_wall, ranked_lookups_cpu = _in_process(lambda: ranked(name, looked_up, aggregate=True, as_rows=True))
    return {"store": str(store), "quads": opened.info.get("quads"), "entities": len(opened.entities), "name": name,
            "rows": len(rows), "whole_process": whole, "python_pass": bare, "python_import_pyoxigraph": oxigraph,
            "whole_over_import_pyoxigraph": whole["wall_s"] / oxigraph["wall_s"],
            "relation_index": indexed, "index_rows_equal_store_rows": same,
            "in_process_ms": wall, "in_process_cpu_ms": cpu,
            "records_ms": records_wall, "records_cpu_ms": records_cpu,
            "records_from_store_lookups_ms": sparql_wall, "records_from_store_lookups_cpu_ms": sparql_cpu,
            "lookups_over_index_cpu": sparql_cpu / records_cpu if indexed else None,
            "ranked_ms": ranked_wall, "ranked_cpu_ms": ranked_cpu,
            "ranked_from_store_lookups_ms": ranked_lookups_wall, "ranked_from_store_lookups_cpu_ms": ranked_lookups_cpu,
            "open_store_ms": open_s * 1000}


def bench_add(store: Path, extra: Path, repeat: int) -> dict:
    from kg.store import open_store

    runs = []
    for _ in range(repeat):
        work = Path(tempfile.mkdtemp(prefix="bench-add-"))
        try:
            copy = work / "store"
            subprocess.run(["cp", "-a", str(store), str(copy)], check=True)
            open_store(copy)  # the copy's files are checked once, as a user's own store already is
            record = json.loads((copy / ".store" / "build.json").read_text(encoding="utf-8"))
            runs.append(_run([sys.executable, "-m", "kg", "-q", "add", str(extra), "--store", str(copy)]))
            report = json.loads((copy / "report.json").read_text(encoding="utf-8"))
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return {"store": str(store), "inputs": record["inputs"], "extra": str(extra),
            "quotes_after": report["counts"]["quotes"], "documents_after": report["counts"]["documents"],
            "add_wall_s": statistics.median(r[0] for r in runs), "add_cpu_s": statistics.median(r[1] for r in runs),
            "stages_wall_s": report["timings"]["wall_s"], "stages_cpu_s": report["timings"]["cpu_s"]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", type=Path, action="append", default=[], help="a built store (repeatable)")
    parser.add_argument("--name", default="Qdrant", help="the entity asked about")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each command (the median is reported)")
    parser.add_argument("--add", type=Path, help="a store built by `kg build` to time `kg add` on (copied first)")
    parser.add_argument("--extra", type=Path, help="the files `kg add` adds")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    figures: dict[str, object] = {"stores": []}
    for store in args.store:
        found = bench_store(store, args.name, args.repeat)
        figures["stores"].append(found)  # type: ignore[union-attr]
        print(json.dumps(found), flush=True)
    if args.add:
        if not args.extra:
            parser.error("--add needs --extra")
        figures["add"] = bench_add(args.add, args.extra, max(1, args.repeat // 2))
        print(json.dumps(figures["add"]), flush=True)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
