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
