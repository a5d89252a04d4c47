"""Contradictions: one quote says a product has something, another that the same thing is missing or broken."""

from __future__ import annotations

import re
from collections import defaultdict
from functools import lru_cache

from kg.ids import fact_id
from kg.models import Claim, Contradiction
from kg.stopwords import STOP_WORDS

__all__ = ["find_contradictions"]

# claims found only by their sentiment or the claim model's reading are too loose to contradict anything
_LOOSE_RULES = ("assertion.evaluation", "learned.")
# what every claim talks about is no topic: function words (spaCy's list) and the genre's generic nouns
_STOP = frozenset(STOP_WORDS) | {"actually", "anyone", "enough", "point", "build", "built", "running", "world", "people", "users", "teams", "thing", "things", "something", "nothing", "anything", "everything", "agent", "agents", "model", "models", "product", "products", "feature", "features", "support", "project", "projects", "story", "stories", "tool", "tools", "setup", "system", "systems", "stack", "platform", "option", "options", "approach", "company", "without", "before", "across"}


_TOPIC_WORD = re.compile(r"[a-z][a-z-]{4,}")


def _topics(text: str) -> set[str]:
    return {t for t in map(_topic, _TOPIC_WORD.findall(text.lower())) if t}


@lru_cache(maxsize=1 << 16)
def _topic(word: str) -> str | None:
    """The topic a word names (its singular), or None for a stop word (claims repeat their words: worked out once)."""
    one = _singular(word)
    return None if word in _STOP or one in _STOP else one


def _singular(word: str) -> str:
    if word.endswith("ies"):
        return word[:-3] + "y"
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def find_contradictions(claims: list[Claim], names: dict[str, str] | None = None) -> list[Contradiction]:
    """Pairs of claims about one entity: a capability and a limitation on the same, specific topic.

    "shipped real sandboxing for code execution" against "a robust sandboxing story … is currently the
    user's problem" is a contradiction on "sandboxing". The topic must be rare among the product's claims
    (two quotes at most) and must not be a word of any entity's name; claims of one quote never contradict.
    """
    names = names or {}
    # a name is no topic: "built for Lambda" and "prices it like Lambda" share a product, not a quality
    named = set().union(*(_topics(n.replace("-", " ").replace(".", " ")) for n in names.values())) if names else set()
    by_entity: dict[str, list[Claim]] = defaultdict(list)
    for claim in claims:
        by_entity[claim.about].append(claim)
    found: dict[str, Contradiction] = {}
    for about, items in sorted(by_entity.items()):
        own = named
        topics = {id(c): _topics(c.text) for c in items}  # once per claim, not once per pair
        quotes_with: dict[str, set[str]] = defaultdict(set)
        for c in items:
            for t in topics[id(c)]:
                quotes_with[t].add(c.evidence.quote_id)
        # a topic may join two claims only if it is rare: said in two quotes at most, so few claims share it
        rare = {t for t, quotes in quotes_with.items() if len(quotes) <= 2} - own
        cued = [c for c in items if not c.evidence.rule.startswith(_LOOSE_RULES)]
        has = [c for c in cued if (c.type == "capability" and c.polarity != "negative") or c.polarity == "positive"]
        lacks = [c for c in cued if (c.type in ("limitation", "risk") and c.polarity != "positive")
                 or c.polarity == "negative"]
        lacks_by_topic: dict[str, list[int]] = defaultdict(list)  # topic → positions in ``lacks``
        for i, b in enumerate(lacks):
            for t in topics[id(b)] & rare:
                lacks_by_topic[t].append(i)
        for a in has:
            for i in sorted({i for t in topics[id(a)] & rare for i in lacks_by_topic.get(t, ())}):
                b = lacks[i]
                if a.evidence.quote_id == b.evidence.quote_id:
                    continue
                shared = sorted(topics[id(a)] & topics[id(b)] & rare, key=lambda t: (len(quotes_with[t]), -len(t), t))
                cid = fact_id("contra", a.id, b.id)
                found[cid] = Contradiction(id=cid, about=about, claim_a=a.id, claim_b=b.id,
                                           rule="contradiction.shared_topic", topic=shared[0])
    return [found[k] for k in sorted(found)]
