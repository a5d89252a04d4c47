"""Parallel extraction: worker processes and Dask give the graph and the exports of one process, byte for byte."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from conftest import EXAMPLES, ROOT, SEEDS

import kg.api as kg
from kg import parallel
from kg.catalog import load_catalog
from kg.errors import ParallelError
from kg.parallel import Runner, Setup, extract_encoded_task, extract_task, parse_task

REAL_DEV = ROOT / "tests" / "data" / "real" / "dev" / "corpus"
needs_seeds = pytest.mark.skipif(not SEEDS.exists(), reason="../shared is not here")


def output_files(folder: Path) -> dict[str, bytes]:
    """Every file a build wrote, by relative path, except the database (its bytes are not deterministic), the
    store's name index and its note of the files' stats (a random generation id) and the report's timings."""
    files = {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
             if p.is_file() and "oxigraph" not in p.parts and p.name not in ("names.json", "verified.json")}
    report = json.loads(files["report.json"])
    assert set(report.pop("timings")) == {"wall_s", "cpu_s", "peak_rss_mb"}
    files["report.json"] = json.dumps(report).encode()
    return files


@pytest.fixture
def always_parallel(monkeypatch):
    """Use worker processes even for a small corpus."""
    monkeypatch.setattr(parallel, "PARALLEL_MIN_QUOTES", 0)


@pytest.fixture(scope="module")
def setup():
    return Setup.make(load_catalog(None), None)


def test_runner_gives_results_in_item_order_whichever_worker_ran_them(setup, always_parallel):
    texts = [f"Qdrant competes with pgvector, take {i}. Weaviate too." for i in range(40)] + ["Zed is fast."]
    with Runner(setup, jobs=1) as one, Runner(setup, jobs=2) as two:
        local = list(one.map(parse_task, texts))
        remote = list(two.map(parse_task, texts))
        assert two._pool is not None  # really in worker processes
    assert remote == local
    assert [len(p.sentences) for p in local] == [2] * 40 + [1]


def _where(items: list, setup) -> list:
    """A task that says which process worked out each item."""
    return [(item, os.getpid()) for item in items]


def test_runner_works_on_chunks_no_worker_has_taken_while_the_next_result_is_not_ready(setup, always_parallel):
    """While the workers start (seconds), this process takes the last chunks and keeps their results for their turn."""
    items = list(range(400))
    with Runner(setup, jobs=2) as runner:
        found = list(runner.map(_where, items))
    assert [item for item, _ in found] == items
    here = [item for item, pid in found if pid == os.getpid()]
    assert here and len(here) < len(items)  # some chunks here, some in the workers
    assert here == list(range(here[0], here[0] + len(here)))  # taken from the end, one after the other
    assert here[-1] == items[-1]


def test_the_parse_is_left_to_the_workers_unless_this_process_has_a_pipeline(setup, always_parallel):
    """Taking parse chunks would make this process import spaCy and build a pipeline first: it waits instead."""
    texts = [f"Qdrant competes with pgvector, take {i}." for i in range(300)]
    with Runner(setup, jobs=2) as runner:
        assert runner._may_take(_where) and not runner._may_take(parse_task)
        assert len(list(runner.map(parse_task, texts))) == len(texts)
        assert runner._local is None  # no worker state (no pipeline) was made here
        runner._here().nlp  # noqa: B018  (once it has one, it takes parse chunks too)
        assert runner._may_take(parse_task)


def test_the_encoded_extraction_task_gives_the_cache_key_and_text_and_here_the_result_too(setup, always_parallel):
    """A worker sends each result as the cache's text with its key; run here, the result itself comes along."""
    from kg.cache import ExtractionCache, decoded_extracted, encoded_extracted
    from kg.ingest import read_corpus
    from kg.pipeline import _job, prepare

    corpus = read_corpus([EXAMPLES])
    with Runner(setup, jobs=1) as one, Runner(setup, jobs=2) as two:
        prep = prepare(corpus, setup.catalog, None, runner=one)
        jobs = [_job(prep, q) for q in sorted(corpus.quotes)][:6]
        here = list(one.map(extract_encoded_task, jobs))
        there = list(two.map(extract_encoded_task, jobs))
        plain = list(one.map(extract_task, jobs))
    assert [found for _, _, found in here] == plain
    assert there[0][2] is None  # from a worker: the text alone (this process may take later chunks itself)
    assert all(found is None or found == p for (_, _, found), p in zip(there, plain))
    assert [(k, t) for k, t, _ in there] == [(k, t) for k, t, _ in here]
    assert [decoded_extracted(t) for _, t, _ in there] == plain
    cache = ExtractionCache()
    cache.open(setup.key)
    assert [k for k, _, _ in here] == [cache._job_key(job) for job in jobs]
    assert [(k, t) for k, t, _ in here] == [encoded_extracted(j, f, setup.key) for j, f in zip(jobs, plain)]


@pytest.mark.parametrize("count", [0, 1, 5, 41, 400, 2302, 10_000])
def test_chunks_keep_the_items_in_order_and_end_with_smaller_ones(count):
    items = list(range(count))
    chunks = parallel._chunks(items, 2)
    assert [i for chunk in chunks for i in chunk] == items
    sizes = [len(c) for c in chunks]
    assert sizes == sorted(sizes, reverse=True) or count < 2  # the large chunks first, the small ones last
    if count >= 10_000:
        assert sizes[0] == parallel._MAX_CHUNK and sizes[-16:-1] == [parallel._MAX_CHUNK // 4] * 15


def test_a_pool_started_early_takes_the_steps_and_this_process_never_loads_spacy(setup):
    """``start_pool`` starts the workers from a thread (a build reads its corpus meanwhile); every step goes to
    them then, a small one too, and this process builds no pipeline."""
    texts = ["Qdrant competes with pgvector. Weaviate too.", "Zed is fast."]
    with Runner(setup, jobs=1) as one, Runner(setup, jobs=2) as two:
        two.start_pool()
        assert two._starting is not None
        assert list(two.map(parse_task, texts)) == list(one.map(parse_task, texts))
        assert two._starting is None and two._pool is not None and two._local is None


def test_a_build_starts_its_workers_before_reading_inputs_large_enough_for_them(tmp_path, monkeypatch):
    from kg.api import _large_inputs

    (tmp_path / "small.txt").write_text("\u201cZed is fast.\u201d\n", encoding="utf-8")
    assert not _large_inputs([tmp_path], False)
    (tmp_path / "large.txt").write_text("x" * parallel.PARALLEL_MIN_QUOTES * 150, encoding="utf-8")
    assert _large_inputs([tmp_path], False)
    started = []
    monkeypatch.setattr(Runner, "start_pool", lambda self: started.append(self.jobs))
    kg.build([tmp_path / "small.txt"], out=tmp_path / "one", jobs=2)
    assert started == []  # a small build stays in this process
    monkeypatch.setattr(parallel, "PARALLEL_MIN_QUOTES", 0)
    kg.build([tmp_path / "small.txt"], out=tmp_path / "two", jobs=2)
    kg.build([tmp_path / "small.txt"], out=tmp_path / "three", jobs=1)
    assert started == [2]


def test_runner_refuses_zero_jobs(setup):
    with pytest.raises(ParallelError, match="--jobs"):
        Runner(setup, jobs=0)


def test_runner_defaults_to_one_worker_per_core(setup):
    assert Runner(setup, jobs=None).jobs == (os.cpu_count() or 1)


def test_small_corpus_stays_in_this_process(setup):
    with Runner(setup, jobs=2) as runner:
        list(runner.map(parse_task, ["Zed is fast."] * (parallel.PARALLEL_MIN_QUOTES - 1)))
        assert runner._pool is None


def test_a_started_runner_sends_a_small_step_to_its_early_worker(setup):
    texts = ["Qdrant competes with pgvector. Weaviate too.", "Zed is fast."]
    with Runner(setup, jobs=1) as one, Runner(setup, jobs=2) as two, Runner(setup, jobs=1) as alone:
        two.start()
        alone.start()  # one job: nothing to start, the step stays in this process
        remote = list(two.map(parse_task, texts))
        assert two._local is None and two._pool is None and two._early is not None  # the early worker ran it
        assert list(alone.map(parse_task, texts)) == list(one.map(parse_task, texts)) == remote
        assert alone._early is None and alone._local is not None
        with pytest.raises(AttributeError):  # its errors reach the caller too
            list(two.map(extract_task, ["not a job"]))


def test_the_early_worker_starts_in_a_thread_and_its_failure_reaches_the_first_step(setup, monkeypatch):
    """``start`` does not wait for the fork server (its thread does, while an add reads its inputs); a worker that
    cannot start fails the step that needs it, and closing the runner does not hang."""
    import threading

    gate = threading.Event()

    def blocked(self, workers, extract=True):
        gate.wait(timeout=60)  # the fork server still importing spaCy
        raise OSError("no worker for you")

    monkeypatch.setattr(Runner, "_executor", blocked)
    with Runner(setup, jobs=2) as two:
        two.start()  # returns while the thread waits
        assert not two._early.done()
        steps = two.map(parse_task, ["Zed is fast."])
        gate.set()
        with pytest.raises(OSError, match="no worker for you"):
            list(steps)


def test_warming_reaches_the_early_worker_of_an_add(setup, monkeypatch):
    """An add's one early worker builds extraction's state while names are resolved, as a pool's workers do."""
    sent = []
    monkeypatch.setattr(Runner, "_early_map", lambda self, task, items: sent.append(task))
    with Runner(setup, jobs=2) as two, Runner(setup, jobs=2) as idle:
        two._launcher = object()  # started (start() would launch a process)
        two.warm()
        idle.warm()  # not started: nothing to warm
        two._launcher = None
    assert sent == [parallel.warm_task]


def test_this_process_keeps_one_setups_pipeline_for_the_next_run(setup, tmp_path):
    """A second run here (``kg.api.extract`` again in a notebook) reuses the pipeline; another setup replaces it."""
    with Runner(setup, jobs=1) as first:
        built = first._here()
        list(first.map(parse_task, ["Qdrant competes with pgvector."]))
    with Runner(setup, jobs=1) as second:
        assert second._here() is built and built._nlp is not None
    catalog = tmp_path / "catalog.jsonl"
    catalog.write_text(json.dumps({"name": "Zorblat", "type": "Product"}) + "\n", encoding="utf-8")
    other = Setup.make(load_catalog(catalog), None)
    with Runner(other, jobs=1) as third:
        assert third._here() is not built
        assert [s[3] for s in next(third.map(parse_task, ["Zorblat beats Qdrant."])).spans] == ["Zorblat"]
    assert set(parallel._WORKERS) == {other.key}  # one setup's state at a time


def test_a_worker_error_reaches_the_caller(setup, always_parallel):
    with Runner(setup, jobs=2) as runner, pytest.raises(AttributeError):
        list(runner.map(extract_task, ["not a job"] * 4))


def _warm_here(items: list, setup) -> list:
    """A task that says which process worked out each item and whether that process ran ``warm_task`` (slowly: every
    worker gets a share)."""
    import time

    time.sleep(0.2)
    return [(os.getpid(), parallel._worker(setup).warm) for _ in items]


def test_warm_sends_the_workers_the_sample(setup, always_parallel):
    with Runner(setup, jobs=2) as runner:
        runner.warm()  # no pool yet: nothing to warm, nothing started
        assert runner._pool is None
        assert len(list(runner.map(parse_task, ["Qdrant competes with pgvector."] * 8))) == 8
        runner.warm()
        found = list(runner.map(_warm_here, list(range(200))))
    workers = {pid: warm for pid, warm in found if pid != os.getpid()}
    # one task per worker is sent, but the pool gives a task to whichever worker is free first: on a loaded
    # machine one worker can take both (the second finds it warm and returns at once), so only "some" is certain
    assert len(workers) == 2 and any(workers.values())


def test_the_warm_task_changes_no_result_and_runs_once(setup):
    from kg.ingest import read_corpus
    from kg.pipeline import extract_corpus

    corpus = read_corpus([EXAMPLES])
    cold = extract_corpus(corpus, jobs=1)
    with Runner(setup, jobs=1) as runner:
        worker = runner._here()
        assert parallel.warm_task([], worker) == [] and worker.warm
        parallel.warm_task([], worker)  # a second time: nothing (the flag)
        assert extract_corpus(corpus, runner=runner) == cold


@pytest.fixture(scope="module")
def one(tmp_path_factory):
    """The sample corpus and the seeds, built in this process."""
    return kg.build([EXAMPLES, SEEDS], out=tmp_path_factory.mktemp("one") / "out", jobs=1)


def test_build_with_two_jobs_writes_the_bytes_of_one_job(one, tmp_path, always_parallel, monkeypatch):
    warmed, warm = [], Runner.warm
    monkeypatch.setattr(Runner, "warm", lambda self: (warmed.append(self._pool is not None), warm(self))[1])
    two = kg.build([EXAMPLES, SEEDS], out=tmp_path / "two", jobs=2)
    assert warmed == [True]  # the workers warmed up while names were resolved, and the output is the same
    assert two.graph == one.graph
    files_one, files_two = output_files(one.out), output_files(two.out)
    assert {"kg.ttl", "kg.graphml", "report.json", "cache/extracted.jsonl.gz"} <= set(files_one)
    assert files_two == files_one


@pytest.mark.slow
def test_real_set_with_two_jobs_is_the_graph_of_one_job(tmp_path):
    """Every eighth real dev document (about 400 quotes): more than workers start for by default."""
    for path in sorted(REAL_DEV.glob("*.txt"))[::8]:
        (tmp_path / path.name).write_bytes(path.read_bytes())
    one = kg.extract([tmp_path], jobs=1)
    assert len(one.quotes) > parallel.PARALLEL_MIN_QUOTES
    two = kg.extract([tmp_path], jobs=2)
    a, b = one.model_dump_json(), two.model_dump_json()
    first = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    same = a == b  # not compared inside the assert: pytest's diff of two megabyte strings takes hours
    assert same, f"jobs=2 differs from jobs=1 at character {first}: {a[first - 80:first + 80]!r} / {b[first - 80:first + 80]!r}"


@needs_seeds
def test_cli_jobs_option(tmp_path, always_parallel):
    from typer.testing import CliRunner

    from kg.cli import app

    result = CliRunner().invoke(app, ["extract", str(SEEDS), "--jsonl", "--jobs", "2"])
    assert result.exit_code == 0, result.output
    alone = CliRunner().invoke(app, ["extract", str(SEEDS), "--jsonl", "-j", "1"])
    assert result.stdout == alone.stdout and result.stdout.count("\n") >= 29
    assert CliRunner().invoke(app, ["extract", str(SEEDS), "--jobs", "0"]).exit_code == 2


@needs_seeds
def test_script_without_main_guard_runs_once(tmp_path, always_parallel):
    """Workers must not run the caller's script again (it has no ``if __name__ == "__main__"`` guard)."""
    script = tmp_path / "script.py"
    marker = tmp_path / "runs.txt"
    script.write_text(
        "import kg.api, kg.parallel\n"
        "kg.parallel.PARALLEL_MIN_QUOTES = 0\n"
        f"open({str(marker)!r}, 'a').write('run\\n')\n"
        f"g = kg.api.extract([{str(SEEDS)!r}], jobs=2)\n"
        "print(len(g.quotes))\n", encoding="utf-8")
    assert _run_script(script) == "29"
    assert marker.read_text() == "run\n"


def test_workers_fork_with_the_state_the_fork_server_built_for_their_setup(tmp_path):
    """``start_fork_server(catalog, model)`` has the server build the workers' state once (``kg.parallel.prefork``):
    a worker forked from it holds the pipeline under its setup's key before any task or initializer runs, and the
    variable that told the server is gone from this process's environment. With ``extract=False`` (an add's one
    worker, which parses first) the cue prefilters extraction reads are not built: ``warm_task`` builds them. (A
    fresh interpreter: the fork server is one per process; a build's, ``extract=True``, is what every build with
    workers here starts.)"""
    script = tmp_path / "prefork.py"
    script.write_text(
        "import multiprocessing, os\n"
        "from concurrent.futures import ProcessPoolExecutor\n"
        "def held():\n"
        "    import kg.parallel as P\n"
        "    return sorted((key, worker._nlp is not None, 'index' in vars(worker.lexicon))\n"
        "                  for key, worker in P._WORKERS.items())\n"
        "def warmed(key):\n"
        "    import kg.parallel as P\n"
        "    P.warm_task([], key)\n"
        "    return held()\n"
        "if __name__ == '__main__':\n"
        "    from kg.catalog import load_catalog\n"
        "    from kg.parallel import Setup, start_fork_server\n"
        "    from kg.prefork import ENV\n"
        "    start_fork_server(None, None, extract=False)\n"
        "    assert ENV not in os.environ\n"
        "    key = Setup.make(load_catalog(None), None).key\n"
        "    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context('forkserver')) as pool:\n"
        "        found, then = pool.submit(held).result(), pool.submit(warmed, key).result()\n"
        "    assert found == [(key, True, False)], found\n"
        "    assert then == [(key, True, True)], then\n"
        "    print('ok')\n", encoding="utf-8")
    assert _run_script(script) == "ok"


def _run_script(script: Path) -> str:
    """Run a Python script in a fresh interpreter with this checkout's kg: what it printed (it must succeed)."""
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_prefork_keeps_nothing_it_could_not_build(monkeypatch):
    """A failure in the fork server's build (here an unreadable catalog) leaves the workers to build their own."""
    from kg import prefork

    monkeypatch.setenv(prefork.ENV, json.dumps({"catalog": "/no/such/catalog.jsonl", "model": None}))
    before = dict(parallel._WORKERS)
    prefork._build()
    assert prefork.ENV not in os.environ
    assert parallel._WORKERS == before


@pytest.mark.slow
def test_dask_local_cluster_gives_the_bytes_of_a_local_build(one, tmp_path):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        by_client = kg.build([EXAMPLES, SEEDS], out=tmp_path / "client", scheduler=client)
        by_address = kg.extract([EXAMPLES, SEEDS], scheduler=cluster.scheduler_address)
        ran = client.run(lambda: len(__import__("kg.parallel").parallel._WORKERS))
    assert output_files(by_client.out) == output_files(one.out)
    assert by_address == one.graph
    assert any(ran.values())  # the tasks ran on the cluster's workers, which built their pipeline once


@pytest.mark.slow
def test_dask_unreachable_scheduler_is_a_kg_error(monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(parallel, "DASK_CONNECT_TIMEOUT", 1)
    with pytest.raises(ParallelError, match="cannot reach the Dask scheduler"):
        kg.extract([EXAMPLES], scheduler="tcp://127.0.0.1:9")


def test_the_fingerprint_changes_with_a_word_list_s_version(monkeypatch):
    from importlib import metadata

    catalog = load_catalog(None)
    before = parallel.fingerprint(catalog, None)
    assert before == parallel.fingerprint(catalog, None)
    real = metadata.version
    monkeypatch.setattr(metadata, "version", lambda name: "0.0-test" if name == "wordfreq" else real(name))
    assert parallel.fingerprint(catalog, None) != before
