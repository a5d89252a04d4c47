"""The property graph: a KnowledgeGraph as a networkx MultiDiGraph of entities, claims and their edges."""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from typing import Any

import networkx as nx

from kg.errors import ExportError
from kg.facts import fact_types
from kg.models import SYMMETRIC_RELATIONS, Evidence, KnowledgeGraph, Relation

__all__ = ["CLAIM_LABEL_CHARS", "attribute_types", "flatten", "node_labels", "relation_styles", "to_networkx",
           "upper_snake"]

CLAIM_LABEL_CHARS = 48  # claim nodes show their text cut to this many characters


def to_networkx(kg: KnowledgeGraph) -> nx.MultiDiGraph:
    """Build the property graph of ``kg``; a pure function, the same input gives the same graph.

    Nodes are entities (``kind="entity"``) and claims (``kind="claim"``), keyed by their ids.
    Edges are keyed by a stable id and carry ``kind``:

    * ``relation``: one edge per extracted relation, keyed by the relation id, ``rel``/``label`` = its
      type. ``competes_with`` is symmetric: it is still one directed edge per statement (the direction
      it was stated in) with ``symmetric=True``; readers should treat such edges as undirected.
    * ``about``: claim → the entity it is about, keyed ``about:<claim id>``.
    * ``contradicts``: claim_a → claim_b, keyed by the contradiction id.

    Nodes and edges are inserted in sorted order, and ``None``/empty values are left out.

    Raises:
        ExportError: if a relation, claim or contradiction refers to an id the graph does not hold.
    """
    graph = nx.MultiDiGraph(name="kg", kg_version=kg.run.kg_version, model=kg.run.model)
    if kg.run.catalog:
        graph.graph["catalog"] = kg.run.catalog
    docs = {d.id: d.name for d in kg.documents}
    mentions: dict[str, int] = {}
    for mention in kg.mentions:
        mentions[mention.entity_id] = mentions.get(mention.entity_id, 0) + 1

    for e in sorted(kg.entities, key=lambda e: e.id):
        graph.add_node(e.id, **_clean({
            "kind": "entity", "label": e.name, "name": e.name, "type": e.type, "aliases": list(e.aliases),
            "discovered": e.discovered, "maker": e.maker, "part_of": e.part_of, "part_kind": e.part_kind,
            "description": e.description, "mentions": mentions.get(e.id, 0),
        }))
    for c in sorted(kg.claims, key=lambda c: c.id):
        _need(graph, c.about, c.id)
        graph.add_node(c.id, **_clean({
            "kind": "claim", "label": _short(c.text), "text": c.text, "claim_type": c.type, "about": c.about,
            "value": c.value, "unit": c.unit, "comparator": c.comparator, "horizon": c.horizon,
            "credibility": c.credibility, "polarity": c.polarity, **_evidence(c.evidence, docs),
        }))

    for r in sorted(kg.relations, key=lambda r: r.id):
        _need(graph, r.source, r.id)
        _need(graph, r.target, r.id)
        graph.add_edge(r.source, r.target, key=r.id, **_relation_attrs(r, docs))
    for c in sorted(kg.claims, key=lambda c: c.id):
        graph.add_edge(c.id, c.about, key=f"about:{c.id}", **_clean({
            "kind": "about", "rel": "about", "label": "about", "claim_type": c.type,
            "confidence": c.evidence.confidence, "weight": c.evidence.confidence, "symmetric": False,
        }))
    claim_ids = {c.id for c in kg.claims}
    for x in sorted(kg.contradictions, key=lambda x: x.id):
        for claim_id in (x.claim_a, x.claim_b):
            if claim_id not in claim_ids:
                raise ExportError(f"contradiction {x.id} refers to unknown claim {claim_id!r}")
        graph.add_edge(x.claim_a, x.claim_b, key=x.id, **_clean({
            "kind": "contradicts", "rel": "contradicts", "label": "contradicts", "rule": x.rule,
            "topic": x.topic, "about": x.about, "symmetric": True,
        }))
    return graph


def relation_styles() -> dict[str, dict[str, Any]]:
    """How viewers show each relation type (``ontology/facts.json``): its label, colour and symmetry."""
    return {name: {"label": r.label, "colour": r.colour, "symmetric": r.symmetric}
            for name, r in fact_types().relations.items()}


def _relation_attrs(r: Relation, docs: Mapping[str, str]) -> dict[str, Any]:
    return _clean({
        "kind": "relation", "rel": r.type, "label": r.type,
        "confidence": r.confidence, "weight": r.confidence,
        "horizon": r.horizon, "hedged": r.hedged, "symmetric": r.type in SYMMETRIC_RELATIONS,
        **_evidence(r.evidence, docs),
    })


def _evidence(ev: Evidence, docs: Mapping[str, str]) -> dict[str, Any]:
    return {"confidence": ev.confidence, "rule": ev.rule, "quote": ev.quote_id, "doc": ev.doc_id,
            "doc_name": docs.get(ev.doc_id), "start": ev.start, "end": ev.end, "evidence": ev.text}


def _need(graph: nx.MultiDiGraph, node: str, fact: str) -> None:
    if node not in graph:
        raise ExportError(f"{fact} refers to unknown entity {node!r}; the knowledge graph is inconsistent")


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= CLAIM_LABEL_CHARS else text[: CLAIM_LABEL_CHARS - 1].rstrip() + "\u2026"


def _clean(attrs: dict[str, Any]) -> dict[str, Any]:
    """Drop None, empty strings and empty collections, so no exporter writes an empty value."""
    return {k: v for k, v in attrs.items() if v is not None and v != "" and v != [] and v != {}}


def upper_snake(name: str) -> str:
    """A relation type as a Cypher relationship type: ``competes_with`` → ``COMPETES_WITH``."""
    out = "".join(ch if ch.isascii() and ch.isalnum() else "_" for ch in name).strip("_").upper()
    return out or "RELATED"


def node_labels(data: Mapping[str, Any]) -> tuple[str, ...]:
    """Property-graph labels of a node: ``("Entity", "Product")`` or ``("Claim",)``."""
    if data.get("kind") == "claim":
        return ("Claim",)
    kind_type = str(data.get("type", "Thing"))
    return ("Entity", kind_type) if kind_type != "Entity" else ("Entity",)


def attribute_types(items: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """One type per attribute name over all ``items``: ``boolean``, ``long``, ``double`` or ``string``.

    All-bool → boolean, all-int → long, ints mixed with floats → double; anything else (text, lists,
    dicts, a mix of kinds) → string, which ``flatten`` then JSON-encodes.
    """
    seen: dict[str, set[str]] = {}
    for data in items:
        for name, value in data.items():
            seen.setdefault(name, set()).add(_kind(value))
    types = {}
    for name, kinds in sorted(seen.items()):
        if kinds == {"boolean"}:
            types[name] = "boolean"
        elif kinds == {"long"}:
            types[name] = "long"
        elif kinds <= {"long", "double"}:
            types[name] = "double"
        else:
            types[name] = "string"
    return types


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "long"
    if isinstance(value, float):
        return "double"
    return "string"


def flatten(value: Any, type_: str) -> str:
    """``value`` as the text of an attribute declared ``type_`` (see ``attribute_types``).

    Booleans are ``true``/``false``, doubles use Python's shortest round-trip form (``NaN``, ``INF``,
    ``-INF`` for non-finite values), and non-text values of string attributes become JSON.
    """
    if type_ == "boolean":
        return "true" if value else "false"
    if type_ == "long":
        return str(int(value))
    if type_ == "double":
        number = float(value)
        if math.isnan(number):
            return "NaN"
        if math.isinf(number):
            return "INF" if number > 0 else "-INF"
        return repr(number)
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
