"""The claim cue engine: runs the claim cue families of ``ontology/cues.json`` (records with ``claim``) over a quote.

Each record names its patterns (or ``patterns_of`` another family, as the risk readings of the threat cues do), a
*reader* (below) that turns one match into claim readings — the words of the claim, or a rejection —, and what the
readings become: the claim type (of ``ontology/facts.json``), rule id, confidence, polarity, whether the sentence's
horizon dates them and whether they are hedged (a hedged claim keeps 0.7 of its confidence). The scan is the one
every cue engine shares (:func:`kg.extract.cues.family_matches`); rejections (a reading too short to state
anything) go to the run report. A new claim cue family is one record; a new way of reading a match is one reader.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from kg.errors import PatternError
from kg.extract.claims.base import ClaimFinding, after_head, strip_framing, sub_clause
from kg.extract.cues import family_matches
from kg.extract.text import QuoteContext, clause_bounds, find_horizon, trim_span
from kg.lexicon import CueFamily, Lexicon

__all__ = ["CLAIM_READERS", "ClaimReading", "claim_reader", "run_claim_cues"]

_HEDGED_SHARE = 0.7  # as for relations: a hedged reading keeps this share of its family's confidence


@dataclass(frozen=True)
class ClaimReading:
    """What a reader makes of one match: the claim's words, or a rejection; a horizon or credibility of its own."""

    start: int
    end: int
    rejected: str | None = None
    horizon: str | None = None
    credibility: str | None = None


@dataclass
class ClaimScope:
    """What a reader may consult besides the match: the quote, the lexicon, its family and the match's pattern group,
    and a scratch dict that lives for one family's matches."""

    ctx: QuoteContext
    lexicon: Lexicon
    family: CueFamily
    group: str | None = None
    state: dict = field(default_factory=dict)


ClaimReader = Callable[[re.Match[str], ClaimScope], Iterable[ClaimReading]]
CLAIM_READERS: dict[str, ClaimReader] = {}


def claim_reader(name: str) -> Callable[[ClaimReader], ClaimReader]:
    """Decorator: register a claim reader under ``name`` (the name cue records use)."""

    def register(fn: ClaimReader) -> ClaimReader:
        CLAIM_READERS[name] = fn
        return fn

    return register


def run_claim_cues(ctx: QuoteContext, lexicon: Lexicon, claim: str) -> Iterator[ClaimFinding]:
    """Findings (and rejections) of every cue family that emits ``claim``, family by family in file order."""
    for family in lexicon.emitting(claim=claim):
        read = CLAIM_READERS.get(family.reader)
        if read is None:
            raise PatternError(f"cues.json: {family.key}: unknown claim reader {family.reader!r}; known: "
                               f"{sorted(CLAIM_READERS)}")
        scope: ClaimScope | None = None  # made at the family's first match: most families match nothing in a quote
        for group, m, horizon in family_matches(family, ctx, lexicon):
            if scope is None:
                scope = ClaimScope(ctx, lexicon, family)
            scope.group = group
            rule = family.rule.format(group=group) if group else family.rule
            for r in read(m, scope):
                if r.rejected:
                    yield ClaimFinding(claim, r.start, r.end, rule, 0.0, rejected=r.rejected)
                    continue
                hedged = family.hedged_for(m)
                confidence = round(family.confidence * (_HEDGED_SHARE if hedged else 1.0), 3)
                yield ClaimFinding(claim, r.start, r.end, rule, confidence,
                                   horizon=r.horizon if r.horizon is not None else horizon,
                                   credibility=r.credibility, polarity=family.polarity)


def _at_least(start: int, end: int, chars: int, **extra) -> ClaimReading:
    """The reading, or its rejection when it has fewer than ``chars`` characters."""
    if end - start >= chars:
        return ClaimReading(start, end, **extra)
    return ClaimReading(start, end, rejected=f"too short to state a claim ({end - start} characters)")


def _trimmed(text: str, start: int, end: int, chars: int) -> ClaimReading:
    """The trimmed reading of [start, end), or its rejection when the span has fewer than ``chars`` characters."""
    return ClaimReading(*trim_span(text, start, end)) if end - start >= chars else _at_least(start, end, chars)


_CAPABILITY_VERB = re.compile(r"\b(?:shipped|ships|supports|support|offers|provides|adds|added|includes|exposes)\b",
                              re.IGNORECASE)


@claim_reader("clause")
def _clause(m: re.Match[str], scope: ClaimScope) -> Iterable[ClaimReading]:
    """The smallest clause around the cue ("the plugin story is still immature"); a capability starts at its verb
    ("shipped real sandboxing for code execution") or takes the name right before it ("OCI compatibility")."""
    ctx = scope.ctx
    s_lo, s_hi = ctx.sentence_of(m.start())
    start, end = sub_clause(ctx.text, m.start(), m.end(), s_lo, s_hi)
    capability = scope.family.claim == "capability"
    before = [h for h in ctx.hits if h.end <= m.start() and m.start() - h.end <= 1]
    verb = _CAPABILITY_VERB.search(m.group()) if capability else None
    if verb:
        start = m.start() + verb.start()
    elif capability and before and re.fullmatch(r"\s?", ctx.text[before[-1].end:m.start()]) \
            and " " not in m.group().strip():
        start, end = before[-1].start, m.end()
    yield _trimmed(ctx.text, strip_framing(ctx.text, start, end), end, 8)


@claim_reader("after_head")
def _after_head(m: re.Match[str], scope: ClaimScope) -> Iterable[ClaimReading]:
    """The clause a head phrase introduces: "the scenario where this breaks: X"."""
    for start, end in after_head(scope.ctx, m, split_and=False):
        yield ClaimReading(start, end)


@claim_reader("conditions")
def _conditions(m: re.Match[str], scope: ClaimScope) -> Iterable[ClaimReading]:
    """The coordinated conditions a head phrase introduces: "what has to go right: X and Y" → X, Y."""
    for start, end in after_head(scope.ctx, m, split_and=True):
        yield ClaimReading(start, end)


_SCENARIO_STOP = re.compile(r"\s+[—–]\s+|;\s+|,\s+(?=which\b|where\b)")


@claim_reader("scenario_after")
def _scenario_after(m: re.Match[str], scope: ClaimScope) -> Iterable[ClaimReading]:
    """The scenario after the cue, from the first name within 60 characters: "what kills it is if X ships …"."""
    ctx = scope.ctx
    s_hi = ctx.sentence_of(m.start())[1]
    body_start = m.end()
    first = [h for h in ctx.hits if body_start <= h.start < s_hi and h.start - body_start < 60]
    if first:
        body_start = first[0].start
    yield from _scenario(ctx, body_start, s_hi)


@claim_reader("scenario_from")
def _scenario_from(m: re.Match[str], scope: ClaimScope) -> Iterable[ClaimReading]:
    """The scenario the cue opens: "if X beats it next quarter, …"."""
    yield from _scenario(scope.ctx, m.start(), scope.ctx.sentence_of(m.start())[1])


def _scenario(ctx: QuoteContext, body_start: int, s_hi: int) -> Iterator[ClaimReading]:
    cut = _SCENARIO_STOP.search(ctx.text, body_start, s_hi)
    start, end = trim_span(ctx.text, body_start, cut.start() if cut else s_hi)
    yield _at_least(start, end, 9)


@claim_reader("cue_clause")
def _cue_clause(m: re.Match[str], scope: ClaimScope) -> Iterable[ClaimReading]:
    """The smallest clause around the cue: "SGLang keeps eating into vLLM's lead"."""
    ctx = scope.ctx
    yield _trimmed(ctx.text, *sub_clause(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start())), 9)


@claim_reader("if_clause")
def _if_clause(m: re.Match[str], scope: ClaimScope) -> Iterable[ClaimReading]:
    """The clause after the if-clause: "if X ships memory, that's a real threat"."""
    ctx = scope.ctx
    s_lo, s_hi = ctx.sentence_of(m.start())
    start = m.end("rest") + 1
    yield _trimmed(ctx.text, *sub_clause(ctx.text, start, start + 1, s_lo, s_hi), 9)


_NOT_FROM_HERE = re.compile(r"will|won['’]t|is|are|become|get|turn|end", re.IGNORECASE)
_PREDICTION_STOP = re.compile(r",\s+and\s+(?=\S+\s+\S+\s+will\b)|,\s+(?=(?:which|with|while|where|because)\b)")


@claim_reader("forecast")
def _forecast(m: re.Match[str], scope: ClaimScope) -> Iterable[ClaimReading]:
    """The forecast a head opens ("by 2027, most inference moves on-device"), dated by the horizon inside it."""
    ctx = scope.ctx
    s_lo, s_hi = ctx.sentence_of(m.start())
    lo, hi = clause_bounds(ctx.text, m.start(), m.end(), s_lo, s_hi)
    sub_lo = sub_clause(ctx.text, m.start(), m.end(), s_lo, s_hi)[0]
    start = m.start() if m.start() - lo < 60 and not _NOT_FROM_HERE.match(m.group()) else max(lo, sub_lo)
    cut = _PREDICTION_STOP.search(ctx.text, m.end(), hi)
    start, end = trim_span(ctx.text, start, cut.start() if cut else hi)
    horizon = find_horizon(ctx.text, start, end, scope.lexicon, near=m.start())
    yield _at_least(start, end, 11, horizon=horizon[0] if horizon else None)


@claim_reader("doubt")
def _doubt(m: re.Match[str], scope: ClaimScope) -> Iterable[ClaimReading]:
    """The clause a doubt about evidence stands in, once per clause (the first group's reading wins): its
    credibility is the pattern group ("disputed", "unverified", "self_reported" for self-reported)."""
    ctx = scope.ctx
    s_lo, s_hi = ctx.sentence_of(m.start())
    lo, hi = sub_clause(ctx.text, m.start(), m.end(), s_lo, s_hi)
    lo = strip_framing(ctx.text, lo, hi)
    span = trim_span(ctx.text, lo, hi)
    seen = scope.state.setdefault("seen", set())
    if any(a < span[1] and span[0] < b for a, b in seen):
        return
    seen.add(span)
    yield ClaimReading(*span, credibility=scope.group.replace("_", "-") if scope.group else None)
