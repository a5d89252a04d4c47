"""Forward-looking and evidential claims: predictions, conditions and doubts about evidence."""

from __future__ import annotations

import re
from collections.abc import Iterator

from kg.extract.claims.base import ClaimFinding, after_head, strip_framing, sub_clause
from kg.extract.text import QuoteContext, clause_bounds, find_horizon, trim_span
from kg.lexicon import Lexicon
from kg.registry import claim_extractors
from kg.resolve import EntityTable

__all__ = ["credibility", "dependencies", "predictions"]


@claim_extractors.register("prediction")
def predictions(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Forecasts with a horizon: "by 2027, most inference moves on-device"."""
    for m in lexicon.finditer("prediction_head", ctx.text):
        s_lo, s_hi = ctx.sentence_of(m.start())
        lo, hi = clause_bounds(ctx.text, m.start(), m.end(), s_lo, s_hi)
        sub_lo = sub_clause(ctx.text, m.start(), m.end(), s_lo, s_hi)[0]
        start = m.start() if m.start() - lo < 60 and not re.match(r"will|won't|is|are|become|get|turn|end", m.group(), re.IGNORECASE) \
            else max(lo, sub_lo)
        stop = re.compile(r",\s+and\s+(?=\S+\s+\S+\s+will\b)|,\s+(?=(?:which|with|while|where|because)\b)")
        cut = stop.search(ctx.text, m.end(), hi)
        start, end = trim_span(ctx.text, start, cut.start() if cut else hi)
        horizon = find_horizon(ctx.text, start, end, lexicon, near=m.start())
        if end - start > 10:
            yield ClaimFinding("prediction", start, end, "prediction.horizon", 0.8,
                               horizon=horizon[0] if horizon else None)


_FUTURE = re.compile(r"\b(?:will|won't|'ll|going to|gonna|expect|becomes?|turns? into|gets?|ends? up|absorbs?|could|"
                     r"might|would|bet|give it|is maybe|before)\b", re.IGNORECASE)


_THREATS = ("threat_verb", "threat_kill", "threat_if", "threat_danger", "threat_lunch", "threat_toast")


@claim_extractors.register("dated_forecast")
def dated_forecasts(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Any clause that dates a future ("… absorbs the category by 2026", "give it 6-12 months") is a prediction."""
    for s_lo, s_hi in ctx.sentences:
        found = find_horizon(ctx.text, s_lo, s_hi, lexicon)
        if found is None:
            continue
        horizon, h_start, h_end = found
        start, end = sub_clause(ctx.text, h_start, h_end, s_lo, s_hi)
        threat = any(lexicon.search(key, ctx.text, start, end) for key in _THREATS)
        if _FUTURE.search(ctx.text, start, end) and end - start > 12 and not threat:  # a dated threat is a risk
            yield ClaimFinding("prediction", start, end, "prediction.dated", 0.6, horizon=horizon)


@claim_extractors.register("dependency")
def dependencies(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Conditions a product needs: "what has to go right: X and Y", "survives only if X"."""
    for m in lexicon.finditer("dependency_head", ctx.text):
        for start, end in after_head(ctx, m, split_and=True):
            yield ClaimFinding("dependency", start, end, "dependency.condition", 0.8)


@claim_extractors.register("credibility")
def credibility(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Doubts about evidence: self-reported or unreproduced benchmarks (unverified), revised ones (disputed)."""
    seen: set[tuple[int, int]] = set()
    for label in ("disputed", "unverified"):
        for m in lexicon.finditer(f"credibility.{label}", ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            lo, hi = sub_clause(ctx.text, m.start(), m.end(), s_lo, s_hi)
            lo = strip_framing(ctx.text, lo, hi)
            span = trim_span(ctx.text, lo, hi)
            if any(a < span[1] and span[0] < b for a, b in seen):
                continue
            seen.add(span)
            yield ClaimFinding("credibility", *span, f"credibility.{label}", 0.8, credibility=label)
