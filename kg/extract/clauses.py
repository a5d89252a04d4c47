"""Clause candidates for qualitative claims: every clause of a quote, described by the features a trained
claim model reads.

A review states its qualitative claims ("crazy scalable", "too heavy and difficult to run at analytic scale",
"avoiding vendor lock-in") one clause at a time. Each clause is a candidate; its features are the stemmed words
and word pairs, how it opens (the quote's subject, another product, "it", "we"), its sentiment, which cue
families of ``ontology/cues.json`` match in it, numbers, negation, questions, length and word forms. A long
clause also offers its pieces between commas ("It crashes constantly, sometimes won't open …"); a piece the model
trusts more than its clause wins over it (``extract_claims`` keeps the surer of two readings of the same words). The model
(``ontology/claims.model.json``, trained by ``python -m kg.train``) labels a clause capability, limitation,
risk, comparison, business or none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from kg.extract.candidates import family_spans, stemmed_words
from kg.extract.text import QuoteContext, trim_span
from kg.lexicon import Lexicon

__all__ = ["CLAIM_LABELS", "Clause", "clauses"]

CLAIM_LABELS = ("none", "capability", "limitation", "risk", "comparison", "business")
_BREAK = re.compile(r",\s+(?=(?:and|but|so|while|though|although|whereas|which|because|yet)\b)|;\s+|:\s+|"
                    r"\s+[—–]\s+|\s+-\s+|\n+|\s*\(|\)\s*")
_FIRST_PERSON = re.compile(r"(?:i|we|i['’]m|we['’]re|i['’]ve|we['’]ve|my|our|us)\b", re.IGNORECASE)
_PRONOUN = re.compile(r"(?:it|it's|it’s|its|they|they're|they’re|this|that)\b", re.IGNORECASE)
_CONNECTIVE = re.compile(r"(?:and|but|so|while|though|although|whereas|which|because|yet)\b\s*", re.IGNORECASE)
# the look-ahead names every first letter of the words: the same matches, tried at fewer places
_NEGATION = re.compile(r"(?=[nw])\b(?:not|no|never|n['’]t|without|nothing|none)\b", re.IGNORECASE)
_MIN_WORDS, _MAX_WORDS = 2, 40
_DIGIT = re.compile(r"\d")
# an "and" or "but" that opens a clause with its own subject: "It gets too slow | and that is irritating"
_PIECE = re.compile(r",\s+|\s+(?:so|where|due to)\s+|"
                    r"\s+(?:and|but)\s+(?=(?:I|we|you|they|it|that|this|he|she|there)\s)")
_PIECE_FROM, _MIN_PIECE_WORDS = 10, 3  # a clause of this many words also offers its pieces of at least so many


@dataclass(frozen=True)
class Clause:
    """One clause of a quote: where it is and its features."""

    start: int
    end: int
    features: tuple[str, ...]


def _bucket(n: int) -> str:
    return "1-3" if n <= 3 else "4-6" if n <= 6 else "7-10" if n <= 10 else "11-16" if n <= 16 else "17+"


def _spans(ctx: QuoteContext) -> list[tuple[int, int, int, int, bool]]:
    """(start, end, sentence start, sentence end, is a piece of a long clause) of every clause."""
    out = []
    for lo, hi in ctx.sentences:
        cursor = lo
        for m in [*(m for m in _BREAK.finditer(ctx.text, lo, hi) if not _one_word_aside(ctx.text, m)), None]:
            a, b = cursor, (m.start() if m else hi)
            cursor = m.end() if m else hi
            a, b = trim_span(ctx.text, a, b)
            lead = _CONNECTIVE.match(ctx.text, a, b)
            if lead:
                a = lead.end()
            n = len(ctx.text[a:b].split())
            if _MIN_WORDS <= n <= _MAX_WORDS:
                out.append((a, b, lo, hi, False))
            if n >= _PIECE_FROM:
                out += [(*piece, lo, hi, True) for piece in _pieces(ctx.text, a, b)]
    return out


_ASIDE_OPEN = re.compile(r"[^()\s]{1,12}\)")  # after "(" in "(IPAM)", "(2019)", "(pictured)"
_ASIDE_CLOSE = re.compile(r"\([^()\s]{1,12}$")


def _one_word_aside(text: str, m: re.Match[str]) -> bool:
    """Whether a parenthesis the clause breaks at holds one short word, which belongs to the clause around it: "an
    IP address management (IPAM) and data center infrastructure management (DCIM) tool" is one clause."""
    mark = m.group().strip()
    if mark == "(":
        return _ASIDE_OPEN.match(text, m.end()) is not None
    return mark == ")" and _ASIDE_CLOSE.search(text, max(0, m.start() - 14), m.start()) is not None


def _pieces(text: str, a: int, b: int) -> list[tuple[int, int]]:
    """The parts of a long clause between its commas and its "so", "where", "due to": a claim is often one of
    them ("It crashes constantly, sometimes won't open when I try to use it")."""
    cuts = [(m.start(), m.end()) for m in _PIECE.finditer(text, a, b)]
    out = []
    bounds = [a, *(x for cut in cuts for x in cut), b]
    for s, e in zip(bounds[::2], bounds[1::2]):
        s, e = trim_span(text, s, e)
        if (s, e) != (a, b) and len(text[s:e].split()) >= _MIN_PIECE_WORDS:
            out.append((s, e))
    return out


def _features(ctx: QuoteContext, a: int, b: int, lo: int, hi: int, spans, polarity) -> tuple[str, ...]:
    text = ctx.text[a:b]
    words = stemmed_words(ctx, a, b)
    feats = {f"c:{w}" for w in words} | {f"cc:{x}_{y}" for x, y in pairwise(words)}
    feats.add(f"len:{_bucket(len(words))}")
    if words:
        feats |= {f"c1:{words[0]}", f"cn:{words[-1]}"}
    hits = ctx.hits_in(a, b)
    opener = next((h for h in hits if not ctx.text[a:h.start].strip()), None)
    if opener is not None:
        feats.add("opens:subject" if opener.root == ctx.subject else f"opens:{opener.type}")
    elif _FIRST_PERSON.match(text):
        feats.add("opens:first_person")
    elif _PRONOUN.match(text):
        feats.add("opens:pronoun")
    feats |= {"names:subject" for h in hits if h.root == ctx.subject}
    feats |= {"names:other" for h in hits if h.root != ctx.subject}
    if _DIGIT.search(text):
        feats.add("number")
    if _NEGATION.search(text):
        feats.add("negated")
    if ctx.text[b:b + 1] == "?" or text.endswith("?"):
        feats.add("question")
    score = polarity(text, ctx.text, a)  # the quote's cue scan serves its clauses
    feats.add("polarity:" + ("++" if score >= 0.5 else "+" if score >= 0.2 else "--" if score <= -0.5
                             else "-" if score <= -0.2 else "0"))
    feats |= {f"cue:{family}" for family, s, e in spans if s < b and e > a}
    feats.add(f"position:{'first' if a == lo else 'later'}")
    for w in _RAW_WORD.findall(text):
        feats.update(_word_forms(w))
    before = ctx.text[lo:a].rstrip()
    if before.endswith(":"):
        feats.add("after:colon")
    if _BULLET.match(ctx.text, max(0, ctx.text.rfind("\n", 0, a) + 1)):
        feats.add("bullet")
    if any(h.root == ctx.subject for h in ctx.hits_from(lo, hi)):
        feats.add("sentence_names:subject")
    return tuple(sorted(feats))


_RAW_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]+")
_FORMS = tuple((name, re.compile(pattern, re.IGNORECASE)) for name, pattern in (
    ("adj_able", r"(?:able|ible)$"), ("adj_ful_less", r"(?:ful|less)$"), ("adj_ive_ous", r"(?:ive|ous|ic|al)$"),
    ("superlative", r"\w{3,}est$"), ("comparative", r"\w{3,}er$"), ("adverb", r"\w{3,}ly$"),
    ("participle", r"\w{3,}ed$"), ("gerund", r"\w{3,}ing$"), ("hyphenated", r"\w-\w")))
_BULLET = re.compile(r"\s*(?:[-*•]|\d+[.)])\s+")


@lru_cache(maxsize=65536)
def _word_forms(word: str) -> tuple[str, ...]:
    """The ``form:`` features of one word (the same words come back clause after clause)."""
    return tuple(f"form:{form}" for form, pattern in _FORMS if pattern.search(word))


def clauses(ctx: QuoteContext, lexicon: Lexicon) -> list[Clause]:
    """Every clause of one quote, in text order, with its features."""
    from kg.extract.facets import sentence_polarity

    out = []
    spans_of: dict[tuple[int, int], list] = {}
    for a, b, lo, hi, piece in _spans(ctx):
        spans = spans_of.setdefault((lo, hi), family_spans(ctx, lexicon, lo, hi))
        feats = _features(ctx, a, b, lo, hi, spans, sentence_polarity)
        out.append(Clause(a, b, tuple(sorted((*feats, "piece"))) if piece else feats))
    return out
