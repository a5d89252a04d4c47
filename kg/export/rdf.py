"""RDF exporters: Turtle, N-Triples, TriG, N-Quads and JSON-LD, byte-identical for the same graph."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path

from pyoxigraph import Quad, RdfFormat, Triple, serialize

from kg.atomic import write_bytes
from kg.errors import ExportError
from kg.models import KnowledgeGraph
from kg.rdf import PREFIXES, to_quads
from kg.registry import register_exporter

__all__ = ["RDF_FORMATS", "jsonld_context", "render", "to_triples"]

# a compact IRI's local part that JSON-LD expands back unchanged (no "//" start, no spaces)
_SAFE_LOCAL = re.compile(r"[A-Za-z0-9_%-][A-Za-z0-9_%#.-]*")
_LONGEST_FIRST = sorted(PREFIXES.items(), key=lambda item: -len(item[1]))


def to_triples(quads: Iterable[Quad]) -> list[Triple]:
    """The union of all graphs: unique triples in a fixed order."""
    unique = {(str(q.subject), str(q.predicate), str(q.object)): q.triple for q in quads}
    return [unique[key] for key in sorted(unique)]


def _sorted_lines(data: bytes) -> bytes:
    return b"".join(sorted(set(data.splitlines(keepends=True))))


def _sorted_prefixes(data: bytes) -> bytes:
    """Put the ``@prefix`` header in a fixed order (the serializer's own order is not promised)."""
    lines = data.splitlines(keepends=True)
    count = next((i for i, line in enumerate(lines) if not line.startswith(b"@prefix ")), len(lines))
    return b"".join(sorted(lines[:count]) + lines[count:])


def jsonld_context() -> dict[str, str]:
    """The inline JSON-LD ``@context``: kg's prefixes, nothing fetched from the network."""
    return dict(sorted(PREFIXES.items()))


def _compact_iri(value: str) -> str:
    for prefix, namespace in _LONGEST_FIRST:
        if value.startswith(namespace) and _SAFE_LOCAL.fullmatch(value[len(namespace):]):
            return f"{prefix}:{value[len(namespace):]}"
    return value


def _compact(node: object) -> object:
    """Shorten property keys, ``@id`` and ``@type`` values of expanded JSON-LD to prefixed names."""
    if isinstance(node, list):
        return [_compact(item) for item in node]
    if not isinstance(node, dict):
        return node
    result: dict[str, object] = {}
    for key, value in node.items():
        if key in ("@id", "@type") and isinstance(value, str):
            result[key] = _compact_iri(value)
        elif key == "@type" and isinstance(value, list):
            result[key] = [_compact_iri(v) for v in value]
        elif key.startswith("@"):
            result[key] = _compact(value)
        else:
            result[_compact_iri(key)] = _compact(value)
    return result


def _jsonld(quads: list[Quad]) -> bytes:
    expanded = json.loads(serialize(quads, format=RdfFormat.JSON_LD))
    document = {"@context": jsonld_context(), "@graph": _compact(expanded)}
    return (json.dumps(document, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode("utf-8")


_RENDERERS: dict[str, Callable[[list[Quad]], bytes]] = {
    "turtle": lambda quads: _sorted_prefixes(serialize(to_triples(quads), format=RdfFormat.TURTLE,
                                                       prefixes=PREFIXES)),
    "n-triples": lambda quads: _sorted_lines(serialize(to_triples(quads), format=RdfFormat.N_TRIPLES)),
    "trig": lambda quads: _sorted_prefixes(serialize(quads, format=RdfFormat.TRIG, prefixes=PREFIXES)),
    "n-quads": lambda quads: _sorted_lines(serialize(quads, format=RdfFormat.N_QUADS)),
    "json-ld": _jsonld,
}
RDF_FORMATS: tuple[str, ...] = tuple(_RENDERERS)


def render(kg: KnowledgeGraph, format: str) -> bytes:
    """Serialize the graph in one of :data:`RDF_FORMATS`.

    Turtle and N-Triples hold the union of all graphs; TriG, N-Quads and JSON-LD keep one named graph
    per document. Statements are sorted, so the same graph always gives the same bytes.

    Raises:
        ExportError: for an unknown format or an id that cannot become an IRI.
    """
    if format not in _RENDERERS:
        raise ExportError(f"unknown RDF format {format!r}; known: {', '.join(RDF_FORMATS)}")
    return _RENDERERS[format](to_quads(kg))


def _writer(format: str) -> Callable[[KnowledgeGraph, Path], None]:
    def write(kg: KnowledgeGraph, path: Path) -> None:
        data = render(kg, format)
        try:
            write_bytes(path, data)
        except OSError as err:
            raise ExportError(f"cannot write {path}: {err}") from err

    write.__doc__ = f"Write the graph to ``path`` as {format}."
    return write


for _name, _suffixes, _description in (
    ("turtle", (".ttl",), "RDF Turtle, all graphs merged"),
    ("n-triples", (".nt",), "RDF N-Triples, sorted lines, all graphs merged"),
    ("trig", (".trig",), "RDF TriG, one named graph per document"),
    ("n-quads", (".nq",), "RDF N-Quads, sorted lines, one named graph per document"),
    ("json-ld", (".jsonld", ".json-ld"), "JSON-LD with an inline @context, one named graph per document"),
):
    register_exporter(_name, suffixes=_suffixes, description=_description)(_writer(_name))
