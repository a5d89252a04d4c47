"""Writing a built graph into its folder: the exports, the store and the run report.

The graph's quads and its property graph are made once (``kg.shared``) and read by every exporter and the
store. When the build may use more than one core (``--jobs`` 2 or more, the default on a multi-core machine),
the store is loaded in a thread while this one writes the exports: pyoxigraph's bulk loader runs in Rust
without Python's lock, so the two share the machine's cores instead of waiting for each other. With
``--jobs 1`` everything runs one after the other, as before. The files written are the same either way.
"""

from __future__ import annotations

import contextvars
import json
import tempfile
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

from kg.atomic import write_text
from kg.progress import ProgressCallback, report

if TYPE_CHECKING:
    from kg.models import KnowledgeGraph

__all__ = ["write_all"]


def write_all(graph: KnowledgeGraph, folder: Path, formats: tuple[tuple[str, str], ...],
              timings: dict[str, list[float]] | None = None, progress: ProgressCallback | None = None,
              previous: Path | None = None, *, concurrent: bool = False) -> tuple[list[str], list[str]]:
    """Write every export, the store and the run report into ``folder``: (names written, formats skipped).

    Args:
        timings: stage → [wall s, CPU s, peak RSS MB], completed and written as the report's ``timings``
            block; everything else in the report is deterministic. While the store loads alongside the
            exports, the CPU seconds of those stages are the process's, so they overlap.
        previous: a store (``.store`` folder) to update rather than write afresh (``kg add``).
        concurrent: load the store in a thread while the exports are written (see the module's note).
    """
    from kg.api import run_report
    from kg.registry import get_exporter
    from kg.shared import sharing
    from kg.timings import stage

    written: list[str] = []
    skipped: list[str] = []
    work = Path(tempfile.mkdtemp(prefix=".kg-work-", dir=folder))
    # with two jobs or more the quads are written by two processes (kg.shared), then the store and exports overlap
    with sharing(graph, work, 2 if concurrent else 1) as view, \
            ThreadPoolExecutor(1, thread_name_prefix="kg-store") as pool:
        loading: Future | None = None
        if formats or (concurrent and previous is None):
            report(progress, "preparing exports", 0, 2)
            with stage("rdf"):
                _ = view.quads_path
            report(progress, "preparing exports", 1, 2)
        if concurrent:  # the thread sees this thread's recording of stage timings
            loading = pool.submit(contextvars.copy_context().run, _write_store, graph, folder, previous, None, True)
        if formats:
            with stage("graph"):
                _ = view.networkx
            report(progress, "preparing exports", 2, 2)
            report(progress, "writing exports", 0, len(formats))
        for done, (name, fmt) in enumerate(formats, 1):
            try:
                exporter = get_exporter(fmt)
            except KeyError:
                skipped.append(fmt)
            else:
                with stage(f"export {name}"):
                    exporter.write(graph, folder / name)
                written.append(name)
            report(progress, "writing exports", done, len(formats))
        view.release()  # the property graph is not needed by the store
        if loading is None:
            _write_store(graph, folder, previous, progress)
        else:
            report(progress, "loading the store", 0, None)
            count = loading.result()
            report(progress, "loading the store", count, count)
    summary = run_report(graph)
    if timings is not None:  # wall-clock seconds: the one part of the report that differs between runs
        summary["timings"] = {"wall_s": {name: round(s[0], 3) for name, s in timings.items()},
                              "cpu_s": {name: round(s[1], 3) for name, s in timings.items()},
                              "peak_rss_mb": {name: round(s[2], 1) for name, s in timings.items()}}
    write_text(folder / "report.json", json.dumps(summary, indent=1, ensure_ascii=False) + "\n")
    written.append("report.json")
    return written, skipped


def _write_store(graph: KnowledgeGraph, folder: Path, previous: Path | None,
                 progress: ProgressCallback | None, concurrent: bool = False) -> int:
    """``kg.json`` and the store (updated from ``previous`` when it can be): the number of quads it holds."""
    from kg.api import GRAPH_FILE
    from kg.store import write_store
    from kg.store_update import update_store
    from kg.timings import stage

    with stage("store"):
        write_text(folder / ".store" / GRAPH_FILE, graph.model_dump_json())
        if previous is None or update_store(graph, previous, folder, progress) is None:
            write_store(graph, folder, progress, concurrent=concurrent)
    return _quad_count(folder)


def _quad_count(folder: Path) -> int:
    from kg.store import _read_count

    return _read_count(folder / ".store") or 0
