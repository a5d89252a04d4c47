"""Literal prefilters for cue patterns: words a match must contain, checked before the regular expression runs.

A pattern's *required sets* are read from its parse tree: each set holds literal strings of which every
match contains at least one ("compet" in ``compet(?:es|ing)``, one of "toast", "dead", … in a fate cue).
A text that lacks a member of any one set cannot match, so the regex need not run. The check is exact:
literals are compared against the text folded as ``re.IGNORECASE`` folds ASCII letters, and a pattern
whose parse yields no usable set always runs.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator
from dataclasses import dataclass
from functools import reduce
from operator import itemgetter, or_

try:  # Python ≥ 3.11
    from re import _constants as _sre_c
    from re import _parser as _sre_p
except ImportError:  # pragma: no cover - Python 3.10
    import sre_constants as _sre_c  # type: ignore[no-redef]
    import sre_parse as _sre_p  # type: ignore[no-redef]

__all__ = ["LeadingGroup", "LiteralIndex", "Prefilter", "fold", "leading_group", "literal_automaton", "opening_literals",
           "required_sets"]

# characters that re.IGNORECASE matches to an ASCII letter although str.lower() does not map them there
_FOLD = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s"})
_MIN_LEN = 2  # a one-character literal filters nothing
_REPEATS = (_sre_c.MAX_REPEAT, _sre_c.MIN_REPEAT, getattr(_sre_c, "POSSESSIVE_REPEAT", _sre_c.MAX_REPEAT))


def fold(text: str) -> str:
    """``text`` folded for literal checks: lowercased, with the letters ``re.IGNORECASE`` folds to ASCII."""
    if text.isascii() or not ("\u0130" in text or "\u0131" in text or "\u017f" in text):
        return text.lower()  # the table maps only those three (translate alone costs more than lower)
    return text.translate(_FOLD).lower()


def _sets(items) -> list[frozenset[str]]:
    """Required literal sets of a sequence of parse-tree items (every match of the sequence meets each set)."""
    out: list[frozenset[str]] = []
    run = ""
    for op, av in items:
        if op is _sre_c.LITERAL:
            run += chr(av)
            continue
        if run:
            out.append(frozenset([run]))
            run = ""
        if op is _sre_c.SUBPATTERN:
            out += _sets(av[-1])
        elif op is _sre_c.BRANCH:
            alternatives = [_sets(branch) for branch in av[1]]
            if all(alternatives):  # each alternative contributes its most selective set
                out.append(frozenset().union(*(max(a, key=_selectivity) for a in alternatives)))
        elif op in _REPEATS and av[0] >= 1:
            out += _sets(av[2])
    if run:
        out.append(frozenset([run]))
    return out


def _selectivity(literals: frozenset[str]) -> tuple[int, int]:
    return min(len(s) for s in literals), -len(literals)


def required_sets(pattern: str) -> tuple[frozenset[str], ...]:
    """The literal sets every match of ``pattern`` meets: folded, ASCII, at least two characters each."""
    try:
        tree = _sre_p.parse(pattern)
    except re.error:
        return ()
    keep = []
    for literals in _sets(list(tree)):
        folded = frozenset(fold(s) for s in literals)
        if all(s.isascii() and len(s) >= _MIN_LEN for s in folded) and folded not in keep:
            keep.append(folded)
    return tuple(sorted(keep, key=lambda s: (-min(map(len, s)), sorted(s))))


_ZERO_WIDTH = (_sre_c.AT, _sre_c.ASSERT, _sre_c.ASSERT_NOT)


def _openers(items: list, depth: int = 0) -> set[str] | None:
    """Literals one of which opens every match of a sequence of parse-tree items, or None if that is unknown.

    Zero-width items (``\\b``, ``^``, lookarounds) are passed over; a group, an alternative or a repeat
    contributes the openers of its content followed by what comes after it (and, when it may be skipped,
    those of what comes after it alone). Anything else first (a character class, ``.``) gives None.
    """
    if depth > 24:
        return None
    for k, (op, av) in enumerate(items):
        if op in _ZERO_WIDTH:
            continue
        rest = items[k + 1:]
        if op is _sre_c.LITERAL:
            run = ""
            for op2, av2 in items[k:]:
                if op2 is not _sre_c.LITERAL:
                    break
                run += chr(av2)
            if len(run) < _MIN_LEN:  # one letter ("v" of "versus|vs"): read on into what follows
                more = _openers(items[k + len(run):], depth + 1)
                if more:
                    return {run + s for s in more}
            return {run}
        if op is _sre_c.SUBPATTERN:
            return _openers(list(av[-1]) + rest, depth + 1)
        if op is _sre_c.BRANCH:
            out: set[str] = set()
            for branch in av[1]:
                found = _openers(list(branch) + rest, depth + 1)
                if found is None:
                    return None
                out |= found
            return out
        if op in _REPEATS:
            found = _openers(list(av[2]) + rest, depth + 1)
            skipped = _openers(rest, depth + 1) if av[0] == 0 else set()
            return None if found is None or skipped is None else found | skipped
        return None
    return None


def opening_literals(pattern: str, flags: int = 0) -> tuple[str, ...] | None:
    """Folded literals (ASCII, two characters or more) one of which every match of ``pattern`` starts with,
    or None when the pattern does not say (or may match the empty string). Shortest first, none a prefix of
    another: ``\\b(?:threat(?:s|ens)|rival)`` → ("rival", "threat")."""
    try:
        tree = _sre_p.parse(pattern, flags)
    except re.error:
        return None
    if tree.getwidth()[0] == 0:
        return None
    found = _openers(list(tree))
    if not found:
        return None
    folded = {fold(s) for s in found}
    if not all(s.isascii() and len(s) >= _MIN_LEN for s in folded):
        return None
    return tuple(sorted((s for s in folded if not any(t != s and s.startswith(t) for t in folded)),
                        key=lambda s: (len(s), s)))


@dataclass(frozen=True)
class LeadingGroup:
    """A pattern that opens with a repeated group (``(?P<target>X{1,40}?)…``): the regex engine would try it
    at every position, so the scan first finds the rest of the pattern (the *tail*, which every match
    contains) and starts at most ``width`` characters before the first place the tail matches."""

    tail: re.Pattern[str]
    width: int | None  # the group's longest match; None if unbounded


def _group_end(pattern: str) -> int | None:
    """Where the group opening ``pattern`` closes (after its ``)``), minding escapes and character classes."""
    depth, i, in_class = 0, 0, False
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            if pattern[i + 1:i + 2] == "]":
                i += 1
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return None


def leading_group(pattern: str, flags: int = re.IGNORECASE) -> LeadingGroup | None:
    """The tail and width of a pattern that opens with a repeated group, or None for any other pattern."""
    if not pattern.startswith("("):
        return None
    try:
        tree = _sre_p.parse(pattern, flags)
    except re.error:
        return None
    items = list(tree)
    if not items or items[0][0] is not _sre_c.SUBPATTERN:
        return None
    inner = list(items[0][1][-1])
    if len(inner) != 1 or inner[0][0] not in _REPEATS:
        return None
    end = _group_end(pattern)
    if end is None or end >= len(pattern) or pattern[end] in "*+?{|" or "|" in _top_level(pattern[end:]):
        return None
    _, hi = _sre_p.SubPattern(tree.state, [items[0]]).getwidth()
    return LeadingGroup(re.compile(pattern[end:], flags), None if hi >= _sre_c.MAXREPEAT else hi)


def _top_level(pattern: str) -> str:
    """``pattern`` with every parenthesised part removed (to see top-level alternation)."""
    out, depth, i = [], 0, 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        depth += c == "("
        if depth == 0:
            out.append(c)
        depth -= c == ")"
        i += 1
    return "".join(out)


@dataclass(frozen=True)
class Prefilter:
    """The required literal sets of one pattern; ``passes`` says whether a folded text may hold a match."""

    sets: tuple[frozenset[str], ...]

    @classmethod
    def of(cls, pattern: str) -> Prefilter:
        return cls(required_sets(pattern))

    def passes(self, folded: str) -> bool:
        """False only when ``folded`` (see :func:`fold`) lacks every literal of some required set."""
        return all(any(s in folded for s in literals) for literals in self.sets)

    def passes_in(self, folded: str, start: int, end: int) -> bool:
        """Like :meth:`passes`, for a match inside ``folded[start:end]``."""
        return all(any(folded.find(s, start, end) >= 0 for s in literals) for literals in self.sets)


class _TextState:
    """What one text holds: its folded form, which required sets it meets, the numbers of the patterns whose
    sets it all meets (sorted), per key the patterns that may match it and (once asked) their matches, and
    what callers derived from those matches (``memo``)."""

    __slots__ = ("folded", "matches", "memo", "met", "numbers", "opens", "passing", "present")

    def __init__(self, folded: str, met: int, numbers: list[int], present: set[str]) -> None:
        self.folded = folded
        self.met = met  # bit j set: the text meets required set j
        self.numbers = numbers
        self.present = present  # the scanned literals the folded text holds
        self.opens: dict[int, list[int]] = {}  # pattern number → where a match of it may start
        self.passing: dict[str, list[tuple[re.Pattern[str], int]]] = {}  # per key with any, in number order
        self.matches: dict[str, list[re.Match[str]]] = {}
        self.memo: dict[str, object] = {}


def literal_automaton(literals: set[str]):
    """An Aho-Corasick automaton of ``literals``, each stored as itself; None for no literals."""
    if not literals:
        return None
    import ahocorasick

    automaton = ahocorasick.Automaton()
    for literal in sorted(literals):
        automaton.add_word(literal, literal)
    automaton.make_automaton()
    return automaton


_literal = itemgetter(1)  # an automaton match is (end, literal)


def _places(folded: str, literal: str) -> Iterator[int]:
    """Every position where ``literal`` starts in ``folded``, overlapping ones too."""
    at = folded.find(literal)
    while at >= 0:
        yield at
        at = folded.find(literal, at + 1)


class LiteralIndex:
    """The prefilters of every cue pattern, checked together: each distinct literal is looked up once per text.

    A text is *opened* once: folded, and one Aho-Corasick pass finds every literal it holds. That gives the
    required sets it meets and the patterns whose sets are all met.
    Per key, the patterns that may match are then a slice of those; a range check looks only their literals
    up inside the range. A pattern whose every match opens with one of a few literals
    (:func:`opening_literals`) is only tried where one of them stands, instead of at every position. The
    last few texts are kept, so the extractors of one quote share the work.
    """

    _KEEP = 4

    def __init__(self, lists: dict[str, list[re.Pattern[str]]]) -> None:
        self.keys = {key: [(p, i) for p, i in zip(patterns, range(n, n + len(patterns)))]
                     for key, patterns, n in _numbered(lists)}
        self._ranges = {key: (n, n + len(patterns)) for key, patterns, n in _numbered(lists)}
        self._patterns = [p for patterns in lists.values() for p in patterns]
        self.filters = [Prefilter.of(p.pattern) for p in self._patterns]
        self.leading = {i: g for i, p in enumerate(self._patterns) if (g := leading_group(p.pattern, p.flags))}
        sets = sorted({s for f in self.filters for s in f.sets}, key=lambda s: sorted(s))
        number = {s: i for i, s in enumerate(sets)}
        self._sets = sets
        self._needs = [tuple(number[s] for s in f.sets) for f in self.filters]
        by_literal: dict[str, list[int]] = {}
        for i, s in enumerate(sets):
            for literal in s:
                by_literal.setdefault(literal, []).append(i)
        self._by_literal = sorted(by_literal.items())
        openers = {i: found for i, p in enumerate(self._patterns)
                   if i not in self.leading and (found := opening_literals(p.pattern, p.flags))}
        scanned = set(by_literal) | {lit for found in openers.values() for lit in found}
        self._owners = {lit: sum(1 << i for i in by_literal.get(lit, ())) for lit in scanned}  # a literal's sets (bits)
        self._openers = openers  # pattern → the literals one of which opens each of its matches
        self._scan = literal_automaton(scanned)
        self._need_bits = [sum(1 << j for j in set(needs)) for needs in self._needs]
        # the patterns to check for a text: those without sets, and per literal the patterns whose first
        # required set holds it (a pattern whose sets are all met has a literal of its first one present)
        self._always = [i for i, needs in enumerate(self._needs) if not needs]
        keyed: dict[str, list[int]] = {}
        for i, needs in enumerate(self._needs):
            if needs:
                for literal in sets[needs[0]]:
                    keyed.setdefault(literal, []).append(i)
        self._keyed = {literal: tuple(numbers) for literal, numbers in keyed.items()}
        self._key_of = [key for key, patterns, _ in _numbered(lists) for _ in patterns]
        self._states: dict[str, _TextState] = {}
        self._last: tuple[str | None, _TextState | None] = (None, None)

    def state(self, text: str) -> _TextState:
        """The (cached) state of ``text``."""
        last = self._last
        if last[0] is text:  # most asks are about the text asked about last
            return last[1]
        found = self._states.get(text)
        if found is None:
            folded = fold(text)
            present = set(map(_literal, self._scan.iter(folded))) if self._scan is not None else set()
            met = reduce(or_, map(self._owners.__getitem__, present), 0)
            tried = set(self._always)
            keyed = self._keyed
            for literal in present:
                found_for = keyed.get(literal)
                if found_for:
                    tried.update(found_for)
            need_bits = self._need_bits
            numbers = sorted(i for i in tried if need_bits[i] & met == need_bits[i])
            if len(self._states) >= self._KEEP:
                del self._states[next(iter(self._states))]
            found = self._states[text] = _TextState(folded, met, numbers, present)
            passing, patterns, key_of = found.passing, self._patterns, self._key_of
            for i in numbers:  # per key, its patterns that may match (keys with none are left out)
                key = key_of[i]
                if key in passing:
                    passing[key].append((patterns[i], i))
                else:
                    passing[key] = [(patterns[i], i)]
        self._last = (text, found)
        return found

    def passing(self, key: str, text: str) -> list[tuple[re.Pattern[str], int]]:
        """The patterns under ``key`` (with their numbers) that may match somewhere in ``text``."""
        found = self.state(text).passing.get(key)
        if found is None:
            if key not in self._ranges:
                raise KeyError(key)
            return []
        return found

    def live_keys(self, text: str) -> dict[str, list[tuple[re.Pattern[str], int]]]:
        """The keys with a pattern that may match somewhere in ``text`` (a key not in it has no match there), each
        with those patterns, as :meth:`passing` gives them (read it, do not change it)."""
        return self.state(text).passing

    def memo(self, text: str) -> dict[str, object]:
        """A dict kept with ``text``'s state, for results derived from its matches (dropped with the state)."""
        return self.state(text).memo

    def needs(self, number: int) -> list[frozenset[str]]:
        """Pattern ``number``'s required literal sets (a match holds a literal of each)."""
        return [self._sets[j] for j in self._needs[number]]

    def in_range(self, number: int, text: str, start: int, end: int) -> bool:
        """Whether pattern ``number``'s literals occur inside ``text[start:end]`` (after :meth:`passing`)."""
        st = self.state(text)
        find, present, sets = st.folded.find, st.present, self._sets
        for j in self._needs[number]:
            for literal in sets[j]:
                if literal in present and find(literal, start, end) >= 0:
                    break
            else:
                return False
        return True

    def matches(self, key: str, text: str) -> list[re.Match[str]]:
        """Every match of the patterns under ``key`` over the whole text, pattern by pattern (cached)."""
        st = self.state(text)
        found = st.matches.get(key)
        if found is None:
            passing = st.passing.get(key)
            if passing is None:
                if key not in self._ranges:
                    raise KeyError(key)
                found = st.matches[key] = []
            else:
                found = st.matches[key] = [m for p, i in passing for m in self.finditer(p, i, text)]
        return found

    def finditer(self, pattern: re.Pattern[str], number: int, text: str, start: int = 0,
                 end: int | None = None) -> Iterator[re.Match[str]]:
        """``pattern.finditer(text, start, end)`` (the same matches).

        A pattern with opening literals is tried only where one of them stands in the text; a pattern that
        opens with a repeated group starts where its tail first matches, less the group's width (no match
        can start earlier), or yields nothing.
        """
        end = len(text) if end is None else end
        if number in self._openers:
            return _tried_at(pattern, self._starts(number, text), text, start, end)
        group = self.leading.get(number)
        if group is not None:
            first = group.tail.search(text, start, end)
            if first is None:
                return iter(())
            if group.width is not None:
                start = max(start, first.start() - group.width)
        return pattern.finditer(text, start, end)


    def _starts(self, number: int, text: str) -> list[int]:
        """Where in ``text`` a match of pattern ``number`` may start: the places of its opening literals."""
        st = self.state(text)
        found = st.opens.get(number)
        if found is None:
            folded = st.folded
            found = st.opens[number] = sorted(p for lit in self._openers[number] if lit in st.present
                                              for p in _places(folded, lit))
        return found


def _tried_at(pattern: re.Pattern[str], starts: list[int], text: str, start: int, end: int) -> Iterator[re.Match[str]]:
    """``pattern.finditer(text, start, end)`` for a pattern whose matches (never empty) can only begin at
    ``starts`` (sorted): the leftmost match at or after the end of the previous one, as finditer finds it."""
    cursor = start
    for at in starts[bisect_left(starts, start):]:
        if at >= end:
            break
        if at >= cursor:
            m = pattern.match(text, at, end)
            if m is not None:
                cursor = m.end()
                yield m


def _numbered(lists: dict[str, list[re.Pattern[str]]]):
    n = 0
    for key, patterns in lists.items():
        yield key, patterns, n
        n += len(patterns)
