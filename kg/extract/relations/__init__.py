"""Relation extractors, one module per relation type, registered by name: cue → endpoints → checked edge."""

from __future__ import annotations

from kg.extract.relations import competes_with, depends_on, developed_by, threatens  # noqa: F401  (registers them)
from kg.extract.relations.base import ALLOWED_TYPES, Finding
from kg.extract.text import QuoteContext
from kg.facts import fact_types
from kg.lexicon import Lexicon
from kg.registry import relation_extractors, resolved
from kg.resolve import EntityTable

__all__ = ["ALLOWED_TYPES", "Finding", "extract_relations"]


def extract_relations(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable, learned: bool = True) -> list[Finding]:
    """Run every registered relation extractor, then (``learned``) the scorer on the pairs they left,
    and check the endpoint types of what they find."""
    found: list[Finding] = []
    specs = fact_types().relations
    proposed = [f for _, extractor in resolved(relation_extractors) for f in extractor(ctx, lexicon, table)]
    if learned:
        from kg.extract.scorer import score_relations

        proposed += score_relations(ctx, proposed, lexicon)
    for f in proposed:
        if f.source == f.target:
            continue
        if f.rejected is None:
            allowed_src, allowed_tgt = ALLOWED_TYPES[f.type]
            src_t, tgt_t = table.info[f.source].type, table.info[f.target].type
            if src_t not in allowed_src or tgt_t not in allowed_tgt:
                f = Finding(**{**f.__dict__, "rejected": f"type pair {src_t} → {tgt_t}", "confidence": 0.0})
            elif not specs[f.type].maker_may_relate and (
                    f.source in _family(table, f.target) or f.target in _family(table, f.source)):
                f = Finding(**{**f.__dict__, "rejected": "maker and its own product", "confidence": 0.0})
        found.append(f)
    return found


def _family(table: EntityTable, eid: str) -> set[str | None]:
    """The maker and the product a thing belongs to: GitHub does not threaten GitHub Actions."""
    info = table.info[eid]
    return {info.maker, info.part_of}
