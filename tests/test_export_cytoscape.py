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


def test_networkx_reads_the_file_back(tmp_path, sample_kg):
    """``nx.cytoscape_graph(json.load(open('kg.cyjs')))`` works: node ``value``/``name``, edge ``key``."""
    import networkx as nx

    kg = with_parallel(sample_kg)
    path = tmp_path / "kg.cyjs"
    get_exporter("cytoscape").write(kg, path)
    with open(path, encoding="utf-8") as handle:
        back = nx.cytoscape_graph(json.load(handle))
    graph = to_networkx(kg)
    assert back.is_directed() and back.is_multigraph()
    assert set(back.nodes) == set(graph.nodes)
    assert set(back.edges(keys=True)) == set(graph.edges(keys=True))  # parallel edges kept apart by their key
    for node, attrs in graph.nodes(data=True):
        assert back.nodes[node]["label"] == attrs["label"] and back.nodes[node]["name"]
        if "value" in attrs:  # a claim's own value is kept under another name
            assert back.nodes[node]["claim_value"] == attrs["value"]
    assert any("value" in attrs for _, attrs in graph.nodes(data=True)), "the sample has a claim with a value"


def test_cytoscape_js_still_reads_the_file(tmp_path, sample_kg):
    """The vendored Cytoscape.js, headless in Node, loads the elements with the networkx keys in them."""
    import shutil
    import subprocess
    from importlib import resources

    import pytest

    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed")
    path = tmp_path / "kg.cyjs"
    get_exporter("cytoscape").write(with_parallel(sample_kg), path)
    library = resources.files("kg.export").joinpath("assets", "cytoscape.min.js")
    script = ("const cytoscape = require(process.argv[1]); const fs = require('fs');"
              "const doc = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));"
              "const cy = cytoscape({headless: true, elements: doc.elements});"
              "const q = cy.getElementById(process.argv[3]);"
              "console.log(JSON.stringify([cy.nodes().length, cy.edges().length, q.data('label'), q.degree()]));")
    done = subprocess.run([node, "-e", script, str(library), str(path), entity_id("Qdrant")], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    nodes, edges, label, degree = json.loads(done.stdout)
    graph = to_networkx(with_parallel(sample_kg))
    assert (nodes, edges) == (graph.number_of_nodes(), graph.number_of_edges())
    assert label == "Qdrant" and degree == graph.degree(entity_id("Qdrant"))



def test_the_file_is_the_document_one_element_a_line(tmp_path, sample_kg, awkward_name):
    """The streamed file reads back as exactly ``cytoscape_data``; each element and quote is a line of its own."""
    kg = with_parallel(sample_kg)
    path = tmp_path / "kg.cyjs"
    get_exporter("cytoscape").write(kg, path)
    text = path.read_text(encoding="utf-8")
    assert json.loads(text) == json.loads(json.dumps(cytoscape_data(kg)))
    lines = text.splitlines()
    graph = to_networkx(kg)
    assert sum(line.startswith('{"classes":') for line in lines) == graph.number_of_nodes() + graph.number_of_edges()
    assert any(awkward_name in json.loads(line.rstrip(",")).get("data", {}).get("label", "")
               for line in lines if line.startswith('{"classes":'))


def test_an_empty_graph_streams_valid_json(tmp_path, sample_kg):
    empty = sample_kg.model_copy(update={"entities": (), "relations": (), "claims": (), "contradictions": (),
                                         "mentions": (), "quotes": (), "documents": ()})
    path = tmp_path / "empty.cyjs"
    get_exporter("cytoscape").write(empty, path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["elements"] == {"edges": [], "nodes": []} and doc["kg"]["quotes"] == {}


def test_lazy_parts_stream_as_json_dumps_writes_them():
    from kg.export.cytoscape import _dumps, _Lazy, _pieces

    value = {"b": [1, {"z": None}], "a": {"inner": _Lazy(lambda: iter([{"x": "line\nbreak \u00e9"}, [], 2.5]))},
             "c": _Lazy(lambda: iter([("k1", "\U0001f600"), ("k2", {"v": _Lazy(lambda: iter([]))})]), pairs=True),
             "d": _Lazy(lambda: iter([]), pairs=True)}
    plain = {"b": [1, {"z": None}], "a": {"inner": [{"x": "line\nbreak \u00e9"}, [], 2.5]},
             "c": {"k1": "\U0001f600", "k2": {"v": []}}, "d": {}}  # lazy pairs come sorted by their maker
    text = "".join(_pieces(value))
    assert json.loads(text) == plain
    assert text.replace(",\n", ",").replace("[\n", "[").replace("{\n", "{").replace("\n]", "]").replace(
        "\n}", "}") == _dumps(plain)  # the same text but for the line breaks around lazy items
