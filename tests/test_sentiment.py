"""kg's VADER gives vaderSentiment's very scores: on the real sets' and the sample's quotes, their sentences and
words, and on VADER's own examples (boosters, "but", "no", "least", capitals, idioms, emojis)."""

from __future__ import annotations

import re
from pathlib import Path

from vaderSentiment.vaderSentiment import SentimentIntensityAnalyzer

from kg.extract.facets import _cues
from kg.extract.sentiment import Vader
from kg.ingest import read_corpus

ROOT = Path(__file__).resolve().parent.parent

VADER_EXAMPLES = [
    "VADER is smart, handsome, and funny.", "VADER is smart, handsome, and funny!",
    "VADER is very smart, handsome, and funny.", "VADER is VERY SMART, handsome, and FUNNY.",
    "VADER is VERY SMART, uber handsome, and FRIGGIN FUNNY!!!", "VADER is not smart, handsome, nor funny.",
    "At least it isn't a horrible book.", "The book was only kind of good.",
    "The plot was good, but the characters are uncompelling and the dialog is not great.",
    "Today only kinda sux! But I'll get by, lol", "Make sure you :) or :D today!",
    "Catch utf-8 emoji such as 💘 and 💋 and 😁", "Not bad at all", "no good", "no, not good or bad",
    "it is never so good", "without doubt the best", "never this bad", "the shit", "yeah right, great",
    "kiss of death for a great tool", "sort of great", "at least good", "very least good", "least good",
    "NO problems AT ALL", "It won't break, it is not unreliable, it isn't slow??", "Great!!!!! Awful???? ok",
    "  padded text, great  ", "", "   ", "“Curly quotes” are great — really great", "A café worth it 🚀 great",
]


def _analyzers() -> tuple[Vader, SentimentIntensityAnalyzer]:
    fast, stock = Vader(), SentimentIntensityAnalyzer()
    for analyzer in (fast, stock):
        analyzer.lexicon.update(_cues()["valence"])  # as kg.extract.facets sets it up
    return fast, stock


def _texts() -> list[str]:
    out = list(VADER_EXAMPLES)
    for folder in (ROOT / "tests" / "data" / "real" / "dev" / "corpus", ROOT / "examples" / "reviews"):
        for quote in read_corpus([folder]).quotes.values():
            out.append(quote.text)
            out += re.split(r"(?<=[.!?;,])\s+|\s+[—–]\s+", quote.text)
    return out


def test_scores_are_vaders():
    fast, stock = _analyzers()
    texts = _texts()
    assert len(texts) > 3000
    for text in texts:
        assert fast.polarity_scores(text) == stock.polarity_scores(text), text

