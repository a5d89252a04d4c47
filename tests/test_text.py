"""kg.extract.text: a quote's names and sentences looked up by position, on hand-built quotes."""

from __future__ import annotations

import random
import re

import pytest

from kg.extract.text import QuoteContext, find_horizon, line_topic
from kg.lexicon import load_lexicon
from kg.resolve import Hit


def _ctx(hits, sentences, text="x" * 200):
    return QuoteContext("q", "d", text, sentences, hits)


def _hit(start, end, root="a"):
    return Hit(start, end, "x" * (end - start), root, root, "Product", "catalog")


def _by_hand(ctx):
    """What each lookup gives read off every name and sentence in turn."""
    def hits_in(a, b):
        return [h for h in ctx.hits if h.start >= a and h.end <= b]

    def hits_from(a, b):
        return [h for h in ctx.hits if a <= h.start < b]

    def sentence_of(pos):
        return next(((a, b) for a, b in ctx.sentences if a <= pos < b), (0, len(ctx.text)))

    return hits_in, hits_from, sentence_of


def test_lookups_by_position_give_what_a_pass_over_every_name_gives():
    rng = random.Random(11)
    for _ in range(300):
        cuts = sorted(rng.sample(range(200), rng.randrange(0, 16)))
        spans = [(a, b) for a, b in zip(cuts[::2], cuts[1::2])]
        if rng.random() < 0.2 and spans:  # out of order, overlapping or reversed: looked up one by one
            spans.append(rng.choice([(spans[0][0], spans[0][1] + 5), (150, 120), (0, 300)]))
        hits = [_hit(a, b, rng.choice("abc")) for a, b in spans]
        bounds = sorted(rng.sample(range(200), 6))
        sentences = [(a, b) for a, b in zip(bounds[::2], bounds[1::2])]
        if rng.random() < 0.2:
            sentences.insert(0, (bounds[1], bounds[4]))
        ctx = _ctx(hits, sentences)
        hits_in, hits_from, sentence_of = _by_hand(ctx)
        for _ in range(20):
            a = rng.randrange(-5, 205)
            b = a + rng.randrange(0, 80)
            assert ctx.hits_in(a, b) == hits_in(a, b)
            assert ctx.hits_from(a, b) == hits_from(a, b)
            assert ctx.sentence_of(a) == sentence_of(a)


def test_a_list_changed_in_place_is_read_again():
    ctx = _ctx([_hit(0, 5), _hit(10, 15)], [(0, 50)])
    assert ctx.hits_in(0, 20) == ctx.hits[:2]
    ctx.hits.append(_hit(16, 19))
    assert ctx.hits_in(0, 20) == ctx.hits
    ctx.sentences.append((50, 100))
    assert ctx.sentence_of(60) == (50, 100)


@pytest.mark.parametrize("text,expected", [
    ("Modal could replace E2B by 2027.", "2027"),
    ("Modal will replace E2B within 12 months.", "12 months"),
    ("Modal, launched in 2019, replaced E2B.", None),  # a past event's year
    ("Over the last 2-3 years, Modal replaced E2B.", None),  # a past stretch of time
    ("Modal, launched in 2019, could replace E2B by 2027.", "2027"),  # the past year is passed over
])
def test_a_horizon_is_ahead_a_time_in_the_past_is_none(text, expected):
    found = find_horizon(text, 0, len(text), load_lexicon())
    assert (found[0] if found else None) == expected


def _names(text: str, names: list[str]) -> QuoteContext:
    hits = sorted((Hit(m.start(), m.end(), n, n, n, "Product", "test") for n in names
                   for m in re.finditer(re.escape(n), text)), key=lambda h: h.start)
    return QuoteContext("q1", "d1", text, [(0, len(text))], hits, [])


@pytest.mark.parametrize("text,names,topic", [
    ("V8: an engine by Google, written in C++.", ["V8", "Google", "C++"], "V8"),
    ("- Clerk: 10K MAU free tier", ["Clerk"], "Clerk"),
    ("**OpenAI Whisper** (original): reference implementation in PyTorch", ["OpenAI", "Whisper", "PyTorch"], "Whisper"),
    ("Intro line.\n2. Modal: written in Rust", ["Modal", "Rust"], "Modal"),
    ("We moved V8 to a new box: written in C++ anyway.", ["V8", "C++"], None),  # the name does not open the line
    ("Pros: Modal is fast and written in Rust", ["Modal", "Rust"], None),  # the label is no name
    ("- `rapini`: less flexible, written in Go", ["rapini", "Go"], "rapini"),  # markdown around the label
    ("- [dlt](https://github.com/dlt-hub/dlt): Python library, written in Python", ["dlt", "Python"], "dlt"),
])
def test_line_topic(text, names, topic):
    ctx = _names(text, names)
    found = line_topic(ctx, text.index("written") if "written" in text else len(text) - 1)
    assert (found.text if found else None) == topic


@pytest.mark.parametrize("text,names,topic", [
    ("- [dlt](https://github.com/dlt-hub/dlt) — Python library, written in Python", ["dlt", "Python"], "dlt"),
    ("- Kubb - a generator written in TypeScript", ["Kubb", "TypeScript"], "Kubb"),
    ("- Kubb-based generators are written in TypeScript", ["Kubb", "TypeScript"], None),  # a hyphen joins, no dash
])
def test_a_label_may_end_with_a_dash_when_asked(text, names, topic):
    ctx = _names(text, names)
    found = line_topic(ctx, text.index("written"), dash=True)
    assert (found.text if found else None) == topic
    assert line_topic(ctx, text.index("written")) is None  # by default only a colon ends a label
