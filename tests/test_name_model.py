"""The learned lowercase-name model: its candidates and features on hand-built text, its scores, and the shipped
model on plain cases."""

from __future__ import annotations

import dataclasses
import json
import math

import pytest

from kg.lexicon import load_lexicon
from kg.name_model import RULE, NameModel, _near_common, candidates, find_learned_names, load_name_model


@pytest.fixture(scope="module")
def lexicon():
    return load_lexicon()


def _words(text, lexicon, taken=(), names=()):
    return {c.word: c.features for c in candidates(text, list(names), list(taken), lexicon)}


def _learned(text, lexicon):
    return {n.text for n in find_learned_names(text, [], [], lexicon)[0]}


def test_candidates_are_lowercase_words_no_other_step_took_and_no_english(lexicon):
    text = "We tried remmina, then Zorbit and xrdp via https://example.com/xrdp because the docs said so."
    zorbit = (text.index("Zorbit"), text.index("Zorbit") + len("Zorbit"))
    words = _words(text, lexicon, [zorbit])
    assert set(words) == {"remmina", "xrdp"}  # stop words, "docs", the capitalised name and the URL are not
    assert "listed_after_name" in words["xrdp"]  # "Zorbit and xrdp": listed beside a name
    assert "listed_after_name" not in words["remmina"]
    assert "L:tried" in words["remmina"] and "Rp:," in words["remmina"]
    assert "zipf:0" in words["xrdp"] and "no_vowel" in words["xrdp"]
    assert not _words("the, and, of, which", lexicon)


def test_a_generic_term_is_no_candidate_but_a_hyphenated_name_ending_in_one_is(lexicon):
    words = _words("p99 latency fell, and kube-dns beat xrdp", lexicon)
    assert "p99" not in words  # a percentile (the lexicon's generic terms), not a product
    assert {"kube-dns", "xrdp"} <= set(words)  # "dns" is generic, "kube-dns" is read whole


def test_a_compound_of_english_words_is_no_candidate(lexicon):
    words = _words("It is self-hostable and vibe-codeable, unlike xrdp.", lexicon)
    assert "self-hostable" not in words and "vibe-codeable" not in words  # host + able: English no list has
    assert "xrdp" in words


def test_a_version_tag_is_no_candidate(lexicon):
    words = _words("v4 is much easier to use than v5.2, and v8js beat xrdp", lexicon)
    assert "v4" not in words and "v5.2" not in words  # versions of the quote's subject, not products
    assert {"v8js", "xrdp"} <= set(words)


def test_a_word_is_judged_once_and_alike_wherever_it_stands():
    fresh = dataclasses.replace(load_lexicon(), memo={})
    text = "xrdp beat p99 and v4, then the xrdp fork beat p99 again"
    first = [(c.start, c.word) for c in candidates(text, [], [], fresh)]
    assert first == [(0, "xrdp"), (text.index("xrdp fork"), "xrdp")]
    assert fresh.memo["name_model_passed"] == {"xrdp": True, "beat": False, "p99": False, "and": False, "v4": False,
                                               "then": False, "the": False, "fork": False, "again": False}
    assert [(c.start, c.word) for c in candidates(text, [], [], fresh)] == first  # read from the memo


def test_a_word_one_edit_or_a_reordering_from_common_english_says_so(lexicon):
    assert _near_common("rclone")  # "clone": a name made from a word, or a typo; the model weighs its place
    assert not _near_common("xrdp")
    assert "anagram" in _words("I never awnsered him.", lexicon)["awnsered"]  # "answered", letters swapped


def test_a_score_is_the_logistic_of_the_weights_of_the_features_present():
    model = NameModel({"zipf:0": 2.0, "L:use": 1.0, "vocabulary": -3.0}, -1.0, 0.5)
    assert model.score(("zipf:0", "L:use", "unknown")) == pytest.approx(1 / (1 + math.exp(-2.0)))
    assert model.score(("vocabulary",)) < 0.5 <= model.score(("zipf:0",))


def test_a_model_file_is_read_by_kind_and_a_missing_one_learns_nothing(tmp_path):
    path = tmp_path / "names.model.json"
    model = {"weights": {"zipf:0": 1.5}, "intercept": -0.5, "threshold": 0.6}
    path.write_text(json.dumps({"about": "x", "models": {"lowercase": model}}), encoding="utf-8")
    (kind, read), = load_name_model(str(path)).items()
    assert kind == "lowercase" and (read.weights, read.intercept, read.threshold) == ({"zipf:0": 1.5}, -0.5, 0.6)
    assert load_name_model(str(tmp_path / "absent.json")) == {}


def test_a_weak_sentence_opener_is_a_candidate_of_its_own_kind(lexicon):
    from kg.names import find_names

    text = "Garage is an S3-compatible object store. It runs anywhere."
    names = find_names(text, lexicon)
    (garage,) = [c for c in candidates(text, names, [], lexicon) if c.kind == "initial"]
    assert garage.word == "Garage" and "R:is" in garage.features and "L:edge" in garage.features
    found, promoted = find_learned_names(text, names, [], lexicon)
    assert {n.text for n in promoted} == {"Garage"}  # "an S3-compatible object store": a product's definition
    assert not found


def test_the_shipped_model_takes_unheard_tools_for_names_and_leaves_english_and_typos(lexicon):
    assert _learned("For remote desktops we use remmina and xrdp, both foss.", lexicon) == {"remmina", "xrdp"}
    assert all(n.rule == RULE and n.strong for n in find_learned_names("We switched from nnn last month.", [], [],
                                                                        lexicon)[0])
    assert not _learned("The idempotency story is weak and the retries are flaky.", lexicon)
    assert not _learned("I never awnsered because it was beeing reworked.", lexicon)


def test_the_shipped_model_was_chosen_out_of_fold_at_the_precision_floor():
    from kg.catalog import ontology_dir
    from kg.train import NAMES_MIN_PRECISION

    shipped = json.loads((ontology_dir() / "names.model.json").read_text(encoding="utf-8"))["models"]
    assert set(shipped) == {"lowercase", "initial"}
    for model in shipped.values():
        assert model["cross_validated"]["precision"] >= NAMES_MIN_PRECISION
        assert 0 < model["threshold"] < 1 and model["weights"]


def test_learned_names_become_entities_with_their_rule(tmp_path):
    from helpers import GraphView, run_docs

    view = GraphView(run_docs(tmp_path, [("Object stores for the homelab", [
        "Garage is an S3-compatible object store that runs on old hardware.",
        "For remote desktops we use remmina and xrdp, both foss.",
    ])]))
    rules = {(view.entities[m.entity_id].name, m.rule) for m in view.graph.mentions}
    assert {("Garage", RULE), ("remmina", RULE), ("xrdp", RULE)} <= rules


def test_a_words_listed_neighbours_are_found_by_position_as_by_a_pass_over_every_name():
    import random
    import re

    from kg.name_model import _Beside, _place

    rng = random.Random(2)
    words = ["xrdp", "remmina", "Zorbit", "kube-dns", "and", "or", ",", "/", "vs", "the", "tool"]
    for _ in range(200):
        text = " ".join(rng.choice(words) for _ in range(rng.randrange(1, 30)))
        spots = [(m.start(), m.end()) for m in re.finditer(r"[\w-]+", text)]
        taken = rng.sample(spots, rng.randrange(0, len(spots) + 1))
        beside = _Beside(taken)
        for start, end in spots:
            assert _place(text, start, end, taken, beside) == _place(text, start, end, taken)
