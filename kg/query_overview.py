"""What the graph holds: every entity with its connections, and counts of each kind and type."""

from __future__ import annotations

from collections import Counter

from kg.errors import UnknownPluginError
from kg.models import CLAIM_TYPES, ENTITY_TYPES, RELATION_TYPES
from kg.query import Queryable, as_store, select_values
from kg.query_rows import EntityOverviewRow, StatRow
from kg.rdf import RELATION_PREDICATES, id_from_iri

__all__ = ["entities", "stats"]

_EITHER_SIDE = "{ ?fact rdf:subject ?e ; rdf:object ?other } UNION { ?fact rdf:object ?e ; rdf:subject ?other }"
# one key per span of a quote: two rules that find the same name at the same place make one mention
_MENTION = """?m a kg:Mention ; kg:refersTo ?e ; kg:quote ?q ; kg:start ?s .
  BIND (CONCAT(STR(?q), "#", STR(?s)) AS ?key)"""
# per-entity counts: column name → query giving ?e and ?n
_ENTITY_COUNTS = {
    "degree": f"""SELECT ?e (COUNT(DISTINCT ?other) AS ?n) WHERE {{
  ?fact a kg:Assertion . {_EITHER_SIDE} FILTER (?other != ?e) }} GROUP BY ?e""",
    "relations": f"""SELECT ?e (COUNT(DISTINCT ?fact) AS ?n) WHERE {{
  ?fact a kg:Assertion . {_EITHER_SIDE} }} GROUP BY ?e""",
    "competitors": f"""SELECT ?e (COUNT(DISTINCT ?other) AS ?n) WHERE {{
  ?fact a kg:Assertion ; rdf:predicate kg:competesWith . {_EITHER_SIDE} }} GROUP BY ?e""",
    "threats": """SELECT ?e (COUNT(DISTINCT ?other) AS ?n) WHERE {
  ?fact a kg:Assertion ; rdf:predicate kg:threatens ; rdf:object ?e ; rdf:subject ?other } GROUP BY ?e""",
    "dependencies": """SELECT ?e (COUNT(DISTINCT ?other) AS ?n) WHERE {
  ?fact a kg:Assertion ; rdf:predicate kg:dependsOn ; rdf:subject ?e ; rdf:object ?other } GROUP BY ?e""",
    "claims": "SELECT ?e (COUNT(DISTINCT ?c) AS ?n) WHERE { ?c a kg:Claim ; kg:about ?e } GROUP BY ?e",
    "contradictions": """SELECT ?e (COUNT(DISTINCT ?x) AS ?n) WHERE {
  ?x a kg:Contradiction ; kg:about ?e } GROUP BY ?e""",
    "mentions": f"SELECT ?e (COUNT(DISTINCT ?key) AS ?n) WHERE {{ {_MENTION} }} GROUP BY ?e",
    "documents": """SELECT ?e (COUNT(DISTINCT ?doc) AS ?n) WHERE {
  ?m a kg:Mention ; kg:refersTo ?e ; kg:quote/dcterms:isPartOf ?doc } GROUP BY ?e""",
}
_DISCOVERED = "SELECT ?e WHERE { ?e kg:discovered true }"
_COUNT = "SELECT (COUNT(DISTINCT ?x) AS ?n) WHERE {{ ?x a {cls} }}"
_BY_TYPE = {
    "relation": "SELECT ?t (COUNT(DISTINCT ?x) AS ?n) WHERE { ?x a kg:Assertion ; rdf:predicate ?t } GROUP BY ?t",
    "claim": "SELECT ?t (COUNT(DISTINCT ?x) AS ?n) WHERE { ?x a kg:Claim ; kg:claimType ?t } GROUP BY ?t",
}
_MENTIONS = f"SELECT (COUNT(DISTINCT ?key) AS ?n) WHERE {{ {_MENTION} }}"
_RELATION_NAMES = {id_from_iri(predicate): name for name, predicate in RELATION_PREDICATES.items()}


def entities(store: Queryable, type: str | None = None) -> list[EntityOverviewRow]:
    """Every entity (or every entity of one type) with its degree and its relation, claim and mention counts.

    Sorted by degree, then claims, then mentions (most first), then name.

    Raises:
        UnknownPluginError: if ``type`` is not an entity type.
    """
    if type is not None and type not in ENTITY_TYPES:
        raise UnknownPluginError("entity type", type, list(ENTITY_TYPES))
    kg_store = as_store(store)
    counts = {column: {r["e"]: r["n"] for r in select_values(kg_store, query)}
              for column, query in _ENTITY_COUNTS.items()}
    discovered = {r["e"] for r in select_values(kg_store, _DISCOVERED)}
    rows = []
    for e in kg_store.entities.values():
        if type is not None and e.type != type:
            continue
        parent = kg_store.entities.get(e.part_of) if e.part_of else None
        rows.append(EntityOverviewRow(
            id=e.id, name=e.name, type=e.type, aliases=e.aliases, discovered=e.id in discovered,
            part_of=parent.name if parent else e.part_of,
            **{column: found.get(e.id, 0) for column, found in counts.items()}))
    return sorted(rows, key=lambda r: (-r.degree, -r.claims, -r.mentions, r.name.casefold(), r.id))


def stats(store: Queryable) -> list[StatRow]:
    """How many documents, quotes, entities, relations, claims, contradictions and mentions the graph holds.

    Entities, relations and claims are counted per type, every known type listed (zero included).
    """
    kg_store = as_store(store)

    def count(cls: str) -> int:
        return next(select_values(kg_store, _COUNT.format(cls=cls)))["n"]

    by_type: dict[str, Counter] = {"entity": Counter(e.type for e in kg_store.entities.values())}
    for kind, query in _BY_TYPE.items():
        by_type[kind] = Counter({r["t"]: r["n"] for r in select_values(kg_store, query)})
    by_type["relation"] = Counter({_RELATION_NAMES.get(t, t): n for t, n in by_type["relation"].items()})
    rows = [StatRow(kind="document", type=None, count=count("kg:Document")),
            StatRow(kind="quote", type=None, count=count("kg:Quote"))]
    for kind, known in (("entity", ENTITY_TYPES), ("relation", RELATION_TYPES), ("claim", CLAIM_TYPES)):
        found = by_type[kind]
        rows += [StatRow(kind=kind, type=t, count=found.get(t, 0)) for t in (*known, *sorted(set(found) - set(known)))]
    rows += [StatRow(kind="contradiction", type=None, count=count("kg:Contradiction")),
             StatRow(kind="mention", type=None, count=next(select_values(kg_store, _MENTIONS))["n"])]
    return rows
