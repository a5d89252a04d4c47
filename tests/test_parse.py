"""Dependency paths between a candidate's names, on hand-built parses (no trained pipeline is needed)."""

from __future__ import annotations

import re

import pytest
from spacy.tokens import Doc
from spacy.vocab import Vocab

from kg.errors import ModelNotFoundError
from kg.extract import parse
from kg.extract.text import QuoteContext
from kg.resolve import Hit

# "Acme and Bcme both build on Ccme ." as a parser reads it once the three names are masked
_WORDS = ["Acme", "and", "Bcme", "both", "build", "on", "Ccme", "."]
_HEADS = [4, 0, 0, 4, 4, 4, 5, 4]
_DEPS = ["nsubj", "cc", "conj", "advmod", "ROOT", "prep", "pobj", "punct"]
_POS = ["PROPN", "CCONJ", "PROPN", "ADV", "VERB", "ADP", "PROPN", "PUNCT"]
_LEMMAS = ["Acme", "and", "Bcme", "both", "build", "on", "Ccme", "."]


class _FakeNlp:
    """Parses only the masked sentence above, and says what it was asked."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def __call__(self, text: str) -> Doc:
        self.seen.append(text)
        assert text == "Acme and Bcme both build on Ccme."
        return Doc(Vocab(), words=_WORDS, spaces=[True] * 6 + [False, False], heads=_HEADS, deps=_DEPS, pos=_POS,
                   lemmas=_LEMMAS)


@pytest.fixture
def fake():
    nlp = _FakeNlp()
    parse._CURRENT[0] = parse.Parser(nlp)
    yield nlp
    parse._CURRENT[0] = None


def _ctx(text: str, names: list[str]) -> QuoteContext:
    hits = sorted((Hit(m.start(), m.end(), n, n, n, "Product", "test") for n in names
                   for m in re.finditer(re.escape(n), text)), key=lambda h: h.start)
    return QuoteContext("q1", "d1", text, [(0, len(text))], hits, [])


def test_without_a_parser_there_are_no_path_features():
    ctx = _ctx("Vercel and Netlify both build on AWS Lambda.", ["Vercel", "Netlify", "AWS Lambda"])
    assert parse.current() is None
    assert parse.pair_path_features(ctx, ctx.hits[0], ctx.hits[2]) == set()
    assert parse.implicit_path_features(ctx, ctx.hits[2]) == set()


def test_names_are_masked_and_the_path_runs_through_their_common_head(fake):
    ctx = _ctx("Vercel and Netlify both build on AWS Lambda.", ["Vercel", "Netlify", "AWS Lambda"])
    vercel, netlify, aws = ctx.hits
    assert "dep:path:nsubj^build/VERB^prep:on>pobj" in parse.pair_path_features(ctx, vercel, aws)
    conj = parse.pair_path_features(ctx, netlify, aws)  # Netlify reaches the verb through Vercel
    assert {"dep:path:conj<nsubj^build/VERB^prep:on>pobj", "dep:ends:conj|pobj", "dep:len:4"} <= conj
    assert {"dep:top:self", "dep:path:^self^conj"} <= parse.pair_path_features(ctx, vercel, netlify)
    assert fake.seen == ["Acme and Bcme both build on Ccme."]  # one parse for the sentence's three pairs


def test_a_name_paired_with_the_unnamed_subject_reads_its_path_to_the_verb(fake):
    ctx = _ctx("Vercel and Netlify both build on AWS Lambda.", ["Vercel", "Netlify", "AWS Lambda"])
    assert parse.implicit_path_features(ctx, ctx.hits[2]) == {"s_dep:path:pobj<prep:on<build",
                                                              "s_dep:first:pobj"}


def test_a_missing_or_parserless_pipeline_is_a_clear_error():
    with pytest.raises(ModelNotFoundError, match="not installed"):
        parse.configure("en_core_web_nonexistent")
    assert parse.current() is None
