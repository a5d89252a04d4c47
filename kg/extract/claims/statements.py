"""Forward-looking and evidential claims: predictions, conditions and doubts about evidence."""

from __future__ import annotations

import re
from collections.abc import Iterator

from kg.extract.claims.base import ClaimFinding, sub_clause
from kg.extract.claims.cues import run_claim_cues
from kg.extract.text import QuoteContext, find_horizon
from kg.lexicon import Lexicon
from kg.registry import claim_extractors
from kg.resolve import EntityTable

__all__ = ["credibility", "dependencies", "predictions"]


@claim_extractors.register("prediction")
def predictions(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Forecasts with a horizon: "by 2027, most inference moves on-device" (cue records)."""
    yield from run_claim_cues(ctx, lexicon, "prediction")


_FUTURE = re.compile(r"\b(?:will|won['’]t|['’]ll|going to|gonna|expect|becomes?|turns? into|gets?|ends? up|absorbs?|"
                     r"could|might|would|bet|give it|is maybe|before)\b", re.IGNORECASE)


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
    """Conditions a product needs: "what has to go right: X and Y", "survives only if X" (cue records)."""
    yield from run_claim_cues(ctx, lexicon, "dependency")


@claim_extractors.register("credibility")
def credibility(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Doubts about evidence: self-reported or unreproduced benchmarks (unverified), revised ones (disputed)."""
    yield from run_claim_cues(ctx, lexicon, "credibility")
