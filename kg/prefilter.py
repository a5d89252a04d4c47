"""Literal prefilters for cue patterns: words a match must contain, checked before the regular expression runs.

A pattern's *required sets* are read from its parse tree: each set holds literal strings of which every
match contains at least one ("compet" in ``compet(?:es|ing)``, one of "toast", "dead", … in a fate cue).
A text that lacks a member of any one set cannot match, so the regex need not run. The check is exact:
literals are compared against the text folded as ``re.IGNORECASE`` folds ASCII letters, and a pattern
whose parse yields no usable set always runs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

try:  # Python ≥ 3.11
    from re import _constants as _sre_c
    from re import _parser as _sre_p
except ImportError:  # pragma: no cover - Python 3.10
    import sre_constants as _sre_c  # type: ignore[no-redef]
    import sre_parse as _sre_p  # type: ignore[no-redef]

__all__ = ["Prefilter", "fold", "required_sets"]

# characters that re.IGNORECASE matches to an ASCII letter although str.lower() does not map them there
_FOLD = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s"})
_MIN_LEN = 2  # a one-character literal filters nothing
_REPEATS = (_sre_c.MAX_REPEAT, _sre_c.MIN_REPEAT, getattr(_sre_c, "POSSESSIVE_REPEAT", _sre_c.MAX_REPEAT))


def fold(text: str) -> str:
    """``text`` folded for literal checks: lowercased, with the letters ``re.IGNORECASE`` folds to ASCII."""
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
