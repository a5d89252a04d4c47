"""The one schema: every stage produces these models and every exporter reads them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from kg.facts import ENTITY_TYPES, fact_types

__all__ = [
    "CLAIM_TYPES",
    "ENTITY_TYPES",
    "RELATION_TYPES",
    "Claim",
    "ClaimType",
    "Contradiction",
    "Document",
    "Entity",
    "EntityType",
    "Evidence",
    "KnowledgeGraph",
    "Mention",
    "Quote",
    "Relation",
    "RelationType",
    "ReportItem",
    "RunInfo",
    "Source",
]

_FACTS = fact_types()  # ontology/facts.json (or $KG_ONTOLOGY/facts.json): the relation and claim types
EntityType = Literal[ENTITY_TYPES]  # type: ignore[valid-type]
RelationType = Literal[_FACTS.relation_types]  # type: ignore[valid-type]
ClaimType = Literal[_FACTS.claim_types]  # type: ignore[valid-type]
Perspective = Literal["primitive", "competition", "thesis", "business", "jtbd", "testimonial", "risk"]
Stance = Literal["positive", "negative", "mixed", "neutral"]
Verdict = Literal["ship", "no_ship"]

RELATION_TYPES: tuple[str, ...] = _FACTS.relation_types
CLAIM_TYPES: tuple[str, ...] = _FACTS.claim_types
SYMMETRIC_RELATIONS: frozenset[str] = _FACTS.symmetric


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Evidence(_Model):
    """Where a fact comes from: the exact characters of one quote and the rule that read them."""

    doc_id: str
    quote_id: str
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    text: str
    rule: str
    confidence: float = Field(ge=0.0, le=1.0)


class Source(_Model):
    """One place a quote was found: a document, the quote's position there, and row metadata."""

    doc_id: str
    index: int = Field(ge=0)
    author: str | None = None
    date: str | None = None
    source: str | None = None


class Document(_Model):
    """An input file: its title, the candidate subjects its title names, and its quotes."""

    id: str
    name: str
    path: str
    sha256: str
    format: Literal["seed", "text", "jsonl", "csv"]
    title: str | None = None
    subtitle: str | None = None
    candidates: tuple[str, ...] = ()
    quote_ids: tuple[str, ...] = ()


class Quote(_Model):
    """A verbatim quote, once per distinct text, with every document it appears in."""

    id: str
    text: str
    sources: tuple[Source, ...]
    subject_hint: str | None = None
    subject: str | None = None
    subject_rule: str | None = None
    subject_confidence: float = 0.0
    perspective: Perspective | None = None
    stance: Stance | None = None
    verdict: Verdict | None = None


class Entity(_Model):
    """A canonical entity; releases and features keep a link to the product they belong to."""

    id: str
    name: str
    type: EntityType
    aliases: tuple[str, ...] = ()
    maker: str | None = None
    part_of: str | None = None
    part_kind: Literal["release", "feature"] | None = None
    discovered: bool = False
    description: str | None = None


class Mention(_Model):
    """A span of a quote that names an entity, and how it was recognised."""

    entity_id: str
    quote_id: str
    start: int
    end: int
    text: str
    rule: str


class Relation(_Model):
    """A typed edge between two entities, with the evidence that states it."""

    id: str
    type: RelationType
    source: str
    target: str
    horizon: str | None = None
    hedged: bool = False
    confidence: float = Field(ge=0.0, le=1.0)
    evidence: Evidence


class Claim(_Model):
    """A typed statement about one entity: a metric, a price, a prediction, a doubt, …"""

    id: str
    about: str
    type: ClaimType
    text: str
    value: Any = None
    unit: str | None = None
    comparator: Literal["=", "<", "<=", ">", ">=", "~", "range"] | None = None
    horizon: str | None = None
    credibility: Literal["unverified", "disputed", "self-reported"] | None = None
    polarity: Literal["positive", "negative"] | None = None
    evidence: Evidence


class Contradiction(_Model):
    """Two claims about the same entity that cannot both hold."""

    id: str
    about: str
    claim_a: str
    claim_b: str
    rule: str
    topic: str


class ReportItem(_Model):
    """Something an analyst should see: a rejected relation, a discovered name, a skipped file."""

    kind: Literal[
        "skipped_file", "bad_row", "discovered_entity", "rejected_relation", "rejected_claim", "unmatched_cue",
        "unattributed_quote",
    ]
    message: str
    path: str | None = None
    evidence: Evidence | None = None


class RunInfo(_Model):
    """What made the graph: the tool version, the catalog and the inputs (no clock, for determinism)."""

    kg_version: str
    catalog: str | None
    model: str
    inputs: tuple[str, ...]
    documents: int
    quotes: int
    skipped: int


class KnowledgeGraph(_Model):
    """Everything one run extracted; the single input of the graph builder, store and exporters."""

    run: RunInfo
    documents: tuple[Document, ...] = ()
    quotes: tuple[Quote, ...] = ()
    entities: tuple[Entity, ...] = ()
    mentions: tuple[Mention, ...] = ()
    relations: tuple[Relation, ...] = ()
    claims: tuple[Claim, ...] = ()
    contradictions: tuple[Contradiction, ...] = ()
    report: tuple[ReportItem, ...] = ()

    def json_pieces(self, batch: int = 2000, indent: int | None = None) -> Iterator[str]:
        """``self.model_dump_json(indent=indent)`` piece by piece, the same text: each list is made ``batch``
        items at a time as it is written, so the whole text is never in memory (at 100 k quotes, making it at
        once took over 1 GB)."""
        from pydantic import TypeAdapter

        pad = "" if indent is None else "\n" + " " * indent  # a line break and one level of indentation
        colon = ":" if indent is None else ": "
        opening = "{"
        for name, field in type(self).model_fields.items():
            value, adapter = getattr(self, name), TypeAdapter(field.annotation)
            yield f'{opening}{pad}"{name}"{colon}'
            opening = ","
            if not isinstance(value, tuple) or not value:
                yield adapter.dump_json(value, indent=indent).decode().replace("\n", pad)
                continue
            yield "["
            for at in range(0, len(value), batch):  # each slice's "[…]" without its brackets, a level deeper
                part = adapter.dump_json(value[at:at + batch], indent=indent).decode()
                part = part[1:-1] if indent is None else part[1:part.rindex("\n")].replace("\n", pad)
                yield ("," if at else "") + part
            yield pad + "]"
        yield ("\n" if indent is not None else "") + "}"

    def entity(self, entity_id: str) -> Entity:
        """Return the entity with this id (KeyError if absent)."""
        for e in self.entities:
            if e.id == entity_id:
                return e
        raise KeyError(entity_id)
