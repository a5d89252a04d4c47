"""Cytoscape.js JSON exporter (.cyjs): explicit ids and labels, plus the quotes the HTML view shows."""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from kg.atomic import open_atomic, write_text_pieces
from kg.errors import ExportError
from kg.graph import node_labels, relation_styles
from kg.models import KnowledgeGraph
from kg.registry import register_exporter
from kg.shared import views

__all__ = ["cytoscape_data", "cytoscape_document", "cytoscape_json", "cytoscape_text", "write_cytoscape"]


def cytoscape_data(kg: KnowledgeGraph) -> dict[str, Any]:
    """The graph as a Cytoscape.js document, in memory (see ``cytoscape_document``; the exporter streams it)."""
    with views(kg) as view:
        return cytoscape_document(kg, view.networkx)


class _Lazy:
    """A list (or, with ``pairs``, an object of sorted ``(key, value)`` pairs) made item by item as it is written."""

    def __init__(self, items: Callable[[], Iterator[Any]], pairs: bool = False) -> None:
        self.items, self.pairs = items, pairs

    def whole(self) -> Any:
        return dict(self.items()) if self.pairs else list(self.items())


def _layout(kg: KnowledgeGraph, graph: Any) -> dict[str, Any]:
    """The document with its long parts (elements and quotes) as ``_Lazy`` items."""
    return {
        "directed": True, "multigraph": True,  # for nx.cytoscape_graph
        "format_version": "1.0",
        "generated_by": f"kg-{kg.run.kg_version}",
        "target_cytoscapejs_version": "~3.35",
        "data": {"name": "kg", "kg_version": kg.run.kg_version, "model": kg.run.model},
        "elements": {"nodes": _Lazy(lambda: _nodes(graph)), "edges": _Lazy(lambda: _edges(graph))},
        "kg": {"run": _safe(kg.run.model_dump(mode="json")), "quotes": _Lazy(lambda: _quotes(kg, graph), pairs=True),
               "relation_types": relation_styles()},
    }


def cytoscape_document(kg: KnowledgeGraph, graph: Any) -> dict[str, Any]:
    """The Cytoscape.js document of ``kg`` and its property graph ``graph``, with elements sorted by id.

    ``elements.nodes[].data`` holds ``id``, ``label``, ``name`` and every node attribute of
    ``kg.graph.to_networkx`` (lists stay lists); ``elements.edges[].data`` holds ``id`` (the stable
    edge key), ``source``, ``target``, ``label`` and the edge attributes. ``classes`` carry the node
    kind and type and the edge relation, for styling. The extra top-level ``kg`` object holds the run
    info, the full text of every quote cited as evidence, keyed by quote id, and the label, colour and
    symmetry of every relation type (``relation_types``); Cytoscape ignores it.

    The document also reads back with ``nx.cytoscape_graph``: every node's ``value`` is its id (a claim's
    own value is ``claim_value``), every edge's ``key`` is its id, and ``directed``/``multigraph`` are
    true, so networkx rebuilds the MultiDiGraph of ``kg.graph.to_networkx``. Cytoscape.js ignores them.
    """
    def whole(value: Any) -> Any:
        if isinstance(value, _Lazy):
            return whole(value.whole())
        if isinstance(value, dict):
            return {k: whole(v) for k, v in value.items()}
        return value

    return whole(_layout(kg, graph))


def _nodes(graph: Any) -> Iterator[dict[str, Any]]:
    for node_id in sorted(graph.nodes, key=str):
        attrs = graph.nodes[node_id]
        data = {**_safe(attrs), "id": node_id}
        if "value" in data:
            data["claim_value"] = data.pop("value")
        data["value"] = node_id  # networkx's node key
        data.setdefault("label", node_id)
        data.setdefault("name", data["label"])
        classes = [str(attrs.get("kind", "node"))] + [label for label in node_labels(attrs)
                                                       if label not in ("Entity", "Claim")]
        yield {"data": data, "classes": " ".join(classes), "group": "nodes"}


def _edges(graph: Any) -> Iterator[dict[str, Any]]:
    for source, target, key in sorted(graph.edges(keys=True), key=lambda e: e[2]):
        attrs = graph.edges[source, target, key]
        data = {**_safe(attrs), "id": key, "source": source, "target": target, "key": key}
        data.setdefault("label", str(attrs.get("rel", "related")))
        classes = dict.fromkeys([str(attrs.get("kind", "edge")), str(attrs.get("rel", "related"))])
        yield {"data": data, "classes": " ".join(classes), "group": "edges"}


def _quotes(kg: KnowledgeGraph, graph: Any) -> Iterator[tuple[str, Any]]:
    """(quote id, text and sources) of every quote a node or edge cites, sorted by id."""
    cited = {d["quote"] for _, d in graph.nodes(data=True) if "quote" in d}
    cited |= {d["quote"] for *_, d in graph.edges(data=True) if "quote" in d}
    docs = {d.id: d for d in kg.documents}
    for quote in sorted(kg.quotes, key=lambda q: q.id):
        if quote.id not in cited:
            continue
        sources = []
        for src in quote.sources:
            doc = docs.get(src.doc_id)
            sources.append({k: v for k, v in {
                "doc": src.doc_id, "name": doc.name if doc else None, "title": doc.title if doc else None,
                "author": src.author, "date": src.date, "source": src.source}.items() if v is not None})
        yield quote.id, _safe({"text": quote.text, "sources": sources, "stance": quote.stance,
                               "perspective": quote.perspective})


def _safe(value: Any) -> Any:
    """JSON-ready: None dropped from dicts, non-finite floats as text, lone surrogates replaced."""
    if isinstance(value, dict):
        return {str(k): _safe(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [_safe(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, str):
        return value.encode("utf-8", "replace").decode("utf-8")
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return str(value)


def cytoscape_json(kg: KnowledgeGraph, *, indent: int | None = 1) -> str:
    """``cytoscape_data(kg)`` as deterministic JSON text (sorted keys, UTF-8 characters kept).

    ``nx.cytoscape_graph(json.loads(text))`` reads it back.
    """
    separators = (",", ": ") if indent is not None else (",", ":")
    return json.dumps(cytoscape_data(kg), ensure_ascii=False, sort_keys=True, indent=indent,
                      separators=separators, allow_nan=False)


def cytoscape_text(kg: KnowledgeGraph, graph: Any) -> Iterator[str]:
    """``cytoscape_data(kg)`` as JSON text (sorted keys, no spaces), piece by piece: each element and each quote
    on a line of its own, and only one of them in memory at a time. ``json.loads`` of the text is the document."""
    return _pieces(_layout(kg, graph))


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False)


def _has_lazy(value: Any) -> bool:
    return isinstance(value, _Lazy) or (isinstance(value, dict) and any(map(_has_lazy, value.values())))


def _pieces(value: Any) -> Iterator[str]:
    """``_dumps(value)``, streaming through its ``_Lazy`` parts (an item a line)."""
    if isinstance(value, _Lazy):
        items = value.items() if value.pairs else ((None, item) for item in value.items())
        opening, closing = ("{", "}") if value.pairs else ("[", "]")
        first = True
        for key, item in items:
            yield (opening + "\n" if first else ",\n") + ("" if key is None else _dumps(key) + ":")
            yield from _pieces(item)
            first = False
        yield opening + closing if first else "\n" + closing
    elif isinstance(value, dict) and _has_lazy(value):
        for index, (key, item) in enumerate(sorted(value.items())):
            yield ("{" if index == 0 else ",") + _dumps(key) + ":"
            yield from _pieces(item)
        yield "}"
    else:
        yield _dumps(value)


@register_exporter("cytoscape", suffixes=(".cyjs", ".cytoscape.json"),
                   description="Cytoscape.js / Cytoscape desktop JSON",
                   readers="Cytoscape desktop, Cytoscape.js, networkx (nx.cytoscape_graph)")
def write_cytoscape(kg: KnowledgeGraph, path: Path) -> None:
    """Write ``kg`` as Cytoscape.js JSON, streamed into the file."""
    try:
        with views(kg) as view, open_atomic(path) as handle:
            write_text_pieces(handle, itertools.chain(cytoscape_text(kg, view.networkx), ["\n"]))
    except OSError as err:
        raise ExportError(f"cannot write {path}: {err}") from err
