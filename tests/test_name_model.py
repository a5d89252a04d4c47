"""The learned lowercase-name model: its candidates and features on hand-built text, its scores, and the shipped
model on plain cases."""

from __future__ import annotations

import json
import math

import pytest

from kg.lexicon import load_lexicon
from kg.name_model import RULE, NameModel, _near_common, candidates, find_learned_names, load_name_model


@pytest.fixture(scope="module")
def lexicon():
    return load_lexicon()


def _words(text, lexicon, taken=()):
    return {word: features for _, _, word, features in candidates(text, list(taken), lexicon)}


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


def test_a_word_one_edit_or_a_reordering_from_common_english_says_so(lexicon):
    assert _near_common("rclone")  # "clone": a name made from a word, or a typo; the model weighs its place
    assert not _near_common("xrdp")
    assert "anagram" in _words("I never awnsered him.", lexicon)["awnsered"]  # "answered", letters swapped


def test_a_score_is_the_logistic_of_the_weights_of_the_features_present():
    model = NameModel({"zipf:0": 2.0, "L:use": 1.0, "vocabulary": -3.0}, -1.0, 0.5)
    assert model.score(("zipf:0", "L:use", "unknown")) == pytest.approx(1 / (1 + math.exp(-2.0)))
    assert model.score(("vocabulary",)) < 0.5 <= model.score(("zipf:0",))


def test_a_model_file_is_read_and_a_missing_one_learns_nothing(tmp_path):
    path = tmp_path / "names.model.json"
    path.write_text(json.dumps({"weights": {"zipf:0": 1.5}, "intercept": -0.5, "threshold": 0.6}), encoding="utf-8")
    model = load_name_model(str(path))
    assert (model.weights, model.intercept, model.threshold) == ({"zipf:0": 1.5}, -0.5, 0.6)
    assert load_name_model(str(tmp_path / "absent.json")) is None


def test_the_shipped_model_takes_unheard_tools_for_names_and_leaves_english_and_typos(lexicon):
    found = {n.text for n in find_learned_names("For remote desktops we use remmina and xrdp, both foss.", [], lexicon)}
    assert found == {"remmina", "xrdp"}
    assert all(n.rule == RULE and n.strong for n in find_learned_names("We switched from nnn last month.", [], lexicon))
    assert not find_learned_names("The idempotency story is weak and the retries are flaky.", [], lexicon)
    assert not find_learned_names("I never awnsered because it was beeing reworked.", [], lexicon)


def test_the_shipped_model_was_chosen_out_of_fold_at_the_precision_floor():
    from kg.catalog import ontology_dir
    from kg.train import NAMES_MIN_PRECISION

    shipped = json.loads((ontology_dir() / "names.model.json").read_text(encoding="utf-8"))
    assert shipped["cross_validated"]["precision"] >= NAMES_MIN_PRECISION
    assert 0 < shipped["threshold"] < 1 and shipped["weights"]
