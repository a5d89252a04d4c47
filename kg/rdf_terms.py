"""The RDF terms kg writes: namespaces, closed tables of vocabulary IRIs, and literals any syntax can carry."""

from __future__ import annotations

import json
import math
import re

from pyoxigraph import Literal, NamedNode

from kg.models import CLAIM_TYPES, ENTITY_TYPES, RELATION_TYPES

__all__ = ["CLAIM_CLASSES", "DCTERMS", "ENTITY_CLASSES", "ID_BASE", "ID_KINDS", "KG", "KG_NS", "NAMESPACES", "OA",
           "PREFIXES", "PROV", "RDF", "RDFS", "RELATION_PREDICATES", "SDO", "SKOS", "XSD", "bool_literal",
           "double_literal", "integer_literal", "json_literal", "scalar_literal", "string_literal", "text_literal"]

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

    def __init__(self, base: str, names: str) -> None:
        self._base = base
        self.names = tuple(names.split())
        for name in self.names:
            setattr(self, name, NamedNode(base + name))

    def __getattr__(self, name: str) -> NamedNode:  # only called for names that were not declared
        raise AttributeError(f"{name!r} is not a declared term of <{self._base}>")


KG = _Terms(KG_NS, """
    Entity Product Organization Technology License Benchmark Platform Document Quote QuoteSource QuoteSelector Run
    Assertion Claim MetricClaim PricingClaim LicenseClaim PlatformClaim PredictionClaim CredibilityClaim
    DependencyClaim CapabilityClaim LimitationClaim RiskClaim ComparisonClaim BusinessClaim Contradiction
    Evidence Mention competesWith threatens dependsOn developedBy partOf versionOf featureOf about evidence
    quote source inDocument claim confidence rule horizon hedged claimType value valueJson unit comparator
    credibility polarity topic discovered perspective stance verdict subjectRule subjectConfidence
    subjectHint index path format candidate kgVersion catalog model input documentCount quoteCount
    skippedCount""")
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
RELATION_PREDICATES: dict[str, NamedNode] = {
    name: getattr(KG, "".join(w.capitalize() if i else w for i, w in enumerate(name.split("_"))))
    for name in RELATION_TYPES
}
CLAIM_CLASSES: dict[str, NamedNode] = {name: getattr(KG, f"{name.capitalize()}Claim") for name in CLAIM_TYPES}


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
