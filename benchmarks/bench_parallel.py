"""How much faster is extraction on N worker processes than on one, and how long does ``kg add`` take?

    python benchmarks/bench_parallel.py                         # ~2,000 quotes: --jobs 1 vs --jobs 2
    python benchmarks/bench_parallel.py --quotes 10000 --add    # also: add 10 quotes to a store of that size
    python benchmarks/bench_parallel.py --json par.json         # also write the figures as JSON
    python benchmarks/bench_parallel.py --quotes 10000 --build --no-jobs   # whole builds: kg build --jobs 1 / 2

The corpus is written by ``gen_corpus.py`` (invented products, review prose from templates, ``--quotes`` distinct
quotes, deterministic by ``--seed``). ``kg.api.extract`` is timed with ``jobs=1`` and
``jobs=N`` on the same files in the same run, both warm (each after a first extraction on its own path: jobs=N's
leaves the fork server running with the workers' state; ``--cold-jobs`` times jobs=N with that start-up), and the
speed-up is their ratio; the two graphs must be equal. The machine's own ceiling is measured first: N processes of
a pure-Python loop at once against one (a shared virtual machine's cores slow down when all are busy). With ``--add``, a store is built from the corpus, then ten new quotes (one new
document) by a whole ``kg add`` process, as a user runs it (imports and worker start included): its wall time is
printed, with the add's stages and the time extraction of the union takes in this process (names resolved again
over the whole corpus, cached quotes reused).
With ``--build``, whole builds (``python -m kg build CORPUS --out OUT --jobs J``, a fresh process each, the default
exports) are timed with ``--jobs 1`` and ``--jobs N``, one after the other, and their files must be byte-identical
(the database and the report's timings aside; a difference is reported with the names of the files that differ, and
both builds are kept in a temporary folder to compare). The load average is printed: on a shared machine other processes
take cores from the workers, so each build's CPU is also split, by sampling every thread of its processes, into
serial seconds (one thread busy) and parallel seconds (two or more), and serial + parallel / 2 estimates its time
on two idle cores (Amdahl's law); the ratio of those estimates is the speed-up the load does not hide. The CPU
seconds other processes used during each build (the machine's busy seconds less the build's) say how quiet it was,
and a fixed piece of work timed before and after each build (the speed probe) how fast its cores were.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's kg, also for the in-process kg add
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_extract import EXAMPLES
from gen_corpus import write_corpus


def _spin(n: int = 8_000_000) -> None:
    total = 0
    for i in range(n):
        total += i * i % 7


def _ceiling(jobs: int, rounds: int = 5) -> dict:
    """What ``jobs`` processes of pure-Python work gain on this machine: the wall time of one process running a
    fixed loop, against ``jobs`` processes running it at once (alternated, ``rounds`` times, medians).

    ``jobs`` × one / all is the most any ``--jobs`` speed-up can be here: on a shared virtual machine the cores do
    not all run at full speed when all are busy. On the 2-core machine of the README it measured 1.66 to 2.09 within
    an hour (single loops of the same work took 1.0 to 2.1 s): the host's load moves it, so it is measured in the
    same run as the speed-up it bounds.
    """
    import multiprocessing

    context = multiprocessing.get_context("fork")
    alone, together = [], []
    for _ in range(rounds):
        for many in (1, jobs):
            processes = [context.Process(target=_spin) for _ in range(many)]
            start = time.perf_counter()
            for process in processes:
                process.start()
            for process in processes:
                process.join()
            (alone if many == 1 else together).append(time.perf_counter() - start)
    one, all_ = statistics.median(alone), statistics.median(together)
    return {"jobs": jobs, "one_s": alone, "all_s": together, "ceiling": jobs * one / all_}


def _timed(fn, repeat: int) -> tuple[list[float], object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return times, result


def _worker_cpu() -> tuple[list[float], object]:
    """Record the CPU seconds of every worker process a Runner started, just before it stops them."""
    import psutil

    import kg.parallel

    seconds: list[float] = []
    close = kg.parallel.Runner.close

    def recording_close(self) -> None:
        for pid in list(getattr(self._pool, "_processes", None) or {}):
            try:
                times = psutil.Process(pid).cpu_times()
                seconds.append(times.user + times.system)
            except psutil.Error:
                pass
        close(self)

    kg.parallel.Runner.close = recording_close  # type: ignore[method-assign]
    return seconds, close


def bench_jobs(corpus: Path, jobs: int, repeat: int, warm_corpus: Path | None = None) -> dict:
    """Wall time of jobs=1 and jobs=N in this run, and the CPU seconds of the main process and each worker.

    On a busy machine the wall-clock ratio says more about the other processes than about kg; the CPU
    figures give what an idle machine would show: jobs=1 CPU / (main process CPU + the busiest worker's CPU).

    Both sides are timed warm: jobs=1 after an extraction in this process (spaCy and the lexicons loaded), jobs=N
    after one of ``warm_corpus`` (large enough for workers) with N workers, which leaves multiprocessing's fork
    server running with the workers' state built (``kg.parallel.prefork``). Without ``warm_corpus`` jobs=N pays
    that start-up (about 3 s on one core) and jobs=1 does not. ``--build`` times both cold, as whole processes.
    """
    import kg.api

    kg.api.extract([EXAMPLES], jobs=1)  # warm-up: imports, lexicons
    if warm_corpus is not None:
        kg.api.extract([warm_corpus], jobs=jobs)  # warm-up: the fork server and the workers' state
    cpu = time.process_time()
    one_s, one = _timed(lambda: kg.api.extract([corpus], jobs=1), repeat)
    one_cpu = (time.process_time() - cpu) / repeat
    workers, close = _worker_cpu()
    cpu = time.process_time()
    many_s, many = _timed(lambda: kg.api.extract([corpus], jobs=jobs), repeat)
    main_cpu = (time.process_time() - cpu) / repeat
    import kg.parallel

    kg.parallel.Runner.close = close  # type: ignore[method-assign]
    if many != one:
        raise SystemExit(f"jobs={jobs} gave another graph than jobs=1")
    one_m, many_m = statistics.median(one_s), statistics.median(many_s)
    busiest = max(workers) if workers else 0.0
    return {"quotes": one.run.quotes, "documents": one.run.documents, "jobs": jobs,
            "jobs1_s": one_s, "jobsN_s": many_s, "jobs1_median_s": one_m, "jobsN_median_s": many_m,
            "speedup": one_m / many_m, "quotes_per_s_jobs1": one.run.quotes / one_m,
            "quotes_per_s_jobsN": one.run.quotes / many_m, "jobs1_cpu_s": one_cpu,
            "jobsN_main_cpu_s": main_cpu, "jobsN_worker_cpu_s": workers,
            "speedup_by_cpu": one_cpu / (main_cpu + busiest) if busiest else None}


NEW_QUOTES = [
    "Benchbase ships a managed sync layer; Benchbase competes with Supabase and Firebase on realtime.",
    "We moved from Firebase to Benchbase in a week, mostly because of the $25/month flat pricing.",
    "Benchbase is Apache 2.0 licensed and runs on Linux and macOS.",
    "p99 latency under 40 ms on our 2 GB dataset with Benchbase.",
    "Supabase could ship the same offline mode within 12 months and sink Benchbase.",
    "Benchbase is built on PostgreSQL and SQLite.",
    "The docs are thin but the CLI is great.",
    "Benchbase by Acme Labs feels like a younger Firebase.",
    "Realtime presence works across 10k clients.",
    "I doubt their benchmark numbers; they tested on a single node.",
]


def _fixed_fingerprint() -> None:
    """Key the cache by a constant instead of kg's code, in this process and in the fork server it starts
    (``fixed_fingerprint.py``): a store built before an edit to kg keeps its cache (only for timing the same add
    over and over while kg changes; the code path is the same)."""
    import fixed_fingerprint  # noqa: F401  (patches on import)


def _use_this_checkout() -> None:
    """Have every process this benchmark starts import this checkout's kg (and these benchmark modules): a ``kg``
    process, and multiprocessing's fork server, a new interpreter that does not take this one's ``sys.path`` and
    would otherwise import the installed kg."""
    here = Path(__file__).resolve().parent
    paths = [str(here.parent), str(here), os.environ.get("PYTHONPATH")]
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in paths if p)


def _add_command(extra: Path, store: Path, jobs: int, fixed: bool) -> list[str]:
    """``kg add EXTRA --store STORE --jobs N`` as a new process runs it (with the cache key of ``--fixed-fingerprint``
    when ``fixed``): what a user waits for, imports and worker start included."""
    here = Path(__file__).resolve().parent
    prelude = f"import sys; sys.path[:0] = [{str(here.parent)!r}, {str(here)!r}]; "  # this checkout's kg
    prelude += "import fixed_fingerprint; " if fixed else ""
    return [sys.executable, "-c", prelude + "from kg.cli_fast import main; main()", "add", str(extra),
            "--store", str(store), "--jobs", str(jobs), "--no-progress"]


def bench_add(corpus: Path, jobs: int, root: Path, keep: Path | None = None, repeat: int = 1,
              fixed: bool = False) -> dict:
    """Build a store of ``corpus`` (or reuse ``keep/store``, built by an earlier run), then time a whole ``kg add``
    process adding ten new quotes to a fresh copy of it, ``repeat`` times; check the last add's graph against
    extraction of the union."""
    import subprocess

    import kg.api
    from kg.cache import CACHE_DIR, ExtractionCache
    from kg.ingest import read_corpus
    from kg.pipeline import extract_corpus
    from kg.store import open_store

    built_store = (keep or root) / "store"
    extra = root / "extra"
    extra.mkdir()
    build_s = None
    if not (built_store / ".store" / "build.json").is_file():
        start = time.perf_counter()
        kg.api.build([corpus], out=built_store, jobs=jobs)
        build_s = time.perf_counter() - start
    store_quotes = json.loads((built_store / "report.json").read_text(encoding="utf-8"))["counts"]["quotes"]
    (extra / "benchbase-vs-supabase.txt").write_text(
        "Benchbase vs Supabase\n\n" + "\n\n".join(f"\u201c{q}\u201d" for q in NEW_QUOTES) + "\n", encoding="utf-8")
    times, loads = [], []
    for run in range(repeat):
        store = root / f"add-{run}"
        subprocess.run(["cp", "-a", str(built_store), str(store)], check=True)
        open_store(store)  # the copy's files are checked once, as a user's own store already is
        os.sync()  # and on disk, as a user's store is (its build synced it): the add's commit does not flush the copy
        loads.append(os.getloadavg()[0])
        start = time.perf_counter()
        said = subprocess.run(_add_command(extra, store, jobs, fixed), check=True, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        timings = json.loads((store / "report.json").read_text(encoding="utf-8"))["timings"]
    extracted = re.search(r"extracted (\d+) of", said.stdout + said.stderr)
    added = kg.api.load(store)
    # extraction alone, as add runs it: every input read again, cached quotes reused, nothing written
    start = time.perf_counter()
    graph = extract_corpus(read_corpus([corpus, extra]), jobs=jobs, cache=ExtractionCache(built_store / CACHE_DIR))
    extract_s = time.perf_counter() - start
    if added != graph:
        raise SystemExit("kg add gave another graph than extraction of the union")
    size = sum(p.stat().st_size for p in (store / CACHE_DIR).iterdir())
    add_s = statistics.median(times)
    return {"store_quotes": store_quotes, "added_quotes": added.run.quotes - store_quotes,
            "build_s": build_s, "add_s": add_s, "add_runs_s": times, "load_before_runs": loads,
            "add_extraction_s": extract_s, "add_rest_s": add_s - extract_s,
            "stages_wall_s": timings["wall_s"], "stages_cpu_s": timings["cpu_s"],
            "quotes_extracted_by_add": int(extracted[1]) if extracted else None, "cache_bytes": size,
            "cache_bytes_per_quote": size / added.run.quotes}


def _build_files(out: Path) -> dict[str, bytes]:
    """A build's files, by relative path, but the database, the store's generation notes and the report's timings."""
    files = {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*"))
             if p.is_file() and "oxigraph" not in p.parts and p.name not in ("names.json", "verified.json")}
    report = json.loads(files["report.json"])
    report.pop("timings", None)
    files["report.json"] = json.dumps(report).encode()
    return files


def _wait_sampling(pid: int, every: float = 0.1) -> tuple[int, object, float, float]:
    """Wait for process ``pid`` (status, rusage) while sampling the CPU of every thread of it and its descendants:
    the CPU seconds spent while one thread was busy (serial) and while two or more were (parallel).

    A thread counts as busy in a sample when it used at least a quarter of the busiest thread's CPU. Both figures
    are CPU seconds, so they barely move with other people's load; on two idle cores the build would take about
    serial + parallel / 2 seconds (Amdahl's law with the parallel part split evenly).
    """
    import psutil

    root, last, serial, parallel = psutil.Process(pid), {}, 0.0, 0.0
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            return status, usage, serial, parallel
        now = {}
        try:
            processes = [root, *root.children(recursive=True)]
        except psutil.Error:
            processes = []
        for process in processes:
            try:
                for thread in process.threads():
                    now[(process.pid, thread.id)] = thread.user_time + thread.system_time
            except psutil.Error:
                pass
        spent = [c - last.get(k, 0.0) for k, c in now.items() if c > last.get(k, 0.0)]
        if spent:
            busy = [d for d in spent if d >= max(spent) / 4]
            if len(busy) > 1:
                parallel += sum(spent)
            else:
                serial += sum(spent)
        last.update(now)
        time.sleep(every)


def _probe_ms() -> float:
    """CPU milliseconds of a fixed piece of pure-Python work (best of three): how fast a core of this machine is right
    now. On a shared virtual machine it moves (other guests on the same host, clock speed), and with it every CPU
    second of a build: the probes before and after each build say whether the two builds ran on equally fast cores."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        total = 0
        for i in range(1_000_000):
            total += i * i % 7
        best = min(best, time.process_time() - start)
    return best * 1000


def _busy_cpu() -> float:
    """CPU seconds every core of the machine has spent busy so far (all processes: user, nice, system, interrupts)."""
    import psutil

    t = psutil.cpu_times()
    return t.user + t.nice + t.system + getattr(t, "irq", 0.0) + getattr(t, "softirq", 0.0)


def bench_build(corpus: Path, jobs: int, root: Path) -> dict:
    """Wall and CPU seconds of whole ``kg build`` processes with --jobs 1 and --jobs N, and their stage timings.

    CPU is the build process's (all its threads) plus the children it waited for (``wait4``); worker processes
    are children of multiprocessing's fork server, so their CPU is added only where the server reaped them.
    """
    import subprocess

    tree = Path(__file__).resolve().parent.parent
    env = dict(os.environ, PYTHONPATH=str(tree))
    out: dict = {}
    for j in (1, jobs):
        target = root / f"build-{j}"
        load = os.getloadavg()[0]
        probe = _probe_ms()
        busy = _busy_cpu()
        start = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-m", "kg", "build", str(corpus), "--out", str(target),
                                  "--jobs", str(j), "--no-progress"], env=env, stdout=subprocess.DEVNULL,
                                 cwd=tree)  # ``-m`` imports from the working folder first: this checkout's kg
        status, usage, serial, parallel = _wait_sampling(child.pid)
        wall = time.perf_counter() - start
        others = _busy_cpu() - busy - serial - parallel  # the machine's busy CPU seconds that were not the build's
        if status:
            raise SystemExit(f"kg build --jobs {j} failed ({status})")
        timings = json.loads((target / "report.json").read_text(encoding="utf-8"))["timings"]
        out[f"jobs{j}"] = {"wall_s": wall, "cpu_s": usage.ru_utime + usage.ru_stime, "load_before": load,
                           "load_after": os.getloadavg()[0], "serial_cpu_s": serial, "parallel_cpu_s": parallel,
                           "idle_estimate_s": serial + parallel / 2, "others_cpu_s": max(0.0, others),
                           "probe_ms_before": probe, "probe_ms_after": _probe_ms(),
                           "peak_rss_mb": usage.ru_maxrss / 1024, "stages_wall_s": timings["wall_s"],
                           "stages_cpu_s": timings["cpu_s"]}
    one, many = _build_files(root / "build-1"), _build_files(root / f"build-{jobs}")
    if one != many:
        import shutil

        differ = sorted(name for name in set(one) | set(many) if one.get(name) != many.get(name))
        kept = Path(tempfile.mkdtemp(prefix="kg-bench-differ-"))
        for side in ("build-1", f"build-{jobs}"):
            shutil.copytree(root / side, kept / side)
        raise SystemExit(f"kg build --jobs {jobs} wrote other files than --jobs 1: {', '.join(differ)} (both builds "
                         f"kept in {kept})")
    out["speedup"] = out["jobs1"]["wall_s"] / out[f"jobs{jobs}"]["wall_s"]
    out["speedup_idle_estimate"] = out["jobs1"]["idle_estimate_s"] / out[f"jobs{jobs}"]["idle_estimate_s"]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quotes", type=int, default=2000, help="quotes in the generated corpus")
    parser.add_argument("--seed", type=int, default=7, help="seed of the generated corpus")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes to compare with one")
    parser.add_argument("--repeat", type=int, default=1, help="timed runs of each side (the median is reported)")
    parser.add_argument("--add", action="store_true", help="also time kg add of 10 quotes to a store of --quotes")
    parser.add_argument("--no-jobs", action="store_true", help="skip the jobs=1 / jobs=N comparison")
    parser.add_argument("--cold-jobs", action="store_true", help="time jobs=N without its warm-up: the start of "
                        "the fork server and the workers' state falls in the timed run (jobs=1 is timed warm)")
    parser.add_argument("--build", action="store_true", help="also time whole kg build processes, --jobs 1 and N")
    parser.add_argument("--keep", type=Path, metavar="DIR", help="with --add: keep the corpus and the built store "
                        "in DIR and reuse them in later runs (each add works on a copy)")
    parser.add_argument("--fixed-fingerprint", action="store_true", help="with --add: key the cache by a constant, "
                        "so that a store kept with --keep stays usable after kg's code changes")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the figures here as JSON")
    args = parser.parse_args(argv)

    _use_this_checkout()
    result: dict = {"machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                                "platform": platform.platform(), "load_before": os.getloadavg()}}
    if args.fixed_fingerprint:
        _fixed_fingerprint()
    with tempfile.TemporaryDirectory(prefix="kg-bench-par-") as tmp:
        corpus = (args.keep or Path(tmp)) / "corpus"
        if args.keep and (corpus.parent / "corpus.json").is_file():
            texts = json.loads((corpus.parent / "corpus.json").read_text(encoding="utf-8"))
            if texts != [args.quotes, args.seed]:
                raise SystemExit(f"{args.keep} holds a corpus of {texts[0]} quotes, seed {texts[1]}: use another --keep")
            texts = [None] * args.quotes
        else:
            corpus.mkdir(parents=True)
            texts = write_corpus(corpus, args.quotes, args.seed)
            if args.keep:
                (corpus.parent / "corpus.json").write_text(json.dumps([args.quotes, args.seed]), encoding="utf-8")
        print(f"corpus: {len(texts)} generated quotes (seed {args.seed}); load average "
              f"{result['machine']['load_before'][0]:.1f} on {os.cpu_count()} cores")
        if not args.no_jobs or args.build:
            result["ceiling"] = c = _ceiling(args.jobs)
            print(f"this machine: {args.jobs} processes of a pure-Python loop run {c['ceiling']:.2f}x one (medians: alone "
                  f"{statistics.median(c['one_s']):.2f} s, {args.jobs} at once {statistics.median(c['all_s']):.2f} s; "
                  f"alone {min(c['one_s']):.2f}-{max(c['one_s']):.2f} s): the most a speed-up can be here")
        if not args.no_jobs:
            warm = None
            if not args.cold_jobs:
                warm = Path(tmp) / "warm-up"
                write_corpus(warm, 400, args.seed + 1)  # enough quotes for the workers to start
            result["jobs"] = r = bench_jobs(corpus, args.jobs, args.repeat, warm)
            r["warm"] = warm is not None
            print(f"kg.api.extract jobs=1: {r['jobs1_median_s']:.1f} s ({r['quotes_per_s_jobs1']:.0f} quotes/s); "
                  f"jobs={args.jobs}: {r['jobsN_median_s']:.1f} s ({r['quotes_per_s_jobsN']:.0f} quotes/s); "
                  f"speed-up {r['speedup']:.2f}x ({r['speedup'] / result['ceiling']['ceiling']:.0%} of the machine's),"
                  f" same graph; {'both warm' if warm else f'jobs={args.jobs} cold (its workers start in the run)'}")
            if r["speedup_by_cpu"]:
                # the workers' CPU for what jobs=1 did beside the main process's own share: above 1 where busy cores
                # slow each other (shared caches and memory), which no split of the work can win back
                r["worker_cpu_inflation"] = sum(r["jobsN_worker_cpu_s"]) / (r["jobs1_cpu_s"] - r["jobsN_main_cpu_s"])
                print(f"CPU: jobs=1 {r['jobs1_cpu_s']:.1f} s; jobs={args.jobs}: main process "
                      f"{r['jobsN_main_cpu_s']:.1f} s, workers {', '.join(f'{w:.1f}' for w in r['jobsN_worker_cpu_s'])} s"
                      f" -> speed-up on idle cores {r['speedup_by_cpu']:.2f}x; the workers took "
                      f"{r['worker_cpu_inflation']:.2f}x the CPU seconds jobs=1 spent beside the main process's share")
        if args.build:
            result["build"] = b = bench_build(corpus, args.jobs, Path(tmp))
            for key in ("jobs1", f"jobs{args.jobs}"):
                r = b[key]
                print(f"kg build --{key[:4]} {key[4:]}: {r['wall_s']:.1f} s wall, {r['cpu_s']:.1f} s CPU, load average "
                      f"{r['load_before']:.1f} -> {r['load_after']:.1f}; stages (wall s): "
                      + ", ".join(f"{k} {v:.1f}" for k, v in r["stages_wall_s"].items()))
                print(f"  CPU split (every thread of the build's processes): serial {r['serial_cpu_s']:.1f} s, parallel "
                      f"{r['parallel_cpu_s']:.1f} s -> on two idle cores about {r['idle_estimate_s']:.1f} s; "
                      f"other processes used {r['others_cpu_s']:.1f} CPU s meanwhile; speed probe "
                      f"{r['probe_ms_before']:.0f} -> {r['probe_ms_after']:.0f} ms")
            print(f"whole build: --jobs {args.jobs} is {b['speedup']:.2f}x --jobs 1 (wall; "
                  f"{b['speedup'] / result['ceiling']['ceiling']:.0%} of the machine's); from the CPU split "
                  f"{b['speedup_idle_estimate']:.2f}x on idle cores (Amdahl); the same files")
        if args.add:
            result["add"] = a = bench_add(corpus, args.jobs, Path(tmp), args.keep, args.repeat,
                                            args.fixed_fingerprint)
            built = f"{a['build_s']:.1f} s" if a["build_s"] is not None else "kept from an earlier run"
            print(f"kg build of {a['store_quotes']} quotes: {built}; kg add of {a['added_quotes']} quotes, whole process"
                  f": {a['add_s']:.1f} s (median; runs {', '.join(f'{t:.1f}' for t in a['add_runs_s'])} s, "
                  f"load {', '.join(f'{x:.1f}' for x in a['load_before_runs'])}); "
                  f"extraction of the union alone {a['add_extraction_s']:.1f} s "
                  f"({a['quotes_extracted_by_add']} quotes extracted by the add); "
                  f"cache {a['cache_bytes_per_quote']:.0f} bytes/quote")
            print("add's stages (wall s): " + ", ".join(f"{k} {v:.2f}" for k, v in a["stages_wall_s"].items()))
    result["machine"]["load_after"] = os.getloadavg()
    if args.json:
        args.json.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
