"""Claim extractors, registered by name; crisp claims win over looser assertions on the same words."""

from __future__ import annotations

from kg.extract.claims import assertions, measures, statements  # noqa: F401  (registers them)
from kg.extract.claims.base import CRISP_TYPES, ClaimFinding, clause_start
from kg.extract.text import QuoteContext
from kg.facts import fact_types
from kg.lexicon import Lexicon
from kg.registry import claim_extractors, resolved
from kg.resolve import EntityTable
from kg.spans import SpanIndex

__all__ = ["CRISP_TYPES", "ClaimFinding", "clause_start", "extract_claims"]


def _overlap(a: ClaimFinding, b: ClaimFinding) -> float:
    """The share of ``a``'s characters that ``b`` also covers."""
    inter = max(0, min(a.end, b.end) - max(a.start, b.start))
    return inter / max(1, a.end - a.start)


def _clashes(f: ClaimFinding, k: ClaimFinding, order: dict[str, int], absorbing: frozenset[str],
             distinct: frozenset[str] = frozenset()) -> bool:
    """Whether candidate ``f`` repeats the already kept claim ``k`` (``absorbing``: the claim types that absorb
    an assertion on their words; ``distinct``: the types whose different values are different claims; as
    ``ontology/facts.json`` says)."""
    crisp = f.type in order
    if f.type in distinct and k.type == f.type and f.value != k.value:
        return False  # "moved from Apache 2.0 to BSL": two licences, each a claim
    if crisp or k.type not in order:  # same kind of claim on the same words
        return (k.type == f.type or not crisp) and _overlap(f, k) > 0.5
    # an assertion inside a measured claim adds nothing; a requirement's words may also state a drawback
    return k.type in absorbing and _overlap(f, k) > 0.9


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
    types = fact_types()
    order = {t: i for i, t in enumerate(CRISP_TYPES)}
    loose = {t: len(order) + i for i, t in enumerate(types.loose_claims)}
    absorbing = frozenset(name for name, spec in types.claims.items() if spec.absorbs)
    distinct = frozenset(name for name, spec in types.claims.items() if spec.distinct_values)
    found.sort(key=lambda f: (order.get(f.type, len(order)), -f.confidence, loose.get(f.type, 99), f.start, f.end))
    return sorted(_unrepeated(found, order, absorbing, distinct), key=lambda f: (f.start, f.end, f.type))


def _unrepeated(found: list[ClaimFinding], order: dict[str, int], absorbing: frozenset[str],
                distinct: frozenset[str] = frozenset()) -> list[ClaimFinding]:
    """The claims of ``found`` (in order of precedence) that repeat no claim kept before them (:func:`_clashes`)."""
    kept: list[ClaimFinding] = []
    index = SpanIndex()  # the kept claims by the stretches of text they cover
    for f in found:
        if not any(_clashes(f, k, order, absorbing, distinct)
                   for k in index.near(f.start, f.end)):  # only an overlap clashes
            kept.append(f)
            index.add(f.start, f.end, f)
    return kept
