"""GEXF 1.3 exporter for Gephi, written with lxml: typed attributes, explicit edge ids, parallel edges."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import networkx as nx
from lxml import etree

from kg.atomic import write_bytes
from kg.errors import ExportError
from kg.export.graphml import xml_safe
from kg.graph import attribute_types, flatten
from kg.models import KnowledgeGraph
from kg.registry import register_exporter
from kg.shared import views

__all__ = ["GEXF_NS", "gexf_bytes", "write_gexf"]

GEXF_NS = "http://gexf.net/1.3"
_XSI_NS = "http://www.w3.org/2001/XMLSchema-instance"
_SCHEMA = f"{GEXF_NS} http://gexf.net/1.3/gexf.xsd"
_NODE_BUILTIN = frozenset({"label"})  # written as XML attributes of <node>, not as attvalues
_EDGE_BUILTIN = frozenset({"label", "weight"})


def gexf_bytes(graph: nx.MultiDiGraph) -> bytes:
    """Serialise a graph from ``kg.graph.to_networkx`` as GEXF 1.3.

    Attributes are declared once per class with one type (``boolean``, ``long``, ``double`` or
    ``string``; lists and dicts as JSON strings). Nodes carry ``label``; edges carry their stable id,
    ``label``, ``weight`` (the confidence) and ``kind`` = the relation type, so Gephi keeps parallel
    edges of different types apart; same-type parallel edges stay distinct through their ids.
    """
    nodes = sorted(graph.nodes(data=True), key=lambda x: x[0])
    edges = sorted(graph.edges(keys=True, data=True), key=lambda x: x[2])
    node_types = attribute_types({k: v for k, v in d.items() if k not in _NODE_BUILTIN} for _, d in nodes)
    edge_types = attribute_types({k: v for k, v in d.items() if k not in _EDGE_BUILTIN} for *_, d in edges)

    root = etree.Element(_x("gexf"), nsmap={None: GEXF_NS, "xsi": _XSI_NS}, version="1.3")
    root.set(f"{{{_XSI_NS}}}schemaLocation", _SCHEMA)
    meta = etree.SubElement(root, _x("meta"))
    etree.SubElement(meta, _x("creator")).text = f"kg {graph.graph.get('kg_version', '')}".strip()
    etree.SubElement(meta, _x("description")).text = xml_safe(
        "Entities and claims extracted from review quotes; edges are relations, about and contradicts.")
    body = etree.SubElement(root, _x("graph"), {"defaultedgetype": "directed", "mode": "static"})
    _declare(body, "node", node_types)
    _declare(body, "edge", edge_types)

    node_list = etree.SubElement(body, _x("nodes"), {"count": str(len(nodes))})
    for node_id, data in nodes:
        element = etree.SubElement(node_list, _x("node"), {
            "id": xml_safe(str(node_id)), "label": xml_safe(str(data.get("label", node_id)))})
        _attvalues(element, data, node_types)
    edge_list = etree.SubElement(body, _x("edges"), {"count": str(len(edges))})
    for source, target, key, data in edges:
        attrs = {"id": xml_safe(str(key)), "source": xml_safe(str(source)), "target": xml_safe(str(target)),
                 "label": xml_safe(str(data.get("label", data.get("rel", "related")))),
                 "kind": xml_safe(str(data.get("rel", "related")))}
        if "weight" in data:
            attrs["weight"] = flatten(data["weight"], "double")
        element = etree.SubElement(edge_list, _x("edge"), attrs)
        _attvalues(element, data, edge_types)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)


def _x(tag: str) -> str:
    return f"{{{GEXF_NS}}}{tag}"


def _declare(body: etree._Element, domain: str, types: Mapping[str, str]) -> None:
    if not types:
        return
    block = etree.SubElement(body, _x("attributes"), {"class": domain, "mode": "static"})
    for name in sorted(types):
        etree.SubElement(block, _x("attribute"), {"id": name, "title": name, "type": types[name]})


def _attvalues(element: etree._Element, data: Mapping[str, Any], types: Mapping[str, str]) -> None:
    values = [(name, xml_safe(flatten(data[name], types[name]))) for name in sorted(types) if name in data]
    values = [(name, text) for name, text in values if text]
    if values:
        block = etree.SubElement(element, _x("attvalues"))
        for name, text in values:
            etree.SubElement(block, _x("attvalue"), {"for": name, "value": text})


@register_exporter("gexf", suffixes=(".gexf",), description="GEXF 1.3 for Gephi",
                   readers="Gephi, networkx (nx.read_gexf)")
def write_gexf(kg: KnowledgeGraph, path: Path) -> None:
    """Write ``kg`` as GEXF 1.3."""
    with views(kg) as view:
        data = gexf_bytes(view.networkx)
    try:
        write_bytes(path, data)
    except OSError as err:
        raise ExportError(f"cannot write {path}: {err}") from err
