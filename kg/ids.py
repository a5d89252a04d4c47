"""Stable identifiers: the same name or text gives the same id on every machine and run."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from functools import lru_cache

__all__ = ["digest", "entity_id", "fact_id", "normalize_name", "quote_id", "slug", "spelling"]


def digest(*parts: object, length: int = 12) -> str:
    """Hex SHA-1 of the parts joined by a unit separator.

    >>> digest("a", 1)
    '6aec555ea0de'
    """
    joined = "\x1f".join(str(p) for p in parts)
    return hashlib.sha1(joined.encode("utf-8")).hexdigest()[:length]


def normalize_name(name: str) -> str:
    """NFC, straight apostrophes, collapsed white space, casefolded: the key names are compared by.

    >>> normalize_name("  GitHub\\u00a0Copilot ")
    'github copilot'
    """
    return _normalized(name)


_NOT_SPELLED = re.compile(r"[^\w+#]|_")


def spelling(name: str) -> str:
    """A name's letters, digits, "+" and "#", casefolded: the key of names spelled alike but for case, spaces and
    punctuation ("LLaMA-Factory", "LlamaFactory"; "C++" is not "C").

    >>> spelling("LLaMA-Factory") == spelling("llama factory"), spelling("C++")
    (True, 'c++')
    """
    return _NOT_SPELLED.sub("", name.casefold())


_SPACES = re.compile(r"\s+")


@lru_cache(maxsize=1 << 16)
def _normalized(name: str) -> str:  # a corpus names the same few thousand things over and over
    name = unicodedata.normalize("NFC", name).replace("\u2019", "'")
    return _SPACES.sub(" ", name).strip().casefold()


def slug(name: str) -> str:
    """A readable ASCII slug; a short hash keeps names that slug alike apart.

    >>> slug("LlamaIndex Workflows")
    'llamaindex-workflows'
    >>> slug("C++") != slug("C")
    True
    """
    key = normalize_name(name)
    ascii_ = unicodedata.normalize("NFKD", key).encode("ascii", "ignore").decode()
    base = re.sub(r"[^a-z0-9]+", "-", ascii_).strip("-")
    if base and re.sub(r"[\s._-]+", "-", key).strip("-") == base:
        return base
    return f"{base or 'x'}-{digest(key, length=6)}"


@lru_cache(maxsize=1 << 16)
def entity_id(name: str) -> str:
    """Id of the canonical entity called ``name``."""
    return f"ent:{slug(name)}"


def quote_id(text: str) -> str:
    """Id of a quote: a digest of its exact text, so repeats across documents are one quote."""
    return f"q:{hashlib.sha1(text.encode('utf-8')).hexdigest()[:12]}"


def fact_id(prefix: str, *parts: object) -> str:
    """Id of a relation, claim or contradiction from what identifies it."""
    return f"{prefix}:{digest(*parts, length=16)}"
