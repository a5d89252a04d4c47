"""Measured claims: metrics, prices, licences and platforms."""

from __future__ import annotations

import re
from collections.abc import Iterator

from kg.extract.claims.base import ClaimFinding, sub_clause, window
from kg.extract.quantities import find_metrics, find_prices
from kg.extract.text import QuoteContext, trim_span
from kg.lexicon import Lexicon
from kg.registry import claim_extractors
from kg.resolve import EntityTable

__all__ = ["licenses", "metrics", "platforms", "pricing"]


@claim_extractors.register("metric")
def metrics(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Numbers with units: "Sub-200ms boot" → < 200 ms; "2.2k stars" → 2200 stars; "3B transformer"."""
    skip = [(h.start, h.end) for h in ctx.hits] + [(p.start, p.end) for p in find_prices(ctx.text)]
    for q in find_metrics(ctx.text, skip):
        start, end = _phrase(ctx, q.start, q.end)
        yield ClaimFinding("metric", start, end, "metric.quantity", 0.9, q.value, q.unit, q.comparator)


_PHRASE_BREAK = re.compile(r"[,;:()\n]|\s[—–]\s|\s(?:with|and|but|while|which|so|because|though|per|versus|vs\.?)\s", re.IGNORECASE)


def _phrase(ctx: QuoteContext, start: int, end: int) -> tuple[int, int]:
    """The short phrase a number lives in ("Cold starts … are well under a second"), or a few words around it."""
    s_lo, s_hi = ctx.sentence_of(start)
    breaks = list(_PHRASE_BREAK.finditer(ctx.text, s_lo, start))
    lo = breaks[-1].end() if breaks else s_lo
    nxt = _PHRASE_BREAK.search(ctx.text, end, s_hi)
    hi = nxt.start() if nxt else s_hi
    if breaks and breaks[-1].group() == "(":  # "a lightweight interface (13 MB)": the number measures the words before
        paren = breaks[-1].start()
        lo = window(ctx.text, paren, paren, breaks[-2].end() if len(breaks) > 1 else s_lo, paren, left=4, right=0)[0]
        hi += 1 if ctx.text[hi:hi + 1] == ")" else 0
    lo, hi = trim_span(ctx.text, lo, hi)
    if len(ctx.text[lo:hi].split()) <= 14:
        return lo, hi
    sub_lo, sub_hi = sub_clause(ctx.text, start, end, s_lo, s_hi)
    return window(ctx.text, start, end, sub_lo, sub_hi, left=3, right=4)


@claim_extractors.register("pricing")
def pricing(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Prices: "$15-40/mo per seat" → 15–40 USD/month/seat; "free tier" → 0. An amount that funding, valuation or
    revenue words stand beside ("$24M raised", "$27M ARR"; ``money_figure`` in the cues) is a metric instead."""
    stop = re.compile(r"^(?:with|and|or|but|than|of|in|on|because|while|if|when|where|which|that)$", re.IGNORECASE)
    before, after = lexicon.patterns("money_figure.before"), lexicon.patterns("money_figure.after")
    for p in find_prices(ctx.text):
        lo, hi = sub_clause(ctx.text, p.start, p.end, *ctx.sentence_of(p.start))
        start, end = window(ctx.text, p.start, p.end, lo, hi, left=3, right=3, left_stop=stop)
        if any(b.search(ctx.text, max(lo, p.start - 40), p.start) for b in before) or \
                any(a.match(ctx.text, p.end, hi) for a in after):  # "$24M raised", "$27M ARR": the company's figure
            yield ClaimFinding("metric", start, end, "metric.money", 0.85, p.value, p.unit, p.comparator)
        else:
            yield ClaimFinding("pricing", start, end, "pricing.money", 0.9, p.value, p.unit, p.comparator)


_NOT_LICENSED = re.compile(r"\b(?:not|never|no\s+longer|\w+n['’]t)\s+(?:(?:licen[cs]ed|released|available|"
                           r"distributed|under|the|an?|with|using)\s+){0,3}$", re.IGNORECASE)


@claim_extractors.register("license")
def licenses(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Licences named in the quote, with the words that say something about them; and the kind of licence words say
    without naming one ("it is closed source", "Budibase is open source": ``license_kind`` in the cues)."""
    read = []
    named = set()  # (sentence, licence) pairs already read: "the GNU General Public License (GPL)" is one licence
    for hit in ctx.hits:
        if hit.type != "License":
            continue
        sentence = ctx.sentence_of(hit.start)
        if (sentence, hit.entity) in named:
            continue
        named.add((sentence, hit.entity))
        lo, hi = sub_clause(ctx.text, hit.start, hit.end, *sentence)
        start, end = window(ctx.text, hit.start, hit.end, lo, hi, left=3, right=4)
        read.append((hit.start, hit.end))
        if _NOT_LICENSED.search(ctx.text, max(lo, hit.start - 40), hit.start):  # "is not MIT licensed": not that one
            yield ClaimFinding("license", start, end, "license.named", 0.9, f"not {table.name(hit.entity)}",
                               polarity="negative")
        else:
            yield ClaimFinding("license", start, end, "license.named", 0.9, table.name(hit.entity))
    for kind in lexicon.cues.get("license_kind", {}):
        for m in lexicon.finditer(f"license_kind.{kind}", ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            if any(s_lo <= a < s_hi for a, _ in read):
                continue  # a named licence, or a kind already read, says it for the sentence
            read.append(m.span())
            lo, hi = sub_clause(ctx.text, m.start(), m.end(), s_lo, s_hi)
            start, end = window(ctx.text, m.start(), m.end(), lo, hi, left=3, right=4)
            yield ClaimFinding("license", start, end, "license.kind", 0.7, kind)


@claim_extractors.register("platform")
def platforms(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Supported platforms: "macOS/Linux-only support" → macOS, Linux (and not the others); "web-based" →
    browser."""
    plats = [h for h in ctx.hits if h.type == "Platform"]
    groups: list[list] = []
    for hit in plats:
        if groups and re.fullmatch(r"\s*(?:/|,|and|or|&|,\s*and)\s*", ctx.text[groups[-1][-1].end:hit.start]):
            groups[-1].append(hit)
        else:
            groups.append([hit])
    for group in groups:
        lo, hi = sub_clause(ctx.text, group[0].start, group[-1].end, *ctx.sentence_of(group[0].start))
        window = ctx.text[max(lo, group[0].start - 25):min(hi, group[-1].end + 25)]
        if lexicon.search("platform_context", window) is None:
            continue
        names = [table.name(h.entity) for h in group]
        negative = re.search(r"\b(?:no|not|without|cuts out|excludes?|lacks?|\w+n['’]t|dropp(?:ed|ing|s)|"
                             r"removed|ended|deprecated|discontinued)\b", ctx.text[max(lo, group[0].start - 30):group[0].start])
        tail = re.match(r"(?:-only|\s+only)?(?:\s+(?:support|builds?|binaries|users|machines|hosts))?", ctx.text[group[-1].end:])
        start = group[0].start
        end = group[-1].end + (tail.end() if tail else 0)
        if negative:
            start = max(lo, group[0].start - 30) + negative.start()
        if not re.search(r"\b(?:support|builds?|binaries|users|machines|hosts)$", ctx.text[start:end]) \
                and len(ctx.text[start:end].split()) <= 4:  # "Linux and macOS only": say who is limited to them
            start, end = _phrase(ctx, start, end)
        value = [f"no {n}" for n in names] if negative else names
        yield ClaimFinding("platform", start, end, "platform.support", 0.85, value,
                           polarity="negative" if negative else "positive")
    for m in lexicon.finditer("platform_browser", ctx.text):  # "web-based", "runs in a web browser"
        start, end = _phrase(ctx, m.start(), m.end())
        yield ClaimFinding("platform", start, end, "platform.browser", 0.75, ["browser"], polarity="positive")
