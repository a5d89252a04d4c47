"""Quote facets: perspective (what kind of statement), stance toward the subject, and ship verdict."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache

from kg.catalog import ontology_dir
from kg.errors import PatternError

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
        return {
            "perspectives": {name: [(re.compile(p, re.I), w) for p, w in cues.items()]
                             for name, cues in raw["perspectives"].items()},
            "stance": {k: [re.compile(p, re.I) for p in v] for k, v in raw["stance"].items()},
            "verdict": {k: [re.compile(p, re.I | re.M) for p in v] for k, v in raw["verdict"].items()},
        }
    except (OSError, json.JSONDecodeError, KeyError, re.error) as err:
        raise PatternError(f"{path}: cannot load facet cues ({err})") from err


def _count(patterns: list[re.Pattern[str]], text: str) -> int:
    return sum(len(p.findall(text)) for p in patterns)


def quote_facets(text: str) -> Facets:
    """Perspective, stance and verdict of a quote from weighted cue words."""
    cues = _cues()
    scores = {name: sum(w * len(p.findall(text)) for p, w in pats) for name, pats in cues["perspectives"].items()}
    first_person = len(re.findall(r"\b(?:I|I'm|I've|my|me)\b", text))
    if first_person and len(text) < 420:
        scores["testimonial"] += 1.0 + 0.5 * first_person
    best = max(scores, key=lambda k: (scores[k], -list(scores).index(k)))
    if scores[best] == 0:
        best = "testimonial" if len(text) < 300 else "thesis"
    pos, neg = _count(cues["stance"]["positive"], text), _count(cues["stance"]["negative"], text)
    verdict = None
    for label in ("no_ship", "ship"):
        if any(p.search(text) for p in cues["verdict"][label]):
            verdict = label
            break
    if verdict == "ship":
        pos += 1
    elif verdict == "no_ship":
        neg += 2
    if pos == 0 and neg == 0:
        stance = "neutral"
    elif neg == 0 or pos >= 2 * neg:
        stance = "positive"
    elif pos == 0:
        stance = "negative"
    else:
        stance = "mixed"
    return Facets(best, stance, verdict)
