"""Word frequencies tell product names from ordinary English."""

from __future__ import annotations

import pytest

from kg.words import frequency, is_common


def test_frequency_orders_words_and_names():
    assert frequency("the") > frequency("trigger") > frequency("qdrant") == 0


@pytest.mark.parametrize("word,common", [("trigger", True), ("Temporal", True), ("Inngest", False),
                                         ("helicone", False), ("multi-repo", False), ("Top-3", True),
                                         ("I’m", True), ("we’ve", True)])  # typographic apostrophes
def test_is_common(word, common):
    assert is_common(word) is common
