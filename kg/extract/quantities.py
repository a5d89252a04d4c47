"""Numbers with units, comparators and prices: "Sub-200ms boot" → < 200 ms, "$15-40/mo per seat" → 15–40 USD."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from kg.catalog import ontology_dir
from kg.errors import PatternError
from kg.spans import SpanIndex

__all__ = ["Quantity", "find_metrics", "find_prices", "parse_number"]


@dataclass(frozen=True)
class Quantity:
    """A measured or priced value found in text."""

    start: int
    end: int
    value: float | list[float]
    unit: str
    comparator: str


@lru_cache(maxsize=1)
def _units() -> dict:
    path = ontology_dir() / "units.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as err:
        raise PatternError(f"{path}: cannot load the unit table ({err})") from err


def parse_number(digits: str, multiplier: str | None = None) -> float:
    """ "2.2" + "k" → 2200.0; "1,200" → 1200.0.

    >>> parse_number("2.2", "k"), parse_number("1,200"), parse_number("3", "B")
    (2200.0, 1200.0, 3000000000.0)
    """
    value = float(digits.replace(",", ""))
    if multiplier:
        value *= _units()["multipliers"][multiplier.lower()]
    return round(value, 6)


def _alternation(words: list[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


@lru_cache(maxsize=1)
def _metric_pattern() -> re.Pattern[str]:
    t = _units()
    return re.compile(
        rf"(?P<cmp>(?<![\w])(?:{_alternation(list(t['comparators']))})\s*)?"
        r"(?<![\w.$/])(?P<num>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)"
        rf"(?P<mult>(?:k|m|mm|b|bn|t)(?![a-z])|\s(?:thousand|million|billion)\b)?\+?"
        r"(?:\*\*|\*)?(?:\s?-\s?|\s)?"  # markdown emphasis may close after the number: "**672** CVEs"
        rf"(?P<pre>(?:[A-Z][\w]+\s)?)(?P<unit>{_alternation(list(t['units']))})(?![\w])",
        re.IGNORECASE,
    )


@lru_cache(maxsize=1)
def _rate_pattern() -> re.Pattern[str]:
    """What makes a count a rate, right after its unit: " per second", "/sec", " a day" (``rate_periods``)."""
    return re.compile(rf"\s*(?:/|\s(?:per|a|an|every)\s)\s*({_alternation(list(_units()['rate_periods']))})\b"
                      r"(?!\s+ago\b)", re.IGNORECASE)  # "a year ago" is a time, not a rate


def _per_time(text: str, unit: str, end: int) -> tuple[str, int]:
    """``unit`` made a rate when a time it is per follows at ``end`` ("50k writes per second" → writes/s), with where
    the quantity then ends; as it was otherwise (a unit that is a rate already stays one)."""
    rate = _rate_pattern().match(text, end) if "/" not in unit else None
    if rate is None:
        return unit, end
    return f"{unit}/{_units()['rate_periods'][rate.group(1).lower()]}", rate.end()


def _comparator(words: str | None) -> str:
    """The comparator a matched comparator word stands for ("under" → "<", "sub-" → "<"); "=" without one."""
    table, word = _units()["comparators"], (words or "").strip().lower()
    return table.get(word) or table.get(word + " ") or "="


@lru_cache(maxsize=1)
def _comparator_width() -> int:
    """The longest comparator of the metric pattern (characters)."""
    return max(map(len, _units()["comparators"]))


_MONEY_SCALE = r"(?:k|m|mm|b|bn)(?![a-z])|\s(?:thousand|million|billion)\b"  # "$1.5k", "$28M", "$2 billion"
_AMOUNT = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"  # "$1,500", "$1,099.99", "$15", "$2.99"


@lru_cache(maxsize=1)
def _price_pattern() -> re.Pattern[str]:
    t = _units()
    per = _alternation(list(t["per_units"]))
    return re.compile(
        rf"(?P<cur>{_alternation(list(t['currencies']))})\s?(?P<lo>{_AMOUNT})(?P<mult>{_MONEY_SCALE})?"
        rf"(?:\s?(?:-|–|to)\s?(?:{_alternation(list(t['currencies']))})?\s?(?P<hi>{_AMOUNT})(?P<hmult>{_MONEY_SCALE})?)?"
        rf"(?:\s?(?:/|per|a|an)\s?(?P<period>{_alternation(list(t['periods']))}|{per})\b)?"
        rf"(?:\s?(?:/|per)\s?(?P<per>{per}|{_alternation(list(t['periods']))})\b)?",
        re.IGNORECASE,
    )


_DIGIT = re.compile(r"\d")  # every metric, count and price holds one ("under a second" and "free tier" aside)
_DIGITS = re.compile(r"\d+")


def _number_led(pattern: re.Pattern[str], text: str, back: int) -> Iterator[re.Match[str]]:
    """``pattern.finditer(text)`` for a pattern whose every match holds a number that starts a run of digits and
    opens the match or follows a comparator of at most ``back`` characters and then only white space: the
    pattern is tried only at those places (the same matches; a regex scan tries every position)."""
    starts: set[int] = set()
    for m in _DIGITS.finditer(text):
        d = m.start()
        i = d
        while i > 0 and text[i - 1].isspace():
            i -= 1
        starts.update(range(max(0, i - back), d + 1))
    cursor = 0
    for at in sorted(starts):
        if at >= cursor:
            found = pattern.match(text, at)
            if found is not None:
                yield found
                cursor = found.end()  # matches are never empty


@lru_cache(maxsize=1)
def _size_pattern() -> re.Pattern[str]:
    """Model sizes: "3B transformer", "8B parameter model"."""
    nouns = _alternation(_units()["model_nouns"])
    return re.compile(rf"(?<![\w.-])(?P<num>\d+(?:\.\d+)?)(?P<mult>[BM])\b(?:[\s-]+(?:{nouns}))")


@lru_cache(maxsize=1)
def _spelled_pattern() -> re.Pattern[str]:
    """Spelled-out numbers with a unit: "three hours", "forty minutes", "two million downloads", "twice as fast"."""
    t = _units()
    words = _alternation(list(t["number_words"]))
    return re.compile(
        rf"(?P<cmp>(?<![\w])(?:{_alternation([c for c in t['comparators'] if c[0].isalpha()])})\s+)?"
        rf"(?<![\w-])(?:(?P<twice>twice)\s+(?:as\s+[a-z]+|faster|slower|cheaper|smaller|larger|bigger|more|less|fewer)"
        rf"|(?P<num>{words})(?:-(?P<ones>one|two|three|four|five|six|seven|eight|nine))?"
        rf"(?:\s(?P<mult>thousand|million|billion))?\s(?P<unit>{_alternation(list(t['units']))}))(?![\w])",
        re.IGNORECASE,
    )


_ONES = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}


def _spelled(text: str, skip: Sequence[tuple[int, int]], found: list[Quantity]) -> list[Quantity]:
    """Quantities written in words (``number_words`` and ``spelled_units`` in units.json)."""
    t = _units()
    out = []
    for m in _spelled_pattern().finditer(text):
        if any(q.start < m.end() and m.start() < q.end for q in found) or any(s < m.end() and m.start() < e for s, e in skip):
            continue
        if m.group("twice"):
            out.append(Quantity(m.start("twice"), m.end(), 2.0, "x", "="))
            continue
        unit_word, mult = m.group("unit").lower(), (m.group("mult") or "").lower() or None
        if not mult and unit_word not in t["spelled_units"]:
            continue  # "two users", "three models": prose, not a measurement
        unit, scale = t["units"][unit_word]
        value = (t["number_words"][m.group("num").lower()] + _ONES.get((m.group("ones") or "").lower(), 0))
        value = round(float(value) * (t["multipliers"][mult] if mult else 1) * scale, 6)
        comparator = _comparator(m.group("cmp"))
        out.append(Quantity(m.start("cmp") if m.group("cmp") else m.start("num"), m.end(), value, unit, comparator))
    return out


# the look-ahead names every first letter of the words: the same matches, tried at fewer places
_SPELLED_HINT = re.compile(r"(?=[tfsenh])\b(?:twice|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                           r"(?:thir|four|fif|six|seven|eigh|nine)teen|(?:twen|thir|for|fif|six|seven|eigh|nine)ty|hundred|"
                           r"thousand)\b", re.IGNORECASE)


def find_metrics(text: str, skip: Sequence[tuple[int, int]] = ()) -> list[Quantity]:
    """Every number with a known unit in ``text``, outside the ``skip`` spans (names, prices)."""
    if not _DIGIT.search(text):  # no digit: only "under a second" and spelled numbers can be metrics
        found = _under_a(text, [])
        found += _spelled(text, skip, found) if _SPELLED_HINT.search(text) else []
        return sorted(found, key=lambda q: q.start)
    t = _units()
    out = []
    taken = SpanIndex(skip)
    for m in _number_led(_metric_pattern(), text, _comparator_width()):
        if taken.overlaps(m.start("num"), m.end("num")):
            continue
        mult = (m.group("mult") or "").strip() or None  # "2.2k", "112 million"
        if re.match(r"(?:19|20)\d\d$", m.group("num")) and not mult:
            continue
        if not m.group("cmp") and text[m.start("num") - 1:m.start("num")] == "-" and \
                not re.search(r"\d\s*-$", text[:m.start("num")]):
            continue  # "Sub-" without a comparator word
        unit_word = m.group("unit").lower()
        if unit_word in ("m", "s") and mult:
            continue
        unit, scale = t["units"][unit_word]
        if mult and mult.upper() in ("B", "M") and unit in ("models", "parameters"):
            unit = "parameters"
        elif unit == "parameters" and not mult:
            continue
        value = parse_number(m.group("num"), mult) * scale
        comparator = _comparator(m.group("cmp"))
        start = m.start("cmp") if m.group("cmp") else m.start("num")
        unit, end = _per_time(text, unit, m.end())
        low = re.search(r"(?:between\s+|from\s+)?(\d+(?:\.\d+)?)\s*(?:and|to|-|–)\s*$", text[max(0, start - 24):start])
        if low and not m.group("cmp"):  # "between 10 and 20 ms", "10-20 ms": a range, not 20
            lo_value = parse_number(low.group(1), mult) * scale
            out.append(Quantity(start - len(low.group()), end, [lo_value, value], unit, "range"))
            continue
        out.append(Quantity(start, end, value, unit, comparator))
    for m in _size_pattern().finditer(text):  # model sizes
        if not any(q.start <= m.start() < q.end for q in out) and \
                not taken.overlaps(m.start(), m.end("mult")):
            out.append(Quantity(m.start(), m.end(), parse_number(m.group("num"), m.group("mult")), "parameters", "="))
    out += _counts(text, skip, out)
    out += _under_a(text, out)
    out += _ratings(text, skip, out)
    out += _spelled(text, skip, out) if _SPELLED_HINT.search(text) else []
    return sorted(out, key=lambda q: q.start)


_NOT_COUNTED = frozenset(["months", "years", "weeks", "days", "quarters", "times", "versions", "minutes", "hours", "seconds", "things", "ways", "reasons", "people", "folks", "steps", "percent", "releases", "cases", "lines", "bullets"])


_COUNT_COMPARATORS = ("~", "about ", "around ", "roughly ", "over ", "north of ", "more than ", "nearly ", "almost ")
_COUNT_CMP = max(map(len, _COUNT_COMPARATORS))
_COUNT = re.compile(rf"(?P<cmp>{'|'.join(_COUNT_COMPARATORS)})?"
                    r"(?<![\w.$/-])(?P<num>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)"
                    r"(?P<mult>[kKmMbB]|\s(?:thousand|million|billion)\b)?\+?(?:-ish|-plus)?(?:\*\*|\*)?"
                    r"\s+(?P<words>(?:[\w-]+\s+){0,2}?)(?P<noun>[a-z][a-z-]*[a-rt-z]s|[A-Z]{2,}s)\b")


def _counts(text: str, skip: Sequence[tuple[int, int]], found: list[Quantity]) -> list[Quantity]:
    """Plain counts of things: "~60 upstream providers", "14+ metrics", "1.4M executions a month"."""
    out = []
    t = _units()
    for m in _number_led(_COUNT, text, _COUNT_CMP):
        noun = m.group("noun") if m.group("noun")[:-1].isupper() else m.group("noun").lower()  # "CVEs" stays
        unit = t["units"].get(noun.lower())  # a unit after other words ("25 million weekly npm downloads"); right
        # after the number it is the metric pattern's to read or to leave
        if noun.lower() in _NOT_COUNTED or (unit and not m.group("words")) \
                or any(q.start <= m.start("num") < q.end for q in found) \
                or any(s < m.end("num") and m.start("num") < e for s, e in skip) \
                or re.match(r"(?:19|20)\d\d$", m.group("num")):
            continue
        comparator = t["comparators"].get((m.group("cmp") or "").strip().lower(), "=")
        value = parse_number(m.group("num"), (m.group("mult") or "").strip() or None) * (unit[1] if unit else 1)
        name, end = _per_time(text, unit[0] if unit else noun, m.end())
        out.append(Quantity(m.start("cmp") if m.group("cmp") else m.start("num"), end, value, name, comparator))
    return out


def _ratings(text: str, skip: Sequence[tuple[int, int]], found: list[Quantity]) -> list[Quantity]:
    """Scores out of a scale (``rating_scales`` in units.json): "Code score: 8/10", "4.5 out of 5" → 8 "/10"."""
    scales = "|".join(str(n) for n in sorted(_units()["rating_scales"], reverse=True))
    out = []
    for m in re.finditer(rf"(?=\d)(?<![\w.$/-])(?P<num>\d+(?:\.\d+)?)\s*(?:/|out of)\s*(?P<scale>{scales})(?![\w./-])", text):
        if not any(q.start <= m.start() < q.end for q in found) and \
                not any(s < m.end() and m.start() < e for s, e in skip) and float(m.group("num")) <= int(m.group("scale")):
            out.append(Quantity(m.start(), m.end(), parse_number(m.group("num")), f"/{m.group('scale')}", "="))
    return out


# the look-aheads below name every first letter (or the digit) a match opens with: the same matches, tried at
# fewer places
_UNDER_A = re.compile(r"(?=[wjubls])(?:\b(?:well\s+|just\s+)?(?:under|below|less than)\s+an?\s+(second|minute|hour|day)\b|"
                      r"\bsub-(second|minute|hour)\b)", re.IGNORECASE)
_FREE = re.compile(r"(?=[atfice1])(?:\b(?:a |the )?free (?:tier|plan|download|version|service|edition)\b|"
                   r"\bfree for (?:individuals|personal use|hobbyists|small teams)\b|\bfree (?:to use|of (?:charge|cost))\b|"
                   r"\bfor free\b|\b(?:is|are|it's|it’s)\s+(?:now\s+|still\s+|always\s+)?(?:100%\s+|completely\s+|"
                   r"totally\s+|entirely\s+)?free\b(?!-|\s(?:software|and\s+open|as\s+in|of\s+(?!charge|cost)))|"
                   r"(?<![\w-])(?:100%|completely|totally|entirely) free\b(?!-|\s(?:software|and\s+open|of\s+(?!charge|cost))))",
                   re.IGNORECASE)  # "free tier", "for free", "AWS SAM is free", "completely free"; not "free software"
_NO_FREE = re.compile(r"(?:\b(?:no|not|without|lacks?|dropped|killed|removed|ended|discontinued|retired)|n['’]t(?:\s+\w+)?)"
                      r"\s+(?:(?:a|an|the|its|any|their)\s+)?$", re.IGNORECASE)  # what a free offer "no" stands before


def _under_a(text: str, found: list[Quantity]) -> list[Quantity]:
    """ "well under a second", "sub-second" → < 1 s; "under a minute" → < 1 min."""
    out = []
    units = {"second": "s", "minute": "min", "hour": "h", "day": "days"}
    for m in _UNDER_A.finditer(text):
        unit = units[(m.group(1) or m.group(2)).lower()]
        if not any(q.start <= m.start() < q.end for q in found):
            out.append(Quantity(m.start(), m.end(), 1.0, unit, "<"))
    return out


def find_prices(text: str) -> list[Quantity]:
    """Every price: "$15-40/mo per seat" → [15, 40] USD/month/seat; "free tier" → 0 USD/month."""
    return list(_prices(text))


@lru_cache(maxsize=64)  # two extractors of a quote ask (its metrics leave its prices out)
def _prices(text: str) -> tuple[Quantity, ...]:
    t = _units()
    out = []
    for m in _price_pattern().finditer(text) if _DIGIT.search(text) else ():  # a price has a number
        currency = t["currencies"][m.group("cur").lower().strip()]
        lo_mult, hi_mult = (m.group(g) or "" for g in ("mult", "hmult"))
        lo = parse_number(m.group("lo"), (lo_mult or hi_mult).strip() or None)  # "$15-40k": both in thousands
        value: float | list[float] = lo if not m.group("hi") else \
            [lo, parse_number(m.group("hi"), (hi_mult or lo_mult).strip() or None)]
        period: str | None = None
        per: str | None = None
        words = [(m.group(k) or "").lower() for k in ("period", "per")]
        end = m.end()
        tail = re.match(r"\s+per\s+(seat|user|developer|dev|member|month|mo|year|hour)\b", text[m.end():], re.IGNORECASE)
        if tail:
            words.append(tail.group(1).lower())
            end += tail.end()
        for word in filter(None, words):  # the period first, then what is counted: USD/month/seat
            if word in t["periods"] and period is None:
                period = t["periods"][word]
            elif per is None:
                per = t["per_units"].get(word, word)
        unit = "/".join(x for x in (currency, period, per) if x)
        out.append(Quantity(m.start(), end, value, unit, "range" if isinstance(value, list) else "="))
    for m in _FREE.finditer(text):
        if not _NO_FREE.search(text, max(0, m.start() - 24), m.start()):  # "no free tier": no price at all
            out.append(Quantity(m.start(), m.end(), 0.0, "USD/month", "="))
    return tuple(sorted(out, key=lambda q: q.start))
