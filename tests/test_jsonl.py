"""The evaluation record: one per (document, quote index), exact keys, releases folded into their product."""

from __future__ import annotations

import json

import pytest
from helpers import write_doc

from kg.jsonl import dumps, records
from kg.pipeline import run

RELEASE_METRIC = ("Qdrant 1.12 adds on-disk sparse vectors and keeps p99 under 30 ms on our shard \u2014 "
                  "caf\u00e9-grade latency.")
RELEASE_RELATION = "pgvector 0.8 competes with Qdrant 1.12 for teams that already run Postgres."
SHARED = "Both engines handled ten million vectors without drama."
OTHER = "Weaviate needed more memory than either of them for the same collection."

RECORD_KEYS = {"doc", "quote_index", "text", "subject", "perspective", "stance", "verdict", "entities",
               "relations", "claims"}
# the fields the evaluation reads (../shared/eval/README.md); the scorer ignores extra ones such as "rule"
RELATION_KEYS = {"type", "source", "target", "span", "horizon", "confidence"}
CLAIM_KEYS = {"about", "type", "text", "span", "value", "unit", "horizon", "credibility"}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    folder = tmp_path_factory.mktemp("jsonl")
    write_doc(folder, "Qdrant 1.12 vs pgvector 0.8", [RELEASE_METRIC, RELEASE_RELATION, SHARED], name="a.txt")
    write_doc(folder, "Qdrant vs Weaviate", [OTHER, SHARED], name="b.txt")
    graph = run([folder])
    return graph, records(graph)


def test_one_record_per_document_and_quote_index(corpus):
    graph, recs = corpus
    assert [(r["doc"], r["quote_index"]) for r in recs] == [("a.txt", 0), ("a.txt", 1), ("a.txt", 2),
                                                              ("b.txt", 0), ("b.txt", 1)]
    assert len(graph.quotes) == 4  # the shared quote is one Quote, reported once per document
    assert [r["text"] for r in recs] == [RELEASE_METRIC, RELEASE_RELATION, SHARED, OTHER, SHARED]


def test_record_keys(corpus):
    _, recs = corpus
    for rec in recs:
        assert set(rec) == RECORD_KEYS
        for entity in rec["entities"]:
            assert set(entity) == {"name", "type", "spans"}
        for relation in rec["relations"]:
            assert RELATION_KEYS <= set(relation)
        for claim in rec["claims"]:
            assert CLAIM_KEYS <= set(claim)
    assert any(rec["relations"] for rec in recs) and any(rec["claims"] for rec in recs)


def test_spans_are_offsets_into_the_quote_text(corpus):
    _, recs = corpus
    for rec in recs:
        text = rec["text"]
        for entity in rec["entities"]:
            for start, end in entity["spans"]:
                assert 0 <= start < end <= len(text)
        for claim in rec["claims"]:
            assert text[claim["span"][0]:claim["span"][1]] == claim["text"]
        for relation in rec["relations"]:
            assert 0 <= relation["span"][0] < relation["span"][1] <= len(text)


def test_releases_fold_into_their_product(corpus):
    _, recs = corpus
    metric, relation = recs[0], recs[1]
    assert metric["subject"] == "Qdrant"
    assert [(e["name"], e["type"]) for e in metric["entities"]] == [("Qdrant", "Product")]
    assert metric["entities"][0]["spans"] == [[0, len("Qdrant 1.12")]]
    assert {c["about"] for c in metric["claims"]} == {"Qdrant"}
    (edge,) = [r for r in relation["relations"] if r["type"] == "competes_with"]  # (and pgvector needs Postgres)
    assert {edge["source"], edge["target"]} == {"Qdrant", "pgvector"}
    assert "Qdrant 1.12" not in {e["name"] for rec in recs for e in rec["entities"]}
    assert "pgvector 0.8" not in {e["name"] for rec in recs for e in rec["entities"]}


def test_metric_claim_in_the_record(corpus):
    _, recs = corpus
    (metric,) = [c for c in recs[0]["claims"] if c["type"] == "metric"]
    assert (metric["value"], metric["unit"], metric["about"]) == (30.0, "ms", "Qdrant")


def test_dumps_is_one_sorted_json_object_per_line(corpus):
    graph, recs = corpus
    text = dumps(graph)
    lines = text.splitlines()
    assert text.endswith("\n") and len(lines) == len(recs)
    assert [json.loads(line) for line in lines] == recs
    assert all(line == json.dumps(json.loads(line), ensure_ascii=False, sort_keys=True) for line in lines)
    assert "caf\u00e9-grade" in lines[0]  # UTF-8, not \u escapes
