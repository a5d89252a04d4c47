"""Acronyms a review defines: "External Secrets Operator (ESO)" makes "ESO" another name of the name before it.

The pattern is Schwartz and Hearst's (2003): a name, then in a parenthesis a short form whose letters are the
name's initials. A definition holds in its own document only: "CDP" is the Chrome DevTools Protocol in one review
and a customer data platform in another.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Protocol, TypeVar

__all__ = ["defined_acronyms", "defined_tail", "spells_initials"]

_SHORT = r"\s*\(\s*([A-Z][A-Za-z0-9]{1,9})\s*\)"  # "(ESO)"
_DEFINITION = re.compile(_SHORT)
_TAIL = re.compile(r"((?:\s+[A-Z][\w.+-]*){1,4})(?=" + _SHORT + ")")  # capitalised words, then the short form
_WORD = re.compile(r"[^\s/–—-]+")
_MINOR = frozenset({"a", "an", "and", "for", "in", "of", "on", "the", "to", "&"})


class _Named(Protocol):
    @property
    def end(self) -> int: ...
    @property
    def text(self) -> str: ...


N = TypeVar("N", bound=_Named)


def spells_initials(name: str, short: str) -> bool:
    """Whether ``short`` is made of ``name``'s initials: every word's ("Tree Style Tab", TST), every word's but
    the minor ones ("Open Information Security Foundation", OISF), or every capital and digit ("Chrome DevTools
    Protocol", CDP). A single word spells nothing (its own capitals may: "DevTools" is no definition of "DT")."""
    words = _WORD.findall(name)
    if len(words) < 2:
        return False
    letters = short.upper()
    every = "".join(w[0] for w in words).upper()
    major = "".join(w[0] for w in words if w.lower() not in _MINOR).upper()
    capitals = "".join(c for c in name if c.isupper() or c.isdigit())
    return letters in (every, major, capitals)


def defined_acronyms(texts: Iterable[str], hits: Iterable[list[N]]) -> dict[str, N]:
    """The acronyms the texts define, each with the name it stands for (the first definition of each), from each
    text's names (``hits``, one list per text, in order): a name followed by its initials in a parenthesis."""
    found: dict[str, N] = {}
    for text, named in zip(texts, hits):
        for hit in named:
            m = _DEFINITION.match(text, hit.end)
            if m and m.group(1) != hit.text and m.group(1) not in found and spells_initials(hit.text, m.group(1)):
                found[m.group(1)] = hit
    return found


def defined_tail(text: str, start: int, end: int) -> int | None:
    """Where a longer name ends that the name at ``text[start:end]`` opens, when its initials follow it in a
    parenthesis: "Vault Secrets Operator (VSO)" is no mention of Vault but a name of its own (None otherwise)."""
    m = _TAIL.match(text, end)
    if m and spells_initials(text[start:m.end(1)], m.group(2)):
        return m.end(1)
    return None
