"""GEXF 1.3 exporter, read back by lxml and networkx: declared attributes, explicit ids, parallel edges."""

from __future__ import annotations

import networkx as nx
import pytest
from lxml import etree
from test_graph import with_parallel

from kg.export.gexf import GEXF_NS
from kg.graph import to_networkx
from kg.ids import entity_id
from kg.registry import get_exporter

NS = {"x": GEXF_NS}


@pytest.fixture()
def gexf_path(tmp_path, sample_kg):
    path = tmp_path / "kg.gexf"
    get_exporter("gexf").write(with_parallel(sample_kg), path)
    return path


def test_structure(gexf_path, sample_kg):
    root = etree.parse(str(gexf_path)).getroot()
    assert root.tag == f"{{{GEXF_NS}}}gexf" and root.get("version") == "1.3"
    graph = root.find("x:graph", NS)
    assert graph.get("defaultedgetype") == "directed"
    for cls in ("node", "edge"):
        attrs = graph.findall(f"x:attributes[@class='{cls}']/x:attribute", NS)
        ids = [a.get("id") for a in attrs]
        assert ids and len(ids) == len(set(ids)), "each attribute declared once"
        assert {a.get("type") for a in attrs} <= {"boolean", "long", "double", "string"}
        assert "label" not in ids, "label is the XML attribute, not an attvalue"
    nodes = graph.findall("x:nodes/x:node", NS)
    assert all(n.get("label") for n in nodes)
    edges = graph.findall("x:edges/x:edge", NS)
    ids = [e.get("id") for e in edges]
    assert all(ids) and len(ids) == len(set(ids))
    expected = {k for *_, k in to_networkx(with_parallel(sample_kg)).edges(keys=True)}
    assert set(ids) == expected
    assert all(e.get("label") and e.get("kind") for e in edges)
    declared = {a.get("id") for a in graph.findall("x:attributes/x:attribute", NS)}
    assert {v.get("for") for v in root.iter(f"{{{GEXF_NS}}}attvalue")} <= declared


def test_networkx_reads_parallel_edges(gexf_path, awkward_name):
    back = nx.read_gexf(gexf_path, version="1.3")
    assert isinstance(back, nx.MultiDiGraph)
    between = back[entity_id("Qdrant")][entity_id("pgvector")]
    assert len(between) == 2 and "rel:parallel00000001" in between
    assert all(d["label"] == "competes_with" for d in between.values())
    assert back.nodes[entity_id(awkward_name)]["label"] == awkward_name.replace("\x07", "")
    qdrant = back.nodes[entity_id("Qdrant")]
    assert qdrant["type"] == "Product" and qdrant["mentions"] == 1 and qdrant["discovered"] is False
    weights = [d["weight"] for *_, d in back.edges(data=True) if d.get("kind") == "relation"]
    assert weights and all(w == pytest.approx(0.9) for w in weights)


def test_deterministic(tmp_path, sample_kg):
    a, b = tmp_path / "a.gexf", tmp_path / "b.gexf"
    get_exporter("gexf").write(sample_kg, a)
    get_exporter("gexf").write(sample_kg, b)
    assert a.read_bytes() == b.read_bytes()


def test_the_streamed_text_is_laid_out_as_lxml_writes_it(gexf_path):
    """The text is written piece by piece, not by lxml; lxml re-serialising what it parsed gives the same bytes."""
    written = gexf_path.read_bytes()
    tree = etree.fromstring(written, etree.XMLParser(remove_blank_text=True))
    assert etree.tostring(tree, xml_declaration=True, encoding="UTF-8", pretty_print=True) == written


def test_an_empty_graph_is_valid_gexf(tmp_path, sample_kg):
    empty = sample_kg.model_copy(update={"entities": (), "relations": (), "claims": (), "contradictions": (),
                                         "mentions": ()})
    path = tmp_path / "empty.gexf"
    get_exporter("gexf").write(empty, path)
    back = nx.read_gexf(path, version="1.3")
    assert back.number_of_nodes() == 0 and back.number_of_edges() == 0
    written = path.read_bytes()
    tree = etree.fromstring(written, etree.XMLParser(remove_blank_text=True))
    assert etree.tostring(tree, xml_declaration=True, encoding="UTF-8", pretty_print=True) == written
