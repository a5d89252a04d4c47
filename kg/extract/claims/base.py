"""Shared claim helpers: the finding record and how a claim's words are cut from its clause."""

from __future__ import annotations

import re
from dataclasses import dataclass

from kg.extract.text import QuoteContext, clause_bounds, trim_span
from kg.facts import fact_types

__all__ = ["CRISP_TYPES", "ClaimFinding", "after_head", "clause_start", "strip_framing", "sub_clause", "window"]

CRISP_TYPES = fact_types().crisp_claims  # crisp claims win over loose ones on the same words, in this order
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
    rejected: str | None = None  # why a cue reading is not a claim (the run report shows it)


_LEFT_STOP = re.compile(r"^(?:with|and|or|but|than|of|in|on|for|from|because|while|if|when|where|which|that)$", re.IGNORECASE)


def window(text: str, start: int, end: int, lo: int, hi: int, left: int = 3, right: int = 3,
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


def sub_clause(text: str, start: int, end: int, lo: int, hi: int) -> tuple[int, int]:
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
    return sub_clause(text, pos, pos + 1, lo, hi)[0]


def strip_framing(text: str, start: int, end: int) -> int:
    m = re.match(r"(?:the|my|one)\s+(?:honest\s+|real\s+|big\s+)?(?:caveat|concern|problem|issue|catch)\s+is\s+(?:that\s+)?",
                 text[start:end], re.IGNORECASE)
    return start + m.end() if m else start


def after_head(ctx: QuoteContext, m: re.Match[str], split_and: bool) -> list[tuple[int, int]]:
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
