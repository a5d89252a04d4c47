"""GraphML exporters: a canonical profile plus yEd and Neo4j-APOC flavours, written as text in one pass."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Literal

import networkx as nx

from kg.atomic import open_atomic, write_text_pieces
from kg.errors import ExportError
from kg.facts import fact_types
from kg.graph import attribute_types, flatten, node_labels, upper_snake
from kg.models import KnowledgeGraph
from kg.registry import register_exporter
from kg.shared import views

__all__ = [
    "GRAPHML_NS",
    "YFILES_NS",
    "graphml_bytes",
    "graphml_text",
    "write_graphml",
    "write_graphml_neo4j",
    "write_graphml_yed",
    "xml_attr",
    "xml_safe",
    "xml_text",
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
    if text.isprintable():  # the usual case; no control character or surrogate is printable
        return text
    return _NOT_XML_CHAR.sub("", text)


def xml_text(text: str) -> str:
    """Character data escaped as libxml2 writes it."""
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    if "\r" in text:
        text = text.replace("\r", "&#13;")
    return text


def xml_attr(text: str) -> str:
    """An attribute value escaped as libxml2 writes it (quotes and white space as references)."""
    text = xml_text(text)
    if '"' in text:
        text = text.replace('"', "&quot;")
    if "\n" in text:
        text = text.replace("\n", "&#10;")
    if "\t" in text:
        text = text.replace("\t", "&#9;")
    return text


def graphml_bytes(graph: nx.MultiDiGraph, flavour: Flavour = "plain") -> bytes:
    """Serialise a graph from ``kg.graph.to_networkx`` as GraphML in the canonical profile.

    One ``<key>`` per (domain, attribute) with a single declared type and an id ``n_<name>`` or
    ``e_<name>``; every node and edge has a ``label``; edge ids are the graph's stable edge keys; lists
    and dicts are JSON strings; text is cut to XML 1.0 characters. ``flavour="yed"`` adds yFiles
    graphics so yEd draws names; ``flavour="neo4j"`` adds node ``labels`` (``:Entity:Product``) and
    UPPER_SNAKE edge labels for ``apoc.import.graphml`` (``{readLabels: true, storeNodeIds: true}``).

    The text is written directly (no element tree), as lxml's ``pretty_print`` would lay it out; the
    exporters stream the same text into the file (:func:`graphml_text`).
    """
    return "".join(graphml_text(graph, flavour)).encode("utf-8")


def graphml_text(graph: nx.MultiDiGraph, flavour: Flavour = "plain") -> Iterator[str]:
    """The text of :func:`graphml_bytes`, a piece per element, made as it is read: nothing but the sorted
    ids and each attribute's declared type is held for the whole graph."""
    nodes = sorted(graph.nodes, key=str)
    edges = sorted(graph.edges(keys=True), key=lambda e: e[2])
    node_types = attribute_types(_node_data(graph.nodes[n], flavour) for n in nodes)
    edge_types = attribute_types(_edge_data(graph.edges[e], flavour) for e in edges)

    yed = flavour == "yed"
    head = ["<?xml version='1.0' encoding='UTF-8'?>\n",
            f'<graphml xmlns="{GRAPHML_NS}" xmlns:xsi="{_XSI_NS}"' + (f' xmlns:y="{YFILES_NS}"' if yed else "")
            + f' xsi:schemaLocation="{_SCHEMA}">\n']
    node_keys = _declare_keys(head, "node", "n", node_types)
    edge_keys = _declare_keys(head, "edge", "e", edge_types)
    if yed:
        head.append('  <key for="node" id="n_yfiles" yfiles.type="nodegraphics"/>\n'
                    '  <key for="edge" id="e_yfiles" yfiles.type="edgegraphics"/>\n')
    head.append('  <graph id="kg" edgedefault="directed">\n')
    yield "".join(head)
    for index, node_id in enumerate(nodes):
        data = _node_data(graph.nodes[node_id], flavour)
        start = f'    <node id="{xml_attr(xml_safe(str(node_id)))}"'
        if flavour == "neo4j":
            start += f' labels="{xml_attr(xml_safe(data["labels"]))}"'
        body = _data_lines(data, node_keys, node_types)
        if yed:
            body += _yed_node(data, index)
        yield f"{start}>\n{body}    </node>\n" if body else f"{start}/>\n"
    for source, target, key in edges:
        data = _edge_data(graph.edges[source, target, key], flavour)
        start = (f'    <edge id="{xml_attr(xml_safe(str(key)))}" source="{xml_attr(xml_safe(str(source)))}" '
                 f'target="{xml_attr(xml_safe(str(target)))}"')
        if flavour == "neo4j":
            start += f' label="{xml_attr(xml_safe(data["label"]))}"'
        body = _data_lines(data, edge_keys, edge_types)
        if yed:
            body += _yed_edge(data)
        yield f"{start}>\n{body}    </edge>\n" if body else f"{start}/>\n"
    yield "  </graph>\n</graphml>\n"


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


def _declare_keys(out: list[str], domain: str, prefix: str, types: Mapping[str, str]) -> dict[str, str]:
    ids: dict[str, str] = {}
    for name in sorted(types, key=lambda n: (n != "label", n)):  # label first, then alphabetical
        key_id = f"{prefix}_{_NOT_NAME.sub('_', name)}"
        if key_id in ids.values():
            key_id = f"{key_id}_{len(ids)}"
        ids[name] = key_id
        out.append(f'  <key id="{key_id}" for="{domain}" attr.name="{xml_attr(key_id[len(prefix) + 1:])}" '
                   f'attr.type="{types[name]}"/>\n')
    return ids


def _data_lines(data: Mapping[str, Any], keys: Mapping[str, str], types: Mapping[str, str]) -> str:
    lines = []
    for name, key in keys.items():  # declaration order, so every element lists its data the same way
        if name in data:
            text = xml_safe(flatten(data[name], types[name]))
            if text:
                lines.append(f'      <data key="{key}">{xml_text(text)}</data>\n')
    return "".join(lines)


def _yed_text(text: str) -> str:
    """Label text yEd shows as typed: a leading ``<html>`` would make it render markup."""
    text = xml_safe(text)
    return "\u200b" + text if text.lstrip().lower().startswith("<html") else text


def _yed_node(data: Mapping[str, Any], index: int) -> str:
    label = _yed_text(str(data.get("label", "")))
    claim = data.get("kind") == "claim"
    colour = _COLOURS.get("Claim" if claim else str(data.get("type")), "#CCCCCC")
    width = float(min(260, max(60, 7 * len(label.split("\n")[0]) + 20)))
    label_xml = (f">{xml_text(label)}</y:NodeLabel>" if label else "/>")
    return ('      <data key="n_yfiles">\n        <y:ShapeNode>\n'
            f'          <y:Geometry height="30.0" width="{width}" x="{(index % 8) * 280.0}" y="{(index // 8) * 90.0}"/>\n'
            f'          <y:Fill color="{colour}" transparent="false"/>\n'
            '          <y:BorderStyle color="#555555" type="line" width="1.0"/>\n'
            f'          <y:NodeLabel alignment="center" autoSizePolicy="content" fontSize="12" visible="true"{label_xml}\n'
            f'          <y:Shape type="{"diamond" if claim else "roundrectangle"}"/>\n'
            '        </y:ShapeNode>\n      </data>\n')


def _yed_edge(data: Mapping[str, Any]) -> str:
    dashed = data.get("kind") in ("about", "contradicts") or bool(data.get("hedged"))
    spec = fact_types().relations.get(str(data.get("rel"))) if data.get("kind") == "relation" else None
    colour = spec.colour if spec else "#555555"  # a relation in its colour (ontology/facts.json)
    arrow = "none" if data.get("symmetric") else "standard"
    label = _yed_text(str(data.get("label", "")))
    label_xml = (f">{xml_text(label)}</y:EdgeLabel>" if label else "/>")
    return ('      <data key="e_yfiles">\n        <y:PolyLineEdge>\n'
            f'          <y:LineStyle color="{colour}" type="{"dashed" if dashed else "line"}" width="1.0"/>\n'
            f'          <y:Arrows source="none" target="{arrow}"/>\n'
            f'          <y:EdgeLabel fontSize="10" visible="true"{label_xml}\n'
            '        </y:PolyLineEdge>\n      </data>\n')


def _write(kg: KnowledgeGraph, path: Path, flavour: Flavour) -> None:
    try:
        with views(kg) as view, open_atomic(path) as handle:  # one property graph per build, for every flavour
            write_text_pieces(handle, graphml_text(view.networkx, flavour))
    except OSError as err:
        raise ExportError(f"cannot write {path}: {err}") from err


@register_exporter("graphml", suffixes=(".graphml",),
                   description="GraphML, canonical profile",
                   readers="networkx, igraph, Gephi, Cytoscape desktop")
def write_graphml(kg: KnowledgeGraph, path: Path) -> None:
    """Write ``kg`` as canonical GraphML."""
    _write(kg, path, "plain")


@register_exporter("graphml-yed", suffixes=(".yed.graphml",),
                   description="GraphML with yFiles graphics, so yEd shows names", readers="yEd")
def write_graphml_yed(kg: KnowledgeGraph, path: Path) -> None:
    """Write ``kg`` as GraphML with yFiles node and edge labels for yEd."""
    _write(kg, path, "yed")


@register_exporter("graphml-neo4j", suffixes=(".neo4j.graphml",),
                   description="GraphML for Neo4j apoc.import.graphml {readLabels: true, storeNodeIds: true}",
                   readers="Neo4j (APOC)")
def write_graphml_neo4j(kg: KnowledgeGraph, path: Path) -> None:
    """Write ``kg`` as GraphML that ``apoc.import.graphml`` reads into labelled nodes and typed edges."""
    _write(kg, path, "neo4j")

