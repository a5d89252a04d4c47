"""Quote facets: perspective (what kind of statement), stance toward the subject, and ship verdict."""

from __future__ import annotations

import json
import re
import string
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING

from kg.catalog import ontology_dir
from kg.errors import OntologyError, PatternError
from kg.facts import fact_types
from kg.prefilter import LiteralIndex

if TYPE_CHECKING:
    from kg.extract.scorer import RelationModel

__all__ = ["Facets", "quote_facets"]


@dataclass(frozen=True)
class Facets:
    """The facets of one quote."""

    perspective: str
    stance: str
    verdict: str | None


@lru_cache(maxsize=1)
def _cues() -> dict:
    path = ontology_dir() / "facets.json"
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        _check_fact_perspectives(set(raw["perspectives"]), path)
        cues = {
            "perspectives": {name: [(re.compile(p, re.IGNORECASE), w) for p, w in cues.items()]
                             for name, cues in raw["perspectives"].items()},
            "stance": {k: [re.compile(p, re.IGNORECASE) for p in v] for k, v in raw["stance"].items()},
            "verdict": {k: [re.compile(p, re.IGNORECASE | re.MULTILINE) for p in v] for k, v in raw["verdict"].items()},
            "valence": dict(raw.get("valence", {})),
        }
        lists = {f"perspective:{name}": [p for p, _ in pats] for name, pats in cues["perspectives"].items()}
        lists |= {f"stance:{k}": v for k, v in cues["stance"].items()}
        lists |= {f"verdict:{k}": v for k, v in cues["verdict"].items()}
        cues["index"] = LiteralIndex(lists)  # literal prefilters: most texts hold no cue of most lists
        return cues
    except (OSError, json.JSONDecodeError, KeyError, re.error) as err:
        raise PatternError(f"{path}: cannot load facet cues ({err})") from err


def _check_fact_perspectives(known: set[str], path: object) -> None:
    """Every perspective a fact type votes for (ontology/facts.json) must be one of facets.json."""
    facts = fact_types()
    for kind, specs in (("relations", facts.relations), ("claims", facts.claims)):
        for name, spec in specs.items():
            if spec.facet and spec.facet[0] not in known:
                raise OntologyError(f"{facts.path}: {kind}.{name}.facet.perspective: {spec.facet[0]!r} is not a "
                                    f"perspective of {path}; expected one of {', '.join(sorted(known))}")


def _count(index: LiteralIndex, key: str, sentence: str, text: str | None = None, start: int = 0) -> int:
    """How often the patterns under ``key`` match ``sentence`` (those whose literals it lacks match 0 times).

    With ``text``, ``sentence`` is ``text[start:start + len(sentence)]`` and the literals are looked up in
    that range of ``text``'s scan, which the quote's other facets share.
    """
    if text is None:
        return sum(len(p.findall(sentence)) for p, _ in index.passing(key, sentence))
    found = _in_range_checks(index, text).get(key)
    if not found:
        return 0
    end = start + len(sentence)
    find = found[0]
    total = 0
    for pattern, needs in found[1]:  # ``LiteralIndex.in_range``: each required set has a literal in range
        for literals in needs:
            for literal in literals:
                if find(literal, start, end) >= 0:
                    break
            else:
                break
        else:
            total += len(pattern.findall(sentence))
    return total


def _in_range_checks(index: LiteralIndex, text: str) -> dict:
    """Per key of ``text``'s passing patterns: the folded text's ``find`` and each pattern with its required
    sets cut to the literals ``text`` holds (what :meth:`LiteralIndex.in_range` looks up), kept with the
    text's scan: a quote's sentences and clauses all ask."""
    memo = index.memo(text)
    found = memo.get("in_range")
    if found is None:
        state = index.state(text)
        find, present = state.folded.find, state.present
        found = memo["in_range"] = {
            key: (find, [(p, [[lit for lit in sorted(literals) if lit in present] for literals in index.needs(i)])
                         for p, i in passing])
            for key, passing in state.passing.items()}
    return found


@lru_cache(maxsize=1)
def _vader():
    from kg.extract.sentiment import Vader

    analyzer = Vader()
    analyzer.lexicon.update(_cues()["valence"])
    analyzer.valent = {}  # token → whether the lexicon holds it, as _needs_vader strips it (bounded)
    return analyzer


_PUNCTUATION = string.punctuation  # what VADER strips from the ends of a word


_SENTENCE_BREAK = re.compile(r"(?<=[.!?;])\s+|\s+[—–]\s+")


def _sentences(text: str) -> list[tuple[int, int]]:
    """Where the sentences of ``text`` start and end (the pieces ``re.split`` at a break gives, less blank ones)."""
    spans, cursor = [], 0
    for m in _SENTENCE_BREAK.finditer(text):
        spans.append((cursor, m.start()))
        cursor = m.end()
    spans.append((cursor, len(text)))
    return [(a, b) for a, b in spans if text[a:b].strip()]


def _needs_vader(sentence: str) -> bool:
    """Whether VADER can score ``sentence`` other than 0: only a word of its lexicon (as VADER splits and
    strips words) or an emoji it describes in words carries valence; most sentences of a review have none."""
    analyzer = _vader()
    if not sentence.isascii() and any(ch in analyzer.emojis for ch in sentence):
        return True
    known = analyzer.valent
    for token in sentence.split():
        valent = known.get(token)
        if valent is None:
            stripped = token.strip(_PUNCTUATION)
            if len(known) >= 200_000:
                known.clear()
            valent = known[token] = (token if len(stripped) <= 2 else stripped).lower() in analyzer.lexicon
        if valent:
            return True
    return False



@lru_cache(maxsize=256)
def sentence_polarity(sentence: str, text: str | None = None, start: int = 0) -> float:
    """Sentiment of one sentence in [-1, 1]: VADER with review-domain valences, plus domain cue phrases.

    ``text`` and ``start``, when given, say where the sentence stands in its quote
    (``text[start:start + len(sentence)]``): the cue prefilter then reads the quote's scan. They never change
    the score. Cached for the last sentences: a one-sentence quote is scored as a sentence and as the quote.
    """
    index = _cues()["index"]
    compound = _vader().polarity_scores(sentence)["compound"] if _needs_vader(sentence) else 0.0
    pos = _count(index, "stance:positive", sentence, text, start)
    neg = _count(index, "stance:negative", sentence, text, start)
    domain = 0.5 * (pos - neg)
    return max(-1.0, min(1.0, compound + domain))


def _stance(text: str, verdict: str | None, perspective: str) -> str:
    """Weigh positive against negative sentences; the kind of quote decides the close calls.

    A competition or business analysis that names strengths and weaknesses is mixed; a thesis,
    primitive or testimonial that praises at least as much as it doubts is positive; a risk quote
    is negative unless its praise is substantial.
    """
    scores = [sentence_polarity(text[a:b], text, a) for a, b in _sentences(text)]
    pos = sum(s for s in scores if s >= 0.3) + (0.5 if verdict == "ship" else 0.0)
    neg = -sum(s for s in scores if s <= -0.3) + (1.0 if verdict == "no_ship" else 0.0)
    if pos == 0 and neg == 0:  # reviews that only describe are, in this genre, mildly favourable
        return "positive" if any(abs(s) > 0.05 for s in scores) else "neutral"
    if neg == 0:
        return "positive"
    if pos == 0:
        return "negative"
    if perspective in ("competition", "business"):
        return "mixed"
    if perspective == "risk":
        return "negative" if neg >= 2 * pos else "mixed"
    return "positive" if pos >= neg else "mixed"


# what the extracted facts say about the kind of quote: fact kind → (perspective, weight), from ontology/facts.json
FACT_SIGNALS = fact_types().facets


def quote_facets(text: str, facts: list[str] | None = None, words: list[str] | None = None) -> Facets:
    """Perspective, stance and verdict of a quote from weighted cue words and the facts found in it.

    Where a facet model (``ontology/facets.model.json``, trained by ``python -m kg.train``) is shipped and
    the quote's stemmed ``words`` are given, it decides perspective and stance, reading the rules' answer as
    one feature among the words and facts.

    Args:
        text: the quote.
        facts: kinds of relations and claims extracted from it ("competes_with", "pricing", …).
        words: the quote's stemmed words with names masked (``candidates.stemmed_words``).
    """
    ruled = _ruled_facets(text, facts)
    models = load_facet_models() if words is not None else None
    if not models:
        return ruled
    feats = facet_features(text, facts or [], words, ruled)
    from kg.extract.scorer import model_stack

    perspective, stance = models["perspective"], models["stance"]
    p_probs, s_probs = model_stack(perspective.model, stance.model).probabilities(feats)  # one look-up for both
    felt = stance.best_of(s_probs)
    if felt == _CONTRADICTS.get(ruled.verdict):  # the model contradicts the quote's own verdict: the rules weigh it
        felt = ruled.stance
    return Facets(perspective.best_of(p_probs), felt, ruled.verdict)


# the stance a quote's own verdict rules out: "No ship: …" is not praise, "Ship it" no complaint
_CONTRADICTS = {"no_ship": "positive", "ship": "negative"}


FACETS_MODEL = "facets.model.json"


def facet_features(text: str, facts: list[str], words: list[str], ruled: Facets) -> tuple[str, ...]:
    """What the facet models read: words and word pairs, the facts found, the rules' answer, sentiment, size."""
    feats = {f"f:{w}" for w in words} | {f"ff:{a}_{b}" for a, b in pairwise(words)}
    feats |= {f"fact:{k}" for k in facts}
    feats |= {f"rule_p:{ruled.perspective}", f"rule_s:{ruled.stance}", f"verdict:{ruled.verdict}"}
    score = sentence_polarity(text, text, 0)
    feats.add("vader:" + ("++" if score >= 0.5 else "+" if score >= 0.1 else "--" if score <= -0.5
                          else "-" if score <= -0.1 else "0"))
    n = len(words)
    feats.add("len:" + ("short" if n < 25 else "medium" if n < 60 else "long"))
    return tuple(sorted(feats))


@dataclass(frozen=True)
class FacetModel:
    """One facet's multinomial logistic regression (the relation scorer's weight table, without a threshold)."""

    model: RelationModel

    def best(self, features: tuple[str, ...]) -> str:
        """The likeliest label (ties go to the earlier label)."""
        return self.best_of(self.model.probabilities(features))

    def best_of(self, probs: list[float]) -> str:
        """The likeliest label of the probabilities ``probs`` (ties go to the earlier label)."""
        return self.model.labels[max(range(len(probs)), key=lambda i: (probs[i], -i))]


@lru_cache(maxsize=2)
def load_facet_models(path: str | None = None) -> dict[str, FacetModel] | None:
    """The shipped facet models, or None when the file is absent."""


    file = Path(path) if path else ontology_dir() / FACETS_MODEL
    if not file.exists():
        return None
    data = json.loads(file.read_text(encoding="utf-8"))
    from kg.extract.scorer import RelationModel

    return {name: FacetModel(RelationModel(tuple(m["labels"]), tuple(m["intercept"]),
                                           {f: tuple(w) for f, w in m["weights"].items()}, 0.0))
            for name, m in data["models"].items()}


def _weighted(index: LiteralIndex, name: str, pats: list[tuple[re.Pattern[str], float]], text: str) -> float:
    """A perspective's score: each cue's weight times its matches in ``text`` (cues it cannot hold add 0)."""
    key = f"perspective:{name}"
    passing = index.passing(key, text)
    if not passing:
        return 0.0
    base = index.keys[key][0][1]  # the list's patterns are numbered consecutively, in the order of ``pats``
    return sum(pats[i - base][1] * len(p.findall(text)) for p, i in passing)


# the look-ahead: fewer places tried
_FIRST_PERSON = re.compile(r"(?=[Imwou])\b(?:I|I['’]m|I['’]ve|my|me|we|our|us)\b")


def _ruled_facets(text: str, facts: list[str] | None) -> Facets:
    """The rules' perspective, stance and verdict: weighted cue words and the facts found."""
    cues = _cues()
    index = cues["index"]
    scores = {name: _weighted(index, name, pats, text) for name, pats in cues["perspectives"].items()}
    for kind in facts or ():
        if kind in FACT_SIGNALS:
            name, weight = FACT_SIGNALS[kind]
            scores[name] += weight
    first_person = len(_FIRST_PERSON.findall(text))
    if first_person and len(text) < 420:
        scores["testimonial"] += 1.0 + 0.5 * first_person
    best = max(scores, key=lambda k: (scores[k], -list(scores).index(k)))
    if scores[best] == 0:
        best = "testimonial" if len(text) < 300 else "thesis"
    verdict = None
    for label in ("no_ship", "ship"):
        if any(p.search(text) for p, _ in index.passing(f"verdict:{label}", text)):
            verdict = label
            break
    stance = _stance(text, verdict, best)
    return Facets(best, stance, verdict)
