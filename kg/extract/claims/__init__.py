"""Claim extractors, registered by name; crisp claims win over looser assertions on the same words."""

from __future__ import annotations

from kg.extract.claims import assertions, measures, statements  # noqa: F401  (registers them)
from kg.extract.claims.base import CRISP_TYPES, ClaimFinding, clause_start
from kg.extract.text import QuoteContext
from kg.facts import fact_types
from kg.lexicon import Lexicon
from kg.registry import claim_extractors, resolved
from kg.resolve import EntityTable

__all__ = ["CRISP_TYPES", "ClaimFinding", "clause_start", "extract_claims"]


def _overlap(a: ClaimFinding, b: ClaimFinding) -> float:
    """The share of ``a``'s characters that ``b`` also covers."""
    inter = max(0, min(a.end, b.end) - max(a.start, b.start))
    return inter / max(1, a.end - a.start)


def _clashes(f: ClaimFinding, k: ClaimFinding, order: dict[str, int]) -> bool:
    """Whether candidate ``f`` repeats the already kept claim ``k``."""
    crisp = f.type in order
    if crisp or k.type not in order:  # same kind of claim on the same words
        return (k.type == f.type or not crisp) and _overlap(f, k) > 0.5
    # an assertion inside a measured claim adds nothing; a requirement's words may also state a drawback
    return fact_types().claims[k.type].absorbs and _overlap(f, k) > 0.9


def extract_claims(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable,
                   rejected: list[ClaimFinding] | None = None) -> list[ClaimFinding]:
    """Run every registered claim extractor; crisp claims win over looser assertions on the same words.

    Readings a cue family rejected are left out, or added to ``rejected`` when it is given (the run report)."""
    found = []
    for _, extractor in resolved(claim_extractors):
        for f in extractor(ctx, lexicon, table):
            if f.rejected is None:
                found.append(f)
            elif rejected is not None:
                rejected.append(f)
    order = {t: i for i, t in enumerate(CRISP_TYPES)}
    loose = {t: len(order) + i for i, t in enumerate(fact_types().loose_claims)}
    found.sort(key=lambda f: (order.get(f.type, len(order)), -f.confidence, loose.get(f.type, 99), f.start, f.end))
    kept: list[ClaimFinding] = []
    for f in found:
        if not any(_clashes(f, k, order) for k in kept):
            kept.append(f)
    return sorted(kept, key=lambda f: (f.start, f.end, f.type))
