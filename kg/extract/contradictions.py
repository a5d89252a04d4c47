"""Contradictions: a product's positive and negative claims about the same topic, from different quotes."""

from __future__ import annotations

import re
from collections import defaultdict

from kg.ids import fact_id
from kg.models import Claim, Contradiction

__all__ = ["find_contradictions"]

_POSITIVE = {"capability"}
_NEGATIVE = {"limitation", "risk"}
_STOP = {"about", "after", "again", "against", "also", "another", "because", "being", "between", "could", "every", "first", "from", "have", "having", "here", "itself", "just", "like", "made", "make", "many", "more", "most", "much", "never", "only", "other", "over", "really", "same", "should", "since", "some", "still", "such", "than", "that", "their", "them", "then", "there", "these", "they", "thing", "this", "those", "through", "under", "until", "very", "were", "what", "when", "where", "which", "while", "with", "would", "your", "agent", "agents", "code", "model", "models", "product", "feature", "features", "team", "teams", "user", "users", "support"}


def _topics(text: str) -> set[str]:
    words = re.findall(r"[a-z][a-z-]{4,}", text.lower())
    return {w.removesuffix("s") for w in words if w not in _STOP}


def find_contradictions(claims: list[Claim]) -> list[Contradiction]:
    """Pairs of claims about one entity, one positive and one negative, that share a topic word.

    "shipped real sandboxing" vs "sandboxing … is currently the user's problem" → a contradiction on
    "sandboxing". Claims from the same quote never contradict each other.
    """
    by_entity: dict[str, list[Claim]] = defaultdict(list)
    for claim in claims:
        by_entity[claim.about].append(claim)
    found: dict[str, Contradiction] = {}
    for about, items in sorted(by_entity.items()):
        pos = [c for c in items if c.type in _POSITIVE or c.polarity == "positive"]
        neg = [c for c in items if c.type in _NEGATIVE or c.polarity == "negative"]
        for a in pos:
            for b in neg:
                if a.evidence.quote_id == b.evidence.quote_id:
                    continue
                shared = sorted(_topics(a.text) & _topics(b.text))
                if shared:
                    cid = fact_id("contra", a.id, b.id)
                    found[cid] = Contradiction(id=cid, about=about, claim_a=a.id, claim_b=b.id,
                                               rule="contradiction.shared_topic", topic=shared[0])
    return [found[k] for k in sorted(found)]
