"""Measured claims on hand-built quote contexts: the words a number's claim covers."""

from __future__ import annotations

import pytest

from kg.extract.claims.measures import metrics
from kg.extract.text import QuoteContext
from kg.lexicon import load_lexicon


@pytest.fixture(scope="module")
def lexicon():
    return load_lexicon()


def _metric_texts(text: str, lexicon) -> list[tuple[str, object, str]]:
    ctx = QuoteContext("q:1", "doc:1", text, [(0, len(text))], [], subject=None)
    return [(text[f.start:f.end], f.value, f.unit) for f in metrics(ctx, lexicon, None)]


@pytest.mark.parametrize("text,expected", [
    ("This lightweight graphical interface (13 MB) only browses snapshots.",
     [("This lightweight graphical interface (13 MB)", 13.0, "MB")]),
    ("It delivered the smallest bundle size (38KB) of them all.",
     [("the smallest bundle size (38KB)", 38.0, "KB")]),
    ("Rust keeps consistently low latency (2-5ms p99) under load.",
     [("keeps consistently low latency (2-5ms p99)", [2.0, 5.0], "ms")]),
])
def test_a_number_in_parentheses_measures_the_words_before_it(text, expected, lexicon):
    assert _metric_texts(text, lexicon) == expected


def test_a_number_outside_parentheses_keeps_its_own_phrase(lexicon):
    assert _metric_texts("Cold starts are well under 200 ms, which matters (for us).", lexicon) == [
        ("Cold starts are well under 200 ms", 200.0, "ms")]
