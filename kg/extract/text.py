"""Clause-level helpers shared by the extractors: clause bounds, horizons, hedges and negation."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from itertools import pairwise

from kg.lexicon import Lexicon
from kg.resolve import Hit

__all__ = [
    "WORD_NUMBERS",
    "QuoteContext",
    "clause_bounds",
    "find_horizon",
    "is_hedged",
    "line_topic",
    "normalize_horizon",
    "trim_span",
]

WORD_NUMBERS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "eighteen": 18, "twenty-four": 24,
                "a couple of": 2, "a few": 3}
# where one clause of review prose ends and the next begins
# a markdown link's address ("[Limn](https://…)") is matched whole so that its brackets break no clause
_CLAUSE_BREAK = re.compile(r"(?P<link>\]\([^()\s]*\))|\s+[—–]\s+|\s+-\s+|;\s+|:\s+|\.\s+|\?\s+|!\s+|\(|\)|\n")


@dataclass
class QuoteContext:
    """One quote as the extractors see it: text, sentences, resolved names, subject and candidates."""

    quote_id: str
    doc_id: str
    text: str
    sentences: list[tuple[int, int]]
    hits: list[Hit]
    candidates: list[str] = field(default_factory=list)
    subject: str | None = None

    def hits_in(self, start: int, end: int) -> list[Hit]:
        """The resolved names inside [start, end), in the order of :attr:`hits`."""
        hits, starts = self.hits, _ordered_starts(self.hits, named=True)
        if starts is None:
            return [h for h in hits if h.start >= start and h.end <= end]
        out = []
        for i in range(bisect_left(starts, start), len(hits)):  # no name starting later than ``end`` ends by it
            h = hits[i]
            if h.start > end:
                break
            if h.end <= end:
                out.append(h)
        return out

    def hits_from(self, start: int, end: int) -> list[Hit]:
        """The resolved names starting in [start, end), in the order of :attr:`hits`."""
        hits, starts = self.hits, _ordered_starts(self.hits, named=True)
        if starts is None:
            return [h for h in hits if start <= h.start < end]
        return hits[bisect_left(starts, start):bisect_left(starts, end)]

    def sentence_of(self, pos: int) -> tuple[int, int]:
        """Bounds of the sentence holding ``pos``."""
        starts = _ordered_starts(self.sentences, named=False)
        if starts is None:
            for start, end in self.sentences:
                if start <= pos < end:
                    return start, end
            return 0, len(self.text)
        i = bisect_right(starts, pos) - 1  # the last sentence starting at or before ``pos``: no other holds it
        if i >= 0 and pos < self.sentences[i][1]:
            return self.sentences[i][0], self.sentences[i][1]
        return 0, len(self.text)


_ORDERED: list = [None, None]  # (list, its length, its starts) of the hits and of the sentences asked last


def _ordered_starts(items: list, named: bool) -> list[int] | None:
    """The starts of ``items`` (hits when ``named``, else (start, end) sentences) when each one ends before the next
    starts (as resolution and sentence splitting give them), else None. The starts of the hits and of the sentences
    asked last are kept (the list is held, so no other list takes its id while kept): a long quote's many asks then
    cost a bisection each, not a pass over all its names (that made extraction quadratic in a quote's length)."""
    kept = _ORDERED[named]
    if kept is not None and kept[0] is items and kept[1] == len(items):
        return kept[2]
    bounds = [(h.start, h.end) for h in items] if named else [(a, b) for a, b in items]
    ordered = all(a <= b for a, b in bounds) and all(x[1] <= y[0] for x, y in pairwise(bounds))
    starts = [a for a, _ in bounds] if ordered else None
    _ORDERED[named] = (items, len(items), starts)
    return starts


def clause_bounds(text: str, start: int, end: int, lo: int = 0, hi: int | None = None) -> tuple[int, int]:
    """Extend [start, end) to the clause around it (stopping at dashes, semicolons, colons, periods)."""
    hi = len(text) if hi is None else hi
    left = lo
    for m in _CLAUSE_BREAK.finditer(text, lo, start):
        if not m.group("link"):
            left = m.end()
    right = hi
    after = next((m for m in _CLAUSE_BREAK.finditer(text, end, hi) if not m.group("link")), None)
    if after:
        right = after.start()
    return left, right


def trim_span(text: str, start: int, end: int) -> tuple[int, int]:
    """Strip white space and trailing punctuation from a span."""
    while start < end and text[start] in " \t\n,;:—–-'\"“”‘":
        start += 1
    while end > start and text[end - 1] in " \t\n,;:.—–-'\"“”‘’":
        end -= 1
    return start, end


def normalize_horizon(match: re.Match[str]) -> str:
    """"in 12 months" → "12 months"; "by 2027" → "2027"; "next quarter" → "next quarter"."""
    groups = match.groupdict()
    if groups.get("year"):
        return groups["year"]
    if groups.get("period"):
        word = "this" if groups.get("next", "").lower() == "this" else "next"
        return f"{word} {groups['period']}"
    n = groups.get("n") or "1"
    number = int(n) if n.isdigit() else WORD_NUMBERS.get(n.lower(), 1)
    unit = groups.get("unit", "months").lower().rstrip("s")
    if unit == "year" and number == 1:
        return "12 months"  # "within a year": analysts count in months
    if unit == "quarter":
        return "next quarter" if number == 1 else f"{number} quarters"
    return f"{number} {unit}{'s' if number != 1 else ''}"


_PAST_REACH = 24  # characters before a horizon where the words that put it in the past (cues "horizon_past") end


def find_horizon(text: str, start: int, end: int, lexicon: Lexicon, near: int | None = None) -> tuple[str, int, int] | None:
    """The time horizon stated in [start, end), nearest to ``near``: (normalised, start, end)."""
    found = []
    for m in lexicon.finditer("horizon", text, start, end):
        if lexicon.search("horizon_past", text, max(0, m.start() - _PAST_REACH), m.start()):
            continue  # "launched in 2019", "over the last 2 years": a time in the past, not a horizon
        found.append((abs(m.start() - near) if near is not None else m.start(), m.start(), m.end(), m))
    if not found:
        return None
    _, s, e, m = min(found, key=lambda f: (f[0], f[1]))
    return normalize_horizon(m), s, e


def is_hedged(text: str, start: int, end: int, lexicon: Lexicon) -> bool:
    """True when the clause hedges ("could", "might", "if")."""
    return lexicon.search("hedge", text, start, end) is not None


# what may open a line before its label: a bullet or a number, emphasis, a backtick or a link's bracket
_LINE_HEAD = re.compile(r"[ \t]*(?:[-*•+>]\s*|\d{1,2}[.)]\s*)?(?:\*\*|__|`|\[)?$")
# what ends a label: the markdown that closes it, at most a short parenthesis, then a colon (or a dash)
_LABEL_END = re.compile(r"(?:\*\*|__|`|\]\([^)\s]*\))?(?:\s*\([^)\n]{0,12}\))?\s*:\s")
_LABEL_DASH = re.compile(r"(?:\*\*|__|`|\]\([^)\s]*\))?(?:\s*\([^)\n]{0,12}\))?(?:\s*[—–]\s|\s+-\s)")


def line_topic(ctx: QuoteContext, pos: int, dash: bool = False) -> Hit | None:
    """The name that heads ``pos``'s line as a label ("JavaScriptCore: … written in C++", "- Clerk: 10K MAU free
    tier", "- `rapini`: less flexible than …"): a name opening the line, after at most a bullet and markdown,
    followed by a colon, or with ``dash`` on a list's line also by a dash ("- [dlt](…) — Python library …": what a
    claim there is about; a dependency cue after a dash is often the writer's own use, "Komoot – I use it to plan")."""
    start = ctx.text.rfind("\n", 0, pos) + 1
    label = ctx.hits_from(start, pos)
    if not label or not _LINE_HEAD.fullmatch(ctx.text[start:label[0].start]):
        return None
    head = label[0]
    for h in label[1:]:  # "OpenAI Whisper (original):": the label's last name
        if ctx.text[head.end:h.start] != " ":
            break
        head = h
    if _LABEL_END.match(ctx.text, head.end):
        return head
    # a dash ends a label only on a list's line or after markdown ("- Kubb — …"; not "Honestly — …")
    return head if dash and ctx.text[start:label[0].start].strip() and _LABEL_DASH.match(ctx.text, head.end) else None
