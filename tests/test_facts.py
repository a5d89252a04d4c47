"""The fact-type spec (ontology/facts.json): loaded and checked once, and every reader agrees with it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from kg.errors import OntologyError
from kg.facts import ENTITY_TYPES, FACTS_FILE, fact_types, load_fact_types
from kg.paths import ontology_dir

SHIPPED = ontology_dir() / FACTS_FILE


def _write(tmp_path: Path, edit) -> Path:
    raw = json.loads(SHIPPED.read_text(encoding="utf-8"))
    edit(raw)
    path = tmp_path / FACTS_FILE
    path.write_text(json.dumps(raw, indent=1), encoding="utf-8")
    return path


def test_the_shipped_spec_loads_and_is_cached():
    facts = load_fact_types()
    assert facts is fact_types() is load_fact_types(SHIPPED)
    assert facts.relation_types[:4] == ("competes_with", "threatens", "depends_on", "developed_by")
    assert facts.symmetric == {"competes_with"}
    assert facts.headline == ("competes_with", "threatens", "depends_on")
    assert facts.scored == (*facts.headline, "developed_by")


def test_the_scorer_labels_of_the_shipped_spec_are_those_of_the_shipped_model():
    model = json.loads((ontology_dir() / "relations.model.json").read_text(encoding="utf-8"))
    assert fact_types().scorer_labels == ("none", "competes_with", "threatens>", "threatens<", "depends_on>",
                                          "depends_on<", "developed_by>", "developed_by<")
    assert set(model["labels"]) <= set(fact_types().scorer_labels)


def test_claim_precedence_puts_crisp_claims_first():
    facts = fact_types()
    assert facts.crisp_claims == ("metric", "pricing", "license", "platform", "prediction", "credibility",
                                  "dependency")
    assert facts.loose_claims == ("limitation", "risk", "comparison", "business", "capability")
    # a risk or a prediction about the subject names whoever poses it; the other claims belong to their clause
    assert {n for n, c in facts.claims.items() if c.owner == "subject"} == {"prediction", "credibility",
                                                                           "dependency", "risk"}
    # a requirement leaves the drawback its words also state; measured and stated claims absorb their words
    assert {n for n, c in facts.claims.items() if c.crisp and not c.absorbs} == {"dependency"}
    # two licences, platforms, figures or prices on the same words are two claims
    assert {n for n, c in facts.claims.items() if c.distinct_values} == {"metric", "pricing", "license", "platform"}
    # a clause gives a loose claim to a product, a crisp one or a business claim also to a company
    assert {n for n, c in facts.claims.items() if "Organization" in c.owner_types} == \
        {*facts.crisp_claims, "business"}
    # … and any of them to a technology that is the subject of the claim's verb
    assert all(c.acting_owner_types == {"Technology"} for c in facts.claims.values())


def test_maker_rule_and_allowed_types():
    facts = fact_types()
    assert {n for n, r in facts.relations.items() if not r.maker_may_relate} == {"competes_with", "threatens"}
    assert facts.allowed_types["developed_by"] == ({"Product", "Technology", "Platform"}, {"Organization", "Product"})
    assert facts.relations["competes_with"].alike == {"Platform"}  # a platform competes with a platform only
    assert facts.relations["depends_on"].alike == frozenset()


@pytest.mark.parametrize(("edit", "key", "problem"), [
    (lambda raw: raw["relations"]["threatens"].update(colour="purple"), "relations.threatens.colour", "colour"),
    (lambda raw: raw["relations"]["threatens"].pop("symmetric"), "relations.threatens.symmetric", "missing"),
    (lambda raw: raw["relations"]["threatens"].update(symetric=True), "relations.threatens.symetric",
     "unknown key"),
    (lambda raw: raw["relations"]["threatens"].update(source=["Product", "Company"]), "relations.threatens.source",
     "'Company'"),
    (lambda raw: raw["relations"]["threatens"].update(iri="competesWith"), "relations.threatens.iri", "kg: term"),
    (lambda raw: raw["relations"]["threatens"].update(iri="kg:competesWith"), "relations.threatens",
     "already the term of competes_with"),
    (lambda raw: raw["relations"]["threatens"].update(scored="yes"), "relations.threatens.scored", "true or false"),
    (lambda raw: raw["relations"]["version_of"].update(headline=True), "relations.version_of.headline",
     "also be scored"),
    (lambda raw: raw["relations"].update({"Integrates-With": {}}), "relations.Integrates-With", "snake_case"),
    (lambda raw: raw["relations"]["threatens"].update(facet={"perspective": "risk", "weight": -1}),
     "relations.threatens.facet.weight", "positive number"),
    (lambda raw: raw["claims"]["risk"].update(precedence=1), "claims.risk.precedence", "precedence of metric"),
    (lambda raw: raw["claims"]["risk"].update(owner="maker"), "claims.risk.owner", "subject, clause"),
    (lambda raw: raw["claims"]["risk"].update(absorbs=True), "claims.risk.absorbs", "only a crisp claim"),
    (lambda raw: raw["claims"]["metric"].pop("absorbs"), "claims.metric.absorbs", "missing"),
    (lambda raw: raw["claims"]["metric"].update(distinct_values="no"), "claims.metric.distinct_values", "true or false"),
    (lambda raw: raw["claims"]["metric"].update(name_values=True), "claims.metric.name_values", "distinct_values"),
    (lambda raw: raw["claims"]["risk"].update(owner_types=["Maker"]), "claims.risk.owner_types", "unknown entity type"),
    (lambda raw: raw["claims"]["risk"].update(acting_owner_types=[]), "claims.risk.acting_owner_types", "non-empty"),
    (lambda raw: raw.pop("claims"), "claims", "missing"),
    (lambda raw: raw["relations"]["competes_with"].update(alike=["Gadget"]), "relations.competes_with.alike",
     "'Gadget'"),
])
def test_a_malformed_entry_names_file_and_key(tmp_path, edit, key, problem):
    path = _write(tmp_path, edit)
    with pytest.raises(OntologyError, match=re.escape(f"{path}: {key}")) as err:
        load_fact_types(path)
    assert problem in str(err.value)


def test_a_spec_that_is_not_json_names_file_and_line(tmp_path):
    path = tmp_path / FACTS_FILE
    path.write_text('{\n "relations": {,\n}', encoding="utf-8")
    with pytest.raises(OntologyError, match=re.escape(f"{path}:2: not valid JSON")):
        load_fact_types(path)


def test_the_schema_reads_the_spec():
    from kg.models import CLAIM_TYPES, RELATION_TYPES, SYMMETRIC_RELATIONS, Relation

    assert RELATION_TYPES == fact_types().relation_types and CLAIM_TYPES == fact_types().claim_types
    assert SYMMETRIC_RELATIONS == fact_types().symmetric
    schema = Relation.model_json_schema()
    assert schema["properties"]["type"]["enum"] == list(RELATION_TYPES)


def test_every_spec_term_is_declared_in_kg_ttl():
    from kg.rdf_terms import CLAIM_CLASSES, RELATION_PREDICATES, ontology_terms

    declared = set(ontology_terms())
    assert {r.iri for r in fact_types().relations.values()} <= declared
    assert {c.cls for c in fact_types().claims.values()} <= declared
    assert RELATION_PREDICATES["depends_on"].value.endswith("#dependsOn")
    assert CLAIM_CLASSES["credibility"].value.endswith("#CredibilityClaim")


def test_the_shapes_list_every_relation_predicate_and_claim_type():
    shapes = (ontology_dir() / "shapes.ttl").read_text(encoding="utf-8")
    predicates = " ".join(f"kg:{r.iri}" for r in fact_types().relations.values())
    assert f"sh:in ( {predicates} )" in shapes
    claims = re.search(r"sh:path kg:claimType.*?sh:in \(([^)]*)\)", shapes, re.DOTALL)
    assert claims and re.findall(r'"(\w+)"', claims.group(1)) == list(fact_types().claim_types)


def test_the_facet_weights_come_from_the_spec():
    from kg.extract.facets import FACT_SIGNALS, quote_facets

    assert FACT_SIGNALS["competes_with"] == ("competition", 1.5)
    assert FACT_SIGNALS["license"] == ("business", 0.25)
    assert "depends_on" not in FACT_SIGNALS
    assert quote_facets("It is fine.", ["competes_with"]).perspective == "competition"


def test_entity_types_are_those_of_the_schema():
    from kg.models import ENTITY_TYPES as MODEL_TYPES

    assert ENTITY_TYPES == MODEL_TYPES
