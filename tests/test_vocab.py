"""The vocabulary: kg/vocab.py, kg/rdf.py and ontology/kg.ttl declare the same terms."""

from __future__ import annotations

import pytest
import rdflib
from rdflib.namespace import OWL, RDF, RDFS, SDO

import kg.rdf
from kg.errors import OntologyError
from kg.models import CLAIM_TYPES, ENTITY_TYPES, RELATION_TYPES
from kg.vocab import KG, check_vocabulary, load_ontology, ontology_path, ontology_terms, shapes_path


@pytest.fixture(scope="module")
def ontology() -> rdflib.Graph:
    return load_ontology()


def test_kg_namespace_terms_equal_the_ontology_terms(ontology):
    assert ontology_terms(ontology) == set(KG.__annotations__)
    check_vocabulary()


def test_pyoxigraph_terms_equal_the_rdflib_terms():
    assert set(kg.rdf.KG.names) == set(KG.__annotations__)


def test_a_term_missing_from_the_ontology_is_reported(tmp_path):
    text = ontology_path().read_text(encoding="utf-8")
    trimmed = tmp_path / "kg.ttl"
    trimmed.write_text(text.replace("kg:topic a owl:DatatypeProperty", "kg:topicz a owl:DatatypeProperty"),
                       encoding="utf-8")
    with pytest.raises(OntologyError, match="topic"):
        check_vocabulary(trimmed)


def test_unreadable_ontology_raises_ontology_error(tmp_path):
    broken = tmp_path / "kg.ttl"
    broken.write_text("kg:Product a owl:Class", encoding="utf-8")  # undeclared prefix
    with pytest.raises(OntologyError, match="cannot read"):
        load_ontology(broken)


def test_unknown_term_fails_loudly():
    with pytest.raises(AttributeError):
        KG.competeWith  # noqa: B018


def test_competes_with_is_symmetric_and_the_others_are_not(ontology):
    assert (KG.competesWith, RDF.type, OWL.SymmetricProperty) in ontology
    for other in (KG.threatens, KG.dependsOn, KG.developedBy, KG.versionOf, KG.featureOf):
        assert (other, RDF.type, OWL.SymmetricProperty) not in ontology


def test_model_types_have_classes_and_properties(ontology):
    for name in ENTITY_TYPES:
        assert (KG[name], RDFS.subClassOf, KG.Entity) in ontology
    for name in CLAIM_TYPES:
        assert (KG[f"{name.capitalize()}Claim"], RDFS.subClassOf, KG.Claim) in ontology
    properties = {str(s) for s in ontology.subjects(RDF.type, OWL.ObjectProperty)}
    for name in RELATION_TYPES:
        assert kg.rdf.RELATION_PREDICATES[name].value in properties


def test_schema_org_is_reused(ontology):
    assert (KG.Product, RDFS.subClassOf, SDO.Product) in ontology
    assert (KG.Organization, RDFS.subClassOf, SDO.Organization) in ontology
    assert (KG.Claim, RDFS.subClassOf, SDO.Claim) in ontology
    assert (KG.Quote, RDFS.subClassOf, SDO.Quotation) in ontology
    assert (KG.developedBy, RDFS.subPropertyOf, SDO.manufacturer) in ontology


def test_shapes_are_valid_turtle_and_target_kg_classes():
    shapes = rdflib.Graph().parse(shapes_path(), format="turtle")
    sh = rdflib.Namespace("http://www.w3.org/ns/shacl#")
    targets = set(shapes.objects(None, sh.targetClass))
    assert {KG.Entity, KG.Assertion, KG.Claim, KG.Contradiction, KG.Mention} <= targets
