"""Questions asked of the store or of a graph in memory (competitors, threats, claims, …), answered as rows."""

from __future__ import annotations

import difflib
import json
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pyoxigraph import Literal as RdfLiteral
from pyoxigraph import NamedNode, QuerySolutions, Variable

from kg.errors import UnknownEntityError, UnknownPluginError
from kg.facts import fact_types
from kg.ids import normalize_name
from kg.rdf import NAMESPACES, RELATION_PREDICATES, id_from_iri, iri
from kg.rdf_terms import KG, RDF, RDFS, SDO
from kg.sparql import sparql, sparql_stream
from kg.store import KgStore, StoredEntity, open_store

if TYPE_CHECKING:
    from kg.models import KnowledgeGraph
    from kg.query_rows import (
        ClaimRow,
        CompetitorRow,
        ContradictionRow,
        DependencyRow,
        EntityRow,
        EvidenceFields,
        ThreatRow,
    )

__all__ = ["ClaimRow", "CompetitorRow", "ContradictionRow", "DependencyRow", "EntityRow", "EvidenceFields",
           "Queryable", "ThreatRow", "as_store", "claims", "competitor_records", "competitors", "contradictions",
           "dependencies", "dependency_records", "quote_documents", "resolve_name", "select_values", "sparql",
           "sparql_stream", "threat_records", "threats"]

# what a query reads: an opened store, the folder a build wrote, or a graph in memory (a KnowledgeGraph: named
# only for type checkers, so that asking a store never imports pydantic)
if TYPE_CHECKING:
    Queryable = KgStore | KnowledgeGraph | str | Path
else:
    Queryable = KgStore | str | Path
_ROWS = ("ClaimRow", "CompetitorRow", "ContradictionRow", "DependencyRow", "EntityRow", "EvidenceFields", "ThreatRow")


def __getattr__(name: str) -> Any:
    """The row models (``kg.query.CompetitorRow`` …), imported from ``kg.query_rows`` when first asked for."""
    if name in _ROWS:
        from kg import query_rows

        return getattr(query_rows, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_XSD = NAMESPACES["xsd"]
# what each look-up reads: a relation statement, a claim, a contradiction, an evidence annotation, …
_EVIDENCE = (KG.quote, KG.start, KG.end, KG.exact, KG.inDocument)  # where a fact was read (see _evidence_of)
_ASSERTION = (RDF.type, RDF.predicate, KG.confidence, KG.rule, KG.hedged, KG.horizon, *_EVIDENCE)
_CLAIM = (RDF.type, KG.about, KG.claimType, SDO.text, KG.rule, KG.confidence, KG.value, KG.valueJson, KG.unit,
          KG.comparator, KG.horizon, KG.credibility, KG.polarity, *_EVIDENCE)
_CONTRADICTION = (RDF.type, KG.about, KG.topic, KG.rule, KG.claim)
_SIDES = {"outgoing": ((RDF.subject, RDF.object),), "incoming": ((RDF.object, RDF.subject),),
          "either": ((RDF.subject, RDF.object), (RDF.object, RDF.subject))}
_CLAIM_FIELDS = {"ctype": KG.claimType, "text": SDO.text, "rule": KG.rule, "conf": KG.confidence,
                 "valueJson": KG.valueJson, "unit": KG.unit, "comparator": KG.comparator, "horizon": KG.horizon,
                 "credibility": KG.credibility, "polarity": KG.polarity}
_REQUIRED_CLAIM_FIELDS = ("ctype", "text", "rule")


def as_store(source: Queryable) -> KgStore:
    """The store to query: ``source`` itself, the store a build wrote into a folder, a graph's in-memory store,
    or a SPARQL endpoint (an ``http(s)://`` URL that ``kg push`` loaded).

    Raises:
        StoreError: if a folder holds no store.
    """
    if isinstance(source, KgStore):
        return source
    models = sys.modules.get("kg.models")  # not imported: then no graph in memory exists to be asked
    if models is not None and isinstance(source, models.KnowledgeGraph):
        from kg.graph_store import graph_store

        return graph_store(source)
    if isinstance(source, str) and source.startswith(("http://", "https://")):
        from kg.endpoint import open_endpoint

        return open_endpoint(source)
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
    from kg.query_rows import EntityRow

    e = _resolve(as_store(store), name)
    return EntityRow(id=e.id, iri=e.iri, name=e.name, type=e.type, aliases=e.aliases)


def _resolve(kg_store: KgStore, name: str) -> StoredEntity:
    if name in kg_store.entities:
        return kg_store.entities[name]
    key = normalize_name(name)
    if key not in kg_store.names:
        raise UnknownEntityError(name, _suggestions(kg_store, key))
    return kg_store.entities[kg_store.names[key][0]]


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


def _first(props: dict[NamedNode, list], predicate: NamedNode) -> object:
    values = props.get(predicate)
    return values[0] if values else None


def _focus_ids(store: KgStore, root: StoredEntity) -> list[str]:
    """The ids of the entity and, through any chain of version/feature links, its releases and features."""
    found, todo = [root.id], [root.id]
    while todo:
        for child in store.parts.get(todo.pop(), ()):
            if child not in found:
                found.append(child)
                todo.append(child)
    return [i for i in found if i in store.entities]


def _focus(store: KgStore, root: StoredEntity) -> list[NamedNode]:
    """The IRIs of the entity, its releases and features (:func:`_focus_ids`)."""
    return [NamedNode(store.entities[i].iri) for i in _focus_ids(store, root)]


def _evidence_of(store: KgStore, facts: dict[NamedNode, dict[NamedNode, list]]) -> dict[NamedNode, list[dict]]:
    """The evidence of each fact: the quote, the exact words, their span and the document (one dict each).

    ``facts`` holds each fact's :data:`_EVIDENCE` properties: the words are the quote's text from
    ``kg:start`` to ``kg:end`` unless the fact says otherwise (``kg:exact``).
    """
    look = store.lookup
    quotes = look.objects((q for props in facts.values() for q in props.get(KG.quote, [])), (SDO.text,))
    docs = look.objects((d for props in facts.values() for d in props.get(KG.inDocument, [])), (RDFS.label,))
    out: dict[NamedNode, list[dict]] = {}
    for fact, props in facts.items():
        rows = out.setdefault(fact, [])
        for q in props.get(KG.quote, []):
            for text in quotes.get(q, {}).get(SDO.text, []):
                for start in props.get(KG.start, []):
                    for end in props.get(KG.end, []):
                        exacts = props.get(KG.exact) or [RdfLiteral(text.value[int(start.value):int(end.value)])]
                        for doc in props.get(KG.inDocument, []):
                            for name in docs.get(doc, {}).get(RDFS.label, []) or [None]:
                                rows += [{"q": q, "quote": text, "exact": exact, "start": start, "end": end,
                                          "doc": doc, "docName": name} for exact in exacts]
    return out


def _evidence(s: dict[str, Any]) -> dict[str, Any]:
    doc_id = _value(s["doc"])
    return {"quote": _value(s["quote"]), "exact": _value(s["exact"]), "start": _value(s["start"]),
            "end": _value(s["end"]), "doc": _value(s["docName"]) or doc_id, "doc_id": doc_id,
            "quote_id": _value(s["q"]),
            "rule": _value(s["rule"]), "confidence": _value(s["conf"])}


def _entity_fields(store: KgStore, term: object, field: str) -> dict[str, Any]:
    entity_id = _value(term)
    known = store.entities.get(entity_id)
    return {field: known.name if known else entity_id, f"{field}_id": entity_id}


def _distinct(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each solution once (what SELECT DISTINCT gives)."""
    return list({tuple(row.items()): row for row in rows}.values())


def _inverse(relation: str) -> str:
    """The relation read from its target's side (``threatened_by``), as ontology/facts.json phrases it."""
    return fact_types().relations[relation].inverse or f"{relation}_inverse"


def _relations(store: KgStore, root: StoredEntity, relation: str, sides: str) -> list[dict[str, Any]]:
    """The statements of type ``relation`` with the entity (or its releases and features) on ``sides``, with evidence."""
    look, wanted, focus = store.lookup, RELATION_PREDICATES[relation], _focus(store, root)
    found: list[tuple[NamedNode, NamedNode, object]] = []  # (fact, focus, far end)
    for near, far in _SIDES[sides]:
        for entity, facts in look.subjects(near, focus).items():
            far_ends = look.objects(facts, (far,))
            found += [(fact, entity, other) for fact in facts for other in far_ends.get(fact, {}).get(far, [])]
    props = look.objects(dict.fromkeys(fact for fact, _, _ in found), _ASSERTION)
    facts = {fact: p for fact, p in props.items()
             if KG.Assertion in p.get(RDF.type, []) and wanted in p.get(RDF.predicate, [])
             and p.get(KG.confidence) and p.get(KG.rule)}
    evidence = _evidence_of(store, facts)
    rows = []
    for fact, entity, other in found:
        if fact not in facts:
            continue
        p = facts[fact]
        for conf in p[KG.confidence]:
            for rule in p[KG.rule]:
                head = {"focus": entity, "other": other, "fact": fact, "conf": conf, "rule": rule,
                        "hedged": _first(p, KG.hedged), "horizon": _first(p, KG.horizon)}
                rows += [{**head, **ev} for ev in evidence.get(fact, [])]
    return _distinct(rows)


def _relation_fields(store: KgStore, s: dict[str, Any], other: str) -> dict[str, Any]:
    """Fields competitor and threat rows share; ``other`` names the far end (``competitor``, ``threat``)."""
    far_end = _entity_fields(store, s["other"], other)
    known = store.entities.get(far_end[f"{other}_id"])
    return {**_entity_fields(store, s["focus"], "entity"), **far_end,
            f"{other}_type": known.type if known else None, "relation_id": _value(s["fact"]),
            "hedged": bool(_value(s["hedged"])), **_evidence(s)}


# a side of _relations → the sides of the statement the relation index keeps rows for (kg.relation_index)
_INDEX_SIDES = {"outgoing": ("subject",), "incoming": ("object",), "either": ("subject", "object")}


def _relation_records(store: KgStore, root: StoredEntity, relation: str, sides: str,
                      other: str) -> list[tuple[dict[str, Any], str | None]]:
    """The records of :func:`_relations` (:func:`_relation_fields`, ``other`` naming the far end), each with the
    statement's horizon: from the store's relation index when it has one, else from its look-ups."""
    index = store.relation_index
    if index is None:
        return [(_relation_fields(store, s, other), _value(s["horizon"]))
                for s in _relations(store, root, relation, sides)]
    fields = ("entity", "entity_id", other, f"{other}_id", f"{other}_type", "relation_id", "hedged", "quote",
              "exact", "start", "end", "doc", "doc_id", "quote_id", "rule", "confidence")
    focus = _focus_ids(store, root)
    rows = {tuple(row): row for side in _INDEX_SIDES[sides] for row in index.rows(focus, relation, side)}
    return [(dict(zip(fields, row[:7] + row[8:])), row[7]) for row in rows.values()]  # row[7]: the horizon


def competitor_records(store: Queryable, name: str) -> list[dict[str, Any]]:
    """:func:`competitors` as plain records (the fields of ``CompetitorRow``): no pydantic on the way."""
    kg_store = as_store(store)
    root = _resolve(kg_store, name)
    rows = [fields for fields, _ in _relation_records(kg_store, root, "competes_with", "either", "competitor")]
    return sorted(rows, key=lambda r: (r["competitor"].casefold(), r["doc"], r["start"] or 0, r["relation_id"]))


def competitors(store: Queryable, name: str) -> list[CompetitorRow]:
    """Who competes with ``name`` (or its releases and features), whichever side of the statement it was on.

    Raises:
        UnknownEntityError: if the name is unknown.
    """
    from kg.query_rows import CompetitorRow

    return [CompetitorRow(**r) for r in competitor_records(store, name)]


def threat_records(store: Queryable, name: str, *, include_outgoing: bool = False) -> list[dict[str, Any]]:
    """:func:`threats` as plain records (the fields of ``ThreatRow``)."""
    kg_store = as_store(store)
    root = _resolve(kg_store, name)
    sides = [("incoming", _inverse("threatens"))] + ([("outgoing", "threatens")] if include_outgoing else [])
    rows: list[dict[str, Any]] = []
    for side, direction in sides:
        rows += [{**fields, "direction": direction, "horizon": horizon}
                 for fields, horizon in _relation_records(kg_store, root, "threatens", side, "threat")]
    return sorted(rows, key=lambda r: (r["direction"], r["threat"].casefold(), r["doc"], r["start"] or 0,
                                       r["relation_id"]))


def threats(store: Queryable, name: str, *, include_outgoing: bool = False) -> list[ThreatRow]:
    """What threatens ``name`` (and its releases and features), with the horizon when one was stated.

    Args:
        include_outgoing: also list what ``name`` itself threatens (direction ``threatens``).

    Raises:
        UnknownEntityError: if the name is unknown.
    """
    from kg.query_rows import ThreatRow

    return [ThreatRow(**r) for r in threat_records(store, name, include_outgoing=include_outgoing)]


def quote_documents(store: Queryable, quote_ids: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Every document each quote was found in (a quote repeated in two reviews is one quote in two documents)."""
    kg_store = as_store(store)
    index = kg_store.relation_index
    if index is not None:
        wanted = list(dict.fromkeys(quote_ids))
        known = index.documents(wanted)
        return {quote_id: known.get(quote_id, ()) for quote_id in wanted}
    look = kg_store.lookup
    quotes = {quote_id: iri(quote_id) for quote_id in dict.fromkeys(quote_ids)}
    sources = look.objects(quotes.values(), (KG.source,))
    places = look.objects((p for props in sources.values() for p in props[KG.source]), (KG.inDocument,))
    found = {}
    for quote_id, node in quotes.items():
        docs = {_value(d) for p in sources.get(node, {}).get(KG.source, []) for d in places.get(p, {}).get(
            KG.inDocument, [])}
        found[quote_id] = tuple(sorted(docs))
    return found


def dependency_records(store: Queryable, name: str, *, include_incoming: bool = False) -> list[dict[str, Any]]:
    """:func:`dependencies` as plain records (the fields of ``DependencyRow``)."""
    kg_store = as_store(store)
    root = _resolve(kg_store, name)
    sides = [("outgoing", "depends_on")] + ([("incoming", _inverse("depends_on"))] if include_incoming else [])
    rows: list[dict[str, Any]] = []
    for side, direction in sides:
        rows += [{**fields, "direction": direction}
                 for fields, _ in _relation_records(kg_store, root, "depends_on", side, "dependency")]
    return sorted(rows, key=lambda r: (r["direction"], r["dependency"].casefold(), r["doc"], r["start"] or 0,
                                       r["relation_id"]))


def dependencies(store: Queryable, name: str, *, include_incoming: bool = False) -> list[DependencyRow]:
    """What ``name`` (and its releases and features) depends on.

    Args:
        include_incoming: also list what depends on ``name`` (direction ``dependency_of``).

    Raises:
        UnknownEntityError: if the name is unknown.
    """
    from kg.query_rows import DependencyRow

    return [DependencyRow(**r) for r in dependency_records(store, name, include_incoming=include_incoming)]


def _claim_solutions(store: KgStore, about: dict[NamedNode, list], claim_type: str | None) -> list[dict[str, Any]]:
    """One solution per claim, entity it is about, value and evidence; ``about`` maps claims to entities
    (an empty list: every entity the claim is about)."""
    props = store.lookup.objects(about, _CLAIM)
    facts = {fact: p for fact, p in props.items()
             if KG.Claim in p.get(RDF.type, []) and all(p.get(_CLAIM_FIELDS[k]) for k in _REQUIRED_CLAIM_FIELDS)
             and (claim_type is None or RdfLiteral(claim_type) in p[KG.claimType])}
    evidence = _evidence_of(store, facts)
    rows = []
    for fact, p in facts.items():
        head = {"fact": fact, **{k: _first(p, predicate) for k, predicate in _CLAIM_FIELDS.items()}}
        for entity in about[fact] or p.get(KG.about, []):
            if entity not in p.get(KG.about, []):
                continue
            for value in p.get(KG.value) or [None]:
                rows += [{**head, "focus": entity, "value": value, **ev} for ev in evidence.get(fact, [])]
    return rows


def _claim_rows(store: KgStore, solutions: Iterable[dict[str, Any]]) -> list[ClaimRow]:
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
        rows.append(_claim_row(row, value))
    return sorted(rows, key=lambda r: (r.entity.casefold(), r.type, r.doc, r.start or 0, r.claim_id))


def _about(store: KgStore, name: str | None, cls: NamedNode) -> dict[NamedNode, list]:
    """What is about ``name`` (its releases and features included) → the entities it is about there; for
    ``None``, every instance of ``cls`` → [] (all of them)."""
    look = store.lookup
    if name is None:
        return {fact: [] for facts in look.subjects(RDF.type, (cls,)).values() for fact in facts}
    found: dict[NamedNode, list] = {}
    for entity, facts in look.subjects(KG.about, _focus(store, _resolve(store, name))).items():
        for fact in facts:
            found.setdefault(fact, []).append(entity)
    typed = look.having(found, RDF.type, cls)  # claims and contradictions are both kg:about an entity
    return {fact: entities for fact, entities in found.items() if fact in typed}


def claims(store: Queryable, name: str | None, type: str | None = None) -> list[ClaimRow]:
    """Claims about ``name`` (and its releases and features), or every claim (``None``), optionally of one type.

    Raises:
        UnknownEntityError: if the name is unknown.
        UnknownPluginError: if ``type`` is not a claim type.
    """
    claim_types = fact_types().claim_types
    if type is not None and type not in claim_types:
        raise UnknownPluginError("claim type", type, list(claim_types))
    kg_store = as_store(store)
    return _claim_rows(kg_store, _claim_solutions(kg_store, _about(kg_store, name, KG.Claim), type))


def contradictions(store: Queryable, name: str | None) -> list[ContradictionRow]:
    """Pairs of claims about ``name`` (and its releases and features), or about anything (``None``), that
    contradict each other.

    Raises:
        UnknownEntityError: if the name is unknown.
    """
    kg_store = as_store(store)
    about = _about(kg_store, name, KG.Contradiction)
    props = kg_store.lookup.objects(about, _CONTRADICTION)
    found: dict[str, dict[str, Any]] = {}
    for fact, p in props.items():
        if KG.Contradiction not in p.get(RDF.type, []) or not all(p.get(k) for k in _CONTRADICTION[2:]):
            continue
        entity = next((e for e in p.get(KG.about, []) if not about[fact] or e in about[fact]), None)
        if entity is None:
            continue
        found[_value(fact)] = {"id": _value(fact), **_entity_fields(kg_store, entity, "entity"),
                               "topic": _value(p[KG.topic][0]), "rule": _value(p[KG.rule][0]),
                               "claims": p[KG.claim]}
    claim_rows = {}
    wanted = {claim: [] for row in found.values() for claim in row["claims"]}
    for r in _claim_rows(kg_store, _claim_solutions(kg_store, wanted, None)) if wanted else []:
        claim_rows.setdefault(r.claim_id, []).append(r)
    rows = []
    for row in found.values():
        claims_of = [r for claim in dict.fromkeys(row.pop("claims")) for r in claim_rows.get(_value(claim), [])]
        rows.append(_contradiction_row(row, tuple(sorted(claims_of, key=lambda r: r.claim_id))))
    return sorted(rows, key=lambda r: (r.entity.casefold(), r.topic, r.id))


def _claim_row(fields: dict[str, Any], value: Any) -> ClaimRow:
    from kg.query_rows import ClaimRow

    return ClaimRow(**fields, value=value)


def _contradiction_row(fields: dict[str, Any], claims: tuple) -> ContradictionRow:
    from kg.query_rows import ContradictionRow

    return ContradictionRow(**fields, claims=claims)
