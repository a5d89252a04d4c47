"""Queries over the store: symmetric competitors, threats with horizons, claims, names and injection."""

from __future__ import annotations

import pytest
from rdf_fixtures import AWKWARD, RELEASE_TEXT, build_store, make_two_doc_kg

from kg import query
from kg.errors import StoreError, UnknownEntityError, UnknownPluginError
from kg.ids import entity_id

INJECTION = 'Qdrant" || true || "'


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    return build_store(make_two_doc_kg(), tmp_path_factory.mktemp("out"))


def _names(rows, field: str) -> set[str]:
    return {getattr(row, field) for row in rows}


def test_competitors_include_releases_and_carry_evidence(store):
    rows = query.competitors(store, "Qdrant")
    assert _names(rows, "competitor") == {"pgvector", "Weaviate", "Milvus"}
    pgvector = next(r for r in rows if r.competitor == "pgvector")
    assert (pgvector.entity, pgvector.competitor_id) == ("Qdrant", "ent:pgvector")
    assert pgvector.competitor_type == "Product"
    assert pgvector.quote.startswith("Qdrant competes with pgvector")
    assert (pgvector.exact, pgvector.start, pgvector.end) == ("Qdrant competes with pgvector", 0, 29)
    assert (pgvector.doc, pgvector.doc_id) == ("sample.txt", "doc:000000000001")
    assert (pgvector.rule, pgvector.confidence, pgvector.hedged) == ("competes.verb", 0.9, False)
    milvus = next(r for r in rows if r.competitor == "Milvus")
    assert (milvus.entity, milvus.doc, milvus.quote) == ("Qdrant 1.12", "releases.jsonl", RELEASE_TEXT)


@pytest.mark.parametrize(("name", "expected"), [
    ("pgvector", {"Qdrant"}),
    ("Weaviate", {"Qdrant"}),
    ("Milvus", {"Qdrant 1.12"}),
    ("Qdrant 1.12", {"Milvus"}),  # a release does not inherit its product's competitors
    ("Pinecone", set()),
])
def test_competes_with_is_symmetric(store, name, expected):
    assert _names(query.competitors(store, name), "competitor") == expected


def test_threats_come_with_horizon_and_hedging(store):
    (row,) = query.threats(store, "Qdrant")
    assert (row.threat, row.entity, row.direction) == ("Pinecone", "Qdrant", "threatened_by")
    assert (row.horizon, row.hedged, row.rule) == ("18 months", True, "threat.kill_cue")
    assert row.exact == "What could sink Qdrant within 18 months: Pinecone"


def test_threats_are_directed(store):
    assert query.threats(store, "Pinecone") == []
    (row,) = query.threats(store, "Pinecone", include_outgoing=True)
    assert (row.threat, row.direction) == ("Qdrant", "threatens")


def test_claims_filter_by_type_and_keep_typed_values(store):
    assert {r.type for r in query.claims(store, "Qdrant")} == {"metric", "capability", "limitation"}
    metrics = query.claims(store, "qdrant", type="metric")
    assert [(r.entity, r.value, r.unit, r.comparator) for r in metrics] == [
        ("Qdrant", 15.0, "ms", "<"), ("Qdrant 1.12", [2, 3.0], "x", "range")]
    assert all(r.exact == r.text and r.quote[r.start:r.end] == r.text for r in metrics)
    assert query.claims(store, "Qdrant", type="pricing") == []
    (price,) = query.claims(store, AWKWARD, type="pricing")
    assert (price.entity, price.value, price.unit) == (AWKWARD, 20.0, "USD/month/seat")


def test_unknown_claim_type_is_refused(store):
    with pytest.raises(UnknownPluginError, match="claim type"):
        query.claims(store, "Qdrant", type=INJECTION)


def test_contradictions_pair_two_claims(store):
    (row,) = query.contradictions(store, "Qdrant")
    assert (row.topic, row.rule, row.entity) == ("filtering", "contradiction.polarity", "Qdrant")
    assert sorted((c.type, c.polarity) for c in row.claims) == [
        ("capability", "positive"), ("limitation", "negative")]
    assert all(c.quote and c.doc == "sample.txt" for c in row.claims)
    assert query.contradictions(store, "pgvector") == []


@pytest.mark.parametrize(("name", "expected"), [
    ("Qdrant", "ent:qdrant"), ("qdrant", "ent:qdrant"), ("  QDRANT ", "ent:qdrant"),
    ("ent:qdrant", "ent:qdrant"),
    ("Postgres", "ent:postgresql"), ("postgresql", "ent:postgresql"), ("MILVUS-DB", "ent:milvus"),
    (AWKWARD, entity_id(AWKWARD)),
])
def test_names_resolve_through_aliases_and_case(store, name, expected):
    entity = query.resolve_name(store, name)
    assert entity.id == expected


def test_unknown_name_suggests_the_closest(store):
    with pytest.raises(UnknownEntityError) as err:
        query.resolve_name(store, "Qdrnat")
    assert "Qdrant" in err.value.suggestions
    assert "Did you mean" in str(err.value)
    with pytest.raises(UnknownEntityError) as err:
        query.competitors(store, "Weavate")
    assert err.value.suggestions[0] == "Weaviate"


@pytest.mark.parametrize("ask", [query.competitors, query.threats, query.claims, query.contradictions])
def test_sparql_injection_payload_matches_nothing(store, ask):
    with pytest.raises(UnknownEntityError):
        ask(store, INJECTION)


def test_a_name_full_of_sparql_syntax_is_just_a_name(tmp_path):
    kg = make_two_doc_kg()
    entities = tuple(e.model_copy(update={"aliases": (INJECTION,)}) if e.id == "ent:weaviate" else e
                     for e in kg.entities)
    renamed = kg.model_copy(update={"entities": entities})
    store = build_store(renamed, tmp_path)
    assert _names(query.competitors(store, INJECTION), "competitor") == {"Qdrant"}


def test_sparql_runs_over_all_graphs_with_kg_prefixes(store):
    columns, rows = query.sparql(store, "SELECT ?a ?b WHERE { ?a kg:competesWith ?b } ORDER BY ?a ?b")
    assert columns == ["a", "b"] and len(rows) == 3
    assert ["https://w3id.org/kg/id/ent/qdrant", "https://w3id.org/kg/id/ent/pgvector"] in rows
    assert query.sparql(store, "ASK { ?a kg:threatens ?b }") == (["result"], [["true"]])
    columns, rows = query.sparql(store, "CONSTRUCT { ?b kg:competesWith ?a } WHERE { ?a kg:competesWith ?b }")
    assert columns == ["subject", "predicate", "object"] and len(rows) == 3


@pytest.mark.parametrize("bad", ["SELECT WHERE {", "INSERT DATA { <urn:a> <urn:b> <urn:c> }"])
def test_invalid_or_updating_sparql_raises_store_error(store, bad):
    with pytest.raises(StoreError, match="SPARQL"):
        query.sparql(store, bad)


def test_queries_accept_the_output_folder(store):
    folder = store.path.parent
    assert _names(query.competitors(folder, "pgvector"), "competitor") == {"Qdrant"}


def test_dependencies_are_directed(store):
    (row,) = query.dependencies(store, AWKWARD)
    assert (row.dependency, row.direction, row.exact) == ("PostgreSQL", "depends_on", "built on PostgreSQL")
    assert query.dependencies(store, "PostgreSQL") == []
    (row,) = query.dependencies(store, "postgres", include_incoming=True)
    assert (row.dependency, row.direction) == (AWKWARD, "dependency_of")


@pytest.mark.parametrize("ask", [query.competitors, query.threats, query.dependencies, query.claims,
                                 query.contradictions])
def test_a_graph_in_memory_gives_the_stored_answers(store, ask):
    graph = make_two_doc_kg()
    for name in ("Qdrant", "Qdrant 1.12", AWKWARD, "postgres"):
        assert ask(graph, name) == ask(store, name)
    assert query.as_store(graph) is query.as_store(graph), "a graph is converted once"


def test_every_claim_and_every_contradiction_without_a_name(store):
    graph = make_two_doc_kg()
    assert {r.claim_id for r in query.claims(store, None)} == {c.id for c in graph.claims}
    assert {r.claim_id for r in query.claims(store, None, type="metric")} == {
        c.id for c in graph.claims if c.type == "metric"}
    assert [r.id for r in query.contradictions(store, None)] == [x.id for x in graph.contradictions]


def test_quotes_know_every_document_they_are_in(store):
    (row,) = [r for r in query.competitors(store, "Qdrant") if r.competitor == "pgvector"]
    assert query.quote_documents(store, [row.quote_id]) == {row.quote_id: ("doc:000000000001", "doc:000000000002")}
