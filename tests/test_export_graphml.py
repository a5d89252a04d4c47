"""GraphML exporters, read back by lxml, networkx and igraph: key ids, labels, edge ids, flavours, text."""

from __future__ import annotations

import re

import networkx as nx
import pytest
from lxml import etree
from test_graph import with_parallel

from kg.export.graphml import GRAPHML_NS, YFILES_NS, graphml_bytes, xml_safe
from kg.graph import to_networkx
from kg.ids import entity_id
from kg.models import Entity
from kg.registry import get_exporter

NS = {"g": GRAPHML_NS, "y": YFILES_NS}


@pytest.fixture()
def exported(tmp_path, sample_kg):
    """Write ``sample_kg`` with a GraphML flavour through the registry and return the path."""
    def write(name: str = "graphml", kg=sample_kg):
        path = tmp_path / f"{name}.graphml"
        get_exporter(name).write(kg, path)
        return path
    return write


def test_keys_follow_the_canonical_profile(exported):
    root = etree.parse(str(exported())).getroot()
    keys = root.findall("g:key", NS)
    assert keys
    ids = [k.get("id") for k in keys]
    assert all(re.fullmatch(r"[ne]_[A-Za-z0-9_.-]+", i) for i in ids), ids
    assert not any(re.fullmatch(r"d\d+", i) for i in ids)
    assert not set(ids) & {"d3", "d7", "label", "id"}
    assert len(ids) == len(set(ids))
    pairs = [(k.get("for"), k.get("attr.name")) for k in keys]
    assert len(pairs) == len(set(pairs)), "one key per (domain, attr.name)"
    assert {k.get("attr.type") for k in keys} <= {"boolean", "int", "long", "float", "double", "string"}
    assert ("node", "label") in pairs and ("edge", "label") in pairs


def test_every_node_and_edge_has_a_label_and_edge_ids_are_unique(exported, sample_kg):
    root = etree.parse(str(exported())).getroot()
    nodes, edges = root.findall(".//g:node", NS), root.findall(".//g:edge", NS)
    for element in nodes:
        assert element.findtext("g:data[@key='n_label']", namespaces=NS), element.get("id")
    for element in edges:
        assert element.findtext("g:data[@key='e_label']", namespaces=NS), element.get("id")
    edge_ids = [e.get("id") for e in edges]
    assert len(edge_ids) == len(set(edge_ids)) and all(edge_ids)
    assert {r.id for r in sample_kg.relations} <= set(edge_ids)
    for element in root.iter(f"{{{GRAPHML_NS}}}data"):
        assert element.text, "no empty data elements"


def test_networkx_reads_it_back(exported, sample_kg, awkward_name):
    original = to_networkx(sample_kg)
    back = nx.read_graphml(exported())
    assert set(back.nodes) == set(original.nodes)
    assert back.number_of_edges() == original.number_of_edges()
    labels = {n: d["label"] for n, d in back.nodes(data=True)}
    assert labels[entity_id("Qdrant")] == "Qdrant"
    # XML 1.0 cannot carry BEL, so it is dropped; markup, quotes, emoji, RTL and the newline survive
    assert labels[entity_id(awkward_name)] == awkward_name.replace("\x07", "")
    data = back.nodes[entity_id("Qdrant")]
    assert data["aliases"] == '["qdrant"]' and data["mentions"] == 1 and data["discovered"] is False
    assert back.nodes[entity_id(awkward_name)]["discovered"] is True
    edge = next(d for *_, d in back.edges(data=True) if d.get("rel") == "threatens")
    assert edge["hedged"] is True and edge["confidence"] == pytest.approx(0.9)
    assert edge["label"] == "threatens"


def test_parallel_edges_survive(exported, sample_kg):
    back = nx.read_graphml(exported(kg=with_parallel(sample_kg)))
    assert isinstance(back, nx.MultiDiGraph)
    keys = set(back[entity_id("Qdrant")][entity_id("pgvector")])
    assert "rel:parallel00000001" in keys and len(keys) == 2


def test_igraph_reads_it(exported, sample_kg, awkward_name):
    igraph = pytest.importorskip("igraph")
    g = igraph.Graph.Read_GraphML(str(exported(kg=with_parallel(sample_kg))))
    original = to_networkx(with_parallel(sample_kg))
    assert (g.vcount(), g.ecount()) == (original.number_of_nodes(), original.number_of_edges())
    assert "Qdrant" in g.vs["label"] and awkward_name.replace("\x07", "") in g.vs["label"]
    assert sorted(set(g.es["rel"])) == sorted({d["rel"] for *_, d in original.edges(data=True)})


def test_bytes_are_identical_across_writes(tmp_path, sample_kg):
    for name in ("graphml", "graphml-yed", "graphml-neo4j"):
        a, b = tmp_path / f"a-{name}.graphml", tmp_path / f"b-{name}.graphml"
        get_exporter(name).write(sample_kg, a)
        get_exporter(name).write(sample_kg, b)
        assert a.read_bytes() == b.read_bytes()


def test_yed_flavour_draws_names(exported, sample_kg):
    html_name = "<html><b>bold</b>"
    kg = sample_kg.model_copy(update={"entities": sample_kg.entities + (
        Entity(id=entity_id(html_name), name=html_name, type="Product"),)})
    path = exported("graphml-yed", kg)
    root = etree.parse(str(path)).getroot()
    assert any(k.get("yfiles.type") == "nodegraphics" for k in root.findall("g:key", NS))
    assert any(k.get("yfiles.type") == "edgegraphics" for k in root.findall("g:key", NS))
    node_labels = [e.text for e in root.iter(f"{{{YFILES_NS}}}NodeLabel")]
    assert len(node_labels) == len(root.findall(".//g:node", NS))
    assert "Qdrant" in node_labels and "PostgreSQL" in node_labels
    assert "\u200b" + html_name in node_labels, "a leading <html> must not switch yEd to HTML rendering"
    assert "competes_with" in [e.text for e in root.iter(f"{{{YFILES_NS}}}EdgeLabel")]
    back = nx.read_graphml(path)  # networkx understands the yFiles extension too
    assert back.nodes[entity_id("Qdrant")]["label"] == "Qdrant"


def test_neo4j_flavour_has_labels_and_relationship_types(exported):
    root = etree.parse(str(exported("graphml-neo4j"))).getroot()
    nodes = {e.get("id"): e for e in root.findall(".//g:node", NS)}
    qdrant = nodes[entity_id("Qdrant")]
    assert qdrant.get("labels") == ":Entity:Product"
    assert qdrant.findtext("g:data[@key='n_labels']", namespaces=NS) == ":Entity:Product"
    claims = [e for e in nodes.values() if e.findtext("g:data[@key='n_kind']", namespaces=NS) == "claim"]
    assert claims and all(e.get("labels") == ":Claim" for e in claims)
    types = {e.get("label") for e in root.findall(".//g:edge", NS)}
    assert {"COMPETES_WITH", "THREATENS", "ABOUT", "CONTRADICTS"} <= types
    assert all(re.fullmatch(r"[A-Z][A-Z0-9_]*", t) for t in types)
    for edge in root.findall(".//g:edge", NS):
        assert edge.findtext("g:data[@key='e_label']", namespaces=NS) == edge.get("label")


def test_text_outside_xml_is_dropped_not_fatal(sample_kg):
    nasty = "nul\x00 vt\x0b lone\ud800 ok\U0001F680 \ufffe"
    g = to_networkx(sample_kg)
    g.add_node("ent:nasty", label=nasty, kind="entity", type="Product")
    root = etree.fromstring(graphml_bytes(g))
    node = root.find(".//g:node[@id='ent:nasty']", NS)
    assert node.findtext("g:data[@key='n_label']", namespaces=NS) == "nul vt lone ok\U0001F680 "
    assert xml_safe("a\tb\nc\rd") == "a\tb\nc\rd"
