"""The rows query answers are made of: frozen models for entities, relations, claims and contradictions."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

__all__ = ["CONTRADICTION_SIDE_FIELDS", "ClaimRow", "CompetitorRank", "CompetitorRow", "ContradictionRow",
           "DependencyRank", "DependencyRow", "EntityOverviewRow", "EntityRow", "EvidenceFields", "StatRow", "ThreatRank", "ThreatRow"]


class _Row(BaseModel):
    model_config = ConfigDict(frozen=True)


class EntityRow(_Row):
    """An entity a name resolved to."""

    id: str
    iri: str
    name: str
    type: str
    aliases: tuple[str, ...] = ()


class EvidenceFields(_Row):
    """Where a fact was read: the quote, the exact words and their span, the document, rule and confidence."""

    quote: str
    exact: str
    start: int | None
    end: int | None
    doc: str
    doc_id: str
    quote_id: str
    rule: str
    confidence: float | None


class CompetitorRow(EvidenceFields):
    """``entity`` competes with ``competitor`` (either side of the statement), with its evidence."""

    entity: str
    entity_id: str
    competitor: str
    competitor_id: str
    competitor_type: str | None
    relation_id: str
    hedged: bool


class ThreatRow(EvidenceFields):
    """``threat`` threatens ``entity`` within ``horizon`` (direction ``threatens``: the other way round)."""

    entity: str
    entity_id: str
    threat: str
    threat_id: str
    threat_type: str | None
    direction: Literal["threatened_by", "threatens"]
    horizon: str | None
    hedged: bool
    relation_id: str


class ClaimRow(EvidenceFields):
    """A claim about ``entity`` with its typed value and evidence."""

    entity: str
    entity_id: str
    claim_id: str
    type: str
    text: str
    value: Any = None
    unit: str | None = None
    comparator: str | None = None
    horizon: str | None = None
    credibility: str | None = None
    polarity: str | None = None


# the fields of a contradiction's two claims that its flattened row keeps, as a_<field> and b_<field>
CONTRADICTION_SIDE_FIELDS = ("claim_id", "type", "text", "value", "unit", "comparator", "polarity", "exact", "quote",
                             "doc", "confidence")


class ContradictionRow(_Row):
    """Two claims about ``entity`` that cannot both hold."""

    id: str
    entity: str
    entity_id: str
    topic: str
    rule: str
    claims: tuple[ClaimRow, ...]

    def flat(self) -> dict[str, Any]:
        """One flat record: the contradiction's own fields, then its two claims side by side (``a_*``, ``b_*``)."""
        out: dict[str, Any] = {name: getattr(self, name) for name in type(self).model_fields if name != "claims"}
        for side, index in (("a", 0), ("b", 1)):
            claim = self.claims[index] if len(self.claims) > index else None
            for field in CONTRADICTION_SIDE_FIELDS:
                out[f"{side}_{field}"] = getattr(claim, field) if claim is not None else None
        return out


class DependencyRow(EvidenceFields):
    """``entity`` depends on ``dependency`` (direction ``dependency_of``: ``dependency`` depends on ``entity``)."""

    entity: str
    entity_id: str
    dependency: str
    dependency_id: str
    dependency_type: str | None
    direction: Literal["depends_on", "dependency_of"]
    hedged: bool
    relation_id: str


class _RankFields(_Row):
    """What a ranked row says about all the statements behind it: how many, from where, how strong, the best one."""

    rank: int
    statements: int
    quotes: int
    documents: int  # every document the supporting quotes were found in
    confidence: float | None
    hedged: bool  # every statement behind the row is hedged
    rules: tuple[str, ...]
    best_exact: str
    best_quote: str
    best_doc: str


class CompetitorRank(_RankFields):
    """One competitor of ``entity`` with the number of quotes and documents that say so."""

    entity: str
    competitor: str
    competitor_id: str
    competitor_type: str | None


class ThreatRank(_RankFields):
    """One threat to ``entity`` (or, direction ``threatens``, one thing it threatens), with its horizons."""

    entity: str
    threat: str
    threat_id: str
    threat_type: str | None
    direction: Literal["threatened_by", "threatens"]
    horizons: tuple[str, ...]


class DependencyRank(_RankFields):
    """One dependency of ``entity`` (or, direction ``dependency_of``, one dependent)."""

    entity: str
    dependency: str
    dependency_id: str
    dependency_type: str | None
    direction: Literal["depends_on", "dependency_of"]


class EntityOverviewRow(_Row):
    """An entity of the graph with its connections: distinct neighbours, statements, claims, mentions."""

    id: str
    name: str
    type: str
    aliases: tuple[str, ...] = ()
    part_of: str | None = None
    discovered: bool = False
    degree: int = 0  # distinct entities it is related to, by any relation
    relations: int = 0  # relation statements it is on either side of
    competitors: int = 0
    threats: int = 0  # distinct entities that threaten it
    dependencies: int = 0  # distinct entities it depends on
    claims: int = 0
    contradictions: int = 0
    mentions: int = 0
    documents: int = 0  # documents that mention it


class StatRow(_Row):
    """How many items of one kind (and type) the graph holds, e.g. ``relation``/``competes_with``/12."""

    kind: Literal["document", "quote", "entity", "relation", "claim", "contradiction", "mention"]
    type: str | None
    count: int
