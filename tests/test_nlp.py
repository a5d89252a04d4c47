"""The spaCy pipeline: blank English, a sentencizer and the catalog matcher."""

from __future__ import annotations

import pytest

from kg.catalog import Catalog, CatalogEntry, load_catalog
from kg.errors import ModelNotFoundError
from kg.lexicon import load_lexicon
from kg.nlp import CATALOG_SPANS, build_pipeline, fold_case


@pytest.fixture(scope="module")
def nlp():
    return build_pipeline(load_catalog(None), load_lexicon())


def _spans(nlp, text):
    doc = nlp(text)  # keep the Doc alive while its spans are read
    return [(s.text, s.kb_id_, s.label_) for s in doc.spans[CATALOG_SPANS]]


@pytest.mark.parametrize("form,folds", [("Cursor", False), ("Continue", False), ("Qdrant", True), ("pgvector", True),
                                        ("GitHub Copilot", True), ("Phi-3.5-mini", True),
                                        ("IDEA", False), ("GRUB", False), ("JSON", True), ("CUDA", True),
                                        ("PaLM", False), ("LaTeX", True), ("eBay", True), ("GitHub", True)])
def test_fold_case(form, folds):
    assert fold_case(form) is folds


def test_a_common_word_in_capitals_matches_only_as_written(nlp):
    assert _spans(nlp, "That was not a bad idea at all.") == []
    assert [s[1] for s in _spans(nlp, "I write Java in IDEA every day.")] == ["Java", "IntelliJ IDEA"]


def test_longest_match_wins_and_aliases_resolve(nlp):
    spans = _spans(nlp, "We tried GitHub Copilot Workspace and plain Copilot, then moved to qdrant.")
    assert spans == [("GitHub Copilot Workspace", "GitHub Copilot Workspace", "Product"),
                     ("Copilot", "GitHub Copilot", "Product"), ("qdrant", "Qdrant", "Product")]


def test_a_plus_between_words_parts_names_and_cpp_stays_whole(nlp):
    assert [s[1] for s in _spans(nlp, "ops cost of Postgres+Redis+Docker, in C++ or C#")] == \
        ["PostgreSQL", "Redis", "Docker", "C++", "C#"]


def test_a_dot_glued_between_a_lower_and_an_upper_case_letter_ends_no_sentence(nlp):
    doc = nlp("Gateways like Authorize.Net, Stripe and Day.Js all work. Then it ends.")
    assert [s.text for s in doc.sents] == ["Gateways like Authorize.Net, Stripe and Day.Js all work.", "Then it ends."]
    assert "Authorize.Net" in [t.text for t in doc]
    assert [s[1] for s in _spans(nlp, "Gateways like Authorize.Net, Stripe and Day.Js all work.")] == \
        ["Stripe", "Day.js"]


def test_a_typeset_apostrophe_matches_a_catalog_name_with_a_straight_one(nlp):
    assert [s[1] for s in _spans(nlp, "Unlike Let’s Encrypt, it offers more.")] == ["Let's Encrypt"]


@pytest.mark.parametrize("hyphen", ["\u2010", "\u2011"])
def test_a_typeset_hyphen_matches_a_catalog_name_with_a_plain_one_and_parts_words(nlp, hyphen):
    text = f"It runs on a subset of Hyper{hyphen}V, unlike the Rust{hyphen}based one."
    assert _spans(nlp, text) == [(f"Hyper{hyphen}V", "Hyper-V", "Product"), ("Rust", "Rust", "Technology")]


def test_a_full_stop_after_a_one_letter_name_ends_the_sentence_and_initialisms_stay_whole(nlp):
    doc = nlp("Fluent Bit is written in C. It runs on Hyper-V. Both ship in the U.S. market.")
    assert [s.text for s in doc.sents] == ["Fluent Bit is written in C.", "It runs on Hyper-V.",
                                           "Both ship in the U.S. market."]
    assert [s[1] for s in _spans(nlp, doc.text)] == ["Fluent Bit", "C", "Hyper-V"]


def test_common_word_names_keep_their_case(nlp):
    assert _spans(nlp, "move the cursor and continue typing") == []
    assert [s[1] for s in _spans(nlp, "Cursor added agent mode")] == ["Cursor"]


def test_licences_and_platforms_need_no_catalog():
    nlp = build_pipeline(Catalog(), load_lexicon())
    assert _spans(nlp, "Apache-2.0 and Linux-only") == [("Apache-2.0", "Apache 2.0", "License"),
                                                        ("Linux", "Linux", "Platform")]


def test_case_sensitive_catalog_entries():
    catalog = Catalog(entries={"Modal": CatalogEntry(name="Modal", type="Product", case_sensitive=True)})
    nlp = build_pipeline(catalog, load_lexicon())
    assert _spans(nlp, "a modal dialog") == []
    assert [s[1] for s in _spans(nlp, "Modal runs GPUs")] == ["Modal"]


def test_any_case_entries_match_lowercase_though_common_words():
    entries = {"Claude": CatalogEntry(name="Claude", type="Product", any_case=True),
               "Cursor": CatalogEntry(name="Cursor", type="Product")}
    nlp = build_pipeline(Catalog(entries=entries), load_lexicon())
    assert [s[1] for s in _spans(nlp, "the chat calls claude, and the cursor blinks")] == ["Claude"]


def test_a_one_letter_name_after_a_label_noun_is_a_label():
    catalog = Catalog(entries={"C": CatalogEntry(name="C", type="Technology", case_sensitive=True)})
    nlp = build_pipeline(catalog, load_lexicon())
    assert _spans(nlp, "They raised a Series C and have a Plan C.") == []
    assert [s[1] for s in _spans(nlp, "Fluent Bit is written in C and ships plugins.")] == ["C"]


def test_the_shipped_catalog_knows_c_from_a_series_c(nlp):
    assert [s[1] for s in _spans(nlp, "Fluent Bit is written in C, after a Series C round.")] == ["Fluent Bit", "C"]


def test_a_missing_model_is_a_clear_error_before_any_worker_starts():
    from kg.parallel import Setup

    with pytest.raises(ModelNotFoundError, match="'en_core_web_nonexistent' is not installed"):
        Setup.make(Catalog(), "en_core_web_nonexistent")


def test_apache_licensed_is_the_license_not_the_web_server(nlp):
    assert _spans(nlp, "Nobody can take the Apache licensed version away.") == [
        ("Apache licensed", "Apache 2.0", "License")]
