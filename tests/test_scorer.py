"""The learned scorer: decisions from a weight table, rules kept authoritative, the shipped weights load."""

from __future__ import annotations

import pytest

from kg.extract.candidates import LABELS
from kg.extract.relations.base import Finding
from kg.extract.scorer import RelationModel, load_model, overrule, review, score_relations
from kg.extract.text import QuoteContext
from kg.lexicon import load_lexicon
from kg.resolve import Hit


def _model(weights: dict[str, dict[str, float]], threshold: float = 0.5, veto: float | None = None) -> RelationModel:
    table = {f: tuple(w.get(label, 0.0) for label in LABELS) for f, w in weights.items()}
    return RelationModel(LABELS, tuple(2.0 if label == "none" else 0.0 for label in LABELS), table, threshold, veto)


MODEL = _model({"pre1:from": {"competes_with": 4.0}, "w:to": {"competes_with": 1.0},
                "w:written": {"depends_on>": 6.0}}, threshold=0.6)


def test_a_relation_type_may_need_a_confidence_of_its_own(tmp_path):
    import json
    from dataclasses import replace

    from kg.catalog import ontology_dir

    weights = {"w:a": {"competes_with": 1.0}, "w:b": {"depends_on>": 1.0}}  # each: related at a chance of .54
    lenient = replace(_model(weights, threshold=0.6), thresholds=(("competes_with", 0.4),))
    assert lenient.decide(("w:a",))[0] == "competes_with" and lenient.decide(("w:b",))[0] == "none"
    assert _model(weights, threshold=0.6).decide(("w:a",))[0] == "none"
    data = json.loads((ontology_dir() / "relations.model.json").read_text(encoding="utf-8"))
    data["thresholds"] = {"depends_on": 0.3}
    (tmp_path / "m.json").write_text(json.dumps(data))
    assert load_model(tmp_path / "m.json").thresholds == (("depends_on", 0.3),)


def test_a_candidate_of_the_unnamed_subject_needs_the_discount_less(tmp_path):
    import json
    from dataclasses import replace

    from kg.catalog import ontology_dir

    weights = {"w:a": {"competes_with": 1.0}}  # related at a chance of .54
    discounted = replace(_model(weights, threshold=0.6), implicit_discount=0.1)
    probs = discounted.probabilities(("w:a",))
    assert discounted.decision(probs)[0] == "none"
    assert discounted.decision(probs, implicit=True)[0] == "competes_with"
    assert _model(weights, threshold=0.6).decision(probs, implicit=True)[0] == "none"  # no discount by default
    data = json.loads((ontology_dir() / "relations.model.json").read_text(encoding="utf-8"))
    data["implicit_discount"] = 0.2
    (tmp_path / "m.json").write_text(json.dumps(data))
    assert load_model(tmp_path / "m.json").implicit_discount == 0.2
    data.pop("implicit_discount")
    (tmp_path / "n.json").write_text(json.dumps(data))
    assert load_model(tmp_path / "n.json").implicit_discount == 0.0


def test_an_implicit_candidate_is_scored_with_the_discount():
    ctx = _ctx("It beats Zorbit on price.", ["Zorbit"])
    ctx.subject = "ent:acme"
    weights = {"s_pre1:beat": {"competes_with": 1.0}}
    found = score_relations(ctx, [], load_lexicon(), _discounted(_model(weights, threshold=0.6), 0.1))
    assert [(f.type, f.source, f.target) for f in found] == [("competes_with", "ent:acme", "ent:zorbit")]
    assert not score_relations(ctx, [], load_lexicon(), _model(weights, threshold=0.6))


def _discounted(model: RelationModel, discount: float) -> RelationModel:
    from dataclasses import replace

    return replace(model, implicit_discount=discount)


def _ctx(text: str, names: list[str]) -> QuoteContext:
    hits = [Hit(text.index(n), text.index(n) + len(n), n, f"ent:{n.lower()}", f"ent:{n.lower()}", "Product",
                "catalog") for n in names]
    return QuoteContext("q:1", "doc:1", text, [(0, len(text))], sorted(hits, key=lambda h: h.start))


def test_a_pair_is_related_when_no_relation_is_unlikely_enough():
    label, confidence = MODEL.decide(("pre1:from", "w:to"))
    assert label == "competes_with" and confidence > 0.9
    assert MODEL.decide(("w:to",))[0] == "none"
    strict = _model({"pre1:from": {"competes_with": 4.0}}, threshold=0.99)
    assert strict.decide(("pre1:from",))[0] == "none"
    assert MODEL.explain(("pre1:from", "w:to", "unknown"), "competes_with") == ["pre1:from", "w:to"]


def test_directions_follow_the_label():
    ctx = _ctx("Bun is written in Zig.", ["Bun", "Zig"])
    (f,) = score_relations(ctx, [], load_lexicon(), MODEL)
    assert (f.type, f.source, f.target, f.rule) == ("depends_on", "ent:bun", "ent:zig", "scorer.depends_on")
    assert ctx.text[f.start:f.end] == "Bun is written in Zig"


def test_pairs_a_rule_decided_are_left_to_the_rule():
    ctx = _ctx("We moved from Kafka to Redpanda.", ["Kafka", "Redpanda"])
    assert [f.type for f in score_relations(ctx, [], load_lexicon(), MODEL)] == ["competes_with"]
    rejected = Finding("competes_with", "ent:kafka", "ent:redpanda", 0, 5, "x", 0.0, rejected="negated")
    assert score_relations(ctx, [rejected], load_lexicon(), MODEL) == []


def test_a_model_with_a_veto_overrules_a_rule_it_finds_unlikely_and_says_so():
    ctx = _ctx("Okta uses DuckDB to transform data.", ["Okta", "DuckDB"])
    rule = Finding("depends_on", "ent:okta", "ent:duckdb", 0, 16, "depends.cue", 0.8)
    doubting = _model({"rule:depends_on>": {"none": 3.0}}, threshold=0.9, veto=0.9)
    (kept,) = review(ctx, [rule], load_lexicon(), doubting)
    assert kept.rejected is not None and kept.rejected.startswith("overruled by the scorer")
    assert (kept.rule, kept.source, kept.target, kept.confidence) == ("depends.cue", "ent:okta", "ent:duckdb", 0.0)
    trusting = _model({"rule:depends_on>": {"depends_on>": 3.0}}, threshold=0.9, veto=0.9)
    assert review(ctx, [rule], load_lexicon(), trusting) == [rule]
    assert review(ctx, [rule], load_lexicon(), _model({"rule:depends_on>": {"none": 3.0}}, 0.9)) == [rule]  # no veto


def test_a_veto_needs_every_sentence_with_the_pair_to_doubt_it():
    text = "Okta uses DuckDB. Okta is built on DuckDB."
    hits = [Hit(i, i + len(n), n, f"ent:{n.lower()}", f"ent:{n.lower()}", "Product", "catalog")
            for n, i in (("Okta", 0), ("DuckDB", 10), ("Okta", 18), ("DuckDB", 36))]
    ctx = QuoteContext("q:1", "doc:1", text, [(0, 17), (18, len(text))], hits)
    rule = Finding("depends_on", "ent:okta", "ent:duckdb", 0, 16, "depends.cue", 0.8)
    from kg.extract.candidates import candidates

    model = _model({"rule:depends_on>": {"none": 3.0}, "w:built": {"depends_on>": 8.0}}, threshold=0.9, veto=0.9)
    every = candidates(ctx, [rule], load_lexicon())
    assert len(every) == 2 and overrule([rule], every, model) == [rule]
    assert overrule([rule], every[:1], model)[0].rejected is not None


def test_the_shipped_weights_load_with_known_labels():
    model = load_model()
    assert model is not None and set(model.labels) <= set(LABELS) and 0 < model.threshold < 1
    assert len(model.weights) > 100


def test_with_a_parser_the_scorer_reads_the_model_trained_on_its_paths(monkeypatch):
    from kg.extract import parse, scorer

    asked = []
    shipped = {"relations.model.json": MODEL, "relations.parsed.model.json": None}
    monkeypatch.setattr(scorer, "load_model", lambda path=None, name=scorer.MODEL_FILE: asked.append(name) or
                        shipped[name])
    monkeypatch.setattr(scorer, "candidates", lambda *args: [])
    ctx = _ctx("Bun is written in Zig.", ["Bun", "Zig"])
    score_relations(ctx, [], load_lexicon())
    assert asked == ["relations.model.json"]
    monkeypatch.setattr(parse, "_CURRENT", [parse.Parser(lambda text: None)])
    asked.clear()
    score_relations(ctx, [], load_lexicon())  # no parsed model shipped: the plain one
    assert asked == ["relations.parsed.model.json", "relations.model.json"]
    shipped["relations.parsed.model.json"] = MODEL
    asked.clear()
    score_relations(ctx, [], load_lexicon())
    assert asked == ["relations.parsed.model.json"]


def test_a_rule_s_nearer_actor_keeps_the_relation():
    ctx = _ctx("Qdrant is fine, but Weaviate pulls in Axios.", ["Qdrant", "Weaviate", "Axios"])
    both = _model({"w:pull": {"depends_on>": 8.0}}, threshold=0.6)
    rule = Finding("depends_on", "ent:weaviate", "ent:axios", 21, 44, "depends.verb", 0.9)
    found = {(f.source, f.target) for f in score_relations(ctx, [rule], load_lexicon(), both)}
    assert ("ent:qdrant", "ent:axios") not in found


def test_probabilities_add_the_weights_one_by_one_in_feature_order():
    """The matrix form gives the very floats of adding each known feature's weights in turn (order matters:
    1e16 + 1 - 1e16 is 0, not 1), and a candidate with no known feature gets the intercept's softmax."""
    import math
    import random

    rng = random.Random(7)
    labels = ("none", "a", "b")
    weights = {f"f{i}": tuple(rng.choice([1e16, -1e16, 1.0, 0.1, -0.3]) * rng.random() for _ in labels)
               for i in range(50)}
    model = RelationModel(labels, (0.5, -0.25, 0.0), weights, 0.5)

    def one_by_one(features):
        scores = list(model.intercept)
        for f in features:
            if f in weights:
                scores = [s + x for s, x in zip(scores, weights[f])]
        exp = [math.exp(s - max(scores)) for s in scores]
        return [e / sum(exp) for e in exp]

    for _ in range(200):
        features = tuple(sorted(rng.sample([*weights, "unknown", "other"], rng.randint(0, 20))))
        assert model.probabilities(features) == one_by_one(features)
    assert model.probabilities(("unknown",)) == one_by_one(())
    labels = ("none", *"abcdefg")  # as many labels as the relation model, and a quote's worth of features
    weights = {f"f{i:03d}": tuple(rng.choice([1e16, -1e16, 1.0, 0.1, -0.3, 3e-17]) * rng.random() for _ in labels)
               for i in range(600)}
    model = RelationModel(labels, tuple(rng.random() for _ in labels), weights, 0.5)
    batch = []
    for _ in range(100):
        features = tuple(sorted(rng.sample([*weights, "unknown"], rng.randint(1, 400))))
        assert model.probabilities(features) == one_by_one(features)
        batch.append(features)
    batch += [(), ("unknown",)]
    assert model.probabilities_many(batch) == [one_by_one(f) for f in batch]  # all at once: the same floats
    assert model.probabilities_many(batch * 3) == [one_by_one(f) for f in batch * 3]  # in several batches too
    assert model.probabilities_many([]) == []


def _lines_ctx(text: str, names: list[str]) -> QuoteContext:
    """A context whose sentences are its lines (as the pipeline cuts bullet items)."""
    ctx = _ctx(text, names)
    spans, start = [], 0
    for line in text.split("\n"):
        spans.append((start, start + len(line)))
        start += len(line) + 1
    return QuoteContext(ctx.quote_id, ctx.doc_id, text, spans, ctx.hits)


def test_a_list_with_two_rivals_makes_every_pair_rivals():
    ctx = _ctx("Vector stores: Qdrant, Milvus and Chroma all showed up.", ["Qdrant", "Milvus", "Chroma"])
    rule = Finding("competes_with", "ent:qdrant", "ent:milvus", 15, 29, "competes.list", 0.8)
    silent = _model({}, threshold=0.9)
    found = {(f.source, f.target, f.rule, f.confidence) for f in score_relations(ctx, [rule], load_lexicon(), silent)}
    assert found == {("ent:qdrant", "ent:chroma", "scorer.competes_list", 0.8),
                     ("ent:milvus", "ent:chroma", "scorer.competes_list", 0.8)}
    assert score_relations(ctx, [], load_lexicon(), silent) == []  # no rivalry, no list of rivals


def test_two_names_in_a_sentence_are_not_a_category_list():
    ctx = _ctx("Qdrant and Milvus beat Chroma.", ["Qdrant", "Milvus", "Chroma"])
    rule = Finding("competes_with", "ent:qdrant", "ent:chroma", 0, 29, "competes.beats", 0.8)
    assert score_relations(ctx, [rule], load_lexicon(), _model({}, threshold=0.9)) == []


def test_bullet_items_are_rivals_when_a_name_outside_competes_with_two():
    text = "Alternatives to Unleash:\n- Statsig for experiments\n- GrowthBook\n- PostHog, if you want analytics"
    ctx = _lines_ctx(text, ["Unleash", "Statsig", "GrowthBook", "PostHog"])
    rules = [Finding("competes_with", "ent:unleash", f"ent:{n}", 0, 30, "competes.alternative", 0.9)
             for n in ("statsig", "growthbook")]
    found = {frozenset((f.source, f.target)) for f in score_relations(ctx, rules, load_lexicon(), _model({}, 0.9))}
    assert found == {frozenset(p) for p in [("ent:statsig", "ent:growthbook"), ("ent:statsig", "ent:posthog"),
                                            ("ent:growthbook", "ent:posthog")]}
    assert score_relations(ctx, rules[:1], load_lexicon(), _model({}, 0.9)) == []


def test_a_model_stack_gives_each_model_its_own_probabilities():
    """Two models side by side, one look-up per feature: each model's probabilities are its own floats."""
    from kg.extract.scorer import RelationModel, model_stack

    one = RelationModel(("a", "none"), (0.1, 0.2), {"f:x": (1.0, -1.0), "f:y": (0.5, 0.25), "f:q": (-0.3, 0.7)}, 0.5)
    two = RelationModel(("none", "b", "c"), (0.0, 0.3, -0.3),
                        {"f:q": (0.1, 0.2, 0.3), "f:y": (0.1, 0.2, 0.3), "f:z": (2.0, -1.0, 0.5)}, 0.2)
    stack = model_stack(one, two)
    assert model_stack(one, two) is stack
    many = []
    for features in [(), ("f:w",), ("f:x",), ("f:q", "f:x", "f:y"), ("f:y", "f:z"), ("f:w", "f:x", "f:y", "f:z"),
                     ("f:z", "f:x", "f:q")]:
        assert stack.probabilities(features) == [one.probabilities(features), two.probabilities(features)]
        many.append(features)
    assert stack.probabilities_many(many) == [stack.probabilities(f) for f in many]


@pytest.mark.parametrize("text,listed", [
    ("Vespa is far faster than Qdrant, Milvus and Chroma.", True),  # one name outside competes with the run
    ("Vespa replaces Qdrant, Milvus and Chroma with one binary.", False),  # what the run follows consolidates it
])
def test_a_run_of_names_one_name_outside_competes_with_is_a_list_of_rivals_unless_it_is_a_stack(text, listed):
    names = ["Vespa", "Qdrant", "Milvus", "Chroma"]
    ctx = _ctx(text, names)
    rules = [Finding("competes_with", "ent:vespa", f"ent:{n}", 0, len(text) - 1, "competes.beats", 0.8)
             for n in ("qdrant", "milvus", "chroma")]
    found = {frozenset((f.source, f.target)) for f in score_relations(ctx, rules, load_lexicon(), _model({}, 0.9))}
    inside = {frozenset(p) for p in [("ent:qdrant", "ent:milvus"), ("ent:qdrant", "ent:chroma"),
                                     ("ent:milvus", "ent:chroma")]}
    assert found == (inside if listed else set())
