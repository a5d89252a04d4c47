"""Word frequencies tell product names from ordinary English."""

from __future__ import annotations

import pytest

from kg.words import frequency, is_common, is_unheard, is_vocabulary, zipf


def test_frequency_orders_words_and_names():
    assert frequency("the") > frequency("trigger") > frequency("qdrant") == 0


@pytest.mark.parametrize("word,common", [("trigger", True), ("Temporal", True), ("Inngest", False),
                                         ("helicone", False), ("multi-repo", False), ("Top-3", True),
                                         ("I’m", True), ("we’ve", True)])  # typographic apostrophes
def test_is_common(word, common):
    assert is_common(word) is common


@pytest.mark.parametrize("word,vocabulary,unheard", [
    ("workflows", True, False), ("timestamps", True, False), ("concurrency", True, False), ("serverless", True, False),
    ("the", True, False), ("libvips", False, True), ("tldraw", False, True), ("helicone", False, True),
    ("pgvector", False, True), ("multi-repo", True, False),
])
def test_technical_vocabulary_is_english_and_names_nobody_writes_are_unheard(word, vocabulary, unheard):
    assert is_vocabulary(word) is vocabulary and is_unheard(word) is unheard


def test_zipf_reads_typographic_apostrophes_as_straight_ones():
    assert zipf("don’t") == zipf("don't") > 5
