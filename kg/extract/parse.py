"""Optional dependency paths between a relation candidate's two names, from an installed spaCy pipeline.

``kg build --model NAME`` (any installed pipeline with a dependency parser) turns them on. Names are masked
before parsing (each becomes a placeholder proper noun, so the parser reads "Acme and Bcme both build on Ccme"
however odd the names are), only sentences holding a candidate are parsed, each once. The features are the
path's dependency labels with the verbs and prepositions it passes, the word where the two names meet, and, for
a pair whose other side is the quote's unnamed subject, the name's path up to its verb. The relation scorer then
reads ``relations.parsed.model.json``, trained with them. Without a parser every function here returns nothing.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from kg.extract.text import QuoteContext
from kg.resolve import Hit

__all__ = ["PARSED_MODEL_FILE", "Parser", "check_model", "configure", "current", "implicit_path_features",
           "pair_path_features"]

PARSED_MODEL_FILE = "relations.parsed.model.json"  # the relation scorer trained with these features

_MASKS = [f"{c}cme" for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"]  # proper nouns the parser reads as names
_MAX_STEPS = 4  # longer paths are rare features that say little
_KEPT = 256  # parsed sentences kept: one quote's candidates ask for the same sentence again
_OPEN_CLASS_HEADS = ("VERB", "AUX", "ADP")


@dataclass
class Parser:
    """A pipeline that parses text (``nlp(text)`` gives a Doc with heads, labels, lemmas and tags)."""

    nlp: Callable
    _kept: dict[str, object] = field(default_factory=dict)

    def parse(self, text: str):
        """The parsed Doc of ``text``."""
        doc = self._kept.get(text)
        if doc is None:
            if len(self._kept) >= _KEPT:
                self._kept.clear()
            doc = self._kept[text] = self.nlp(text)
        return doc


_CURRENT: list[Parser | None] = [None]


def configure(model: str | None) -> Parser | None:
    """Read dependency paths with the installed pipeline ``model`` from now on (``None``: no paths).

    Raises :class:`~kg.errors.ModelNotFoundError` when it is not installed or has no parser.
    """
    _CURRENT[0] = _load(model) if model else None
    return _CURRENT[0]


def check_model(model: str | None) -> None:
    """Raise :class:`~kg.errors.ModelNotFoundError` unless ``model`` is None, an installed package or a folder
    (found without importing spaCy, so that a build fails before its workers start)."""
    from kg.errors import ModelNotFoundError

    if model and not Path(model).is_dir() and importlib.util.find_spec(model) is None:
        raise ModelNotFoundError(model)


@lru_cache(maxsize=2)
def _load(model: str) -> Parser:
    import spacy

    from kg.errors import ModelNotFoundError

    check_model(model)
    try:
        nlp = spacy.load(model, exclude=["ner"])
    except OSError as err:
        raise ModelNotFoundError(model) from err
    if "parser" not in nlp.pipe_names:
        raise ModelNotFoundError(model, "has no dependency parser")
    return Parser(nlp)


def current() -> Parser | None:
    """The parser in use, if any."""
    return _CURRENT[0]


def _masked_sentence(ctx: QuoteContext, lo: int, hi: int) -> tuple[str, dict[int, int]]:
    """The sentence [lo, hi) with every name replaced by a placeholder, and each name's start → its
    placeholder's offset in the masked text."""
    parts, where, cursor, size = [], {}, lo, 0
    for n, h in enumerate(ctx.hits_in(lo, hi)):
        if h.start < cursor:
            continue
        parts.append(ctx.text[cursor:h.start])
        size += h.start - cursor
        where[h.start] = size
        mask = _MASKS[n % len(_MASKS)]
        parts.append(mask)
        size += len(mask)
        cursor = h.end
    parts.append(ctx.text[cursor:hi])
    return "".join(parts), where


def _token_at(doc, offset: int):
    return next((t for t in doc if t.idx == offset), None)


def _up(token) -> list:
    """The token and its heads up to the root."""
    chain = [token]
    while chain[-1].head.i != chain[-1].i and len(chain) < 16:
        chain.append(chain[-1].head)
    return chain


def _step(token) -> str:
    """One step of a path: the token's label, with its own lemma when it is a verb or a preposition."""
    return f"{token.dep_}:{token.lemma_.lower()}" if token.pos_ in _OPEN_CLASS_HEADS else token.dep_


def _tokens(parser: Parser, ctx: QuoteContext, hits: list[Hit]) -> list:
    lo, hi = ctx.sentence_of(hits[-1].start)
    text, where = _masked_sentence(ctx, lo, hi)
    doc = parser.parse(text)
    return [_token_at(doc, where[h.start]) if h.start in where else None for h in hits]


def pair_path_features(ctx: QuoteContext, a: Hit, b: Hit) -> set[str]:
    """The dependency path from ``a`` to ``b`` through their lowest common head."""
    parser = current()
    if parser is None:
        return set()
    ta, tb = _tokens(parser, ctx, [a, b])
    if ta is None or tb is None:
        return {"dep:none"}
    up, down = _up(ta), _up(tb)
    shared = {t.i for t in down}
    meet = next((t for t in up if t.i in shared), None)
    if meet is None:
        return {"dep:none"}
    left = [_step(t) for t in up[:[t.i for t in up].index(meet.i)]]
    right = [_step(t) for t in down[:[t.i for t in down].index(meet.i)]]
    top = "self" if meet.i in (ta.i, tb.i) else f"{meet.lemma_.lower()}/{meet.pos_}"
    feats = {f"dep:top:{top}", f"dep:len:{min(len(left) + len(right), 6)}",
             f"dep:ends:{left[0] if left else '-'}|{right[0] if right else '-'}"}
    if len(left) + len(right) <= _MAX_STEPS:
        feats.add(f"dep:path:{'<'.join(left)}^{top}^{'>'.join(reversed(right))}")
    return feats


def implicit_path_features(ctx: QuoteContext, b: Hit) -> set[str]:
    """The path from ``b`` up to its verb, for a pair whose other side is the quote's unnamed subject."""
    parser = current()
    if parser is None:
        return set()
    (tb,) = _tokens(parser, ctx, [b])
    if tb is None:
        return {"s_dep:none"}
    steps = []
    for t in _up(tb)[:-1] or [tb]:
        steps.append(_step(t))
        if t.head.pos_ in ("VERB", "AUX"):
            steps.append(t.head.lemma_.lower())
            break
    return {f"s_dep:path:{'<'.join(steps[:_MAX_STEPS + 1])}", f"s_dep:first:{steps[0]}"}
