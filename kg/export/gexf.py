"""GEXF 1.3 exporter for Gephi, streamed as text: typed attributes, explicit edge ids, parallel edges."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import networkx as nx

from kg.atomic import open_atomic, write_text_pieces
from kg.errors import ExportError
from kg.export.graphml import xml_attr, xml_safe, xml_text
from kg.graph import attribute_types, flatten
from kg.models import KnowledgeGraph
from kg.registry import register_exporter
from kg.shared import views

__all__ = ["GEXF_NS", "gexf_bytes", "gexf_text", "write_gexf"]

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

    The exporter streams the same text into the file (:func:`gexf_text`).
    """
    return "".join(gexf_text(graph)).encode("utf-8")


def gexf_text(graph: nx.MultiDiGraph) -> Iterator[str]:
    """The text of :func:`gexf_bytes`, a piece per element, laid out as lxml's ``pretty_print`` would; only the
    sorted ids and each attribute's declared type are held for the whole graph."""
    nodes = sorted(graph.nodes, key=str)
    edges = sorted(graph.edges(keys=True), key=lambda e: e[2])
    node_types = attribute_types({k: v for k, v in graph.nodes[n].items() if k not in _NODE_BUILTIN} for n in nodes)
    edge_types = attribute_types({k: v for k, v in graph.edges[e].items() if k not in _EDGE_BUILTIN} for e in edges)
    creator = f"kg {graph.graph.get('kg_version', '')}".strip()
    description = "Entities and claims extracted from review quotes; edges are relations, about and contradicts."
    yield ("<?xml version='1.0' encoding='UTF-8'?>\n"
           f'<gexf xmlns="{GEXF_NS}" xmlns:xsi="{_XSI_NS}" version="1.3" xsi:schemaLocation="{_SCHEMA}">\n'
           f"  <meta>\n    <creator>{xml_text(xml_safe(creator))}</creator>\n"
           f"    <description>{xml_text(xml_safe(description))}</description>\n  </meta>\n"
           '  <graph defaultedgetype="directed" mode="static">\n'
           + _declare("node", node_types) + _declare("edge", edge_types))
    yield f'    <nodes count="{len(nodes)}"' + (">\n" if nodes else "/>\n")
    for node_id in nodes:
        data = graph.nodes[node_id]
        yield _element("node", {"id": xml_safe(str(node_id)), "label": xml_safe(str(data.get("label", node_id)))},
                       data, node_types)
    if nodes:
        yield "    </nodes>\n"
    yield f'    <edges count="{len(edges)}"' + (">\n" if edges else "/>\n")
    for source, target, key in edges:
        data = graph.edges[source, target, key]
        attrs = {"id": xml_safe(str(key)), "source": xml_safe(str(source)), "target": xml_safe(str(target)),
                 "label": xml_safe(str(data.get("label", data.get("rel", "related")))),
                 "kind": xml_safe(str(data.get("rel", "related")))}
        if "weight" in data:
            attrs["weight"] = flatten(data["weight"], "double")
        yield _element("edge", attrs, data, edge_types)
    if edges:
        yield "    </edges>\n"
    yield "  </graph>\n</gexf>\n"


def _declare(domain: str, types: Mapping[str, str]) -> str:
    if not types:
        return ""
    lines = [f'    <attributes class="{domain}" mode="static">\n']
    lines += [f'      <attribute id="{xml_attr(name)}" title="{xml_attr(name)}" type="{types[name]}"/>\n'
              for name in sorted(types)]
    return "".join(lines) + "    </attributes>\n"


def _element(tag: str, attrs: Mapping[str, str], data: Mapping[str, Any], types: Mapping[str, str]) -> str:
    """One ``<node>`` or ``<edge>`` with its ``<attvalues>``, at the depth lxml would indent it."""
    head = f"      <{tag}" + "".join(f' {name}="{xml_attr(value)}"' for name, value in attrs.items())
    values = [(name, xml_safe(flatten(data[name], types[name]))) for name in sorted(types) if name in data]
    values = [(name, text) for name, text in values if text]
    if not values:
        return head + "/>\n"
    body = "".join(f'          <attvalue for="{xml_attr(name)}" value="{xml_attr(text)}"/>\n' for name, text in values)
    return f"{head}>\n        <attvalues>\n{body}        </attvalues>\n      </{tag}>\n"


@register_exporter("gexf", suffixes=(".gexf",), description="GEXF 1.3 for Gephi",
                   readers="Gephi, networkx (nx.read_gexf)")
def write_gexf(kg: KnowledgeGraph, path: Path) -> None:
    """Write ``kg`` as GEXF 1.3, streamed into the file."""
    try:
        with views(kg) as view, open_atomic(path) as handle:
            write_text_pieces(handle, gexf_text(view.networkx))
    except OSError as err:
        raise ExportError(f"cannot write {path}: {err}") from err
