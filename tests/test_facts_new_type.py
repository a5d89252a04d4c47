"""A new relation type is one entry of ontology/facts.json: the schema, RDF, viewers and stats all take it up.

The shipped ontology folder is copied, ``integrates_with`` is added to the copy's facts.json (nothing else),
and kg runs with ``KG_ONTOLOGY`` pointing at the copy, in a fresh interpreter (the schema is built at import).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest
from lxml import etree
from pydantic import ValidationError
from pyoxigraph import NamedNode, RdfFormat, parse

from kg.models import KnowledgeGraph
from kg.paths import ONTOLOGY_ENV, ontology_dir

NEW = {"iri": "kg:integratesWith", "label": "integrates with", "symmetric": False, "source": ["Product"],
       "target": ["Product"], "maker_may_relate": True, "scored": False, "headline": False, "horizon": False,
       "facet": None, "colour": "#123456", "inverse": None}
IRI = "https://w3id.org/kg/ontology#integratesWith"
YFILES = "{http://www.yworks.com/xml/graphml}"
_EVIDENCE = {"doc_id": "doc:a", "quote_id": "q:1", "start": 0, "end": 31, "text": "Zed integrates with Ollama here",
             "rule": "test.integrates", "confidence": 0.9}
GRAPH = {
    "run": {"kg_version": "0", "catalog": None, "model": "blank:en", "inputs": ["a.txt"], "documents": 1,
            "quotes": 1, "skipped": 0},
    "documents": [{"id": "doc:a", "name": "a.txt", "path": "a.txt", "sha256": "0" * 64, "format": "text",
                   "quote_ids": ["q:1"]}],
    "quotes": [{"id": "q:1", "text": _EVIDENCE["text"], "sources": [{"doc_id": "doc:a", "index": 0}],
                "subject": "ent:zed"}],
    "entities": [{"id": "ent:ollama", "name": "Ollama", "type": "Product"},
                 {"id": "ent:zed", "name": "Zed", "type": "Product"}],
    "relations": [{"id": "rel:zed-ollama", "type": "integrates_with", "source": "ent:zed", "target": "ent:ollama",
                   "confidence": 0.9, "evidence": _EVIDENCE}],
}
_SCRIPT = """
import sys
from pathlib import Path
from kg.models import KnowledgeGraph
from kg.registry import get_exporter
from kg.store import write_store
out = Path(sys.argv[1])
graph = KnowledgeGraph.model_validate_json((out / "graph.json").read_text(encoding="utf-8"))
for name, file in (("n-quads", "kg.nq"), ("graphml", "kg.graphml"), ("graphml-yed", "kg.yed.graphml"),
                   ("cytoscape", "kg.cyjs"), ("html", "kg.html")):
    get_exporter(name).write(graph, out / file)
write_store(graph, out / "store")
"""


@pytest.fixture(scope="module")
def extended(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A copy of the shipped ontology with one more relation type, and kg's outputs of a graph that uses it."""
    root = tmp_path_factory.mktemp("new_type")
    onto = root / "ontology"
    shutil.copytree(ontology_dir(), onto)
    spec = json.loads((onto / "facts.json").read_text(encoding="utf-8"))
    spec["relations"]["integrates_with"] = NEW
    (onto / "facts.json").write_text(json.dumps(spec, indent=1), encoding="utf-8")
    out = root / "out"
    out.mkdir()
    (out / "graph.json").write_text(json.dumps(GRAPH), encoding="utf-8")
    env = {**os.environ, ONTOLOGY_ENV: str(onto), "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    done = subprocess.run([sys.executable, "-c", _SCRIPT, str(out)], env=env, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    stats = subprocess.run([sys.executable, "-m", "kg", "stats", "--store", str(out / "store"), "--format", "json"],
                           env=env, capture_output=True, text=True, timeout=300, check=False)
    assert stats.returncode == 0, stats.stderr
    (out / "stats.json").write_text(stats.stdout, encoding="utf-8")
    return {"out": out, "ontology": onto}


def test_the_shipped_schema_refuses_the_new_type():
    with pytest.raises(ValidationError, match="integrates_with"):
        KnowledgeGraph.model_validate(GRAPH)


def test_the_rdf_export_carries_its_iri_and_parses_back(extended):
    quads = list(parse(path=extended["out"] / "kg.nq", format=RdfFormat.N_QUADS))
    predicate = NamedNode(IRI)
    plain = [q for q in quads if q.predicate == predicate]
    assert [(q.subject.value, q.object.value) for q in plain] == [
        ("https://w3id.org/kg/id/ent/zed", "https://w3id.org/kg/id/ent/ollama")]
    reified = [q for q in quads if q.predicate.value.endswith("#predicate") and q.object == predicate]
    assert len(reified) == 1


def test_graphml_and_yed_show_it_with_its_colour(extended):
    graph = nx.read_graphml(extended["out"] / "kg.graphml")
    assert [d["label"] for *_, d in graph.edges(data=True)] == ["integrates_with"]
    yed = etree.parse(str(extended["out"] / "kg.yed.graphml"))
    assert [e.get("color") for e in yed.iter(f"{YFILES}LineStyle")] == ["#123456"]
    assert [e.text for e in yed.iter(f"{YFILES}EdgeLabel")] == ["integrates_with"]
    arrows = [e.get("target") for e in yed.iter(f"{YFILES}Arrows")]
    assert arrows == ["standard"]  # directed


def test_cytoscape_and_html_carry_its_colour_and_label(extended):
    data = json.loads((extended["out"] / "kg.cyjs").read_text(encoding="utf-8"))
    assert data["kg"]["relation_types"]["integrates_with"] == {"label": "integrates with", "colour": "#123456",
                                                               "symmetric": False}
    assert [e["data"]["rel"] for e in data["elements"]["edges"]] == ["integrates_with"]
    page = (extended["out"] / "kg.html").read_text(encoding="utf-8")
    island = re.search(r'<script[^>]*id="kg-data"[^>]*>(.*?)</script>', page, re.DOTALL)
    assert island, "no data island in the page"
    shown = json.loads(island.group(1))
    k = shown["rels"].index("integrates_with")
    assert (shown["rel_colours"][k], shown["rel_labels"][k]) == ("#123456", "integrates with")
    assert [row[2] for row in shown["relations"]] == [k]


def test_kg_stats_counts_it(extended):
    rows = json.loads((extended["out"] / "stats.json").read_text(encoding="utf-8"))
    relation = {r["type"]: r["count"] for r in rows if r["kind"] == "relation"}
    assert relation["integrates_with"] == 1
    assert list(relation)[-1] == "integrates_with" and relation["competes_with"] == 0


def test_only_the_spec_changed(extended):
    shipped = {p.relative_to(ontology_dir()) for p in ontology_dir().rglob("*") if p.is_file()}
    changed = [p for p in shipped if (ontology_dir() / p).read_bytes() != (extended["ontology"] / p).read_bytes()]
    assert changed == [Path("facts.json")]
