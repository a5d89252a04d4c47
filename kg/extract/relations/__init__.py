"""Relation extractors, one module per relation type, registered by name: cues (run by the cue engine in
``cues.py`` from the records of ``ontology/cues.json``) → endpoints → checked edge."""

from __future__ import annotations

from kg.extract.relations import competes_with, depends_on, developed_by, threatens  # noqa: F401  (registers them)
from kg.extract.relations.base import ALLOWED_TYPES, Finding
from kg.extract.relations.cues import check
from kg.extract.text import QuoteContext
from kg.lexicon import Lexicon
from kg.registry import relation_extractors, resolved
from kg.resolve import EntityTable

__all__ = ["ALLOWED_TYPES", "Finding", "extract_relations"]


def extract_relations(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable, learned: bool = True) -> list[Finding]:
    """Run every registered relation extractor, then (``learned``) the scorer, which may overrule their relations
    and adds its own on the pairs they left; check the endpoint types of what they find (a rejection goes to the
    run report)."""
    proposed = [f for _, extractor in resolved(relation_extractors) for f in extractor(ctx, lexicon, table)]
    if learned:
        from kg.extract.scorer import review

        proposed = review(ctx, proposed, lexicon, table=table)
    return [check(f, table) for f in proposed if f.source != f.target]
