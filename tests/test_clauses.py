"""Clause candidates for qualitative claims and their features, on hand-built quote contexts."""

from __future__ import annotations

import pytest

from kg.extract.clauses import clauses
from kg.extract.text import QuoteContext
from kg.lexicon import load_lexicon
from kg.resolve import Hit


@pytest.fixture(scope="module")
def lexicon():
    return load_lexicon()


def _ctx(text: str, names: dict[str, str], subject: str | None = None) -> QuoteContext:
    hits = []
    for name, type_ in names.items():
        start = text.index(name)
        hits.append(Hit(start, start + len(name), name, f"ent:{name.lower()}", f"ent:{name.lower()}", type_, "catalog"))
    hits.sort(key=lambda h: h.start)
    return QuoteContext("q:1", "doc:1", text, [(0, len(text))], hits, subject=subject)


def test_a_sentence_splits_into_its_clauses_without_the_connectives(lexicon):
    ctx = _ctx("ClickHouse is crazy scalable, but it is too heavy to run on a laptop; we gave up.",
               {"ClickHouse": "Product"}, subject="ent:clickhouse")
    texts = [ctx.text[c.start:c.end] for c in clauses(ctx, lexicon)]
    assert texts == ["ClickHouse is crazy scalable", "it is too heavy to run on a laptop", "we gave up"]


def test_a_one_word_parenthesis_stays_in_its_clause_and_a_longer_one_breaks_it(lexicon):
    ctx = _ctx("NetBox is an IP address management (IPAM) tool (initially built at DigitalOcean by its network "
               "team).", {"NetBox": "Product"}, subject="ent:netbox")
    texts = [ctx.text[c.start:c.end] for c in clauses(ctx, lexicon)]
    assert texts == ["NetBox is an IP address management (IPAM) tool",
                     "initially built at DigitalOcean by its network team"]


def test_a_clause_says_how_it_opens_and_how_it_feels(lexicon):
    ctx = _ctx("Typesense is fast and pleasant to run, while Elasticsearch is a pain to keep alive.",
               {"Typesense": "Product", "Elasticsearch": "Product"}, subject="ent:typesense")
    first, second = clauses(ctx, lexicon)
    assert {"opens:subject", "names:subject", "polarity:++", "position:first"} <= set(first.features)
    assert {"opens:Product", "names:other", "position:later"} <= set(second.features)
    assert any(f.startswith("polarity:-") for f in second.features)


def test_numbers_negation_and_questions_are_features(lexicon):
    ctx = _ctx("It does not handle 10k writes a second?", {})
    (clause,) = clauses(ctx, lexicon)
    assert {"number", "negated", "question", "opens:pronoun"} <= set(clause.features)


def test_a_lone_word_is_no_clause(lexicon):
    ctx = _ctx("Verdict: ship.", {})
    assert [ctx.text[c.start:c.end] for c in clauses(ctx, lexicon)] == []


def test_word_forms_say_what_kind_of_words_a_clause_holds_without_knowing_them(lexicon):
    ctx = _ctx("Retool is highly hackable and the fastest option", {"Retool": "Product"}, subject="ent:retool")
    (clause,) = clauses(ctx, lexicon)
    assert {"form:adverb", "form:adj_able", "form:superlative", "sentence_names:subject"} <= set(clause.features)
    ctx = _ctx("Nobody ships that", {})
    assert not any(f.startswith(("form:", "sentence_names:")) for f in clauses(ctx, lexicon)[0].features)


def test_a_labelled_line_and_a_bullet_are_features(lexicon):
    ctx = _ctx("Cost savings: transparent pricing without per-seat charges", {})
    assert [c.features for c in clauses(ctx, lexicon) if "after:colon" in c.features]
    ctx = _ctx("* Reduced memory usage on every device", {})
    (clause,) = clauses(ctx, lexicon)
    assert "bullet" in clause.features and "after:colon" not in clause.features


def test_a_long_clause_also_offers_its_pieces(lexicon):
    ctx = _ctx("Docker Desktop crashes constantly, sometimes won't open when I try to use it at work.",
               {"Docker Desktop": "Product"}, subject="ent:docker desktop")
    found = {ctx.text[c.start:c.end]: c.features for c in clauses(ctx, lexicon)}
    assert "Docker Desktop crashes constantly" in found and "piece" in found["Docker Desktop crashes constantly"]
    whole = "Docker Desktop crashes constantly, sometimes won't open when I try to use it at work"
    assert "piece" not in found[whole]
    short = _ctx("Zed is fast, light and calm.", {"Zed": "Product"}, subject="ent:zed")
    assert [short.text[c.start:c.end] for c in clauses(short, lexicon)] == ["Zed is fast, light and calm"]


def test_a_long_clause_also_offers_the_piece_before_an_and_that_opens_its_own_clause(lexicon):
    ctx = _ctx("Thunderbird gets too slow and that is quite irritating when you answer a lot of mail every day.",
               {"Thunderbird": "Product"}, subject="ent:thunderbird")
    found = {ctx.text[c.start:c.end]: c.features for c in clauses(ctx, lexicon)}
    assert "piece" in found["Thunderbird gets too slow"]
