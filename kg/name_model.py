"""The learned name models: which words of a quote name a product that neither the catalog nor the rules take for
one. Forum and issue text writes many tools in lower case ("we back up with rclone", "remmina and xrdp are both
foss"), where neither capitals nor a cue mark them, next to English, vocabulary and typos ("idempotency",
"awnsered"); and a capitalised word opening a sentence is a name only when the corpus confirms it, unless its
sentence says so ("Garage is an S3-compatible object store").

Each lowercase word that no other step took and that is not ordinary English is a candidate of kind "lowercase";
each weak, single-word sentence opener one of kind "initial". A candidate's features say how the web uses the word
(Zipf band, dictionary, one edit from a common word, the letters of a common word), its shape (digits, hyphens, no
vowel, last letters) and its place (the words and marks beside it, a name listed next to it). One logistic model
per kind, trained on the annotated real text (``python -m kg.train --only names``; ``ontology/names.model.json``),
scores them; a word scoring at least its model's threshold is a name (rule ``discovery.learned``).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import lru_cache

from kg.catalog import ontology_dir
from kg.lexicon import Lexicon
from kg.names import VERSION, NameHit, not_prose
from kg.spans import SpanIndex
from kg.stopwords import STOP_WORDS
from kg.words import RARE, common_words, is_common, is_plain_compound, is_vocabulary, zipf

__all__ = ["MODEL_FILE", "Candidate", "NameModel", "candidates", "find_learned_names", "load_name_model"]

MODEL_FILE = "names.model.json"
RULE = "discovery.learned"
_WORD = re.compile(r"(?<![\w.@/#$-])[a-z][\w.+-]*[\w+]|(?<![\w.@/#$-])[a-z]")
_JOIN = re.compile(r"(?:,|\s+(?:and|or|vs\.?|versus|&)|\s*/)\s*")  # "Remmina, xrdp", "Remmina and xrdp"
_BEFORE_WORD = re.compile(r"([\w'’.+-]+)[^\w\n]*$")
_AFTER_WORD = re.compile(r"^[^\w\n]*([\w'’.+-]+)")
_VOWEL = re.compile(r"[aeiouy]")


def _zipf_band(word: str) -> str:
    z = zipf(word)
    return "zipf:0" if z == 0 else "zipf:<2" if z < 2 else "zipf:<3" if z < 3 else "zipf:3+"


@lru_cache(maxsize=1)
def _common_index() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """Common English words; every spelling one letter short of one; and their letters, sorted."""
    words = common_words()
    short = frozenset(w[:i] + w[i + 1:] for w in words for i in range(len(w)))
    return frozenset(words), short, frozenset("".join(sorted(w)) for w in words)


@lru_cache(maxsize=65536)
def _near_common(word: str) -> bool:
    """Whether about one edit (a letter dropped, added or changed) makes ``word`` a common English word: a typo
    ("differe") or a name made from a word ("rclone"). Dropping one letter from each side finds them (as SymSpell
    does), without spelling every edit out."""
    if len(word) < 4 or not word.isalpha():
        return False
    common, short, _ = _common_index()
    mine = [word[:i] + word[i + 1:] for i in range(len(word))]
    return word in short or any(d in common or d in short for d in mine)


def _word_features(word: str) -> tuple[str, ...]:
    """What a word is, wherever it stands."""
    out = [_zipf_band(word), f"len:{min(len(word), 9)}", f"suf2:{word[-2:]}", f"suf3:{word[-3:]}"]
    out += ["vocabulary"] * is_vocabulary(word) + ["heard"] * is_common(word, RARE)
    out += ["digit"] * any(c.isdigit() for c in word) + ["hyphen"] * ("-" in word) + ["dot"] * ("." in word)
    out += ["underscore"] * ("_" in word) + ["no_vowel"] * (not _VOWEL.search(word))
    out += ["near_common"] * _near_common(word) + ["anagram"] * ("".join(sorted(word)) in _common_index()[2])
    return tuple(out)


@dataclass(frozen=True)
class Candidate:
    """A word the model scores: where it stands, which model reads it ("lowercase" or "initial") and its features."""

    start: int
    end: int
    word: str
    kind: str
    features: tuple[str, ...]


def candidates(text: str, names: list[NameHit], taken: list[tuple[int, int]], lexicon: Lexicon) -> list[Candidate]:
    """The quote's words that may be names: lowercase words not taken by another step, not in a URL, not a
    stop word, not ordinary English, not a version tag ("v4") and not a generic term of the lexicon ("p99"; a
    hyphenated word is read whole: "kube-dns" may be a name though DNS is generic) ("lowercase"); and
    capitalised words that open a sentence, which ``names`` holds as weak names ("Garage is an S3-compatible
    object store": "initial")."""
    memo = lexicon.memo.setdefault("name_model_words", {})
    passed = lexicon.memo.setdefault("name_model_passed", {})  # word → whether the word alone may be a name
    masked = SpanIndex(not_prose(text) + taken)
    beside = _Beside(taken)
    out = []
    for m in _WORD.finditer(text):
        start, end, word = m.start(), m.end(), m.group()
        ok = passed.get(word)
        if ok is None:
            ok = passed[word] = not (len(word) < 2 or word in STOP_WORDS or is_common(word) or VERSION.match(word)
                                     or ("-" not in word and lexicon.is_generic(word)) or is_plain_compound(word))
        if not ok or text[end:end + 1] in ("'", "’") or masked.overlaps(start, end):
            continue
        if word not in memo:
            memo[word] = _word_features(word)
        out.append(Candidate(start, end, word, "lowercase", memo[word] + _place(text, start, end, taken, beside)))
    for n in names:
        if n.strong or not n.initial or n.rule != "discovery.capitalized" or " " in n.text or n.possessive \
                or lexicon.is_generic(n.text):
            continue
        word = n.text.lower()
        if word not in memo:
            memo[word] = _word_features(word)
        place = _place(text, n.start, n.end, taken, beside)
        out.append(Candidate(n.start, n.end, n.text, "initial", memo[word] + place))
    return out


class _Beside:
    """The taken stretches of a text by where they end and where they start, for :func:`_place`: a word asks only
    those within 8 characters of it, not every stretch (quadratic in a long quote's names)."""

    def __init__(self, taken: list[tuple[int, int]]) -> None:
        self.ending: dict[int, list[int]] = {}
        self.starting: dict[int, list[int]] = {}
        for i, (s, e) in enumerate(taken):
            self.ending.setdefault(e, []).append(i)
            self.starting.setdefault(s, []).append(i)

    def near(self, start: int, end: int) -> list[int]:
        """The numbers of the stretches ending within 8 characters before ``start`` or starting within 8 after
        ``end``, in the order they were taken."""
        found = {i for e in range(start - 8, start + 1) for i in self.ending.get(e, ())}
        found |= {i for s in range(end, end + 9) for i in self.starting.get(s, ())}
        return sorted(found)


def _place(text: str, start: int, end: int, taken: list[tuple[int, int]],
           beside: _Beside | None = None) -> tuple[str, ...]:
    """Where a word stands: the words and marks beside it, and whether it is listed beside a name (``beside``:
    ``taken`` indexed, when given)."""
    before, after = text[max(0, start - 40):start], text[end:end + 40]
    left, right = _BEFORE_WORD.search(before), _AFTER_WORD.search(after)
    out = [_side("L", left.group(1) if left else None), _side("R", right.group(1) if right else None)]
    mark_before = before.rstrip(" ")[-1:] if before.rstrip(" ") else "^"
    mark_after = after[:1] if after[:1] and not after[:1].isalnum() and after[:1] != " " else "w"
    out += [f"Lp:{mark_before if not mark_before.isalnum() else 'w'}", f"Rp:{mark_after}"]
    for s, e in (taken[i] for i in beside.near(start, end)) if beside is not None else taken:
        if e <= start and start - e <= 8 and _JOIN.fullmatch(text, e, start):
            out.append("listed_after_name")
        if end <= s and s - end <= 8 and _JOIN.fullmatch(text, end, s):
            out.append("listed_before_name")
    return tuple(out)


def _side(tag: str, word: str | None) -> str:
    """The word beside a candidate: an English or lowercase word as itself, a capitalised one as a name."""
    if word is None:
        return f"{tag}:edge"
    if word[:1].isupper() and word.lower() not in STOP_WORDS:
        return f"{tag}:name"
    return f"{tag}:{word.lower()}"


class NameModel:
    """Weights over candidate features and the threshold a name's score must reach."""

    def __init__(self, weights: dict[str, float], intercept: float, threshold: float) -> None:
        self.weights, self.intercept, self.threshold = weights, intercept, threshold

    def score(self, features: tuple[str, ...]) -> float:
        """The chance that a word with ``features`` is a name."""
        z = self.intercept + sum(self.weights.get(f, 0.0) for f in features)
        return 1.0 / (1.0 + math.exp(-z))


@lru_cache(maxsize=4)
def load_name_model(path: str | None = None) -> dict[str, NameModel]:
    """The model file's models by kind (none when there is no file: no word is then learned a name)."""
    from pathlib import Path

    file = Path(path) if path else ontology_dir() / MODEL_FILE
    if not file.is_file():
        return {}
    models = json.loads(file.read_text(encoding="utf-8"))["models"]
    return {kind: NameModel(m["weights"], m["intercept"], m["threshold"]) for kind, m in models.items()}


def find_learned_names(text: str, names: list[NameHit], taken: list[tuple[int, int]],
                       lexicon: Lexicon) -> tuple[list[NameHit], set[NameHit]]:
    """The lowercase words the model takes for names, and the weak sentence-opening names in ``names`` it takes for
    names (to be made strong)."""
    models = load_name_model()
    if not models:
        return [], set()
    chosen = [c for c in candidates(text, names, taken, lexicon)
              if c.kind in models and models[c.kind].score(c.features) >= models[c.kind].threshold]
    found = [NameHit(c.start, c.end, c.word, RULE, True, text[c.end:c.end + 2] in ("'s", "’s"))
             for c in chosen if c.kind == "lowercase"]
    spans = {(c.start, c.end) for c in chosen if c.kind == "initial"}
    return found, {n for n in names if (n.start, n.end) in spans}
