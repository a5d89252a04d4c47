"""Cytoscape.js JSON exporter (.cyjs): explicit ids and labels, plus the quotes the HTML view shows."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from kg.atomic import write_bytes
from kg.errors import ExportError
from kg.graph import node_labels, relation_styles
from kg.models import KnowledgeGraph
from kg.registry import register_exporter
from kg.shared import views

__all__ = ["cytoscape_data", "cytoscape_document", "cytoscape_json", "write_cytoscape"]


def cytoscape_data(kg: KnowledgeGraph) -> dict[str, Any]:
    """The graph as a Cytoscape.js document (made once per build and shared; see ``cytoscape_document``)."""
    with views(kg) as view:
        return view.cytoscape


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
    nodes = []
    for node_id, attrs in sorted(graph.nodes(data=True), key=lambda x: x[0]):
        data = {**_safe(attrs), "id": node_id}
        if "value" in data:
            data["claim_value"] = data.pop("value")
        data["value"] = node_id  # networkx's node key
        data.setdefault("label", node_id)
        data.setdefault("name", data["label"])
        classes = [str(attrs.get("kind", "node"))] + [label for label in node_labels(attrs)
                                                       if label not in ("Entity", "Claim")]
        nodes.append({"data": data, "classes": " ".join(classes), "group": "nodes"})
    edges = []
    for source, target, key, attrs in sorted(graph.edges(keys=True, data=True), key=lambda x: x[2]):
        data = {**_safe(attrs), "id": key, "source": source, "target": target, "key": key}
        data.setdefault("label", str(attrs.get("rel", "related")))
        classes = dict.fromkeys([str(attrs.get("kind", "edge")), str(attrs.get("rel", "related"))])
        edges.append({"data": data, "classes": " ".join(classes), "group": "edges"})
    return {
        "directed": True, "multigraph": True,  # for nx.cytoscape_graph
        "format_version": "1.0",
        "generated_by": f"kg-{kg.run.kg_version}",
        "target_cytoscapejs_version": "~3.35",
        "data": {"name": "kg", "kg_version": kg.run.kg_version, "model": kg.run.model},
        "elements": {"nodes": nodes, "edges": edges},
        "kg": {"run": _safe(kg.run.model_dump(mode="json")), "quotes": _quotes(kg, graph),
               "relation_types": relation_styles()},
    }


def _quotes(kg: KnowledgeGraph, graph: Any) -> dict[str, Any]:
    cited = {d["quote"] for _, d in graph.nodes(data=True) if "quote" in d}
    cited |= {d["quote"] for *_, d in graph.edges(data=True) if "quote" in d}
    docs = {d.id: d for d in kg.documents}
    out = {}
    for quote in sorted(kg.quotes, key=lambda q: q.id):
        if quote.id not in cited:
            continue
        sources = []
        for src in quote.sources:
            doc = docs.get(src.doc_id)
            sources.append({k: v for k, v in {
                "doc": src.doc_id, "name": doc.name if doc else None, "title": doc.title if doc else None,
                "author": src.author, "date": src.date, "source": src.source}.items() if v is not None})
        out[quote.id] = _safe({"text": quote.text, "sources": sources, "stance": quote.stance,
                               "perspective": quote.perspective})
    return out


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


@register_exporter("cytoscape", suffixes=(".cyjs", ".cytoscape.json"),
                   description="Cytoscape.js / Cytoscape desktop JSON",
                   readers="Cytoscape desktop, Cytoscape.js, networkx (nx.cytoscape_graph)")
def write_cytoscape(kg: KnowledgeGraph, path: Path) -> None:
    """Write ``kg`` as Cytoscape.js JSON."""
    data = (cytoscape_json(kg) + "\n").encode("utf-8")
    try:
        write_bytes(path, data)
    except OSError as err:
        raise ExportError(f"cannot write {path}: {err}") from err
