"""python -m kg.train: labels from gold relations, and the same sets give the same weights."""

from __future__ import annotations

import pytest
from conftest import ROOT

from kg.evaluate import GoldNames
from kg.train import _label, folds_of, train

DEV2 = ROOT / "tests" / "data" / "dev2"


def test_labels_follow_the_gold_direction_and_skip_optional_pairs():
    names = GoldNames({"A": {"aliases": ["a"]}, "B": {}, "C": {}})
    ann = {"relations": [{"type": "depends_on", "source": "B", "target": "A"},
                         {"type": "competes_with", "source": "A", "target": "C", "optional": True}]}
    assert _label(ann, names, "A", "B") == "depends_on<"
    assert _label(ann, names, "B", "A") == "depends_on>"
    assert _label(ann, names, "A", "C") is None
    assert _label(ann, names, "B", "C") == "none"


def test_folds_keep_the_documents_of_one_topic_together():
    groups = {f"real-dev/{topic}__doc-{i}.txt" for topic in ("vector-dbs", "queues", "auth", "ci", "editors", "orms")
              for i in range(6)} | {f"dev2/doc-{i}.txt" for i in range(30)}
    fold = folds_of(groups)
    for topic in ("vector-dbs", "queues", "auth", "ci", "editors", "orms"):
        assert len({fold[g] for g in groups if f"/{topic}__" in g}) == 1
    assert len({fold[g] for g in groups if g.startswith("dev2/")}) > 1  # no topic: one document per group
    assert fold == folds_of(groups)  # a hash of the name: the same folds in every run


def test_training_is_reproducible():
    pytest.importorskip("sklearn")
    sets = [("dev2", DEV2 / "gold.json", DEV2 / "corpus")]
    first = train(sets, c_values=(1.0,), min_precision=0.0, log=lambda _: None)
    assert first == train(sets, c_values=(1.0,), min_precision=0.0, log=lambda _: None)
    assert first["labels"][0] == "competes_with" and first["weights"]


def test_a_veto_over_the_rules_is_chosen_out_of_fold_and_written_only_when_it_pays():
    from kg.train import Example, _ruled

    ruled_wrongly = Example(("rule:depends_on>", "w:use"), "none", "g", True)
    assert _ruled(ruled_wrongly, {"none": 0.95}, 0.9) == "none"
    assert _ruled(ruled_wrongly, {"none": 0.85}, 0.9) == "ruled-wrongly"
    assert _ruled(ruled_wrongly, {"none": 0.99}, None) == "ruled-wrongly"
    rejected = Example(("rejected:competes_with=",), "competes_with", "g", True)  # a rejection is never overruled
    assert _ruled(rejected, {"none": 0.99}, 0.5) == "related"
    pytest.importorskip("sklearn")
    sets = [("dev2", DEV2 / "gold.json", DEV2 / "corpus")]
    quiet = {"c_values": (1.0,), "min_precision": 0.0, "log": lambda _: None}
    assert "veto" not in train(sets, **quiet)
    chosen = train(sets, vetoes=(None, 0.9, 0.5), **quiet)
    assert chosen.get("veto") in (None, 0.9, 0.5) and chosen == train(sets, vetoes=(None, 0.9, 0.5), **quiet)


def test_the_sets_read_without_a_catalog_train_the_scorer_but_are_never_scored():
    pytest.importorskip("sklearn")
    from kg.train import cross_validate, examples

    gold, corpus = DEV2 / "gold.json", DEV2 / "corpus"
    shipped, bare = examples(gold, corpus, "dev2"), examples(gold, corpus, "dev2", "none")
    assert any(f.startswith("cat1:") and f != "cat1:?" for e in shipped for f in e.features)
    assert all("cat1:?" in e.features for e in bare)  # no catalog: no name has a category
    assert {e.group for e in bare} <= {e.group for e in shipped}
    scored = [e for e, _ in cross_validate(shipped, 1.0, extra=bare)]
    assert sorted(map(id, scored)) == sorted(map(id, shipped))  # the extra readings only train
    quiet = {"c_values": (1.0,), "min_precision": 0.0, "log": lambda _: None}
    model = train([("dev2", gold, corpus)], without_catalog=True, **quiet)
    assert [u["set"] for u in model["trained_on"]] == ["dev2", "dev2 (catalog none)"]
    assert model["weights"] != train([("dev2", gold, corpus)], **quiet)["weights"]


def test_a_clause_is_labelled_with_the_gold_claim_it_states(tmp_path):
    import json

    from kg.evaluate import quote_key
    from kg.train import claim_examples, dump

    text = "Zed is crazy fast on big repos, but the plugin story is thin."
    (tmp_path / "corpus").mkdir()
    (tmp_path / "corpus" / "zed.txt").write_text(f"Zed vs Cursor\n\n\u201c{text}\u201d\n", encoding="utf-8")
    gold = {"entities": {"Zed": {"type": "Product", "aliases": []}, "Cursor": {"type": "Product", "aliases": []}},
            "documents": {"zed.txt": ["Zed"]}, "contradictions": [],
            "quotes": {quote_key(text): {"text": text, "subject": "Zed", "entities": ["Zed"], "relations": [],
                                         "claims": [{"about": "Zed", "type": "limitation",
                                                     "text": "the plugin story is thin"}]}}}
    (tmp_path / "gold.json").write_text(json.dumps(gold), encoding="utf-8")
    labels = {e.label for e in claim_examples(tmp_path / "gold.json", tmp_path / "corpus", "t")}
    assert labels == {"none", "limitation"}  # "Zed is crazy fast on big repos" states no gold claim
    longer = "Zed is fast, but the plugin story is thin; the docs lag behind; the theme store is empty."
    (tmp_path / "two" / "corpus").mkdir(parents=True)
    (tmp_path / "two" / "corpus" / "zed.txt").write_text(f"Zed vs Cursor\n\n\u201c{longer}\u201d\n", encoding="utf-8")
    claim = {"about": "Zed", "type": "limitation", "text": "the plugin story is thin; the docs lag behind; the theme store is empty"}
    gold["quotes"] = {quote_key(longer): {"text": longer, "subject": "Zed", "entities": ["Zed"], "relations": [],
                                          "claims": [claim]}}
    (tmp_path / "two" / "gold.json").write_text(json.dumps(gold), encoding="utf-8")
    part = claim_examples(tmp_path / "two" / "gold.json", tmp_path / "two" / "corpus", "t2")
    assert [e.label for e in part] == ["none"]  # "Zed is fast"; the pieces of the longer claim are no examples
    from kg.train import found_examples

    found = {e.label for e in found_examples(tmp_path / "gold.json", tmp_path / "corpus", "t")}
    assert found == {"none", "claim"}  # the found-or-not model learns a claim, whatever its type
    model = {"about": "x", "labels": ["none", "limitation"], "intercept": [0.0, 0.0], "weights": {"c:thin": [0, 1.5]}}
    assert json.loads(dump(model)) == model  # the compact file still reads as the same JSON


def test_a_binary_model_is_written_as_two_labels_that_score_like_scikit_learn():
    pytest.importorskip("sklearn")
    from kg.extract.scorer import RelationModel
    from kg.train import _fit, _weights

    xs = [("c:thin",), ("c:thin", "c:slow"), ("c:fast",), ("c:fast", "c:nice"), ("c:slow",), ("c:nice",)]
    ys = ["claim", "claim", "none", "none", "claim", "none"]
    vec, model = _fit(xs, ys, 1.0)
    table = _weights(vec, model, 0.0)
    assert table["labels"] == ["claim", "none"] and all(len(w) == 2 for w in table["weights"].values())
    ours = RelationModel(tuple(table["labels"]), tuple(table["intercept"]),
                         {f: tuple(w) for f, w in table["weights"].items()}, 0.5)
    theirs = model.predict_proba(vec.transform([{"c:thin": 1.0, "c:slow": 1.0}]))[0]
    assert ours.probabilities(("c:thin", "c:slow")) == pytest.approx(list(theirs), abs=1e-3)


def test_subject_chooser_training_is_reproducible_and_judged_per_set():
    pytest.importorskip("sklearn")
    from kg.train import pays, subject_examples, train_subjects

    examples = subject_examples(DEV2 / "gold.json", DEV2 / "corpus", "dev2")
    assert examples and all(e.gold is None or 0 <= e.gold < len(e.candidates) for e in examples)
    assert sum(e.gold is not None for e in examples) >= 0.9 * len(examples)
    sets = [("dev2", DEV2 / "gold.json", DEV2 / "corpus")]
    first = train_subjects(sets, c_values=(1.0,), log=lambda _: None)
    assert first == train_subjects(sets, c_values=(1.0,), log=lambda _: None)
    assert first["weights"] and set(first["cross_validated"]["per_set"]) == {"dev2"}
    worse = {"cross_validated": {"accuracy": 0.9, "hand_set": 0.8,
                                 "per_set": {"real-a": [0.95, 0.8], "real-b": [0.7, 0.8]}}}
    assert not pays(worse)  # better overall but worse on one set: the hand-set scores stay
    worse["cross_validated"]["per_set"]["real-b"] = [0.8, 0.8]
    assert pays(worse)
    worse["cross_validated"]["per_set"]["real-b"] = [0.896, 0.917]  # one quote of 48 behind: noise, not a loss
    assert not pays(worse)  # without the set's size, no quote may be lost
    worse["trained_on"] = [{"set": "real-b", "quotes": 48}]
    assert pays(worse)
    worse["trained_on"] = [{"set": "real-b", "quotes": 10}, {"set": "real-a", "quotes": 10}]
    worse["cross_validated"]["per_set"]["real-b"] = [0.6, 0.8]  # two quotes of ten behind
    assert not pays(worse)
    worse["cross_validated"]["per_set"]["seeds"] = worse["cross_validated"]["per_set"].pop("real-b")
    assert not pays(worse)  # the client's seeds are guarded too
    worse["cross_validated"]["per_set"]["dev4"] = worse["cross_validated"]["per_set"].pop("seeds")
    assert pays(worse)  # a set written in the seeds' style counts in the overall accuracy only


def test_the_found_model_can_be_chosen_for_recall_at_a_precision_floor():
    pytest.importorskip("sklearn")
    sets = [("dev2", DEV2 / "gold.json", DEV2 / "corpus")]
    from kg.train import found_examples

    quiet = {"c_values": (0.3,), "log": lambda _: None, "make": found_examples, "thresholds": (0.2, 0.3, 0.4, 0.5, 0.6)}
    best_f1 = train(sets, min_precision=0.0, **quiet)
    most = train(sets, min_precision=0.0, most_recall=True, **quiet)
    assert most["threshold"] == 0.2 and most["cross_validated"]["recall"] >= best_f1["cross_validated"]["recall"]
    floor = train(sets, min_precision=most["cross_validated"]["precision"] + 0.01, most_recall=True, **quiet)
    assert floor["threshold"] > 0.2 and floor["cross_validated"]["precision"] > most["cross_validated"]["precision"]


def test_the_subject_chooser_is_a_softmax_over_each_quotes_candidates_with_sets_balanced():
    pytest.importorskip("scipy")
    from kg.train import SubjectExample, _fit_subjects, _pick

    def quote(gold_feature: str, other: str, tag: str, n: int) -> list[SubjectExample]:
        # the gold candidate carries gold_feature, its rival the other one; both carry "common"
        return [SubjectExample(((gold_feature, "common"), (other, "common")), 0, 0, f"{tag}/doc{i}") for i in range(n)]

    big, small = quote("a", "b", "big", 40), quote("b", "a", "small", 4)
    weights = _fit_subjects(big + small, 1.0)
    assert weights["a"] > 0 > weights["b"] and abs(weights.get("common", 0.0)) < 1e-6  # shared by all: no signal
    assert _pick(weights, (("b", "common"), ("a", "common"))) == 1
    assert _fit_subjects(big + small, 1.0) == weights  # from zero weights, deterministic
    even = _fit_subjects(big + small, 1.0, balance=1.0)  # every set weighs alike: the two cancel out
    assert abs(even["a"]) < 0.05 < weights["a"]
    unreachable = SubjectExample((("a",), ("b",)), None, 0, "big/x")
    assert _fit_subjects(big + [unreachable], 1.0) == _fit_subjects(big, 1.0)  # no gold among them: not taught


def test_the_shipped_found_model_takes_the_recall_the_precision_floor_allows():
    """The found-or-not model ships with the most recall the floor ``kg.train`` sets (clause precision 0.36) allows:
    at the floor itself (trained on 4,094 real dev quotes it found 85% of the stated clauses out of fold; at the
    earlier floor of 0.42, 76%, and real claim recall stayed under 0.6), or at the lowest threshold tried when even
    that keeps precision above the floor (trained on 5,786 quotes: 0.15, precision 0.42, recall 0.91)."""
    import json

    from kg.catalog import ontology_dir
    from kg.train import _FOUND_THRESHOLDS, FOUND_MIN_PRECISION

    shipped = json.loads((ontology_dir() / "claims_found.model.json").read_text(encoding="utf-8"))
    precision = shipped["cross_validated"]["precision"]
    assert FOUND_MIN_PRECISION <= precision
    assert precision < 0.42 or shipped["threshold"] == min(_FOUND_THRESHOLDS)
    assert shipped["cross_validated"]["recall"] >= 0.8


def test_the_validation_and_test_splits_are_never_trained_on():
    from kg.train import DEFAULT_SETS

    paths = {str(p) for _, gold, corpus in DEFAULT_SETS for p in (gold, corpus)}
    held = ("/real/val2/", "/real/val3/", "/real/val4/", "/real/val5/", "/real/val6/", "/real/test/", "/blind/")
    assert not any(h in p for p in paths for h in held)
    assert any("/real/dev/" in p for p in paths)


def test_gold_relations_no_candidate_reaches_count_as_missed_when_the_threshold_is_chosen():
    import json

    from kg.train import _prf, examples, unreached

    pairs = [("competes_with", "competes_with"), ("depends_on>", "none"), ("none", "competes_with")]
    assert _prf(pairs) == (0.5, 0.5, 0.5)
    assert _prf(pairs, missed=2)[:2] == (0.5, 0.25)  # recall also counts what was never a candidate
    gold, corpus = DEV2 / "gold.json", DEV2 / "corpus"
    annotated = sum(not r.get("optional") for q in json.loads(gold.read_text())["quotes"].values()
                    for r in q["relations"])
    assert examples(gold, corpus, "dev2") and 0 < unreached(gold, corpus, "dev2") < annotated
    pytest.importorskip("sklearn")
    model = train([("dev2", gold, corpus)], c_values=(1.0,), min_precision=0.0, log=lambda _: None)
    assert model["trained_on"][0]["unreached"] == unreached(gold, corpus, "dev2")


def test_a_lowercase_word_is_labelled_a_name_when_the_quote_s_gold_names_it(tmp_path):
    import json

    from kg.evaluate import quote_key
    from kg.train import name_examples

    text = "We back up with zorbak to the bucket, though the snapshotting is slow."
    (tmp_path / "corpus").mkdir()
    (tmp_path / "corpus" / "backup.txt").write_text(f"Backups\n\n\u201c{text}\u201d\n", encoding="utf-8")
    gold = {"entities": {"Zorbak": {"type": "Product", "aliases": []}}, "documents": {"backup.txt": ["Zorbak"]},
            "contradictions": [], "quotes": {quote_key(text): {"text": text, "subject": "Zorbak", "entities": ["Zorbak"],
                                                               "relations": [], "claims": []}}}
    (tmp_path / "gold.json").write_text(json.dumps(gold), encoding="utf-8")
    labels = [e.label for e in name_examples(tmp_path / "gold.json", tmp_path / "corpus", "t")]
    assert sorted(labels) == ["name", "none"]  # "zorbak" names the gold's Zorbak; "snapshotting" names nothing


def test_claim_owner_training_is_reproducible_and_labels_the_gold_owner():
    pytest.importorskip("sklearn")
    from kg.train import owner_examples, train_owners

    examples = owner_examples(DEV2 / "gold.json", DEV2 / "corpus", "dev2")
    assert examples and all(e.gold is None or 0 <= e.gold < len(e.candidates) for e in examples)
    assert all(0 <= e.ruled < len(e.candidates) for e in examples)
    assert sum(e.gold is not None for e in examples) >= 0.9 * len(examples)
    sets = [("dev2", DEV2 / "gold.json", DEV2 / "corpus")]
    first = train_owners(sets, c_values=(1.0,), log=lambda _: None)
    assert first == train_owners(sets, c_values=(1.0,), log=lambda _: None)
    assert first["weights"] and first["trained_on"][0]["set"] == "dev2"
    assert 0 < first["cross_validated"]["owner_rules"] <= 1


def test_the_owner_model_is_written_only_where_it_beats_the_owner_rules(tmp_path, monkeypatch):
    from kg import train

    out = tmp_path / "owners.model.json"
    figures = {"accuracy": 0.9, "owner_rules": 0.8}
    monkeypatch.setattr(train, "train_owners", lambda sets, log: {"cross_validated": figures, "weights": {"a": 1.0}})
    assert train.main(["--only", "owners", "--owners-out", str(out)]) == 0
    assert out.exists() and '"a": 1.0' in out.read_text(encoding="utf-8")
    figures.update(accuracy=0.8)  # no better than the rules: the rules stay and the file goes
    assert train.main(["--only", "owners", "--owners-out", str(out)]) == 0
    assert not out.exists()
