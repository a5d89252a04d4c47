"""The RDF vocabulary as rdflib namespaces: ``KG`` holds the terms ``ontology/kg.ttl`` declares, as rdflib terms."""

from __future__ import annotations

from pathlib import Path

from rdflib import Graph, Namespace, URIRef
from rdflib.namespace import DCTERMS, OWL, PROV, RDF, RDFS, SDO, SKOS, XSD, DefinedNamespace

from kg.errors import OntologyError
from kg.paths import ontology_dir
from kg.rdf_terms import KG as TERMS
from kg.rdf_terms import KG_NS

__all__ = ["DCTERMS", "ID", "KG", "OA", "OWL", "PREFIXES", "PROV", "RDF", "RDFS", "SDO", "SKOS", "XSD",
           "check_vocabulary", "load_ontology", "ontology_path", "ontology_terms", "shapes_path"]

OA = Namespace("http://www.w3.org/ns/oa#")
ID = Namespace("https://w3id.org/kg/id/")


# kg's own terms (``https://w3id.org/kg/ontology#``), those of kg.ttl and ontology/facts.json (see kg.rdf_terms);
# an unknown attribute raises AttributeError
KG = type("KG", (DefinedNamespace,), {
    "__doc__": "kg's own terms (``https://w3id.org/kg/ontology#``); an unknown attribute raises AttributeError.",
    "_fail": True, "_NS": Namespace(KG_NS), "__annotations__": dict.fromkeys(TERMS.names, URIRef)})


PREFIXES: dict[str, str] = {
    "kg": str(KG._NS), "schema": str(SDO), "oa": str(OA), "prov": str(PROV), "skos": str(SKOS),
    "dcterms": str(DCTERMS), "rdf": str(RDF), "rdfs": str(RDFS), "owl": str(OWL), "xsd": str(XSD),
}


def ontology_path() -> Path:
    """Path of ``ontology/kg.ttl``."""
    return ontology_dir() / "kg.ttl"


def shapes_path() -> Path:
    """Path of ``ontology/shapes.ttl`` (the SHACL shapes exports must pass)."""
    return ontology_dir() / "shapes.ttl"


def load_ontology(path: str | Path | None = None) -> Graph:
    """Parse the ontology into an rdflib graph.

    Raises:
        OntologyError: if the file is missing or is not valid Turtle.
    """
    path = Path(path) if path else ontology_path()
    try:
        return Graph().parse(path, format="turtle")
    except (OSError, SyntaxError, ValueError) as err:
        raise OntologyError(f"{path}: cannot read the ontology: {err}") from err


def ontology_terms(graph: Graph) -> set[str]:
    """Local names of the ``kg:`` classes and properties the ontology declares."""
    kinds = {OWL.Class, RDFS.Class, OWL.ObjectProperty, OWL.DatatypeProperty, RDF.Property,
             OWL.SymmetricProperty, OWL.AnnotationProperty}
    base = str(KG._NS)
    return {str(s)[len(base):] for s, _, kind in graph.triples((None, RDF.type, None))
            if kind in kinds and str(s).startswith(base) and len(str(s)) > len(base)}


def check_vocabulary(path: str | Path | None = None) -> None:
    """Check that ``KG`` and the ontology file declare the same terms.

    Raises:
        OntologyError: naming the terms only one side declares.
    """
    declared = ontology_terms(load_ontology(path))
    coded = set(KG.__annotations__)
    if declared != coded:
        raise OntologyError(
            f"{path or ontology_path()}: kg/vocab.py and the ontology disagree; "
            f"only in the ontology: {sorted(declared - coded)}; "
            f"only in kg/vocab.py: {sorted(coded - declared)}")
