"""GraphML exporters: a canonical profile plus yEd and Neo4j-APOC flavours, written with lxml."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

import networkx as nx
from lxml import etree

from kg.atomic import write_bytes
from kg.errors import ExportError
from kg.graph import attribute_types, flatten, node_labels, to_networkx, upper_snake
from kg.models import KnowledgeGraph
from kg.registry import register_exporter

__all__ = [
    "GRAPHML_NS",
    "YFILES_NS",
    "graphml_bytes",
    "write_graphml",
    "write_graphml_neo4j",
    "write_graphml_yed",
    "xml_safe",
]

GRAPHML_NS = "http://graphml.graphdrawing.org/xmlns"
YFILES_NS = "http://www.yworks.com/xml/graphml"
_XSI_NS = "http://www.w3.org/2001/XMLSchema-instance"
_SCHEMA = f"{GRAPHML_NS} http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd"
_NOT_XML_CHAR = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_NOT_NAME = re.compile(r"[^A-Za-z0-9_.-]")
Flavour = Literal["plain", "yed", "neo4j"]

# yEd fill colours per node type (claims are small grey diamonds)
_COLOURS = {"Product": "#8FB8DE", "Organization": "#F2C14E", "Technology": "#9BD39B", "License": "#D7B6E8",
            "Benchmark": "#F4A6A6", "Platform": "#B8C4CC", "Claim": "#E6E6E6"}


def xml_safe(text: str) -> str:
    """``text`` without the characters XML 1.0 cannot carry (controls such as BEL, lone surrogates).

    >>> xml_safe("bell\\x07 & caf\\u00e9")
    'bell & caf\\u00e9'
    """
    return _NOT_XML_CHAR.sub("", text)


def graphml_bytes(graph: nx.MultiDiGraph, flavour: Flavour = "plain") -> bytes:
    """Serialise a graph from ``kg.graph.to_networkx`` as GraphML in the canonical profile.

    One ``<key>`` per (domain, attribute) with a single declared type and an id ``n_<name>`` or
    ``e_<name>``; every node and edge has a ``label``; edge ids are the graph's stable edge keys; lists
    and dicts are JSON strings; text is cut to XML 1.0 characters. ``flavour="yed"`` adds yFiles
    graphics so yEd draws names; ``flavour="neo4j"`` adds node ``labels`` (``:Entity:Product``) and
    UPPER_SNAKE edge labels for ``apoc.import.graphml`` (``{readLabels: true, storeNodeIds: true}``).
    """
    nodes = [(n, _node_data(d, flavour)) for n, d in sorted(graph.nodes(data=True), key=lambda x: x[0])]
    edges = [(k, u, v, _edge_data(d, flavour))
             for u, v, k, d in sorted(graph.edges(keys=True, data=True), key=lambda x: x[2])]
    node_types = attribute_types(d for _, d in nodes)
    edge_types = attribute_types(d for *_, d in edges)

    nsmap = {None: GRAPHML_NS, "xsi": _XSI_NS}
    if flavour == "yed":
        nsmap["y"] = YFILES_NS
    root = etree.Element(_g("graphml"), nsmap=nsmap)
    root.set(f"{{{_XSI_NS}}}schemaLocation", _SCHEMA)
    node_keys = _declare_keys(root, "node", "n", node_types)
    edge_keys = _declare_keys(root, "edge", "e", edge_types)
    if flavour == "yed":
        etree.SubElement(root, _g("key"), {"for": "node", "id": "n_yfiles", "yfiles.type": "nodegraphics"})
        etree.SubElement(root, _g("key"), {"for": "edge", "id": "e_yfiles", "yfiles.type": "edgegraphics"})

    body = etree.SubElement(root, _g("graph"), {"id": "kg", "edgedefault": "directed"})
    for index, (node_id, data) in enumerate(nodes):
        element = etree.SubElement(body, _g("node"), {"id": xml_safe(str(node_id))})
        if flavour == "neo4j":
            element.set("labels", data["labels"])
        _write_data(element, data, node_keys, node_types)
        if flavour == "yed":
            _yed_node(element, data, index)
    for key, source, target, data in edges:
        attrs = {"id": xml_safe(str(key)), "source": xml_safe(str(source)), "target": xml_safe(str(target))}
        element = etree.SubElement(body, _g("edge"), attrs)
        if flavour == "neo4j":
            element.set("label", data["label"])
        _write_data(element, data, edge_keys, edge_types)
        if flavour == "yed":
            _yed_edge(element, data)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)


def _g(tag: str) -> str:
    return f"{{{GRAPHML_NS}}}{tag}"


def _y(tag: str) -> str:
    return f"{{{YFILES_NS}}}{tag}"


def _node_data(data: Mapping[str, Any], flavour: Flavour) -> dict[str, Any]:
    out = dict(data)
    out.setdefault("label", "")
    if flavour == "neo4j":
        out["labels"] = "".join(f":{label}" for label in node_labels(data))
    return out


def _edge_data(data: Mapping[str, Any], flavour: Flavour) -> dict[str, Any]:
    out = dict(data)
    out.setdefault("label", str(data.get("rel", "related")))
    if flavour == "neo4j":
        out["label"] = upper_snake(str(out["label"]))
    return out


def _declare_keys(root: etree._Element, domain: str, prefix: str, types: Mapping[str, str]) -> dict[str, str]:
    ids: dict[str, str] = {}
    for name in sorted(types, key=lambda n: (n != "label", n)):  # label first, then alphabetical
        key_id = f"{prefix}_{_NOT_NAME.sub('_', name)}"
        if key_id in ids.values():
            key_id = f"{key_id}_{len(ids)}"
        ids[name] = key_id
        etree.SubElement(root, _g("key"), {"id": key_id, "for": domain, "attr.name": key_id[len(prefix) + 1:],
                                          "attr.type": types[name]})
    return ids


def _write_data(element: etree._Element, data: Mapping[str, Any], keys: Mapping[str, str],
                types: Mapping[str, str]) -> None:
    for name in keys:  # declaration order, so every element lists its data the same way
        if name in data:
            text = xml_safe(flatten(data[name], types[name]))
            if text:
                etree.SubElement(element, _g("data"), {"key": keys[name]}).text = text


def _yed_text(text: str) -> str:
    """Label text yEd shows as typed: a leading ``<html>`` would make it render markup."""
    text = xml_safe(text)
    return "\u200b" + text if text.lstrip().lower().startswith("<html") else text


def _yed_node(element: etree._Element, data: Mapping[str, Any], index: int) -> None:
    label = _yed_text(str(data.get("label", "")))
    claim = data.get("kind") == "claim"
    colour = _COLOURS.get("Claim" if claim else str(data.get("type")), "#CCCCCC")
    width = float(min(260, max(60, 7 * len(label.split("\n")[0]) + 20)))
    shape = etree.SubElement(etree.SubElement(element, _g("data"), {"key": "n_yfiles"}), _y("ShapeNode"))
    etree.SubElement(shape, _y("Geometry"), {"height": "30.0", "width": f"{width}",
                                             "x": f"{(index % 8) * 280.0}", "y": f"{(index // 8) * 90.0}"})
    etree.SubElement(shape, _y("Fill"), {"color": colour, "transparent": "false"})
    etree.SubElement(shape, _y("BorderStyle"), {"color": "#555555", "type": "line", "width": "1.0"})
    etree.SubElement(shape, _y("NodeLabel"), {"alignment": "center", "autoSizePolicy": "content",
                                              "fontSize": "12", "visible": "true"}).text = label
    etree.SubElement(shape, _y("Shape"), {"type": "diamond" if claim else "roundrectangle"})


def _yed_edge(element: etree._Element, data: Mapping[str, Any]) -> None:
    line = etree.SubElement(etree.SubElement(element, _g("data"), {"key": "e_yfiles"}), _y("PolyLineEdge"))
    dashed = data.get("kind") in ("about", "contradicts") or bool(data.get("hedged"))
    etree.SubElement(line, _y("LineStyle"), {"color": "#555555", "type": "dashed" if dashed else "line",
                                             "width": "1.0"})
    arrow = "none" if data.get("symmetric") else "standard"
    etree.SubElement(line, _y("Arrows"), {"source": "none", "target": arrow})
    etree.SubElement(line, _y("EdgeLabel"), {"fontSize": "10", "visible": "true"}).text = \
        _yed_text(str(data.get("label", "")))


def _write(kg: KnowledgeGraph, path: Path, flavour: Flavour) -> None:
    data = graphml_bytes(to_networkx(kg), flavour)
    try:
        write_bytes(path, data)
    except OSError as err:
        raise ExportError(f"cannot write {path}: {err}") from err


@register_exporter("graphml", suffixes=(".graphml",),
                   description="GraphML, canonical profile (networkx, igraph, Gephi, Cytoscape desktop)")
def write_graphml(kg: KnowledgeGraph, path: Path) -> None:
    """Write ``kg`` as canonical GraphML."""
    _write(kg, path, "plain")


@register_exporter("graphml-yed", suffixes=(".yed.graphml",),
                   description="GraphML with yFiles graphics, so yEd shows names")
def write_graphml_yed(kg: KnowledgeGraph, path: Path) -> None:
    """Write ``kg`` as GraphML with yFiles node and edge labels for yEd."""
    _write(kg, path, "yed")


@register_exporter("graphml-neo4j", suffixes=(".neo4j.graphml",),
                   description="GraphML for Neo4j apoc.import.graphml {readLabels: true, storeNodeIds: true}")
def write_graphml_neo4j(kg: KnowledgeGraph, path: Path) -> None:
    """Write ``kg`` as GraphML that ``apoc.import.graphml`` reads into labelled nodes and typed edges."""
    _write(kg, path, "neo4j")

