"""Questions asked of the store or of a graph in memory (competitors, threats, claims, …), answered as rows."""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from pyoxigraph import Literal as RdfLiteral
from pyoxigraph import NamedNode, QuerySolution, QuerySolutions, Variable

from kg.errors import UnknownEntityError, UnknownPluginError
from kg.facts import fact_types
from kg.ids import normalize_name
from kg.models import CLAIM_TYPES, KnowledgeGraph
from kg.query_rows import (
    ClaimRow,
    CompetitorRow,
    ContradictionRow,
    DependencyRow,
    EntityRow,
    EvidenceFields,
    ThreatRow,
)
from kg.rdf import NAMESPACES, RELATION_PREDICATES, id_from_iri, iri
from kg.sparql import sparql, sparql_stream
from kg.store import KgStore, open_store

__all__ = ["ClaimRow", "CompetitorRow", "ContradictionRow", "DependencyRow", "EntityRow", "EvidenceFields",
           "Queryable", "ThreatRow", "as_store", "claims", "competitors", "contradictions", "dependencies",
           "quote_documents", "resolve_name", "select_values", "sparql", "sparql_stream", "threats"]

# what a query reads: an opened store, the folder a build wrote, or a graph in memory
Queryable = KgStore | KnowledgeGraph | str | Path

_XSD = NAMESPACES["xsd"]
# the entity and, through any chain of version/feature links, its releases and features
_FOCUS = "?focus (kg:versionOf|kg:featureOf|kg:partOf)* ?root ."
_EVIDENCE = """
  ?fact kg:quote ?q ; kg:start ?start ; kg:end ?end ; kg:inDocument ?doc .
  ?q schema:text ?quote .
  OPTIONAL { ?fact kg:exact ?given }
  BIND (COALESCE(?given, SUBSTR(?quote, ?start + 1, ?end - ?start)) AS ?exact)
  OPTIONAL { ?doc rdfs:label ?docName }"""
_EVIDENCE_VARS = "?q ?quote ?exact ?start ?end ?doc ?docName ?conf ?rule"
_RELATION_QUERY = """SELECT DISTINCT ?root ?predicate ?focus ?other ?fact ?hedged ?horizon {vars} WHERE {{
  {focus}
  ?fact a kg:Assertion ; rdf:predicate ?predicate ; kg:confidence ?conf ; kg:rule ?rule .
  {sides}
  OPTIONAL {{ ?fact kg:hedged ?hedged }} OPTIONAL {{ ?fact kg:horizon ?horizon }}
  {evidence}
}}"""
_SIDES = {
    "outgoing": "?fact rdf:subject ?focus ; rdf:object ?other .",
    "incoming": "?fact rdf:object ?focus ; rdf:subject ?other .",
    "either": "{ ?fact rdf:subject ?focus ; rdf:object ?other } "
              "UNION { ?fact rdf:object ?focus ; rdf:subject ?other }",
}
_CLAIM_QUERY = """SELECT DISTINCT ?root ?ctype ?focus ?fact ?text ?value ?valueJson ?unit ?comparator ?horizon
       ?credibility ?polarity {vars} WHERE {{
  {selection}
  ?fact a kg:Claim ; kg:about ?focus ; kg:claimType ?ctype ; schema:text ?text ; kg:rule ?rule .
  OPTIONAL {{ ?fact kg:confidence ?conf }} OPTIONAL {{ ?fact kg:value ?value }}
  OPTIONAL {{ ?fact kg:valueJson ?valueJson }} OPTIONAL {{ ?fact kg:unit ?unit }}
  OPTIONAL {{ ?fact kg:comparator ?comparator }} OPTIONAL {{ ?fact kg:horizon ?horizon }}
  OPTIONAL {{ ?fact kg:credibility ?credibility }} OPTIONAL {{ ?fact kg:polarity ?polarity }}
  {evidence}
}}"""
# fixed query texts, built once; user input only ever reaches them as bound variables
_RELATION_QUERIES = {side: _RELATION_QUERY.format(vars=_EVIDENCE_VARS, focus=_FOCUS, sides=pattern,
                                                  evidence=_EVIDENCE) for side, pattern in _SIDES.items()}
_CLAIMS_ABOUT = _CLAIM_QUERY.format(vars=_EVIDENCE_VARS, selection=_FOCUS, evidence=_EVIDENCE)
_CLAIM_BY_ID = _CLAIM_QUERY.format(  # also every claim, when ?fact is not bound
    vars=_EVIDENCE_VARS, selection="", evidence=_EVIDENCE)
_QUOTE_DOCUMENTS = "SELECT DISTINCT ?q ?doc WHERE { ?q kg:source/kg:inDocument ?doc }"
_CONTRADICTION_QUERY = """SELECT DISTINCT ?root ?focus ?fact ?topic ?rule ?claim WHERE {{
  {selection}
  ?fact a kg:Contradiction ; kg:about ?focus ; kg:topic ?topic ; kg:rule ?rule ; kg:claim ?claim .
}}"""
_CONTRADICTIONS_ABOUT = _CONTRADICTION_QUERY.format(selection=_FOCUS)
_ALL_CONTRADICTIONS = _CONTRADICTION_QUERY.format(selection="")


def as_store(source: Queryable) -> KgStore:
    """The store to query: ``source`` itself, the store a build wrote into a folder, or a graph's in-memory store.

    Raises:
        StoreError: if a folder holds no store.
    """
    if isinstance(source, KgStore):
        return source
    if isinstance(source, KnowledgeGraph):
        from kg.graph_store import graph_store

        return graph_store(source)
    return open_store(source)


_as_store = as_store  # the name the SPARQL helpers use


def _suggestions(store: KgStore, key: str, limit: int = 5) -> list[str]:
    forms = list(store.names)
    close = difflib.get_close_matches(key, forms, n=limit * 2, cutoff=0.6)
    containing = sorted((f for f in forms if len(f) >= 3 and key and (key in f or f in key)),
                        key=len, reverse=True)
    names = [store.entities[eid].name for form in close + containing for eid in store.names[form]]
    return list(dict.fromkeys(names))[:limit]


def resolve_name(store: Queryable, name: str) -> EntityRow:
    """The entity ``name`` means: a canonical name or alias in any case and spacing, or an entity id.

    Raises:
        UnknownEntityError: with the closest known names as suggestions.
    """
    kg_store = as_store(store)
    if name in kg_store.entities:
        entity_id = name
    else:
        key = normalize_name(name)
        if key not in kg_store.names:
            raise UnknownEntityError(name, _suggestions(kg_store, key))
        entity_id = kg_store.names[key][0]
    e = kg_store.entities[entity_id]
    return EntityRow(id=e.id, iri=e.iri, name=e.name, type=e.type, aliases=e.aliases)


def _select(store: KgStore, query: str, **bindings: NamedNode | RdfLiteral) -> QuerySolutions:
    """Run a fixed query with user values bound as RDF terms (never pasted into the query text)."""
    substitutions = {Variable(name): term for name, term in bindings.items()}
    result = store.oxigraph.query(query, prefixes=NAMESPACES, use_default_graph_as_union=True,
                                  substitutions=substitutions)
    assert isinstance(result, QuerySolutions)
    return result


def select_values(store: KgStore, query: str, **bindings: NamedNode | RdfLiteral) -> Iterator[dict[str, Any]]:
    """Run a fixed SELECT query (kg's prefixes predefined, all graphs) and yield each solution as Python values."""
    solutions = _select(store, query, **bindings)
    columns = [v.value for v in solutions.variables]
    for s in solutions:
        yield {c: _value(s[c]) for c in columns}


def _value(term: object) -> Any:
    """A Python value for an RDF term: numbers, booleans and strings from literals, ids from kg IRIs."""
    if term is None:
        return None
    if isinstance(term, NamedNode):
        return id_from_iri(term)
    if isinstance(term, RdfLiteral):
        datatype = term.datatype.value
        if datatype == _XSD + "boolean":
            return term.value == "true"
        if datatype in (_XSD + "double", _XSD + "float", _XSD + "decimal"):
            return float(term.value)
        if datatype in (_XSD + "integer", _XSD + "nonNegativeInteger"):
            return int(term.value)
        return term.value
    return str(term)


def _evidence(s: QuerySolution) -> dict[str, Any]:
    doc_id = _value(s["doc"])
    return {"quote": _value(s["quote"]), "exact": _value(s["exact"]), "start": _value(s["start"]),
            "end": _value(s["end"]), "doc": _value(s["docName"]) or doc_id, "doc_id": doc_id,
            "quote_id": _value(s["q"]),
            "rule": _value(s["rule"]), "confidence": _value(s["conf"])}


def _entity_fields(store: KgStore, term: object, field: str) -> dict[str, Any]:
    entity_id = _value(term)
    known = store.entities.get(entity_id)
    return {field: known.name if known else entity_id, f"{field}_id": entity_id}


def _relations(store: KgStore, root: EntityRow, relation: str, sides: str) -> Iterator[QuerySolution]:
    return _select(store, _RELATION_QUERIES[sides], root=NamedNode(root.iri), predicate=RELATION_PREDICATES[relation])


def _inverse(relation: str) -> str:
    """The relation read from its target's side (``threatened_by``), as ontology/facts.json phrases it."""
    return fact_types().relations[relation].inverse or f"{relation}_inverse"


def _relation_fields(store: KgStore, s: QuerySolution, other: str) -> dict[str, Any]:
    """Fields competitor and threat rows share; ``other`` names the far end (``competitor``, ``threat``)."""
    far_end = _entity_fields(store, s["other"], other)
    known = store.entities.get(far_end[f"{other}_id"])
    return {**_entity_fields(store, s["focus"], "entity"), **far_end,
            f"{other}_type": known.type if known else None, "relation_id": _value(s["fact"]),
            "hedged": bool(_value(s["hedged"])), **_evidence(s)}


def competitors(store: Queryable, name: str) -> list[CompetitorRow]:
    """Who competes with ``name`` (or its releases and features), whichever side of the statement it was on.

    Raises:
        UnknownEntityError: if the name is unknown.
    """
    kg_store = as_store(store)
    root = resolve_name(kg_store, name)
    rows = [CompetitorRow(**_relation_fields(kg_store, s, "competitor"))
            for s in _relations(kg_store, root, "competes_with", "either")]
    return sorted(rows, key=lambda r: (r.competitor.casefold(), r.doc, r.start or 0, r.relation_id))


def threats(store: Queryable, name: str, *, include_outgoing: bool = False) -> list[ThreatRow]:
    """What threatens ``name`` (and its releases and features), with the horizon when one was stated.

    Args:
        include_outgoing: also list what ``name`` itself threatens (direction ``threatens``).

    Raises:
        UnknownEntityError: if the name is unknown.
    """
    kg_store = as_store(store)
    root = resolve_name(kg_store, name)
    sides = [("incoming", _inverse("threatens"))] + ([("outgoing", "threatens")] if include_outgoing else [])
    rows: list[ThreatRow] = []
    for side, direction in sides:
        rows += [ThreatRow(**_relation_fields(kg_store, s, "threat"), direction=direction,
                           horizon=_value(s["horizon"]))
                 for s in _relations(kg_store, root, "threatens", side)]
    return sorted(rows, key=lambda r: (r.direction, r.threat.casefold(), r.doc, r.start or 0, r.relation_id))


def quote_documents(store: Queryable, quote_ids: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Every document each quote was found in (a quote repeated in two reviews is one quote in two documents)."""
    kg_store = as_store(store)
    found = {}
    for quote_id in dict.fromkeys(quote_ids):
        docs = [r["doc"] for r in select_values(kg_store, _QUOTE_DOCUMENTS, q=iri(quote_id))]
        found[quote_id] = tuple(sorted(docs))
    return found


def dependencies(store: Queryable, name: str, *, include_incoming: bool = False) -> list[DependencyRow]:
    """What ``name`` (and its releases and features) depends on.

    Args:
        include_incoming: also list what depends on ``name`` (direction ``dependency_of``).

    Raises:
        UnknownEntityError: if the name is unknown.
    """
    kg_store = as_store(store)
    root = resolve_name(kg_store, name)
    sides = [("outgoing", "depends_on")] + ([("incoming", _inverse("depends_on"))] if include_incoming else [])
    rows: list[DependencyRow] = []
    for side, direction in sides:
        rows += [DependencyRow(**_relation_fields(kg_store, s, "dependency"), direction=direction)
                 for s in _relations(kg_store, root, "depends_on", side)]
    return sorted(rows, key=lambda r: (r.direction, r.dependency.casefold(), r.doc, r.start or 0, r.relation_id))


def _claim_rows(store: KgStore, solutions: Iterator[QuerySolution]) -> list[ClaimRow]:
    """One row per claim; a claim's several kg:value bindings are folded into one value."""
    fields: dict[str, dict[str, Any]] = {}
    values: dict[str, list[Any]] = {}
    for s in solutions:
        claim_id = _value(s["fact"])
        if claim_id not in fields:
            optional = ("unit", "comparator", "horizon", "credibility", "polarity")
            fields[claim_id] = {**_entity_fields(store, s["focus"], "entity"), "claim_id": claim_id,
                                "type": _value(s["ctype"]), "text": _value(s["text"]),
                                "json": _value(s["valueJson"]), **{k: _value(s[k]) for k in optional},
                                **_evidence(s)}
        if s["value"] is not None and _value(s["value"]) not in values.setdefault(claim_id, []):
            values[claim_id].append(_value(s["value"]))
    rows = []
    for claim_id, row in fields.items():
        raw_json, found = row.pop("json"), values.get(claim_id, [])
        value = json.loads(raw_json) if raw_json else (found[0] if len(found) == 1 else found or None)
        rows.append(ClaimRow(**row, value=value))
    return sorted(rows, key=lambda r: (r.entity.casefold(), r.type, r.doc, r.start or 0, r.claim_id))


def claims(store: Queryable, name: str | None, type: str | None = None) -> list[ClaimRow]:
    """Claims about ``name`` (and its releases and features), or every claim (``None``), optionally of one type.

    Raises:
        UnknownEntityError: if the name is unknown.
        UnknownPluginError: if ``type`` is not a claim type.
    """
    if type is not None and type not in CLAIM_TYPES:
        raise UnknownPluginError("claim type", type, list(CLAIM_TYPES))
    kg_store = as_store(store)
    bindings: dict[str, NamedNode | RdfLiteral] = {}
    if name is not None:
        bindings["root"] = NamedNode(resolve_name(kg_store, name).iri)
    if type is not None:
        bindings["ctype"] = RdfLiteral(type)
    return _claim_rows(kg_store, _select(kg_store, _CLAIMS_ABOUT if name is not None else _CLAIM_BY_ID, **bindings))


def contradictions(store: Queryable, name: str | None) -> list[ContradictionRow]:
    """Pairs of claims about ``name`` (and its releases and features), or about anything (``None``), that
    contradict each other.

    Raises:
        UnknownEntityError: if the name is unknown.
    """
    kg_store = as_store(store)
    bindings = {"root": NamedNode(resolve_name(kg_store, name).iri)} if name is not None else {}
    found: dict[str, dict[str, Any]] = {}
    for s in _select(kg_store, _CONTRADICTIONS_ABOUT if name is not None else _ALL_CONTRADICTIONS, **bindings):
        row = found.setdefault(_value(s["fact"]), {
            "id": _value(s["fact"]), **_entity_fields(kg_store, s["focus"], "entity"),
            "topic": _value(s["topic"]), "rule": _value(s["rule"]), "claims": []})
        row["claims"].append(s["claim"])
    rows = []
    for row in found.values():
        claim_rows = [r for claim in dict.fromkeys(row.pop("claims"))
                      for r in _claim_rows(kg_store, _select(kg_store, _CLAIM_BY_ID, fact=claim))]
        rows.append(ContradictionRow(**row, claims=tuple(sorted(claim_rows, key=lambda r: r.claim_id))))
    return sorted(rows, key=lambda r: (r.entity.casefold(), r.topic, r.id))
