"""Subject attribution through the pipeline: named, inferred from context and subtitle, or given by the input."""

from __future__ import annotations

import json

import pytest
from helpers import GraphView, write_doc

from kg.pipeline import run

TITLE = "Meilisearch vs Typesense (typo tolerance and faceted search)"
NAMES_FIRST = ("Meilisearch indexed our product catalog in seconds and the relevance ranking defaults "
               "were sensible out of the gate.")
NAMES_SECOND = ("Typesense keeps the entire index in RAM, so filtering across millions of rows stays quick "
                "even on a small box.")
SUBTITLE_WORDS = ("The typo tolerance forgave every misspelled brand name we threw at it, and faceted search "
                  "felt instant.")
CONTEXT_WORDS = ("Once the product catalog grew past a million items, relevance ranking tweaks needed a full "
                 "reindex each time.")
MIGRATED = ("migrated the whole docs search from meilisearch to typesense in one sprint; the old meilisearch "
            "invoice was the reason.")
MAKER_ONLY = "Zilliz keeps adding features faster than most teams can evaluate them."

ROW_GIVEN = "Meilisearch got the attention, but this review is really about the other engine."
ROW_NAMED = "Typesense clustering took one config flag."
ROW_BARE = "Setup took an afternoon."


@pytest.fixture(scope="module")
def view(tmp_path_factory):
    folder = tmp_path_factory.mktemp("subjects")
    write_doc(folder, TITLE, [NAMES_FIRST, NAMES_SECOND, SUBTITLE_WORDS, CONTEXT_WORDS, MIGRATED],
              name="a.txt")
    write_doc(folder, "Milvus vs Chroma", [MAKER_ONLY], name="b.txt")
    rows = [{"text": ROW_GIVEN, "subject": "Typesense"}, {"text": ROW_NAMED}, {"text": ROW_BARE}]
    (folder / "c.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return GraphView(run([folder]))


@pytest.mark.parametrize("quote,subject,rule", [
    (NAMES_FIRST, "Meilisearch", "subject.named"),
    (NAMES_SECOND, "Typesense", "subject.named"),
    (SUBTITLE_WORDS, "Typesense", "subject.context"),
    (CONTEXT_WORDS, "Meilisearch", "subject.context"),
    (MAKER_ONLY, "Milvus", "subject.named"),
    (MIGRATED, "Typesense", "subject.named"),
])
def test_seed_document_subjects(view, quote, subject, rule):
    quote_ = view.quote(quote)
    assert (view.name(quote_.subject), quote_.subject_rule) == (subject, rule)
    assert 0.0 < quote_.subject_confidence <= 1.0


def test_named_subject_is_more_certain_than_an_inferred_one(view):
    assert view.quote(NAMES_FIRST).subject_confidence > view.quote(CONTEXT_WORDS).subject_confidence


def test_subject_column_wins_over_the_names_in_the_text(view):
    quote = view.quote(ROW_GIVEN)
    assert (view.name(quote.subject), quote.subject_rule, quote.subject_confidence) == (
        "Typesense", "subject.given", 1.0)


def test_table_rows_without_subject_use_the_given_subjects_as_candidates(view):
    assert view.subject(ROW_NAMED) == "Typesense"
    assert view.quote(ROW_NAMED).subject_rule == "subject.named"


def test_quote_without_any_product_or_title_is_reported_unattributed(tmp_path):
    path = write_doc(tmp_path, None, ["Setup took an afternoon and the docs were thin."])
    view = GraphView(run([path]))
    quote = view.graph.quotes[0]
    assert (quote.subject, quote.subject_rule) == (None, "subject.none")
    assert [r.message for r in view.report("unattributed_quote")] == [f"no subject found for {quote.id}"]
    assert view.graph.claims == ()
