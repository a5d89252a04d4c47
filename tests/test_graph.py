"""The property graph builder: node and edge kinds, stable keys, symmetry, determinism, integrity."""

from __future__ import annotations

import math

import pytest

from kg.errors import ExportError
from kg.graph import attribute_types, flatten, node_labels, to_networkx, upper_snake
from kg.ids import entity_id
from kg.models import KnowledgeGraph


def with_parallel(kg: KnowledgeGraph) -> KnowledgeGraph:
    """``kg`` plus a second statement of Qdrant competes_with pgvector, and one stated the other way round."""
    first = next(r for r in kg.relations if r.type == "competes_with" and r.target == entity_id("pgvector"))
    evidence = first.evidence.model_copy(update={"rule": "competes.title"})
    again = first.model_copy(update={"id": "rel:parallel00000001", "evidence": evidence})
    reverse = first.model_copy(update={"id": "rel:parallel00000002", "source": first.target,
                                       "target": first.source})
    return kg.model_copy(update={"relations": kg.relations + (again, reverse)})


def test_nodes_are_entities_and_claims(sample_kg, awkward_name):
    g = to_networkx(sample_kg)
    assert set(g.nodes) == {e.id for e in sample_kg.entities} | {c.id for c in sample_kg.claims}
    qdrant = g.nodes[entity_id("Qdrant")]
    assert qdrant["kind"] == "entity" and qdrant["label"] == "Qdrant" and qdrant["type"] == "Product"
    assert qdrant["aliases"] == ["qdrant"] and qdrant["maker"] == entity_id("Qdrant Solutions")
    assert qdrant["mentions"] == 1
    awkward = g.nodes[entity_id(awkward_name)]
    assert awkward["label"] == awkward_name and awkward["discovered"] is True
    assert g.nodes[entity_id("Qdrant 1.12")]["part_of"] == entity_id("Qdrant")
    metric = next(c for c in sample_kg.claims if c.type == "metric")
    data = g.nodes[metric.id]
    assert data["kind"] == "claim" and data["claim_type"] == "metric" and data["value"] == 15.0
    assert data["unit"] == "ms" and data["comparator"] == "<" and data["about"] == entity_id("Qdrant")
    assert data["quote"] == metric.evidence.quote_id and data["evidence"] == "p99 under 15 ms"


def test_edges_are_keyed_by_stable_ids(sample_kg):
    g = to_networkx(sample_kg)
    keys = {k for *_, k in g.edges(keys=True)}
    assert {r.id for r in sample_kg.relations} <= keys
    assert {f"about:{c.id}" for c in sample_kg.claims} <= keys
    assert {x.id for x in sample_kg.contradictions} <= keys
    assert len(keys) == g.number_of_edges() == (len(sample_kg.relations) + len(sample_kg.claims)
                                                 + len(sample_kg.contradictions))
    threat = next(r for r in sample_kg.relations if r.type == "threatens")
    data = g.edges[threat.source, threat.target, threat.id]
    assert data["rel"] == data["label"] == "threatens" and data["kind"] == "relation"
    assert data["hedged"] is True and data["horizon"] == "18 months" and data["rule"] == "threat.kill_cue"
    assert (data["start"], data["end"]) == (threat.evidence.start, threat.evidence.end)
    assert data["doc"] == threat.evidence.doc_id and data["doc_name"] == "sample.txt"


def test_about_edges_point_from_claim_to_entity(sample_kg):
    g = to_networkx(sample_kg)
    for claim in sample_kg.claims:
        assert g.has_edge(claim.id, claim.about, key=f"about:{claim.id}")
        assert g.edges[claim.id, claim.about, f"about:{claim.id}"]["kind"] == "about"


def test_competes_with_is_marked_symmetric_one_edge_per_statement(sample_kg):
    g = to_networkx(with_parallel(sample_kg))
    qdrant, pgvector = entity_id("Qdrant"), entity_id("pgvector")
    assert g.number_of_edges(qdrant, pgvector) == 2  # two statements, two edges
    assert g.number_of_edges(pgvector, qdrant) == 1  # stated the other way round: kept as stated
    for _, _, data in g.edges(data=True):
        assert data["symmetric"] is (data["rel"] in ("competes_with", "contradicts"))


def test_no_empty_or_none_values(sample_kg):
    g = to_networkx(sample_kg)
    for _, data in g.nodes(data=True):
        assert all(v is not None and v != "" and v != [] for v in data.values()), data
    for *_, data in g.edges(data=True):
        assert all(v is not None and v != "" for v in data.values()), data
    assert "aliases" not in g.nodes[entity_id("pgvector")]


def test_order_is_sorted_and_independent_of_input_order(sample_kg):
    shuffled = sample_kg.model_copy(update={k: tuple(reversed(getattr(sample_kg, k)))
                                            for k in ("entities", "relations", "claims", "mentions")})
    a, b = to_networkx(sample_kg), to_networkx(shuffled)
    assert list(a.nodes(data=True)) == list(b.nodes(data=True))
    assert list(a.edges(keys=True, data=True)) == list(b.edges(keys=True, data=True))
    entities = [n for n, d in a.nodes(data=True) if d["kind"] == "entity"]
    assert entities == sorted(entities)


def test_dangling_reference_raises(sample_kg):
    bad = sample_kg.relations[0].model_copy(update={"target": "ent:nobody"})
    with pytest.raises(ExportError, match="ent:nobody"):
        to_networkx(sample_kg.model_copy(update={"relations": (bad,)}))


def test_helpers():
    assert upper_snake("competes_with") == "COMPETES_WITH" and upper_snake("part-of x") == "PART_OF_X"
    assert node_labels({"kind": "entity", "type": "Product"}) == ("Entity", "Product")
    assert node_labels({"kind": "claim"}) == ("Claim",)
    types = attribute_types([{"a": 1, "b": True, "c": 1, "d": [1], "e": "x"},
                             {"a": 2, "b": False, "c": 2.5, "e": 3}])
    assert types == {"a": "long", "b": "boolean", "c": "double", "d": "string", "e": "string"}
    assert flatten(True, "boolean") == "true" and flatten(2, "double") == "2.0"
    assert flatten(math.inf, "double") == "INF" and flatten(math.nan, "double") == "NaN"
    assert flatten(["a", "é"], "string") == '["a", "é"]' and flatten(3, "string") == "3"
