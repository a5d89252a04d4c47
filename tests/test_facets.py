"""Quote facets through the pipeline: ship verdict, perspective and stance for clear-cut quotes."""

from __future__ import annotations

import pytest
from helpers import GraphView, run_docs

SHIP = [
    "Verdict: ship. Turso's sync story is finally solid enough for production.",
    "I'd ship Turso today for any team that already lives in SQLite.",
    "We put Neon behind two internal apps and haven't looked back since.",
    "Honestly, I highly recommend Turso for anything small that needs to be close to users.",
    "For per-tenant databases Turso is the right choice, and the pricing agrees.",
]
NO_SHIP = [
    "No ship: the Neon branching feature corrupted two of our preview databases in one week.",
    "Pass on this one for now; Turso changes its client API every release.",
    "I wouldn't bet on Neon for anything customer-facing yet.",
    "Stay away from Neon branching until the storage bugs are fixed.",
]
NO_VERDICT = [
    "Turso keeps one database file per tenant and replicates it to the edge.",
    "Neon separates storage from compute, so branches are copy-on-write.",
]
BUSINESS = "The buyer is the platform team, and per-seat pricing keeps the Neon budget conversation short."
THESIS = "My bet is that by 2027 Turso-style edge replicas are how most small apps store their data."
TESTIMONIAL = "We switched the whole team to Neon in March and nobody has asked to go back."
COMPETITION = "The direct competitors to Turso are Neon and PlanetScale, and the competition is crowded."
RISK = "The bus factor worries me: Turso leans on a single maintainer for the sync engine."
POSITIVE = "Neon is fast, elegant, and the docs are genuinely delightful to read."
NEGATIVE = "Turso felt slow, buggy and flaky in our tests; I can't recommend it."
NEGATED_SHIP = [
    "I would not ship Turso until the replication bugs are fixed.",
    "Not worth adopting Neon yet; the docs lag the code by months.",
]

DOCS = [
    ("Turso vs Neon", SHIP + NO_VERDICT),
    ("Neon vs Turso", NO_SHIP + [BUSINESS, THESIS]),
    ("Turso vs Neon (edge databases)", [TESTIMONIAL, COMPETITION, RISK, POSITIVE, NEGATIVE] + NEGATED_SHIP),
]


@pytest.fixture(scope="module")
def view(tmp_path_factory):
    return GraphView(run_docs(tmp_path_factory.mktemp("facets"), DOCS))


@pytest.mark.parametrize("quote,verdict", [(q, "ship") for q in SHIP] + [(q, "no_ship") for q in NO_SHIP]
                         + [(q, None) for q in NO_VERDICT])
def test_verdict(view, quote, verdict):
    assert view.quote(quote).verdict == verdict


@pytest.mark.parametrize("quote", NEGATED_SHIP)
def test_negated_ship_cue_is_no_ship(view, quote):
    assert view.quote(quote).verdict == "no_ship"


@pytest.mark.parametrize("quote,perspective", [
    (BUSINESS, "business"),
    (THESIS, "thesis"),
    (TESTIMONIAL, "testimonial"),
    (COMPETITION, "competition"),
    (RISK, "risk"),
])
def test_perspective(view, quote, perspective):
    assert view.quote(quote).perspective == perspective


@pytest.mark.parametrize("quote,stance", [
    (POSITIVE, "positive"),
    (SHIP[1], "positive"),
    (NEGATIVE, "negative"),
    (NO_SHIP[0], "negative"),
])
def test_stance(view, quote, stance):
    assert view.quote(quote).stance == stance


def test_every_quote_gets_a_perspective_and_a_stance(view):
    for quote in view.graph.quotes:
        assert quote.perspective is not None and quote.stance is not None



@pytest.mark.parametrize("sentence", [
    "It is fast and reliable.", "The docs are bad :(", "Sub-200ms boot on ARM", "great", "NO WAY this ships 🙂",
    "It's not bad at all, but the pricing hurts.", "Qdrant, Weaviate and Chroma.",
])
def test_vader_is_skipped_only_where_it_scores_zero(sentence):
    from kg.extract.facets import _needs_vader, _vader

    compound = _vader().polarity_scores(sentence)["compound"]
    assert _needs_vader(sentence) or compound == 0.0


def test_a_facet_model_reads_words_facts_and_the_rules_answer():
    from kg.extract.facets import FacetModel, _ruled_facets, facet_features

    text = "We moved to Temporal last year and would not go back."
    ruled = _ruled_facets(text, ["competes_with"])
    feats = facet_features(text, ["competes_with"], ["we", "move", "to", "<ent>"], ruled)
    assert {"f:move", "ff:move_to", "fact:competes_with", f"rule_p:{ruled.perspective}"} <= set(feats)
    from kg.extract.scorer import RelationModel

    model = FacetModel(RelationModel(("testimonial", "thesis"), (0.0, 0.5), {"f:move": (2.0, 0.0)}, 0.0))
    assert model.best(feats) == "testimonial"
    assert model.best(("f:other",)) == "thesis"


def test_a_stance_model_that_contradicts_the_quote_s_own_verdict_yields_to_the_rules(monkeypatch):
    from kg.extract import facets
    from kg.extract.scorer import RelationModel

    def one_label(labels, label):  # a model that always answers ``label``
        return facets.FacetModel(RelationModel(labels, tuple(5.0 if x == label else 0.0 for x in labels), {}, 0.0))

    def facets_with(stance):
        models = {"perspective": one_label(("testimonial", "thesis"), "testimonial"),
                  "stance": one_label(("mixed", "negative", "neutral", "positive"), stance)}
        monkeypatch.setattr(facets, "load_facet_models", lambda *a: models)
        return facets.quote_facets(text, [], ["corrupt", "preview", "database"])

    text = "No ship: the branching feature corrupted two of our preview databases in one week."
    assert facets._ruled_facets(text, []).stance == "negative"
    assert facets_with("positive").stance == "negative"  # "No ship" is no praise: the rules, which weigh it, decide
    assert facets_with("mixed").stance == "mixed"  # what does not contradict the verdict stands


def test_without_words_the_rules_decide():
    from kg.extract.facets import _ruled_facets, quote_facets

    text = "Pricing is $20 per seat, which is steep for a five-person team."
    assert quote_facets(text, ["pricing"]) == _ruled_facets(text, ["pricing"])


@pytest.mark.parametrize("text", [
    "I love how clean the API is; we switched our team to it and never looked back.",
    "Ship it. The pricing is a risk, but the abstraction is the right one.",
    "Do not ship: the benchmark is self-reported and the docs are painful.",
    "Nothing here but plain words.",
    "Clean design — but slow. It is buggy; and flaky!  Love it.",
])
def test_prefiltered_cues_count_as_every_pattern_does(text):
    """Perspective scores, stance counts and verdicts read only the cue patterns whose literals the text holds:
    the same numbers as running every pattern."""
    import re

    from kg.extract.facets import _count, _cues, _sentences, _weighted

    cues = _cues()
    index = cues["index"]
    for name, pats in cues["perspectives"].items():
        assert _weighted(index, name, pats, text) == sum(w * len(p.findall(text)) for p, w in pats)
    for label, pats in cues["stance"].items():
        assert _count(index, f"stance:{label}", text) == sum(len(p.findall(text)) for p in pats)
    for label, pats in cues["verdict"].items():
        assert any(p.search(text) for p, _ in index.passing(f"verdict:{label}", text)) == \
            any(p.search(text) for p in pats)
    pieces = [s for s in re.split(r"(?<=[.!?;])\s+|\s+[—–]\s+", text) if s.strip()]
    assert [text[a:b] for a, b in _sentences(text)] == pieces
    for a, b in _sentences(text):  # a sentence's cues, looked up in its range of the quote's scan
        for label, pats in cues["stance"].items():
            assert _count(index, f"stance:{label}", text[a:b], text, a) == \
                sum(len(p.findall(text[a:b])) for p in pats)
