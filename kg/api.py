"""The public Python API: what the CLI and the notebooks call.

    >>> import kg.api as kg                                   # doctest: +SKIP
    >>> graph = kg.extract(["examples/reviews"])              # doctest: +SKIP
    >>> kg.build(["examples/reviews"], out="exports")         # doctest: +SKIP
    >>> kg.competitors("Qdrant", store="exports")             # doctest: +SKIP
    >>> kg.competitors("Qdrant", graph=graph, aggregate=True) # doctest: +SKIP

The queries (competitors, threats, dependencies, claims, contradictions, entities, stats) answer with a
pandas DataFrame, or with the pydantic rows when ``as_rows=True``; pandas is imported only then.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

# the questions, answered as DataFrames, live in kg/answers.py; kg.api is the one entry point
from kg.answers import claims, competitors, contradictions, dependencies, entities, records, stats, threats
from kg.atomic import write_text
from kg.errors import StoreError
from kg.progress import ProgressCallback, report
from kg.progress import logged as log_progress
from kg.publish import load_exporters as _load_exporters
from kg.publish import write_all as _write_all

if TYPE_CHECKING:
    from kg.models import KnowledgeGraph

__all__ = [
    "BUILD_FORMATS",
    "DEFAULT_FORMATS",
    "DEFAULT_STORE",
    "BuildResult",
    "add",
    "build",
    "claims",
    "compare_runs",
    "competitors",
    "contradictions",
    "dependencies",
    "entities",
    "evaluate",
    "evaluate_file",
    "export",
    "export_formats",
    "extract",
    "extract_records",
    "intervals",
    "load",
    "log_progress",
    "push",
    "records",
    "run_report",
    "select_formats",
    "serve",
    "sparql",
    "sparql_stream",
    "sparql_terms",
    "start_add_workers",
    "stats",
    "threats",
    "to_networkx",
]

DEFAULT_STORE = Path("exports")
# every export ``kg build`` can write next to the store: (file name, exporter name)
BUILD_FORMATS = (
    ("kg.ttl", "turtle"), ("kg.jsonld", "json-ld"), ("kg.nt", "n-triples"), ("kg.trig", "trig"), ("kg.nq", "n-quads"),
    ("kg.graphml", "graphml"), ("kg.yed.graphml", "graphml-yed"), ("kg.neo4j.graphml", "graphml-neo4j"),
    ("kg.gexf", "gexf"), ("kg.cyjs", "cytoscape"), ("kg.html", "html"), ("tables", "csv"),
)
# what it writes unless told otherwise: one RDF syntax, one property-graph file and the page. The other formats
# hold the same graph (four more RDF syntaxes, GraphML flavours, GEXF, Cytoscape JSON, CSV tables): writing
# them all made a build's output ten times larger. ``--formats all`` writes every one; ``kg export FILE``
# writes one later from the store, without extracting again.
DEFAULT_FORMATS = (("kg.ttl", "turtle"), ("kg.graphml", "graphml"), ("kg.html", "html"))
GRAPH_FILE = "kg.json"


@dataclass(frozen=True)
class BuildResult:
    """What ``build`` wrote."""

    graph: KnowledgeGraph
    out: Path
    files: tuple[Path, ...]
    skipped_formats: tuple[str, ...]
    extracted: int | None = None  # quotes extracted afresh; the others came from the cache

    def summary(self) -> str:
        """'5 documents, 41 quotes, 1 skipped: …; 120 entities, 30 relations, 90 claims'."""
        g = self.graph
        skips = [r.message for r in g.report if r.kind == "skipped_file"]
        head = f"{g.run.documents} documents, {g.run.quotes} quotes, {g.run.skipped} skipped"
        head += (": " + "; ".join(skips)) if skips else ""
        rows = sum(1 for r in g.report if r.kind == "bad_row")
        head += f"; {rows} bad rows (see report.json)" if rows else ""
        return f"{head}; {len(g.entities)} entities, {len(g.relations)} relations, {len(g.claims)} claims"


def extract(inputs: Iterable[str | Path], catalog: str | Path | None = None, model: str | None = None,
            progress: ProgressCallback | None = None, *, jobs: int | None = None,
            scheduler: object = None) -> KnowledgeGraph:
    """Read review files and folders and return their knowledge graph (nothing is written).

    Args:
        progress: called with ``(stage, done, total)`` as parsing and extraction move on
            (``log_progress()`` logs a line every few seconds).
        jobs: worker processes for the per-quote steps; ``None`` (default) is one per core, 1 runs all in
            this process. The graph is the same whatever ``jobs`` is.
        scheduler: a Dask scheduler address (``"tcp://HOST:PORT"``) or a ``distributed.Client``: run the
            per-quote steps on its workers instead (they need kg installed; ``pip install 'kg[dask]'``).
    """
    from kg.ingest import read_corpus
    from kg.pipeline import extract_corpus

    inputs = list(inputs)
    with _early_runner(False, catalog, model, jobs, scheduler, inputs) as runner:  # workers load spaCy now
        return extract_corpus(read_corpus(inputs), catalog, model, progress, jobs=jobs, scheduler=scheduler,
                              runner=runner)


def extract_records(graph: KnowledgeGraph) -> list[dict]:
    """The per-quote evaluation records (the ``kg extract --jsonl`` format)."""
    from kg.jsonl import records

    return records(graph)


def evaluate(gold: str | Path, inputs: Iterable[str | Path], catalog: str | Path | None = None,
             model: str | None = None, progress: ProgressCallback | None = None):
    """Extract ``inputs`` and score them against an annotated gold file; returns ``kg.evaluate.Scores``.

    ``scores.as_dict()`` holds the figures (the shared scorer's names), ``scores.errors`` the misses and false
    positives per quote.
    """
    from kg.evaluate import evaluate as _evaluate

    return _evaluate(gold, list(inputs), catalog=catalog, model=model, progress=progress)


def evaluate_file(gold: str | Path, records: str | Path):
    """Score a file of ``kg extract --jsonl`` records (another run, another catalog) against a gold file; returns
    ``kg.evaluate.Scores``."""
    from kg.evaluate import score_file

    return score_file(gold, records)


def intervals(scores, level: float = 0.95) -> dict[str, tuple[float, float]]:
    """The headline figures of ``scores`` (from :func:`evaluate`) with bootstrap intervals over documents:
    figure name → (low, high) (``kg.intervals``)."""
    from kg.intervals import intervals as _intervals

    return _intervals(scores, level)


def compare_runs(this, other, level: float = 0.95) -> dict:
    """Two runs' scores over the same gold, figure by figure: both values, the difference and its paired
    bootstrap interval (``kg.intervals.Difference``)."""
    from kg.intervals import compare

    return compare(this, other, level)


def run_report(graph: KnowledgeGraph) -> dict:
    """The run report: counts, skipped files, discovered names, rejected relations, unmatched cues."""
    kinds = Counter(r.kind for r in graph.report)
    return {
        "run": graph.run.model_dump(mode="json"),
        "counts": {
            "documents": len(graph.documents), "quotes": len(graph.quotes), "entities": len(graph.entities),
            "relations": dict(sorted(Counter(r.type for r in graph.relations).items())),
            "claims": dict(sorted(Counter(c.type for c in graph.claims).items())),
            "contradictions": len(graph.contradictions), "report": dict(sorted(kinds.items())),
        },
        "items": [r.model_dump(mode="json", exclude_none=True) for r in graph.report],
    }


def export_formats() -> list[dict[str, str]]:
    """Every export format: its name, the file ``kg build`` writes for it (if it can), whether a build writes it by
    default, its suffixes and what reads it."""
    from kg.registry import list_exporters

    built = {exporter: name for name, exporter in BUILD_FORMATS}
    default = {exporter for _, exporter in DEFAULT_FORMATS}
    return [{"format": e.name, "build_file": built.get(e.name, ""), "default": "yes" if e.name in default else "",
             "suffixes": " ".join(e.suffixes), "description": e.description, "readers": e.readers}
            for e in list_exporters()]


def select_formats(names: Iterable[str]) -> tuple[tuple[str, str], ...]:
    """The part of :data:`BUILD_FORMATS` that ``names`` ask for, in build order.

    A name is an exporter name (``turtle``), a file the build writes (``kg.ttl``), that file without
    ``kg.`` (``ttl``, ``yed.graphml``, ``tables``) or a suffix (``.ttl``); ``all`` means every format.

    Raises:
        UnknownPluginError: for a name that is none of these, listing the known names.
    """
    from kg.errors import UnknownPluginError

    aliases: dict[str, str] = {}
    for file, exporter in BUILD_FORMATS:
        short = file.removeprefix("kg.")
        for alias in (exporter, file, short, "." + short):
            aliases.setdefault(alias.lower(), exporter)
    wanted = {n.strip().lower() for n in names if n.strip()}
    if "all" in wanted:
        return BUILD_FORMATS
    unknown = sorted(wanted - set(aliases))
    if unknown:
        known = [f"{f.removeprefix('kg.')} ({e})" for f, e in BUILD_FORMATS] + ["all"]
        raise UnknownPluginError("export format", ", ".join(unknown), known)
    chosen = {aliases[n] for n in wanted}
    return tuple((file, exporter) for file, exporter in BUILD_FORMATS if exporter in chosen)


def build(inputs: Iterable[str | Path], out: str | Path = DEFAULT_STORE, catalog: str | Path | None = None,
          model: str | None = None, progress: ProgressCallback | None = None,
          formats: Iterable[str] | tuple[tuple[str, str], ...] = DEFAULT_FORMATS, *, allow_empty: bool = False,
          follow_links: bool = False, jobs: int | None = None, scheduler: object = None) -> BuildResult:
    """Extract, then write the store, the exports and the run report into ``out``, as one transaction.

    Everything is written into a fresh generation beside ``out`` that replaces it in one atomic step,
    so ``out`` holds the previous build or this one, never a mix; a failed or killed build leaves it as
    it was. Another build writing ``out`` at the same time is refused.

    Args:
        progress: called with ``(stage, done, total)`` as parsing, extraction, the exports and the store
            load move on (see ``kg.progress``; ``log_progress()`` logs plain lines).
        formats: the exports to write: names such as ``["graphml", "ttl", "html"]`` or ``["all"]`` (see
            :func:`select_formats`) or (file name, exporter name) pairs. Default :data:`DEFAULT_FORMATS`
            (Turtle, GraphML and the HTML page). The store and ``report.json`` are always written.
        allow_empty: write an empty graph when no document could be read (refused by default).
        follow_links: read symbolic links that lead out of an input folder (skipped by default).
        jobs, scheduler: where the per-quote steps run, as in :func:`extract`.

    Each quote's extraction results are cached in ``out/cache/`` and reused by the next build into ``out``
    (and by :func:`add`) when the quote, what its names resolve to and kg's rules are unchanged. The inputs
    and options are recorded in ``out/.store/build.json`` for :func:`add`.

    Raises:
        EmptyBuildError: if no document could be read (and ``allow_empty`` is false).
        OutputError: if ``out`` cannot be written; checked before any extraction.
        BuildLockedError: if another build is writing ``out``.
    """
    formats = tuple(formats)
    if any(isinstance(f, str) for f in formats):
        formats = select_formats(formats)  # type: ignore[arg-type]
    return _build(list(inputs), out, catalog, model, progress, formats, formats, allow_empty=allow_empty,  # type: ignore[arg-type]
                  follow_links=follow_links, jobs=jobs, scheduler=scheduler)


def _build(inputs: list, out: str | Path, catalog, model: str | None, progress: ProgressCallback | None,
           formats: tuple[tuple[str, str], ...], recorded: tuple[tuple[str, str], ...], *, allow_empty: bool = False,
           follow_links: bool = False, jobs: int | None = None, scheduler: object = None,
           incremental: bool = False) -> BuildResult:
    """:func:`build`, writing ``formats`` and recording ``recorded`` as the build's exports; ``incremental``: the
    store is updated from the one in ``out`` (see ``kg.store_update``) when it can be."""
    from kg.errors import EmptyBuildError
    from kg.heap import settling
    from kg.ingest import read_corpus
    from kg.output import transaction
    from kg.timings import recording, stage

    previous = Path(out) / ".store" if incremental else None
    early = _early_runner(incremental, catalog, model, jobs, scheduler, inputs, follow_links)
    with settling(), transaction(out) as folder, recording() as timings, early as runner:
        from kg.cache import CACHE_DIR, ExtractionCache  # once the workers start: not before their fork server
        from kg.pipeline import extract_corpus

        with stage("ingest"):
            corpus = read_corpus(inputs, follow_links=follow_links, exclude=(Path(out),))
        if not corpus.documents and not allow_empty:
            raise EmptyBuildError([str(p) for p in inputs], out,
                                  [r.message for r in corpus.report if r.kind == "skipped_file"])
        if runner is not None:  # while its workers start, rather than after the extraction with one core busy
            _load_exporters(formats)
        cache = ExtractionCache(Path(out) / CACHE_DIR)
        graph = extract_corpus(corpus, catalog, model, progress, jobs=jobs, scheduler=scheduler, cache=cache,
                               runner=runner)
        del corpus  # the graph holds every quote; the corpus's copies can go before the exports are written

        def keep() -> None:  # the cache and the build's record, written while a forked process starts the exports
            with stage("cache"):
                cache.write(folder / CACHE_DIR)
                _record(folder, inputs, catalog, model, recorded, follow_links)

        written, skipped = _write_all(graph, folder, formats, timings, progress, previous,
                                      concurrent=_cores(jobs, scheduler) > 1, first=keep, keys=cache.fact_keys)
    if previous is not None:
        from kg.store import renote

        renote(out)  # the previous generation, which shared the table files, is gone: their ctime moved
    out = Path(out)
    return BuildResult(graph, out, tuple(out / name for name in written), tuple(skipped),
                       cache.misses["extracted"])


@contextmanager
def _early_runner(incremental: bool, catalog, model: str | None, jobs: int | None, scheduler: object,
                  inputs: list, follow_links: bool = False):
    """The runner of the per-quote steps, started before the inputs are read, when the build may use two cores or
    more: for an add (``incremental``) with one worker (``kg.parallel.Runner.start``: the few new quotes are parsed
    and extracted there, and spaCy loads there while this process reads the inputs and the cache); for a build of
    inputs large enough for workers (:func:`_large_inputs`) with its pool of workers (``Runner.start_pool``: they
    load spaCy while this process reads the corpus). Otherwise None (``extract_corpus`` makes its own)."""
    from kg.parallel import Runner, Setup, start_fork_server

    if not incremental and (scheduler is not None or _cores(jobs, scheduler) < 2 or not _large_inputs(inputs,
                                                                                                    follow_links)):
        yield None
        return
    if scheduler is None and _cores(jobs, scheduler) > 1:
        start_fork_server(catalog, model, extract=not incremental)  # first: it imports spaCy and builds the
        # workers' state meanwhile (an add's worker, what a parse reads: this process waits for its parse)
    from kg.catalog import load_catalog
    from kg.timings import stage

    with stage("setup"):
        setup = Setup.make(load_catalog(catalog), model)
    with Runner(setup, jobs=jobs, scheduler=scheduler) as runner:
        runner.start() if incremental else runner.start_pool()
        yield runner


def _large_inputs(inputs: list, follow_links: bool) -> bool:
    """Whether the input files hold enough text for the workers to start (``kg.parallel.PARALLEL_MIN_QUOTES``
    quotes of about 150 bytes), judged from their sizes before they are read."""
    from kg.files import iter_files
    from kg.parallel import PARALLEL_MIN_QUOTES

    files, _ = iter_files([Path(p) for p in inputs], follow_links)
    total = 0
    for path, _label in files:
        try:
            total += path.stat().st_size
        except OSError:
            continue
        if total >= PARALLEL_MIN_QUOTES * 150:
            return True
    return False


def add(files: Iterable[str | Path], store: str | Path = DEFAULT_STORE,
        progress: ProgressCallback | None = None, *, exports: bool = False, jobs: int | None = None,
        scheduler: object = None) -> BuildResult:
    """Add review files or folders to the build in ``store``: its store, graph, run report and cache then equal
    those of a fresh :func:`build` of its inputs plus ``files``.

    The inputs, catalog, model and exports of the earlier build are read from ``store/.store/build.json``;
    every input is read again, but only quotes whose text or resolved names changed are extracted again (the
    rest comes from ``store/cache/``), and names are resolved again over the whole corpus. The store is
    updated, not loaded again: only the named graphs of new or changed documents (and the default graph)
    are replaced. Written as one transaction.

    Args:
        exports: also write the exports the build wrote (as a build of the union would; that takes as long
            as those exports take). Without it they are left out of the updated folder, since they would
            describe the graph before the addition; ``kg export FILE`` writes any of them from the store.

    Raises:
        StoreError: if ``store`` holds no build record, or an input it was built from is gone.
    """
    record = _read_record(store)
    gone = [p for p in record["inputs"] if not os.path.lexists(p)]
    if gone:
        raise StoreError(f"{store} was built from {', '.join(gone)}, which no longer exist(s); rebuild it with "
                         f"`kg build INPUTS --out {store}`")
    inputs = sorted(set(record["inputs"]) | {os.path.abspath(f) for f in files})
    recorded = tuple((name, fmt) for name, fmt in record["formats"])
    return _build(inputs, store, record["catalog"], record["model"], progress, recorded if exports else (),
                  recorded, follow_links=record["follow_links"], jobs=jobs, scheduler=scheduler, incremental=True)


def start_add_workers(store: str | Path = DEFAULT_STORE, jobs: int | None = None, scheduler: object = None) -> None:
    """Start now the fork server that :func:`add` to ``store`` forks its worker from (``kg.forkserver.start``, with
    the catalog and model of the store's build record): the ``kg add`` command calls this before it imports the
    rest of kg. Nothing when the add would use one core or a Dask cluster, or when ``store`` holds no readable
    record (the add reports that)."""
    if scheduler is not None or _cores(jobs, scheduler) < 2:
        return
    try:
        record = _read_record(store)
    except StoreError:
        return
    from kg.forkserver import start

    start(record.get("catalog"), record.get("model"), extract=False)


def _cores(jobs: int | None, scheduler: object) -> int:
    """How many of this machine's cores a build may use: ``jobs`` (all when None; all when a Dask cluster
    extracts, as this machine's cores are then free for the rest)."""
    if scheduler is not None or jobs is None:
        return os.cpu_count() or 1
    return jobs


_RECORD = "build.json"


def _record(folder: Path, inputs: list, catalog, model: str | None, formats, follow_links: bool) -> None:
    """Write what :func:`add` needs to redo this build: absolute inputs, catalog, model, formats."""
    if catalog is not None and not (isinstance(catalog, str) and catalog.lower() == "none"):
        catalog = os.path.abspath(catalog)
    record = {"inputs": sorted({os.path.abspath(p) for p in inputs}), "catalog": catalog, "model": model,
              "formats": [list(f) for f in formats], "follow_links": follow_links}
    write_text(folder / ".store" / _RECORD, json.dumps(record, indent=1, sort_keys=True) + "\n")


def _read_record(store: str | Path) -> dict:
    path = Path(store) / ".store" / _RECORD
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise StoreError(f"{store} holds no record of a build; run `kg build INPUTS --out {store}` first") from None
    except (OSError, ValueError) as err:
        raise StoreError(f"{path} is damaged ({err}); run `kg build INPUTS --out {store}` again") from err
    if not isinstance(record, dict) or not isinstance(record.get("inputs"), list):
        raise StoreError(f"{path} is damaged (no list of inputs); run `kg build INPUTS --out {store}` again")
    return record


def load(store: str | Path = DEFAULT_STORE) -> KnowledgeGraph:
    """The knowledge graph a ``build`` saved in ``store`` (no extraction, no spaCy)."""
    path = Path(store) / ".store" / GRAPH_FILE
    if not path.is_file():
        raise StoreError(f"no graph in {store}; run `kg build INPUTS --out {store}` first")
    from pydantic import ValidationError

    from kg.models import KnowledgeGraph

    try:
        return KnowledgeGraph.model_validate_json(path.read_bytes())
    except ValidationError as err:
        raise StoreError(f"{path} is damaged or was written by another version of kg ({err.error_count()} "
                         f"problems); run `kg build INPUTS --out {store}` again") from err


def export(path: str | Path, format: str | None = None, store: str | Path = DEFAULT_STORE,
           graph: KnowledgeGraph | None = None, progress: ProgressCallback | None = None) -> Path:
    """Write one export of the stored graph (or of ``graph``); the format is guessed from the suffix."""
    from kg.errors import ExportError
    from kg.registry import get_exporter, guess_format

    name = format or guess_format(path)
    if name is None:
        raise ExportError(f"cannot tell the format of {path}; pass --format (e.g. graphml, turtle, csv; "
                          "`kg export --list` lists them)")
    exporter = get_exporter(name)
    stage = f"writing {Path(path).name}"
    report(progress, stage, 0, 1)
    exporter.write(graph or load(store), Path(path))
    report(progress, stage, 1, 1)
    return Path(path)


def _store(store: str | Path):
    if isinstance(store, str) and store.startswith(("http://", "https://")):
        from kg.endpoint import open_endpoint

        return open_endpoint(store, index=False)
    from kg.store import open_store

    return open_store(Path(store))


def sparql(text: str, store: str | Path = DEFAULT_STORE, *, allow_service: bool = False, timeout: float = 60.0,
           max_rows: int = 1_000_000) -> tuple[list[str], list[list]]:
    """Run a SPARQL query against the store: (column names, rows); bounded in time and rows, SERVICE refused."""
    from kg import query

    return query.sparql(_store(store), text, allow_service=allow_service, timeout=timeout, max_rows=max_rows)


def sparql_stream(text: str, store: str | Path = DEFAULT_STORE, *, allow_service: bool = False,
                  timeout: float = 60.0, max_rows: int = 1_000_000) -> tuple[list[str], Iterator[list]]:
    """As :func:`sparql`, with the rows as an iterator: they are printed as they come, never all held."""
    from kg import query

    return query.sparql_stream(_store(store), text, allow_service=allow_service, timeout=timeout,
                               max_rows=max_rows)


def to_networkx(graph: KnowledgeGraph):
    """The graph as a networkx MultiDiGraph (entities and claims as nodes, relations as edges)."""
    from kg.graph import to_networkx as convert

    return convert(graph)


def sparql_terms(text: str, store: str | Path = DEFAULT_STORE, *, allow_service: bool = False,
                 timeout: float = 60.0, max_rows: int = 1_000_000):
    """As :func:`sparql_stream`, with pyoxigraph terms: (kind ``solutions``/``boolean``/``triples``, columns, rows)."""
    from kg import sparql as free_sparql

    return free_sparql.sparql_terms(_store(store), text, allow_service=allow_service, timeout=timeout,
                                    max_rows=max_rows)


def push(endpoint: str, store: str | Path = DEFAULT_STORE, *, timeout: float = 300.0):
    """Load the store a build wrote into the SPARQL 1.1 store at ``endpoint`` (Graph Store Protocol): one named
    graph per document, replaced on every push; returns a ``kg.push.PushResult``."""
    from kg.push import push as push_graph

    return push_graph(store, endpoint, timeout=timeout)


def serve(store: str | Path = DEFAULT_STORE, *, port: int = 7878, timeout: float = 60.0,
          allow_service: bool = False, log=None):
    """A read-only SPARQL endpoint over the store on 127.0.0.1:``port``; call ``serve_forever()`` on it."""
    from kg.serve import make_server

    return make_server(store, port, timeout=timeout, allow_service=allow_service, log=log)
