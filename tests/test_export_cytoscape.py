"""Cytoscape.js JSON exporter: explicit ids and labels, referential integrity, quotes, determinism."""

from __future__ import annotations

import json

from test_graph import with_parallel

from kg.export.cytoscape import cytoscape_data
from kg.graph import to_networkx
from kg.ids import entity_id
from kg.registry import get_exporter


def test_elements_have_ids_and_labels(tmp_path, sample_kg, awkward_name):
    path = tmp_path / "kg.cyjs"
    get_exporter("cytoscape").write(with_parallel(sample_kg), path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    nodes, edges = doc["elements"]["nodes"], doc["elements"]["edges"]
    graph = to_networkx(with_parallel(sample_kg))
    assert len(nodes) == graph.number_of_nodes() and len(edges) == graph.number_of_edges()
    node_ids = [n["data"]["id"] for n in nodes]
    edge_ids = [e["data"]["id"] for e in edges]
    assert node_ids == sorted(node_ids) and edge_ids == sorted(edge_ids)
    assert len(set(node_ids) | set(edge_ids)) == len(node_ids) + len(edge_ids), "ids unique across elements"
    for node in nodes:
        assert node["data"]["label"] and node["group"] == "nodes"
    for edge in edges:
        data = edge["data"]
        assert data["label"] and data["source"] in node_ids and data["target"] in node_ids
    by_id = {n["data"]["id"]: n for n in nodes}
    qdrant = by_id[entity_id("Qdrant")]
    assert qdrant["data"]["aliases"] == ["qdrant"] and "Product" in qdrant["classes"].split()
    assert by_id[entity_id(awkward_name)]["data"]["label"] == awkward_name  # JSON carries every character
    parallel = [e for e in edges if (e["data"]["source"], e["data"]["target"])
                == (entity_id("Qdrant"), entity_id("pgvector"))]
    assert len(parallel) == 2


def test_evidence_quotes_are_included(sample_kg):
    doc = cytoscape_data(sample_kg)
    quotes = doc["kg"]["quotes"]
    assert {r.evidence.quote_id for r in sample_kg.relations} <= set(quotes)
    for edge in doc["elements"]["edges"]:
        data = edge["data"]
        if "quote" in data:
            text = quotes[data["quote"]]["text"]
            assert text[data["start"]:data["end"]] == data["evidence"]
    assert quotes[sample_kg.relations[0].evidence.quote_id]["sources"][0]["name"] == "sample.txt"


def test_deterministic(tmp_path, sample_kg):
    a, b = tmp_path / "a.cyjs", tmp_path / "b.cyjs"
    get_exporter("cytoscape").write(sample_kg, a)
    get_exporter("cytoscape").write(sample_kg, b)
    assert a.read_bytes() == b.read_bytes()
