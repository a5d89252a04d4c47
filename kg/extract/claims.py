"""Claim extractors, registered by name: metrics, prices, licences, platforms, predictions, doubts, assertions."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from kg.extract.quantities import find_metrics, find_prices
from kg.extract.text import QuoteContext, clause_bounds, find_horizon, trim_span
from kg.lexicon import Lexicon
from kg.registry import claim_extractors
from kg.resolve import EntityTable

__all__ = ["CRISP_TYPES", "ClaimFinding", "clause_start", "extract_claims"]

CRISP_TYPES = ("metric", "pricing", "license", "platform", "prediction", "credibility", "dependency")
_CAPABILITY_VERB = re.compile(r"\b(?:shipped|ships|supports|support|offers|provides|adds|added|includes|exposes)\b", re.IGNORECASE)
_SUB_BREAK = re.compile(r",\s+(?=(?:and|but|so|which|where|while|whereas|because|though|although|yet|not)\b)|\s+because\s+|\s+—\s+")


@dataclass(frozen=True)
class ClaimFinding:
    """A claim a rule found, before it becomes a model."""

    type: str
    start: int
    end: int
    rule: str
    confidence: float
    value: object = None
    unit: str | None = None
    comparator: str | None = None
    horizon: str | None = None
    credibility: str | None = None
    polarity: str | None = None
    about: str | None = None


_LEFT_STOP = re.compile(r"^(?:with|and|or|but|than|of|in|on|for|from|because|while|if|when|where|which|that)$", re.IGNORECASE)


def _window(text: str, start: int, end: int, lo: int, hi: int, left: int = 3, right: int = 3,
            left_stop: re.Pattern[str] = _LEFT_STOP) -> tuple[int, int]:
    """Widen a short match by a few words on each side, inside [lo, hi), stopping at function words."""
    for m in reversed(list(re.finditer(r"\S+", text[lo:start]))[-left:]):
        word = m.group().strip(",;:()")
        if m.group().endswith((",", ";", ":")) or left_stop.match(word) or not word:
            break
        start = lo + m.start()
    base = end
    for m in list(re.finditer(r"\S+", text[base:hi]))[:right]:
        word = m.group().strip(",;:().")
        if word.lower() in ("and", "or", "but", "is", "was", "which", "because", "while", "if", "when", "so", "with") \
                or not word:
            break
        closes = m.group().endswith((",", ";", ":", "."))
        end = base + m.end() - (1 if closes else 0)
        if closes:
            break
    return trim_span(text, start, end)


def _sub_clause(text: str, start: int, end: int, lo: int, hi: int) -> tuple[int, int]:
    """The smallest clause around [start, end): breaks at dashes, semicolons, ', and', ', which', 'because'."""
    left, right = clause_bounds(text, start, end, lo, hi)
    for m in _SUB_BREAK.finditer(text, left, right):
        if m.end() <= start:
            left = m.end()
        elif m.start() >= end:
            right = m.start()
            break
    return trim_span(text, left, right)


def clause_start(text: str, pos: int, lo: int, hi: int) -> int:
    """Where the smallest clause holding ``pos`` begins (after ', while', ';', a dash, …)."""
    return _sub_clause(text, pos, pos + 1, lo, hi)[0]


def _strip_framing(text: str, start: int, end: int) -> int:
    m = re.match(r"(?:the|my|one)\s+(?:honest\s+|real\s+|big\s+)?(?:caveat|concern|problem|issue|catch)\s+is\s+(?:that\s+)?",
                 text[start:end], re.IGNORECASE)
    return start + m.end() if m else start


def _after_head(ctx: QuoteContext, m: re.Match[str], split_and: bool) -> list[tuple[int, int]]:
    """The clause a head phrase introduces, split into coordinated conditions when asked."""
    _s_lo, s_hi = ctx.sentence_of(m.start())
    hi = s_hi
    stop = re.compile(r"\s+[—–]\s+|;\s+|,\s+(?=which\b|where\b|while\b)|\.\s")
    found = stop.search(ctx.text, m.end(), s_hi)
    if found:
        hi = found.start()
    body = ctx.text[m.end():hi]
    body_clean = re.sub(r"\s*\([^)]*\)", lambda p: " " * len(p.group()), body)
    pieces = [(0, len(body_clean))]
    if split_and:
        pieces = []
        cursor = 0
        for sep in re.finditer(r",?\s+and\s+", body_clean):
            left, right = body_clean[cursor:sep.start()], body_clean[sep.end():]
            if len(left.split()) >= 4 and len(right.split()) >= 4 and not re.match(r"(?:not|then|so)\b", right):
                pieces.append((cursor, sep.start()))
                cursor = sep.end()
        pieces.append((cursor, len(body_clean)))
    out = []
    for a, b in pieces:
        s, e = trim_span(ctx.text, m.end() + a, m.end() + b)
        lead = re.match(r"(?:if|that|when)\s+", ctx.text[s:e], re.IGNORECASE)
        s += lead.end() if lead else 0
        while e > s and ctx.text[e - 1] == " ":
            e -= 1
        if e - s > 3:
            out.append((s, e))
    return out


@claim_extractors.register("metric")
def metrics(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Numbers with units: "Sub-200ms boot" → < 200 ms; "2.2k stars" → 2200 stars; "3B transformer"."""
    skip = [(h.start, h.end) for h in ctx.hits] + [(p.start, p.end) for p in find_prices(ctx.text)]
    for q in find_metrics(ctx.text, skip):
        lo, hi = _sub_clause(ctx.text, q.start, q.end, *ctx.sentence_of(q.start))
        start, end = _window(ctx.text, q.start, q.end, lo, hi, left=3, right=4)
        yield ClaimFinding("metric", start, end, "metric.quantity", 0.9, q.value, q.unit, q.comparator)


@claim_extractors.register("pricing")
def pricing(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Prices: "$15-40/mo per seat" → 15–40 USD/month/seat; "free tier" → 0."""
    stop = re.compile(r"^(?:with|and|or|but|than|of|in|on|because|while|if|when|where|which|that)$", re.IGNORECASE)
    for p in find_prices(ctx.text):
        lo, hi = _sub_clause(ctx.text, p.start, p.end, *ctx.sentence_of(p.start))
        start, end = _window(ctx.text, p.start, p.end, lo, hi, left=3, right=3, left_stop=stop)
        yield ClaimFinding("pricing", start, end, "pricing.money", 0.9, p.value, p.unit, p.comparator)


@claim_extractors.register("license")
def licenses(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Licences named in the quote, with the words that say something about them."""
    for hit in ctx.hits:
        if hit.type != "License":
            continue
        lo, hi = _sub_clause(ctx.text, hit.start, hit.end, *ctx.sentence_of(hit.start))
        start, end = _window(ctx.text, hit.start, hit.end, lo, hi, left=3, right=4)
        yield ClaimFinding("license", start, end, "license.named", 0.9, table.name(hit.entity))


@claim_extractors.register("platform")
def platforms(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Supported platforms: "macOS/Linux-only support" → macOS, Linux (and not the others)."""
    plats = [h for h in ctx.hits if h.type == "Platform"]
    groups: list[list] = []
    for hit in plats:
        if groups and re.fullmatch(r"\s*(?:/|,|and|or|&|,\s*and)\s*", ctx.text[groups[-1][-1].end:hit.start]):
            groups[-1].append(hit)
        else:
            groups.append([hit])
    context = lexicon.patterns("platform_context")
    for group in groups:
        lo, hi = _sub_clause(ctx.text, group[0].start, group[-1].end, *ctx.sentence_of(group[0].start))
        window = ctx.text[max(lo, group[0].start - 25):min(hi, group[-1].end + 25)]
        if not any(p.search(window) for p in context):
            continue
        names = [table.name(h.entity) for h in group]
        negative = re.search(r"\b(?:no|not|without|cuts out|excludes?|lacks?)\b", ctx.text[max(lo, group[0].start - 30):group[0].start])
        tail = re.match(r"(?:-only|\s+only)?(?:\s+(?:support|builds?|binaries|users|machines|hosts))?", ctx.text[group[-1].end:])
        start = group[0].start
        end = group[-1].end + (tail.end() if tail else 0)
        if negative:
            start = max(lo, group[0].start - 30) + negative.start()
        value = [f"no {n}" for n in names] if negative else names
        yield ClaimFinding("platform", start, end, "platform.support", 0.85, value,
                           polarity="negative" if negative else "positive")


@claim_extractors.register("prediction")
def predictions(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Forecasts with a horizon: "by 2027, most inference moves on-device"."""
    for pattern in lexicon.patterns("prediction_head"):
        for m in pattern.finditer(ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            lo, hi = clause_bounds(ctx.text, m.start(), m.end(), s_lo, s_hi)
            sub_lo = _sub_clause(ctx.text, m.start(), m.end(), s_lo, s_hi)[0]
            start = m.start() if m.start() - lo < 60 and not re.match(r"will|won't|is|are|become|get|turn|end", m.group(), re.IGNORECASE) \
                else max(lo, sub_lo)
            stop = re.compile(r",\s+and\s+(?=\S+\s+\S+\s+will\b)|,\s+(?=which\b)")
            cut = stop.search(ctx.text, m.end(), hi)
            start, end = trim_span(ctx.text, start, cut.start() if cut else hi)
            horizon = find_horizon(ctx.text, start, end, lexicon, near=m.start())
            if end - start > 10:
                yield ClaimFinding("prediction", start, end, "prediction.horizon", 0.8,
                                   horizon=horizon[0] if horizon else None)


@claim_extractors.register("dependency")
def dependencies(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Conditions a product needs: "what has to go right: X and Y", "survives only if X"."""
    for pattern in lexicon.patterns("dependency_head"):
        for m in pattern.finditer(ctx.text):
            for start, end in _after_head(ctx, m, split_and=True):
                yield ClaimFinding("dependency", start, end, "dependency.condition", 0.8)


@claim_extractors.register("credibility")
def credibility(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Doubts about evidence: self-reported or unreproduced benchmarks (unverified), revised ones (disputed)."""
    cues: dict = lexicon.cues["credibility"]  # type: ignore[assignment]
    seen: set[tuple[int, int]] = set()
    for label in ("disputed", "unverified"):
        for pattern in cues[label]:
            for m in pattern.finditer(ctx.text):
                s_lo, s_hi = ctx.sentence_of(m.start())
                lo, hi = _sub_clause(ctx.text, m.start(), m.end(), s_lo, s_hi)
                lo = _strip_framing(ctx.text, lo, hi)
                span = trim_span(ctx.text, lo, hi)
                if any(a < span[1] and span[0] < b for a, b in seen):
                    continue
                seen.add(span)
                yield ClaimFinding("credibility", *span, f"credibility.{label}", 0.8, credibility=label)


def _assertions(ctx: QuoteContext, lexicon: Lexicon, key: str, type_: str, polarity: str | None) -> Iterator[ClaimFinding]:
    for pattern in lexicon.patterns(key):
        for m in pattern.finditer(ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            start, end = _sub_clause(ctx.text, m.start(), m.end(), s_lo, s_hi)
            before = [h for h in ctx.hits if h.end <= m.start() and m.start() - h.end <= 1]
            verb = _CAPABILITY_VERB.search(m.group()) if type_ == "capability" else None
            if verb:
                start = m.start() + verb.start()  # "shipped real sandboxing for code execution"
            elif type_ == "capability" and before and re.fullmatch(r"\s?", ctx.text[before[-1].end:m.start()]):
                start, end = before[-1].start, m.end()  # "OCI compatibility"
            start = _strip_framing(ctx.text, start, end)
            if end - start >= 8:
                yield ClaimFinding(type_, *trim_span(ctx.text, start, end), f"assertion.{type_}", 0.6, polarity=polarity)


@claim_extractors.register("limitation")
def limitations(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Where a product breaks: "the scenario where this breaks: X", "X is still immature"."""
    for pattern in lexicon.patterns("limitation_head"):
        for m in pattern.finditer(ctx.text):
            for start, end in _after_head(ctx, m, split_and=False):
                yield ClaimFinding("limitation", start, end, "limitation.head", 0.75, polarity="negative")
    yield from _assertions(ctx, lexicon, "limitation_word", "limitation", "negative")


@claim_extractors.register("capability")
def capabilities(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """What a product does: "shipped real sandboxing", "works out of the box", "OCI compatibility"."""
    yield from _assertions(ctx, lexicon, "capability_word", "capability", "positive")


@claim_extractors.register("risk")
def risks(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Risks: threat scenarios ("what kills it in 12 months is if …") and risk words."""
    for key in ("threat_kill", "threat_beats"):
        for pattern in lexicon.patterns(key):
            for m in pattern.finditer(ctx.text):
                s_lo, s_hi = ctx.sentence_of(m.start())
                body_start = m.start() if key == "threat_beats" else m.end()
                first = [h for h in ctx.hits if body_start <= h.start < s_hi and h.start - body_start < 60]
                if first and key == "threat_kill":
                    body_start = first[0].start
                stop = re.compile(r"\s+[—–]\s+|;\s+|,\s+(?=which\b|where\b)")
                cut = stop.search(ctx.text, body_start, s_hi)
                start, end = trim_span(ctx.text, body_start, cut.start() if cut else s_hi)
                horizon = find_horizon(ctx.text, s_lo, s_hi, lexicon, near=m.end())
                if end - start > 8:
                    yield ClaimFinding("risk", start, end, f"risk.{key}", 0.75, horizon=horizon[0] if horizon else None,
                                       polarity="negative")
    for key in ("threat_verb", "threat_danger", "threat_if"):
        for pattern in lexicon.patterns(key):
            for m in pattern.finditer(ctx.text):
                s_lo, s_hi = ctx.sentence_of(m.start())
                start, end = _sub_clause(ctx.text, m.start(), m.end(), s_lo, s_hi)
                if key == "threat_if":
                    start = m.end("rest") + 1
                    start, end = _sub_clause(ctx.text, start, start + 1, s_lo, s_hi)
                horizon = find_horizon(ctx.text, s_lo, s_hi, lexicon, near=m.end())
                if end - start > 8:
                    yield ClaimFinding("risk", *trim_span(ctx.text, start, end), f"risk.{key}", 0.7,
                                       horizon=horizon[0] if horizon else None, polarity="negative")
    yield from _assertions(ctx, lexicon, "risk_word", "risk", "negative")


@claim_extractors.register("comparison")
def comparisons(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Comparisons: "outperforms flat vector search", "ahead of Copilot Workspace on UX"."""
    yield from _assertions(ctx, lexicon, "comparison_word", "comparison", None)


@claim_extractors.register("business")
def business(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Business model statements: "the moat is distribution", "the buyer is …"."""
    yield from _assertions(ctx, lexicon, "business_word", "business", None)


_LABELLED = re.compile(r"(?m)^[ \t]*(?:[-*•]|\d+[.)/])?[ \t]*(?P<key>[A-Za-z][\w /&-]{1,24}?)[ \t]*:[ \t]*(?P<value>\S[^\n]*)$")


@claim_extractors.register("labelled")
def labelled(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Lines of analyst notes that say what they are: "- risk: small team; thin docs" → two risk claims."""
    labels: dict = lexicon.cues["labels"]  # type: ignore[assignment]
    for m in _LABELLED.finditer(ctx.text):
        kind = labels.get(m.group("key").strip().lower())
        if kind is None or kind in ("pricing", "license", "platform"):  # those have their own, exact extractors
            continue
        for piece in re.finditer(r"[^;]+", m.group("value")):
            start, end = trim_span(ctx.text, m.start("value") + piece.start(), m.start("value") + piece.end())
            if end - start >= 6:
                yield ClaimFinding(kind, start, end, f"labelled.{kind}", 0.7,
                                   polarity={"risk": "negative", "limitation": "negative", "capability": "positive"}.get(kind))


@claim_extractors.register("evaluation")
def evaluations(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Clearly evaluative clauses no cue caught: strong praise is a capability, strong criticism a limitation."""
    from kg.extract.facets import sentence_polarity

    for s_lo, s_hi in ctx.sentences:
        pieces, cursor = [], s_lo
        for m in re.finditer(r",\s+(?:and|but|so|while|though)\s+|;\s+|\s+[—–]\s+|:\s+", ctx.text[s_lo:s_hi]):
            pieces.append((cursor, s_lo + m.start()))
            cursor = s_lo + m.end()
        pieces.append((cursor, s_hi))
        for a, b in pieces:
            a, b = trim_span(ctx.text, a, b)
            if b - a < 15:
                continue
            score = sentence_polarity(ctx.text[a:b])
            if abs(score) >= 0.3:
                kind = "capability" if score > 0 else "limitation"
                yield ClaimFinding(kind, a, b, "assertion.evaluation", 0.5,
                                   polarity="positive" if score > 0 else "negative")


def _overlap(a: ClaimFinding, b: ClaimFinding) -> float:
    """The share of ``a``'s characters that ``b`` also covers."""
    inter = max(0, min(a.end, b.end) - max(a.start, b.start))
    return inter / max(1, a.end - a.start)


def extract_claims(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> list[ClaimFinding]:
    """Run every registered claim extractor; crisp claims win over looser assertions on the same words."""
    found = [f for name in sorted(claim_extractors.get_all()) for f in claim_extractors.get(name)(ctx, lexicon, table)]
    order = {t: i for i, t in enumerate(CRISP_TYPES)}
    loose = {t: len(order) + i for i, t in enumerate(("limitation", "risk", "comparison", "business", "capability"))}
    found.sort(key=lambda f: (order.get(f.type, len(order)), -f.confidence, loose.get(f.type, 99), f.start, f.end))
    kept: list[ClaimFinding] = []
    for f in found:
        crisp = f.type in order
        if any(_overlap(f, k) > 0.5 for k in kept if k.type == f.type or not crisp):
            continue
        kept.append(f)
    return sorted(kept, key=lambda f: (f.start, f.end, f.type))
