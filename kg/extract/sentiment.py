"""VADER's sentence scores, computed as vaderSentiment 3.3 computes them but without its per-word overheads.

``SentimentIntensityAnalyzer.polarity_scores`` rebuilds the text character by character to replace emojis,
and lowercases the whole word list again for every negation and idiom check of every sentiment word
(quadratic in the words of a long quote). :class:`Vader` lowercases once, skips the emoji pass when the
text holds no emoji, and otherwise runs the same rules in the same order, so every score is the very float
VADER gives (``tests/test_sentiment.py`` compares them on the corpora and on VADER's own examples).
"""

from __future__ import annotations

from vaderSentiment.vaderSentiment import (
    BOOSTER_DICT,
    C_INCR,
    N_SCALAR,
    NEGATE,
    SPECIAL_CASES,
    SentimentIntensityAnalyzer,
    SentiText,
    scalar_inc_dec,
)

__all__ = ["Vader"]

_NEGATE = frozenset(NEGATE)


def _negated(word: str) -> bool:
    """``vaderSentiment.negated([word])``: a negation word, or any word holding "n't"."""
    word = word.lower()
    return word in _NEGATE or "n't" in word


class Vader(SentimentIntensityAnalyzer):
    """A VADER analyzer whose ``polarity_scores`` gives the scores of vaderSentiment's, faster."""

    def __init__(self) -> None:
        super().__init__()
        self._emoji_chars = frozenset(e for e in self.emojis if len(e) == 1)

    def polarity_scores(self, text: str) -> dict[str, float]:
        """VADER's neg, neu, pos and compound scores of ``text``."""
        if not self._emoji_chars.isdisjoint(text):
            return super().polarity_scores(text)  # emojis become words: VADER's own pass
        text = text.strip()
        sentitext = SentiText(text)
        words = sentitext.words_and_emoticons
        lower = [w.lower() for w in words]
        lexicon, last = self.lexicon, len(words) - 1
        sentiments: list[float] = []
        for i, low in enumerate(lower):
            if low in BOOSTER_DICT or low not in lexicon or (i < last and low == "kind" and lower[i + 1] == "of"):
                sentiments.append(0)
            else:
                sentiments.append(self._valence(words, lower, i, sentitext.is_cap_diff))
        sentiments = self._but_check(words, sentiments)
        return self.score_valence(sentiments, text)

    def _valence(self, words: list[str], lower: list[str], i: int, is_cap_diff: bool) -> float:
        """``sentiment_valence`` of the lexicon word ``words[i]``."""
        lexicon = self.lexicon
        item, low = words[i], lower[i]
        valence = lexicon[low]
        if low == "no" and i != len(words) - 1 and lower[i + 1] in lexicon:
            valence = 0.0
        if (i > 0 and lower[i - 1] == "no") or (i > 1 and lower[i - 2] == "no") \
                or (i > 2 and lower[i - 3] == "no" and lower[i - 1] in ("or", "nor")):
            valence = lexicon[low] * N_SCALAR
        if item.isupper() and is_cap_diff:
            if valence > 0:
                valence += C_INCR
            else:
                valence -= C_INCR
        for start_i in range(3):
            if i > start_i and lower[i - (start_i + 1)] not in lexicon:
                s = scalar_inc_dec(words[i - (start_i + 1)], valence, is_cap_diff)
                if start_i == 1 and s != 0:
                    s = s * 0.95
                if start_i == 2 and s != 0:
                    s = s * 0.9
                valence = valence + s
                valence = _negation_check(valence, lower, start_i, i)
                if start_i == 2:
                    valence = _special_idioms_check(valence, lower, i)
        return self._least_check(valence, words, i)


def _negation_check(valence: float, lower: list[str], start_i: int, i: int) -> float:
    """``SentimentIntensityAnalyzer._negation_check`` on the lowercased words."""
    if start_i == 0 and _negated(lower[i - 1]):
        valence = valence * N_SCALAR
    if start_i == 1:
        if lower[i - 2] == "never" and (lower[i - 1] == "so" or lower[i - 1] == "this"):
            valence = valence * 1.25
        elif lower[i - 2] == "without" and lower[i - 1] == "doubt":
            pass
        elif _negated(lower[i - 2]):
            valence = valence * N_SCALAR
    if start_i == 2:
        if lower[i - 3] == "never" and (lower[i - 2] == "so" or lower[i - 2] == "this") or \
                (lower[i - 1] == "so" or lower[i - 1] == "this"):
            valence = valence * 1.25
        elif lower[i - 3] == "without" and (lower[i - 2] == "doubt" or lower[i - 1] == "doubt"):
            pass
        elif _negated(lower[i - 3]):
            valence = valence * N_SCALAR
    return valence


def _special_idioms_check(valence: float, lower: list[str], i: int) -> float:
    """``SentimentIntensityAnalyzer._special_idioms_check`` on the lowercased words (``i`` ≥ 3)."""
    onezero = f"{lower[i - 1]} {lower[i]}"
    twoonezero = f"{lower[i - 2]} {lower[i - 1]} {lower[i]}"
    twoone = f"{lower[i - 2]} {lower[i - 1]}"
    threetwoone = f"{lower[i - 3]} {lower[i - 2]} {lower[i - 1]}"
    threetwo = f"{lower[i - 3]} {lower[i - 2]}"
    for seq in (onezero, twoonezero, twoone, threetwoone, threetwo):
        if seq in SPECIAL_CASES:
            valence = SPECIAL_CASES[seq]
            break
    if len(lower) - 1 > i:
        zeroone = f"{lower[i]} {lower[i + 1]}"
        if zeroone in SPECIAL_CASES:
            valence = SPECIAL_CASES[zeroone]
    if len(lower) - 1 > i + 1:
        zeroonetwo = f"{lower[i]} {lower[i + 1]} {lower[i + 2]}"
        if zeroonetwo in SPECIAL_CASES:
            valence = SPECIAL_CASES[zeroonetwo]
    for n_gram in (threetwoone, threetwo, twoone):
        if n_gram in BOOSTER_DICT:
            valence = valence + BOOSTER_DICT[n_gram]
    return valence
