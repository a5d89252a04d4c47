"""The RDF terms kg writes: namespaces, closed tables of vocabulary IRIs, and literals any syntax can carry."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

from pyoxigraph import Literal, NamedNode, RdfFormat, parse

from kg.errors import OntologyError
from kg.facts import ENTITY_TYPES, fact_types
from kg.paths import ontology_dir

__all__ = ["CLAIM_CLASSES", "DCTERMS", "ENTITY_CLASSES", "ID_BASE", "ID_KINDS", "KG", "KG_NS", "NAMESPACES", "OA",
           "PREFIXES", "PROV", "RDF", "RDFS", "RELATION_PREDICATES", "SDO", "SKOS", "XSD", "bool_literal",
           "double_literal", "integer_literal", "json_literal", "ontology_terms", "scalar_literal", "string_literal",
           "text_literal"]

KG_NS = "https://w3id.org/kg/ontology#"
ID_BASE = "https://w3id.org/kg/id/"
NAMESPACES: dict[str, str] = {
    "kg": KG_NS, "schema": "https://schema.org/", "oa": "http://www.w3.org/ns/oa#",
    "prov": "http://www.w3.org/ns/prov#", "skos": "http://www.w3.org/2004/02/skos/core#",
    "dcterms": "http://purl.org/dc/terms/", "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "rdfs": "http://www.w3.org/2000/01/rdf-schema#", "xsd": "http://www.w3.org/2001/XMLSchema#",
}
# instance prefixes: in Turtle, <https://w3id.org/kg/id/ent/qdrant> reads as ent:qdrant, its model id
ID_KINDS = ("ent", "rel", "claim", "contra", "q", "doc", "mention", "run", "agent")
PREFIXES: dict[str, str] = {**NAMESPACES, **{kind: f"{ID_BASE}{kind}/" for kind in ID_KINDS}}
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


class _Terms:
    """A closed set of terms of one namespace as pyoxigraph NamedNodes; a typo raises AttributeError."""

    def __init__(self, base: str, names: str | tuple[str, ...]) -> None:
        self._base = base
        self.names = tuple(names.split()) if isinstance(names, str) else names
        for name in self.names:
            setattr(self, name, NamedNode(base + name))

    def __getattr__(self, name: str) -> NamedNode:  # only called for names that were not declared
        raise AttributeError(f"{name!r} is not a declared term of <{self._base}>")


_DECLARING = {f"http://www.w3.org/2002/07/owl#{kind}" for kind in ("Class", "ObjectProperty", "DatatypeProperty",
                                                           "SymmetricProperty", "AnnotationProperty")}
_DECLARING |= {f"{NAMESPACES['rdfs']}Class", f"{NAMESPACES['rdf']}Property"}


def ontology_terms(path: Path | None = None) -> tuple[str, ...]:
    """Local names of the ``kg:`` classes and properties ``ontology/kg.ttl`` declares, sorted.

    Raises:
        OntologyError: if the file is missing or is not valid Turtle.
    """
    path = path or ontology_dir() / "kg.ttl"
    rdf_type = f"{NAMESPACES['rdf']}type"
    try:
        triples = list(parse(path=path, format=RdfFormat.TURTLE))
    except (OSError, SyntaxError, ValueError) as err:
        raise OntologyError(f"{path}: cannot read the ontology: {err}") from err
    return tuple(sorted({t.subject.value[len(KG_NS):] for t in triples
                         if t.predicate.value == rdf_type and t.object.value in _DECLARING
                         and isinstance(t.subject, NamedNode) and t.subject.value.startswith(KG_NS)
                         and len(t.subject.value) > len(KG_NS)}))


_FACTS = fact_types()
# kg.ttl's terms, plus the relation predicates and claim classes a fact type declares (ontology/facts.json)
KG = _Terms(KG_NS, tuple(sorted({*ontology_terms(), *(r.iri for r in _FACTS.relations.values()),
                                 *(c.cls for c in _FACTS.claims.values())})))
RDF = _Terms(NAMESPACES["rdf"], "type subject predicate object JSON")
RDFS = _Terms(NAMESPACES["rdfs"], "label")
XSD = _Terms(NAMESPACES["xsd"], "double boolean integer nonNegativeInteger")
SKOS = _Terms(NAMESPACES["skos"], "prefLabel altLabel")
SDO = _Terms(NAMESPACES["schema"], "text about description author datePublished alternativeHeadline "
                                   "manufacturer softwareVersion minValue maxValue")
OA = _Terms(NAMESPACES["oa"], "Annotation SpecificResource TextQuoteSelector TextPositionSelector hasBody "
                              "hasTarget hasSource hasSelector refinedBy exact prefix suffix start end "
                              "motivatedBy describing identifying")
PROV = _Terms(NAMESPACES["prov"], "Activity SoftwareAgent used wasAssociatedWith wasGeneratedBy "
                                  "wasDerivedFrom")
DCTERMS = _Terms(NAMESPACES["dcterms"], "title identifier isPartOf source")

ENTITY_CLASSES = {name: getattr(KG, name) for name in ENTITY_TYPES}
RELATION_PREDICATES: dict[str, NamedNode] = {name: getattr(KG, r.iri) for name, r in _FACTS.relations.items()}
CLAIM_CLASSES: dict[str, NamedNode] = {name: getattr(KG, c.cls) for name, c in _FACTS.claims.items()}


def string_literal(text: str) -> Literal:
    """A string literal; a lone surrogate (which no RDF syntax can carry) becomes U+FFFD."""
    return Literal(_LONE_SURROGATE.sub("\ufffd", text))


def text_literal(value: object) -> Literal | None:
    """A string literal of ``str(value)``; None for None."""
    return None if value is None else string_literal(str(value))


def double_literal(value: float) -> Literal:
    """An xsd:double literal, with NaN and ±INF in their XSD spelling."""
    number = float(value)
    if math.isnan(number):
        lexical = "NaN"
    elif math.isinf(number):
        lexical = "INF" if number > 0 else "-INF"
    else:
        lexical = repr(number)
    return Literal(lexical, datatype=XSD.double)


def bool_literal(value: bool) -> Literal:
    """An xsd:boolean literal."""
    return Literal("true" if value else "false", datatype=XSD.boolean)


def integer_literal(value: int, datatype: NamedNode = XSD.integer) -> Literal:
    """An integer literal (xsd:integer unless ``datatype`` says otherwise)."""
    return Literal(str(int(value)), datatype=datatype)


def scalar_literal(value: object) -> Literal | None:
    """A boolean, double or string literal for a scalar; None for anything else."""
    if isinstance(value, bool):
        return bool_literal(value)
    if isinstance(value, int | float):
        return double_literal(value)
    return string_literal(value) if isinstance(value, str) else None


def json_literal(value: object) -> Literal:
    """An rdf:JSON literal: sorted keys, no spaces, non-ASCII kept, lone surrogates replaced by U+FFFD."""
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return Literal(_LONE_SURROGATE.sub("\ufffd", text), datatype=RDF.JSON)
