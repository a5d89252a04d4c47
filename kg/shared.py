"""What a build derives from a graph once and every exporter reads: its RDF (as an N-Quads file) and property graph.

A build used to turn the graph into quads for each RDF format and for the store, and into a networkx graph for
each property-graph format. Inside ``sharing(graph, folder)`` each is made once: the quads are written by
pyoxigraph to one N-Quads file that the RDF writers and the store read back in Rust, and the networkx graph is
kept for the property-graph exporters, which stream their files from it. Outside it, ``views(graph)`` makes them
afresh for a single export, in a temporary folder that is removed afterwards.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cached_property
from pathlib import Path
from typing import Any

from kg.models import KnowledgeGraph

__all__ = ["Views", "sharing", "views"]

_QUADS_FILE = "quads.nq"


class Views:
    """The derived forms of one graph, each computed on first use."""

    def __init__(self, graph: KnowledgeGraph, folder: Path, parts: int = 1) -> None:
        self.graph = graph
        self.folder = folder
        self.parts = parts
        self._given: Callable[[], Path] | None = None

    def awaiting(self, given: Callable[[], Path]) -> None:
        """Take the quads file from ``given`` (which waits for another process to write it) instead of writing it."""
        self._given = given

    @cached_property
    def quads_path(self) -> Path:
        """An N-Quads file of every quad of the graph (``kg.rdf.iter_quads`` order: grouped by graph).

        With ``parts`` above 1, forked processes (sharing the graph's memory) write all but the first of that many
        consecutive stretches of the quads while this one writes the first; the stretches are then appended in
        order. N-Quads is one quad a line with no state between lines, so the file is the same bytes as one
        process writes; if a part fails, this process writes the file whole (and raises what it raises).
        """
        if self._given is not None:
            return self._given()
        path = self.folder / _QUADS_FILE
        if self.parts <= 1 or not _write_parts(self.graph, path, self.parts):
            _write_part(self.graph, path, 0, 1)
        return path

    def quads(self) -> Iterator[Any]:
        """The quads of ``quads_path`` read back (pyoxigraph Quads, in file order)."""
        from pyoxigraph import RdfFormat, parse

        return parse(path=str(self.quads_path), format=RdfFormat.N_QUADS)

    @cached_property
    def networkx(self) -> Any:
        """The property graph (``kg.graph.to_networkx``); exporters read it and must not change it."""
        from kg.graph import to_networkx

        return to_networkx(self.graph)

    def release(self) -> None:
        """Drop the property graph (made again if asked for): frees memory."""
        self.__dict__.pop("networkx", None)


def _write_part(graph: KnowledgeGraph, path: Path, part: int, parts: int, parent: int | None = None) -> None:
    """Write one part of the quads (``parent``: in a forked process, the pid of the one that forked it)."""
    from pyoxigraph import RdfFormat, serialize

    from kg.rdf import iter_quads

    if parent is not None:
        from kg.forked import die_with_parent

        die_with_parent(parent)
    serialize(iter_quads(graph, part, parts), str(path), RdfFormat.N_QUADS)


def _write_parts(graph: KnowledgeGraph, path: Path, parts: int) -> bool:
    """Write the quads into ``path`` in ``parts`` processes (this one and forked ones); False if one failed or
    processes cannot be forked here."""
    import multiprocessing

    from kg.errors import ExportError

    if "fork" not in multiprocessing.get_all_start_methods():
        return False
    context = multiprocessing.get_context("fork")
    names = [path.with_name(f"{path.name}.{part}") for part in range(parts)]
    others = [context.Process(target=_write_part, args=(graph, names[part], part, parts, os.getpid()), daemon=True)
              for part in range(1, parts)]
    for process in others:
        process.start()
    try:
        _write_part(graph, path, 0, parts)
    except ExportError:  # the whole file is written again, in this process, which raises the error
        return False
    finally:
        for process in others:
            process.join()
    if any(process.exitcode != 0 for process in others):
        return False
    with path.open("ab") as out:
        for name in names[1:]:
            with name.open("rb") as part_file:
                shutil.copyfileobj(part_file, out, 1 << 20)
            name.unlink()
    return True


_active: dict[int, Views] = {}


@contextmanager
def sharing(graph: KnowledgeGraph, folder: Path, parts: int = 1) -> Iterator[Views]:
    """Within this block, ``views(graph)`` is one shared ``Views`` whose files live in ``folder`` (removed after);
    its quads are written by ``parts`` processes."""
    folder.mkdir(parents=True, exist_ok=True)
    shared = Views(graph, folder, parts)
    _active[id(graph)] = shared
    try:
        yield shared
    finally:
        _active.pop(id(graph), None)
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def views(graph: KnowledgeGraph) -> Iterator[Views]:
    """The shared ``Views`` of ``graph`` inside ``sharing``; otherwise fresh ones for this block only."""
    shared = _active.get(id(graph))
    if shared is not None and shared.graph is graph:
        yield shared
        return
    folder = Path(tempfile.mkdtemp(prefix="kg-views-"))
    try:
        yield Views(graph, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
