"""How common an English word is: tells a product called "Inngest" from the word "trigger".

Frequencies come from pyspellchecker's English dictionary (loaded once, on first use).
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["frequency", "is_common"]

COMMON = 1000  # at or above this count a lowercase word is ordinary English ("trigger", "bolt", "temporal")
RARE = 100  # below this count a word is almost certainly a name when it matches a known product


@lru_cache(maxsize=1)
def _table():
    from spellchecker import SpellChecker

    return SpellChecker(language="en", distance=1).word_frequency


@lru_cache(maxsize=65536)
def frequency(word: str) -> int:
    """How often ``word`` (any case) occurs in the English reference corpus; 0 if never.

    >>> frequency("the") > frequency("trigger") > frequency("qdrant") == 0
    True
    """
    return int(_table()[word.lower()])


def is_common(word: str, threshold: int = COMMON) -> bool:
    """True if every part of ``word`` (split on spaces and hyphens) is ordinary English."""
    parts = [p for p in word.replace("-", " ").split() if p and not p.isdigit()]
    return bool(parts) and all(frequency(p) >= threshold for p in parts)
