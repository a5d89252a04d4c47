"""The rows query answers are made of: frozen models for entities, relations, claims and contradictions."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

__all__ = ["ClaimRow", "CompetitorRow", "ContradictionRow", "EntityRow", "EvidenceFields", "ThreatRow"]


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


class ContradictionRow(_Row):
    """Two claims about ``entity`` that cannot both hold."""

    id: str
    entity: str
    entity_id: str
    topic: str
    rule: str
    claims: tuple[ClaimRow, ...]
