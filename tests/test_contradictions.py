"""Contradictions: a capability and a limitation of one product on one topic, from two different quotes."""

from __future__ import annotations

import pytest
from helpers import run_docs

from kg.extract.contradictions import find_contradictions
from kg.ids import fact_id
from kg.models import Claim, Evidence

PRAISE = "Real-time collaboration in Zed works out of the box for pair programming."
COMPLAINT = "The collaboration panel in Zed still lacks voice chat, which hurts remote pairing."
OTHER_PRODUCT = "Cursor lacks voice chat in its collaboration panel as well."


@pytest.fixture(scope="module")
def graphs(tmp_path_factory):
    def build(name, quotes):
        return run_docs(tmp_path_factory.mktemp(name), [("Zed vs Cursor", quotes)])

    return {
        "two_quotes": build("two", [PRAISE, COMPLAINT]),
        "one_quote": build("one", [PRAISE + " " + COMPLAINT]),
        "two_products": build("products", [PRAISE, OTHER_PRODUCT]),
    }


def test_capability_and_limitation_in_two_quotes_contradict(graphs):
    graph = graphs["two_quotes"]
    (contra,) = graph.contradictions
    claims = {c.id: c for c in graph.claims}
    a, b = claims[contra.claim_a], claims[contra.claim_b]
    assert contra.about == "ent:zed" == a.about == b.about
    assert (a.type, b.type) == ("capability", "limitation")
    assert a.evidence.quote_id != b.evidence.quote_id
    assert contra.topic == "collaboration"
    assert contra.topic in a.text.lower() and contra.topic in b.text.lower()


def test_the_same_claims_in_one_quote_do_not_contradict(graphs):
    graph = graphs["one_quote"]
    assert {c.type for c in graph.claims} >= {"capability", "limitation"}  # both claims are still found
    assert graph.contradictions == ()


def test_claims_about_different_products_do_not_contradict(graphs):
    graph = graphs["two_products"]
    assert {c.about for c in graph.claims} == {"ent:zed", "ent:cursor"}
    assert graph.contradictions == ()


def _claim(type_: str, text: str, quote: str, about: str = "ent:zed", polarity: str | None = None) -> Claim:
    evidence = Evidence(doc_id="doc:1", quote_id=quote, start=0, end=len(text), text=text, rule=f"test.{type_}",
                        confidence=0.6)
    return Claim(id=fact_id("claim", type_, about, quote, text), about=about, type=type_, text=text,
                 polarity=polarity, evidence=evidence)


def test_a_shared_name_is_no_topic():
    a = _claim("capability", "runs on the microVMs AWS built for Lambda", "q:1")
    b = _claim("risk", "AWS prices a sandbox API like Lambda", "q:2")
    assert find_contradictions([a, b]) != []  # without names, "lambda" looks like a topic
    assert find_contradictions([a, b], {"ent:zed": "Zed", "ent:aws-lambda": "AWS Lambda"}) == []


@pytest.mark.parametrize("a,b,topic", [
    (_claim("capability", "offline sync just works", "q:1"),
     _claim("limitation", "offline sync drops edits on flaky networks", "q:2"), "offline"),
    (_claim("capability", "handles large repositories", "q:1"),
     _claim("risk", "large repositories may exhaust memory", "q:2"), "repository"),  # the longer shared word
    (_claim("comparison", "indexing beats the rest", "q:1", polarity="positive"),
     _claim("comparison", "indexing stalls on monorepos", "q:2", polarity="negative"), "indexing"),
])
def test_find_contradictions_pairs_opposite_claims_sharing_a_topic(a, b, topic):
    (contra,) = find_contradictions([a, b])
    assert (contra.claim_a, contra.claim_b, contra.topic, contra.about) == (a.id, b.id, topic, "ent:zed")
    assert find_contradictions([b, a]) == [contra]  # order of the input does not matter


@pytest.mark.parametrize("claims", [
    [_claim("capability", "offline sync just works", "q:1"),
     _claim("limitation", "offline sync drops edits", "q:1")],
    [_claim("capability", "offline sync just works", "q:1", about="ent:zed"),
     _claim("limitation", "offline sync drops edits", "q:2", about="ent:cursor")],
    [_claim("capability", "offline sync just works", "q:1"),
     _claim("limitation", "plugin marketplace is thin", "q:2")],
    [_claim("capability", "their agents support teams", "q:1"),  # only stop words in common
     _claim("limitation", "agents for teams still lack support", "q:2")],
    [_claim("metric", "sync under 20 ms", "q:1"), _claim("pricing", "sync costs $5", "q:2")],
])
def test_find_contradictions_ignores_non_conflicting_claims(claims):
    assert find_contradictions(claims) == []


def _pairwise(claims: list[Claim], names: dict[str, str] | None = None) -> list:
    """The definition, checked pair by pair (what find_contradictions did before it indexed topics)."""
    from collections import defaultdict

    from kg.extract.contradictions import _LOOSE_RULES, _topics
    from kg.models import Contradiction

    names, by_entity, found = names or {}, defaultdict(list), {}
    for claim in claims:
        by_entity[claim.about].append(claim)
    for about, items in sorted(by_entity.items()):
        own = _topics(names.get(about, "").replace("-", " ").replace(".", " "))
        quotes_with = defaultdict(set)
        for c in items:
            for t in _topics(c.text):
                quotes_with[t].add(c.evidence.quote_id)
        cued = [c for c in items if c.evidence.rule not in _LOOSE_RULES]
        has = [c for c in cued if (c.type == "capability" and c.polarity != "negative") or c.polarity == "positive"]
        lacks = [c for c in cued if (c.type in ("limitation", "risk") and c.polarity != "positive")
                 or c.polarity == "negative"]
        for a in has:
            for b in lacks:
                shared = sorted((t for t in (_topics(a.text) & _topics(b.text)) - own if len(quotes_with[t]) <= 2),
                                key=lambda t: (len(quotes_with[t]), -len(t), t))
                if shared and a.evidence.quote_id != b.evidence.quote_id:
                    cid = fact_id("contra", a.id, b.id)
                    found[cid] = Contradiction(id=cid, about=about, claim_a=a.id, claim_b=b.id,
                                               rule="contradiction.shared_topic", topic=shared[0])
    return [found[k] for k in sorted(found)]


def test_find_contradictions_equals_the_pairwise_definition_on_many_claims():
    import random

    rng = random.Random(5)
    words = ["zedlike"] + ["".join(rng.choice("aeiou" if i % 2 else "bdfgklmnprstvz") for i in range(7))
                           for _ in range(700)]  # topics said in one, two or more quotes, and the name
    kinds = [("capability", None), ("limitation", None), ("risk", None), ("comparison", "positive"),
             ("comparison", "negative"), ("capability", "negative"), ("limitation", "positive"), ("metric", None)]
    claims = []
    for n in range(600):
        type_, polarity = rng.choice(kinds)
        text = " ".join(rng.sample(words[:1] * 20 + words, 2)) + f" case{n}"
        claim = _claim(type_, text, f"q:{rng.randrange(150)}", about=rng.choice(["ent:zed", "ent:cursor"]),
                       polarity=polarity)
        if rng.random() < 0.1:
            claim = claim.model_copy(update={"evidence": claim.evidence.model_copy(
                update={"rule": "assertion.evaluation"})})
        claims.append(claim)
    names = {"ent:zed": "Zedlike", "ent:cursor": "Cursor"}
    expected = _pairwise(claims, names)
    assert expected  # the sample holds contradictions to find
    assert find_contradictions(claims, names) == expected
