"""RDF exporters: Turtle, N-Triples, TriG, N-Quads and JSON-LD, written by pyoxigraph, byte-identical for the same graph.

The quads are made once per build (``kg.shared``) and streamed by pyoxigraph's serializers straight into the
file: nothing is sorted in Python. Their order is fixed by ``kg.rdf.iter_quads`` (the default graph, then
one named graph per document in id order, a subject's statements together), so the same graph gives the
same bytes. Turtle and N-Triples hold the union of all graphs, each triple once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

from pyoxigraph import Quad, RdfFormat, Triple, serialize

from kg.atomic import open_atomic
from kg.errors import ExportError
from kg.models import KnowledgeGraph
from kg.rdf import PREFIXES, RELATION_PREDICATES, iri
from kg.registry import register_exporter
from kg.shared import Views, views

__all__ = ["RDF_FORMATS", "jsonld_context", "render", "to_triples", "write_format"]

_SORTED_PREFIXES = dict(sorted(PREFIXES.items()))
_EDGE_PREDICATES = frozenset(RELATION_PREDICATES.values())


def to_triples(quads: Iterable[Quad]) -> list[Triple]:
    """The union of all graphs: unique triples in a fixed order."""
    unique = {(str(q.subject), str(q.predicate), str(q.object)): q.triple for q in quads}
    return [unique[key] for key in sorted(unique)]


def _union(view: Views) -> Iterator[Triple]:
    """The triples of every graph, each once, in file order.

    Only two kinds of statement can appear in more than one graph: a relation's plain edge (stated in
    several documents) and the description of a quote found in several documents. Just those are
    remembered, so the memory this takes grows with distinct edges and shared quotes, not with the graph.
    """
    shared = {iri(q.id) for q in view.graph.quotes if len({s.doc_id for s in q.sources}) > 1}
    seen: set[Triple] = set()
    for quad in view.quads():
        triple = quad.triple
        if quad.predicate in _EDGE_PREDICATES or (shared and quad.subject in shared):
            if triple in seen:
                continue
            seen.add(triple)
        yield triple


def _sort_prefix_header(handle: BinaryIO) -> None:
    """Put the ``@prefix`` lines at the head of the file in a fixed order (pyoxigraph's order is not).

    The lines only change places, so the header keeps its length and is rewritten in place.
    """
    handle.flush()
    handle.seek(0)
    lines = []
    while (line := handle.readline()).startswith(b"@prefix "):
        lines.append(line)
    handle.seek(0)
    handle.write(b"".join(sorted(lines)))
    handle.seek(0, 2)


def jsonld_context() -> dict[str, str]:
    """The inline JSON-LD ``@context``: kg's prefixes, nothing fetched from the network."""
    return dict(_SORTED_PREFIXES)


def _turtle(view: Views, handle: BinaryIO) -> None:
    serialize(_union(view), handle, RdfFormat.TURTLE, prefixes=_SORTED_PREFIXES)
    _sort_prefix_header(handle)


def _trig(view: Views, handle: BinaryIO) -> None:
    serialize(view.quads(), handle, RdfFormat.TRIG, prefixes=_SORTED_PREFIXES)
    _sort_prefix_header(handle)


def _n_triples(view: Views, handle: BinaryIO) -> None:
    serialize(_union(view), handle, RdfFormat.N_TRIPLES)


def _n_quads(view: Views, handle: BinaryIO) -> None:
    with view.quads_path.open("rb") as source:  # the shared file is already N-Quads
        while chunk := source.read(1 << 20):
            handle.write(chunk)


def _jsonld(view: Views, handle: BinaryIO) -> None:
    """pyoxigraph's JSON-LD (absolute IRIs, one node object per subject) under an inline ``@context``."""
    head = json.dumps({"@context": jsonld_context()}, ensure_ascii=False, sort_keys=True)
    handle.write(head[:-1].encode("utf-8") + b', "@graph": ')
    serialize(view.quads(), handle, RdfFormat.JSON_LD)
    handle.write(b"}\n")


_WRITERS: dict[str, Callable[[Views, BinaryIO], None]] = {
    "turtle": _turtle, "n-triples": _n_triples, "trig": _trig, "n-quads": _n_quads, "json-ld": _jsonld,
}
RDF_FORMATS: tuple[str, ...] = tuple(_WRITERS)


def _check(format: str) -> None:
    if format not in _WRITERS:
        raise ExportError(f"unknown RDF format {format!r}; known: {', '.join(RDF_FORMATS)}")


def write_format(kg: KnowledgeGraph, path: Path, format: str) -> None:
    """Stream the graph into ``path`` in one of :data:`RDF_FORMATS` (atomically: all of it or nothing).

    Raises:
        ExportError: for an unknown format, an id that cannot become an IRI, or a file that cannot be written.
    """
    _check(format)
    try:
        with views(kg) as view, open_atomic(path) as handle:
            _WRITERS[format](view, handle)
    except OSError as err:
        raise ExportError(f"cannot write {path}: {err}") from err


def render(kg: KnowledgeGraph, format: str) -> bytes:
    """The graph in one of :data:`RDF_FORMATS`, as bytes (what :func:`write_format` writes).

    Turtle and N-Triples hold the union of all graphs; TriG, N-Quads and JSON-LD keep one named graph
    per document. The same graph always gives the same bytes.

    Raises:
        ExportError: for an unknown format or an id that cannot become an IRI.
    """
    import io

    _check(format)
    with views(kg) as view:
        buffer = io.BytesIO()
        _WRITERS[format](view, buffer)  # type: ignore[arg-type]
        return buffer.getvalue()


def _writer(format: str) -> Callable[[KnowledgeGraph, Path], None]:
    def write(kg: KnowledgeGraph, path: Path) -> None:
        write_format(kg, path, format)

    write.__doc__ = f"Write the graph to ``path`` as {format}."
    return write


_TRIPLES = "rdflib Graph, Oxigraph, Jena, pyshacl"
_QUADS = "rdflib Dataset, Oxigraph, Jena"
for _name, _suffixes, _description, _readers in (
    ("turtle", (".ttl",), "RDF Turtle, all graphs merged", _TRIPLES),
    ("n-triples", (".nt",), "RDF N-Triples, all graphs merged", _TRIPLES),
    ("trig", (".trig",), "RDF TriG, one named graph per document", _QUADS),
    ("n-quads", (".nq",), "RDF N-Quads, one named graph per document", _QUADS),
    ("json-ld", (".jsonld", ".json-ld"), "JSON-LD with an inline @context, one named graph per document", _QUADS),
):
    register_exporter(_name, suffixes=_suffixes, description=_description, readers=_readers)(_writer(_name))
