"""Writing a built graph into its folder: the exports, the store and the run report.

The graph's quads and its property graph are made once (``kg.shared``) and read by every exporter and the
store. When the build may use more than one core (``--jobs`` 2 or more, the default on a multi-core machine),
the exports are written by a forked process (which shares the graph's memory; forked before the quads are
written, it makes the property graph and writes the exports that do not read the quads meanwhile) while this one
writes the quads and the cache, then loads the store:
each process has its own interpreter lock, and pyoxigraph's bulk loader runs in Rust without it, so the
exports, the store's own Python work and its load share the machine's cores instead of waiting for each
other. If the forked process fails, the exports it did not finish are written here (and raise what they
raise). An add without exports (``kg add``) forks a process for the graph's JSON and the cache instead, while
this one updates the store. With ``--jobs 1``, or where processes cannot be forked, everything runs one after
the other. The files written are the same either way.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from kg.atomic import open_atomic, write_text, write_text_pieces
from kg.progress import ProgressCallback, report

if TYPE_CHECKING:
    from kg.models import KnowledgeGraph
    from kg.registry import Exporter

__all__ = ["load_exporters", "write_all"]


def load_exporters(formats: tuple[tuple[str, str], ...]) -> None:
    """Import the exporters (their modules import networkx, pyoxigraph and XML writers: a fraction of a CPU second)
    ahead of :func:`write_all`, when ``formats`` asks for any. A build with workers calls it while they start."""
    if formats:
        from kg.registry import list_exporters

        list_exporters()


def write_all(graph: KnowledgeGraph, folder: Path, formats: tuple[tuple[str, str], ...],
              timings: dict[str, list[float]] | None = None, progress: ProgressCallback | None = None,
              previous: Path | None = None, *, concurrent: bool = False, first: Callable[[], None] | None = None,
              keys: dict[str, str] | None = None) -> tuple[list[str], list[str]]:
    """Write every export, the store and the run report into ``folder``: (names written, formats skipped).

    Args:
        timings: stage → [wall s, CPU s, peak RSS MB], completed and written as the report's ``timings``
            block; everything else in the report is deterministic. Stages run by the forked exports process
            are timed there (its CPU seconds and peak memory).
        previous: a store (``.store`` folder) to update rather than write afresh (``kg add``).
        concurrent: write the exports in a forked process while this one writes the store (see the module's note).
        first: the caller's own writing (a build's cache), done here before the quads: with ``concurrent``, once
            the exports process is forked, so that the two overlap.
        keys: quote id → the cache key of its extraction (``kg.cache.ExtractionCache.fact_keys``): the store's
            document digests hash them in place of the facts they give (``kg.store_update.graph_digests``).
    """
    from kg.api import run_report
    from kg.registry import get_exporter
    from kg.shared import sharing
    from kg.timings import stage

    skipped: list[str] = []
    exporters = []
    for name, fmt in formats:
        try:
            exporters.append((name, get_exporter(fmt)))
        except KeyError:
            skipped.append(fmt)
    work = Path(tempfile.mkdtemp(prefix=".kg-work-", dir=folder))
    # with two jobs or more the quads are written by two processes (kg.shared), then the store and exports overlap
    with sharing(graph, work, 2 if concurrent else 1) as view:
        # forked before the quads are written: it makes the property graph and writes the exports that do not read
        # the quads meanwhile, and is sent the quads file when it is written (``_Exporting.quads_written``)
        child = _Exporting.start(graph, folder, exporters) if concurrent and exporters else None
        # an add without exports: the graph's JSON and the caller's own writing go to a forked process instead,
        # while this one updates the store
        tasks = [task for task in (first, lambda: _write_graph(graph, folder, staged=True)) if task is not None]
        side = _Side.start(tasks) if concurrent and not exporters and previous is not None else None
        try:
            if first is not None and side is None:
                first()
            if formats or (concurrent and previous is None):
                report(progress, "preparing exports", 0, 2)
                with stage("rdf"):
                    _ = view.quads_path
                report(progress, "preparing exports", 1, 2)
        finally:
            if child is not None:
                child.quads_written(view.__dict__.get("quads_path"))
        if child is not None:
            report(progress, "preparing exports", 2, 2)
            report(progress, "writing exports", 0, len(exporters))
        if child is None:
            try:
                written = _export(graph, folder, exporters, progress)
                view.release()  # the property graph is not needed by the store
                _write_store(graph, folder, previous, progress, graph_json=side is None, keys=keys)
            except BaseException:
                if side is not None:
                    side.abort()  # it must not write into a generation the transaction throws away
                raise
            if side is not None:
                side.finish()
        else:
            _write_store(graph, folder, previous, progress, concurrent=True, keys=keys)
            written = child.finish(progress)
    summary = run_report(graph)
    if timings is not None:  # wall-clock seconds: the one part of the report that differs between runs
        summary["timings"] = {"wall_s": {name: round(s[0], 3) for name, s in timings.items()},
                              "cpu_s": {name: round(s[1], 3) for name, s in timings.items()},
                              "peak_rss_mb": {name: round(s[2], 1) for name, s in timings.items()}}
    write_text(folder / "report.json", json.dumps(summary, indent=1, ensure_ascii=False) + "\n")
    written.append("report.json")
    return written, skipped


def _export(graph: KnowledgeGraph, folder: Path, exporters: list[tuple[str, Exporter]],
            progress: ProgressCallback | None, done: Callable[[str], None] | None = None) -> list[str]:
    """Write each export (the property graph made first, as every graph-shaped exporter reads it): their names."""
    from kg.shared import views
    from kg.timings import stage

    written: list[str] = []
    if not exporters:
        return written
    with views(graph) as view:
        with stage("graph"):
            _ = view.networkx
        report(progress, "preparing exports", 2, 2)
        report(progress, "writing exports", 0, len(exporters))
        for count, (name, exporter) in enumerate(exporters, 1):
            with stage(f"export {name}"):
                exporter.write(graph, folder / name)
            written.append(name)
            if done is not None:
                done(name)
            report(progress, "writing exports", count, len(exporters))
    return written


class _Exporting:
    """The exports being written by a forked process; :meth:`finish` waits for it and completes its work."""

    def __init__(self, graph: KnowledgeGraph, folder: Path, exporters: list, process, receive, quads) -> None:
        self.graph, self.folder, self.exporters = graph, folder, exporters
        self.process, self.receive, self.quads = process, receive, quads

    @classmethod
    def start(cls, graph: KnowledgeGraph, folder: Path, exporters: list) -> _Exporting | None:
        """Fork the exports' process (None where this platform cannot fork: the caller writes them itself)."""
        import multiprocessing

        if "fork" not in multiprocessing.get_all_start_methods():
            return None
        context = multiprocessing.get_context("fork")
        receive, send = context.Pipe(duplex=False)
        wait_quads, quads = context.Pipe(duplex=False)
        process = context.Process(target=_export_in_child, args=(graph, folder, exporters, send, wait_quads,
                                                                 os.getpid()), daemon=True, name="kg-exports")
        process.start()
        send.close()
        wait_quads.close()
        return cls(graph, folder, exporters, process, receive, quads)

    def quads_written(self, path: Path | None) -> None:
        """Tell the forked process where the quads file is (None: it was not written; the process then stops at
        the first export that reads it, and :meth:`finish` writes the rest here)."""
        try:
            if path is not None:
                self.quads.send(str(path))
        except OSError:  # it stopped already: finish() sees it
            pass
        finally:
            self.quads.close()

    def finish(self, progress: ProgressCallback | None) -> list[str]:
        """Wait for the forked process; write here what it did not; the names of the exports written, in order.
        Its stage timings join the current recording (``kg.timings``)."""
        done = set(_gathered(self.process, self.receive))  # none if it failed: an export may be half-written
        rest = [(name, exporter) for name, exporter in self.exporters if name not in done]
        total, count = len(self.exporters), iter(range(1, len(self.exporters) + 1))
        for _ in range(total - len(rest)):
            report(progress, "writing exports", next(count), total)
        _export(self.graph, self.folder, rest, None, lambda _: report(progress, "writing exports", next(count), total))
        return [name for name, _ in self.exporters]


def _export_in_child(graph: KnowledgeGraph, folder: Path, exporters: list, send, wait_quads, parent: int) -> None:
    """The forked process's work: every export, those that do not read the quads file first (the parent writes it
    meanwhile and sends its path); each name sent when written, then the stage timings."""
    from kg.forked import die_with_parent
    from kg.shared import views
    from kg.timings import recording, silence

    die_with_parent(parent)
    silence()  # the parent logs these stages when it receives them
    try:
        with views(graph) as view:
            view.awaiting(lambda: Path(wait_quads.recv()))  # EOFError if the parent wrote none: the parent redoes it
        ordered = sorted(exporters, key=lambda item: _reads_quads(item[1]))  # stable: otherwise in the given order
        with recording() as record:
            _export(graph, folder, ordered, None, lambda name: send.send(("done", name)))
        send.send(("timings", record))
    except Exception:  # noqa: BLE001 - the parent writes the exports again and raises the error itself
        sys.exit(1)
    finally:
        send.close()


def _reads_quads(exporter: Exporter) -> bool:
    """Whether an exporter reads the shared quads file: kg's RDF exporters (``kg.export.rdf``) do; the others read
    the graph or its property graph (an exporter of another package is taken as it comes, in its place)."""
    return getattr(exporter.write, "__module__", None) == "kg.export.rdf"


def _write_store(graph: KnowledgeGraph, folder: Path, previous: Path | None,
                 progress: ProgressCallback | None, concurrent: bool = False, graph_json: bool = True,
                 keys: dict[str, str] | None = None) -> int:
    """``kg.json`` (unless ``graph_json`` is False: another process writes it) and the store (updated from
    ``previous`` when it can be; ``keys``: the quotes' extraction cache keys, for its digests): the number of quads
    it holds."""
    from kg.store import write_store
    from kg.store_update import update_store
    from kg.timings import stage

    with stage("store"):
        if graph_json:
            _write_graph(graph, folder)
        if previous is None or update_store(graph, previous, folder, progress, keys) is None:
            write_store(graph, folder, progress, concurrent=concurrent, keys=keys)
    return _quad_count(folder)


def _write_graph(graph: KnowledgeGraph, folder: Path, staged: bool = False) -> None:
    """``.store/kg.json``: the graph as ``kg.api.load`` reads it (timed as the stage "kg.json" if ``staged``)."""
    from contextlib import nullcontext

    from kg.api import GRAPH_FILE
    from kg.timings import stage

    with stage("kg.json") if staged else nullcontext(), open_atomic(folder / ".store" / GRAPH_FILE) as handle:
        write_text_pieces(handle, graph.json_pieces())  # streamed: the text is never whole in memory


class _Side:
    """Writing that does not touch the store (the graph's JSON, a build's cache), done by a forked process while
    this one updates the store; :meth:`finish` waits for it and does here whatever it did not finish."""

    def __init__(self, tasks: list[Callable[[], None]], process, receive) -> None:
        self.tasks, self.process, self.receive = tasks, process, receive

    @classmethod
    def start(cls, tasks: list[Callable[[], None]]) -> _Side | None:
        """Fork the process (None where this platform cannot fork: the caller does the tasks itself)."""
        import multiprocessing

        if "fork" not in multiprocessing.get_all_start_methods():
            return None
        context = multiprocessing.get_context("fork")
        receive, send = context.Pipe(duplex=False)
        process = context.Process(target=_side_in_child, args=(tasks, send, os.getpid()), daemon=True,
                                  name="kg-side")
        process.start()
        send.close()
        return cls(tasks, process, receive)

    def finish(self) -> None:
        """Wait for the forked process; its stage timings join the current recording (``kg.timings``); the tasks
        it did not finish are done here (each rewrites its files whole)."""
        done = len(_gathered(self.process, self.receive))  # none if it failed: a file may be half-written
        for task in self.tasks[done:]:
            task()

    def abort(self) -> None:
        """Stop the forked process and wait for it (this process failed: nothing it writes is kept)."""
        self.process.kill()
        self.process.join()
        self.receive.close()


def _gathered(process, receive) -> list:
    """What a forked process reported done, once it ended (nothing unless it ended well); its stage timings, sent
    last, join the current recording (``kg.timings``)."""
    from kg.timings import add_stage

    done = []
    try:
        while True:  # what it finished, then its stage timings
            kind, value = receive.recv()
            if kind == "done":
                done.append(value)
                continue
            for name, seconds in value.items():
                add_stage(name, *seconds)
            break
    except (EOFError, OSError):  # it stopped early: the caller does what is missing
        pass
    finally:
        receive.close()
        process.join()
    return done if process.exitcode == 0 else []


def _side_in_child(tasks: list[Callable[[], None]], send, parent: int) -> None:
    """The forked process's work: each task in order, ``("done", i)`` sent after each, then the stage timings."""
    from kg.forked import die_with_parent
    from kg.timings import recording, silence

    die_with_parent(parent)
    silence()  # the parent logs these stages when it receives them
    try:
        with recording() as record:
            for index, task in enumerate(tasks):
                task()
                send.send(("done", index))
        send.send(("timings", record))
    except Exception:  # noqa: BLE001 - the parent does the tasks again and raises the error itself
        sys.exit(1)
    finally:
        send.close()


def _quad_count(folder: Path) -> int:
    from kg.store import _read_count

    return _read_count(folder / ".store") or 0
