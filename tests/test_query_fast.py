"""The queries that start from the entity's ids answer exactly as the whole-store SPARQL queries they replaced.

``query_before.py`` is kg/query.py as it was before (one SPARQL query per question, the evidence an OPTIONAL
pattern over the whole store); here both answer every question about every entity of multi-document stores.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
import query_before as before
from pyoxigraph import Literal, NamedNode
from rdf_fixtures import build_store, make_two_doc_kg

from kg import query
from kg.lookup import LocalLookup
from kg.rdf_terms import KG, RDF, SKOS

ROOT = Path(__file__).resolve().parent.parent
QUESTIONS = [
    ("competitors", {}), ("threats", {}), ("threats", {"include_outgoing": True}), ("dependencies", {}),
    ("dependencies", {"include_incoming": True}), ("claims", {}), ("claims", {"type": "metric"}),
    ("contradictions", {}),
]


def _big_store_module():
    spec = importlib.util.spec_from_file_location("big_store", ROOT / "benchmarks" / "big_store.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def copied_store(tmp_path_factory):
    """Four renamed copies of the two-document graph, two by two sharing their entities: 8 documents."""
    out = tmp_path_factory.mktemp("copies")
    figures = _big_store_module().make_store(out, quotes=4 * len(make_two_doc_kg().quotes), base=make_two_doc_kg(),
                                             share=2)
    assert figures["copies"] == 4 and figures["groups"] == 2
    return query.as_store(out)


@pytest.fixture(scope="module")
def sample_store(tmp_path_factory, sample_kg):
    return build_store(sample_kg, tmp_path_factory.mktemp("sample"))


def _every_answer_equal(store) -> int:
    compared = 0
    for entity in store.entities.values():
        for name, options in QUESTIONS:
            new, old = getattr(query, name)(store, entity.id, **options), getattr(before, name)(store, entity.id,
                                                                                               **options)
            assert new == old, (name, options, entity.id)
            compared += len(new)
    for name, options in (("claims", {}), ("claims", {"type": "pricing"}), ("contradictions", {})):
        assert getattr(query, name)(store, None, **options) == getattr(before, name)(store, None, **options)
    return compared


def test_answers_equal_the_whole_store_queries_on_copies(copied_store, tmp_path):
    assert len({e.name for e in copied_store.entities.values()}) == len(copied_store.entities)
    one = build_store(make_two_doc_kg(), tmp_path)
    assert len(query.competitors(copied_store, "Qdrant")) == 2 * len(query.competitors(one, "Qdrant")), \
        "shared entities gather the statements of their copies"
    assert _every_answer_equal(copied_store) > 50


def test_answers_equal_the_whole_store_queries_on_the_sample_graph(sample_store):
    assert _every_answer_equal(sample_store) > 10


def test_quote_documents_equal(copied_store):
    rows = query.competitors(copied_store, "Qdrant")
    quote_ids = [r.quote_id for r in rows]
    assert query.quote_documents(copied_store, quote_ids) == before.quote_documents(copied_store, quote_ids)


def test_lookups_read_every_graph_once(copied_store):
    look = LocalLookup(copied_store.oxigraph)
    qdrant = copied_store.entities["ent:qdrant"]
    node = NamedNode(qdrant.iri)
    assert look.objects([node, node], [SKOS.prefLabel]) == {node: {SKOS.prefLabel: [Literal("Qdrant")]}}
    about = look.subjects(KG.about, [node])[node]
    assert len(about) == len(set(about)) > 0
    claims = look.having(about, RDF.type, KG.Claim)
    assert 0 < len(claims) <= len(about)
