"""What the graph holds: entities with their degree and counts, and counts by kind and type."""

from __future__ import annotations

import pytest
from rdf_fixtures import AWKWARD, build_store, make_two_doc_kg

from kg.errors import UnknownPluginError
from kg.ids import entity_id
from kg.query_overview import entities, stats


@pytest.fixture(scope="module")
def graph():
    return make_two_doc_kg()


@pytest.fixture(scope="module")
def store(graph, tmp_path_factory):
    return build_store(graph, tmp_path_factory.mktemp("out"))


def test_entities_count_neighbours_relations_claims_and_mentions(graph):
    rows = {r.name: r for r in entities(graph)}
    assert set(rows) == {e.name for e in graph.entities}
    qdrant = rows["Qdrant"]
    # pgvector, Weaviate (competes), Pinecone (threatens), Qdrant Solutions (developed by)
    assert (qdrant.degree, qdrant.relations, qdrant.competitors, qdrant.threats) == (4, 4, 2, 1)
    assert (qdrant.claims, qdrant.contradictions, qdrant.dependencies) == (3, 1, 0)
    # one mention, in a quote that two documents hold
    assert (qdrant.mentions, qdrant.documents) == (1, 2)
    assert qdrant.aliases == ("qdrant",) and not qdrant.discovered
    assert rows["Qdrant 1.12"].part_of == "Qdrant" and rows["Qdrant 1.12"].competitors == 1
    assert rows[AWKWARD].discovered and rows[AWKWARD].dependencies == 1
    assert rows["Pinecone"].threats == 0 and rows["Pinecone"].degree == 1


def test_entities_most_connected_first_and_by_type(graph):
    rows = entities(graph)
    assert rows[0].id == entity_id("Qdrant")
    assert [(r.degree, r.claims) for r in rows] == sorted(((r.degree, r.claims) for r in rows), reverse=True)
    assert [r.name for r in entities(graph, type="Technology")] == ["PostgreSQL"]
    assert entities(graph, type="License") == []
    with pytest.raises(UnknownPluginError, match="entity type"):
        entities(graph, type="Gadget")


def test_stats_count_every_kind_and_type(graph):
    counts = {(r.kind, r.type): r.count for r in stats(graph)}
    assert counts[("document", None)] == 2 and counts[("quote", None)] == 4
    assert counts[("entity", "Product")] == 7 and counts[("entity", "License")] == 0
    assert counts[("relation", "competes_with")] == 3 and counts[("relation", "version_of")] == 0
    assert counts[("claim", "metric")] == 2 and counts[("claim", "business")] == 0
    assert counts[("contradiction", None)] == 1 and counts[("mention", None)] == len(graph.mentions)
    assert sum(n for (kind, _), n in counts.items() if kind == "relation") == len(graph.relations)
    assert sum(n for (kind, _), n in counts.items() if kind == "claim") == len(graph.claims)


def test_the_store_and_the_graph_in_memory_agree(graph, store):
    assert entities(store) == entities(graph)
    assert stats(store) == stats(graph)
