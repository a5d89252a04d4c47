"""Subject attribution through the pipeline: named, inferred from context and subtitle, or given by the input."""

from __future__ import annotations

import json
from dataclasses import replace

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


# unit tests on hand-built inputs: the features and the chooser, without parsing anything
def _table_and_hits(text: str, names: list[str]):
    import re

    from kg.catalog import Catalog
    from kg.resolve import EntityTable, Hit

    table = EntityTable(Catalog())
    ids = {n: table.add_discovered(n) for n in names}
    hits = [Hit(m.start(), m.end(), n, ids[n], ids[n], "Product", "test")
            for n in names for m in re.finditer(re.escape(n), text)]
    return table, ids, sorted(hits, key=lambda h: h.start)


def _context(text: str, names: list[str], titled: list[str], qid: str = "q1"):
    from kg.extract.text import QuoteContext

    table, ids, hits = _table_and_hits(text, names)
    return table, ids, QuoteContext(qid, "d1", text, [(0, len(text))], hits, [ids[n] for n in titled])


def test_features_say_how_the_quote_names_each_candidate():
    from kg.extract.subjects import subject_features

    text = "We moved from Acmebase to Widgetly, and Widgetly is faster than Gizmora."
    table, ids, ctx = _context(text, ["Acmebase", "Widgetly", "Gizmora"], ["Acmebase", "Widgetly"])
    (feats,) = subject_features([ctx], table, None, primary=ids["Widgetly"])
    assert list(feats) == [ids["Acmebase"], ids["Widgetly"], ids["Gizmora"]]  # title products first
    acme, widget, gizmo = (set(feats[ids[n]][0]) for n in ("Acmebase", "Widgetly", "Gizmora"))
    assert {"how:object", "how:first", "set_aside", "title:0"} <= acme and "how:plain" not in acme
    assert {"how:migrated_to", "how:acts", "how:count:2", "primary", "lead&migrated_to"} <= widget
    assert {"untitled", "how:object", "how:last", "type:Product"} <= gizmo
    # without a model, the hand-set scores rank the title's products only
    assert max(feats, key=lambda c: feats[c][1]) == ids["Widgetly"]


@pytest.mark.parametrize("text", [
    "It is an alternative to paid services like Gizmora, Acmebase.",
    "Widgetly was picked over hosted tools such as Gizmora and Acmebase.",
])
def test_the_examples_of_what_a_quote_sets_aside_are_the_other_products(text):
    from kg.extract.subjects import subject_features

    table, ids, ctx = _context(text, ["Widgetly", "Gizmora", "Acmebase"], [])
    (feats,) = subject_features([ctx], table, None)
    assert all("how:object" in feats[ids[n]][0] and "how:plain" not in feats[ids[n]][0] for n in ("Gizmora", "Acmebase"))


@pytest.mark.parametrize("text,other", [
    ("I'm curious how this implementation differs from Gizmora.", True),
    ("If you compare it to Gizmora, it is much faster.", True),
    ("It's just like Gizmora, only it works in Firefox too.", True),
    ("Since removing Gizmora from my blog, I kept looking for a tool.", True),
    ("It is a drop-in replacement for Gizmora with a friendlier licence.", True),
    ("This started as a fork of Gizmora in 2021.", True),
    ("I like Gizmora a lot.", False),  # "like" as a verb sets nothing aside
])
def test_what_a_quote_compares_its_product_with_is_the_other_product(text, other):
    from kg.extract.subjects import subject_features

    table, ids, ctx = _context(text, ["Gizmora"], [])
    (feats,) = subject_features([ctx], table, None)
    assert ("how:object" in feats[ids["Gizmora"]][0]) is other


@pytest.mark.parametrize("text", [
    "Last year we switched everything over to Gizmora.",
    "After a month of trials we went with Gizmora.",
    "We ended up using Gizmora for the whole team.",
])
def test_what_a_quote_moved_to_is_what_it_reports_on(text):
    from kg.extract.subjects import subject_features

    table, ids, ctx = _context(text, ["Gizmora"], [])
    (feats,) = subject_features([ctx], table, None)
    assert "how:migrated_to" in feats[ids["Gizmora"]][0]


def test_a_quote_that_names_nothing_carries_the_previous_quotes_sole_product():
    from kg.extract.subjects import subject_features
    from kg.extract.text import QuoteContext

    first = "Acmebase kept crashing under load."
    table, ids, hits = _table_and_hits(first, ["Acmebase", "Widgetly"])
    titled = [ids["Widgetly"], ids["Acmebase"]]
    quotes = [QuoteContext("q1", "d1", first, [(0, len(first))], hits, titled),
              QuoteContext("q2", "d1", "It also leaked memory.", [(0, 22)], [], titled)]
    _, second = subject_features(quotes, table, None, primary=ids["Widgetly"])
    assert {"prev_alone_unsaid", "last_alone_unsaid", "title_nothing_said"} <= set(second[ids["Acmebase"]][0])
    assert "lead_nothing_said" in second[ids["Widgetly"]][0]


def test_the_model_picks_the_best_scored_candidate_and_says_how_sure_it_is():
    from kg.extract.subjects import SubjectModel, attribute_subjects

    text = "Widgetly is faster than Acmebase."
    table, _, ctx = _context(text, ["Acmebase", "Widgetly"], ["Acmebase", "Widgetly"])
    for weights, chosen in (({"how:object": 3.0}, "Acmebase"), ({"how:object": -3.0}, "Widgetly")):
        att = attribute_subjects([ctx], table, None, {}, model=SubjectModel(weights))["q1"]
        assert (table.name(att.subject), att.rule) == (chosen, "subject.named")
        assert att.confidence > 0.9
    tied = attribute_subjects([ctx], table, None, {}, model=SubjectModel({}))["q1"]
    assert table.name(tied.subject) == "Acmebase" and tied.confidence == 0.5  # a tie goes to the title's first


def test_the_subject_model_file_is_read_when_present(tmp_path):
    from kg.extract.subjects import load_subject_model

    assert load_subject_model(str(tmp_path / "absent.json")) is None
    path = tmp_path / "subjects.model.json"
    path.write_text('{"weights": {"said": 1.5, "untitled": -2}}', encoding="utf-8")
    assert load_subject_model(str(path)).score(("said", "untitled", "unknown")) == -0.5


def test_a_quote_naming_one_title_product_is_about_it_not_about_the_titles_main_one():
    from kg.extract.subjects import attribute_subjects

    text = "With Zentrix in front, our nightly export now goes through Acmebase."
    table, ids, ctx = _context(text, ["Widgetly", "Acmebase", "Zentrix"], ["Widgetly", "Acmebase"])
    att = attribute_subjects([ctx], table, None, {}, primary=ids["Widgetly"], model=None)["q1"]
    assert (table.name(att.subject), att.rule) == ("Acmebase", "subject.named")


def test_without_a_model_the_subtitle_words_carry_an_unnamed_quote_to_the_product_they_describe(monkeypatch):
    from kg.extract import subjects
    from kg.extract.subjects import attribute_subjects
    from kg.extract.text import QuoteContext

    monkeypatch.setattr(subjects, "load_subject_model", lambda *a: None)  # the hand-set scores decide, no model file

    first = "Acmebase indexed the catalog quickly."
    table, ids, hits = _table_and_hits(first, ["Acmebase", "Widgetly"])
    titled = [ids["Acmebase"], ids["Widgetly"]]
    quotes = [QuoteContext("q1", "d1", first, [(0, len(first))], hits, titled),
              QuoteContext("q2", "d1", "Typo tolerance forgave every misspelling.", [(0, 41)], [], titled)]
    found = attribute_subjects(quotes, table, "typo tolerance", {}, model=None)
    assert table.name(found["q2"].subject) == "Widgetly" and found["q2"].rule == "subject.context"


def test_the_title_says_which_product_it_introduces_and_which_it_merely_names():
    from kg.extract.subjects import subject_features

    text = "Acmebase runs inside Widgetly now."
    table, ids, ctx = _context(text, ["Acmebase", "Widgetly"], ["Widgetly", "Acmebase"])
    title = "Acmebase: Widgetly's engine, from Gizmora to Widgetly"
    (feats,) = subject_features([ctx], table, None, title=title)
    acme, widget = (set(feats[ids[n]][0]) for n in ("Acmebase", "Widgetly"))
    assert {"t:head", "t:head_alone", "t:head&said", "t:opens", "t:first"} <= acme
    assert {"t:tail", "t:poss", "t:last", "t:poss&said"} <= widget and "t:head" not in widget
    (plain,) = subject_features([ctx], table, None)
    assert not any(f.startswith("t:") or "|t:" in f for c in plain for f in plain[c][0])  # no title, no title roles
    (moved,) = subject_features([ctx], table, None, title="Moving from Acmebase to Widgetly")
    assert "t:before:from" in moved[ids["Acmebase"]][0] and "t:before:to" in moved[ids["Widgetly"]][0]
    (absent,) = subject_features([ctx], table, None, title="Widgetly, a year on")
    assert "t:unseen" in absent[ids["Acmebase"]][0]


def test_the_title_says_which_names_only_qualify_something_else():
    from kg.extract.subjects import subject_features

    text = "Acmebase runs inside Widgetly now."
    table, ids, ctx = _context(text, ["Acmebase", "Widgetly"], ["Widgetly", "Acmebase"])
    (feats,) = subject_features([ctx], table, None, title="Goodbye Acmebase: the Widgetly-based Gizmora")
    assert "t:hyphened" in feats[ids["Widgetly"]][0] and "t:hyphened" not in feats[ids["Acmebase"]][0]
    (feats,) = subject_features([ctx], table, None, title="Private Widgetly solutions, and Acmebase (Gizmora issue)")
    assert "t:qualifies" in feats[ids["Widgetly"]][0] and "t:qualifies" not in feats[ids["Acmebase"]][0]
    (feats,) = subject_features([ctx], table, None, title="Widgetly after three years (Acmebase issue)")
    assert "t:qualifies" not in feats[ids["Widgetly"]][0]  # "after" is a stop word, not a noun Widgetly qualifies
    assert "t:parens" in feats[ids["Acmebase"]][0] and "t:parens" not in feats[ids["Widgetly"]][0]


def test_a_title_with_one_product_before_its_colon_is_a_kind_of_document_of_its_own():
    from kg.extract.subjects import subject_features

    text = "Widgetly is faster than Acmebase."
    table, ids, ctx = _context(text, ["Acmebase", "Widgetly"], ["Acmebase", "Widgetly"])
    (feats,) = subject_features([ctx], table, None, title="Acmebase: where it sits next to Widgetly")
    assert "doc=head|how:first" in feats[ids["Widgetly"]][0]
    (feats,) = subject_features([ctx], table, None, title="Acmebase and Widgetly: notes")
    assert "doc=pair|how:first" in feats[ids["Widgetly"]][0]


def test_features_say_whether_a_name_is_its_clauses_subject_or_one_of_a_list():
    from kg.extract.subjects import subject_features

    text = "LangSmith dominates the talk, but Langfuse is cheaper. We tried Acmebase, Widgetly and Gizmora."
    names = ["LangSmith", "Langfuse", "Acmebase", "Widgetly", "Gizmora"]
    table, ids, ctx = _context(text, names, ["LangSmith", "Langfuse"])
    (feats,) = subject_features([ctx], table, None)
    have = {n: set(feats[ids[n]][0]) for n in names}
    assert "how:clause_subject" in have["LangSmith"] and "how:clause_subject" in have["Langfuse"]
    assert "how:clause_subject" not in have["Acmebase"]  # the object of "tried"
    assert all("how:listed" in have[n] for n in ("Acmebase", "Widgetly", "Gizmora"))
    assert "how:listed" not in have["LangSmith"]
    table, ids, ctx = _context("Kafka's JVM overhead hurt.", ["Kafka"], ["Kafka"])
    ctx.hits = [replace(ctx.hits[0], possessive=True)]  # as name resolution marks "Kafka's"
    (feats,) = subject_features([ctx], table, None)
    assert "how:possessive" in feats[ids["Kafka"]][0] and "how:clause_subject" not in feats[ids["Kafka"]][0]


def test_features_say_whether_the_catalog_knows_a_candidate():
    from kg.catalog import Catalog, CatalogEntry
    from kg.extract.subjects import subject_features
    from kg.extract.text import QuoteContext
    from kg.resolve import EntityTable, Hit

    text = "At Gizmo Jam most teams used Unity."
    table = EntityTable(Catalog({"Unity": CatalogEntry(name="Unity", type="Product")}))
    unity, jam = table.add_catalog("Unity"), table.add_discovered("Gizmo Jam")
    hits = [Hit(3, 12, "Gizmo Jam", jam, jam, "Product", "test"), Hit(29, 34, "Unity", unity, unity, "Product", "test")]
    (feats,) = subject_features([QuoteContext("q1", "d1", text, [(0, len(text))], hits, [unity])], table, None)
    assert "discovered" in feats[jam][0] and "discovered" not in feats[unity][0]


def test_every_feature_also_counts_for_the_kind_of_document():
    from kg.extract.subjects import subject_features

    text = "Widgetly is faster than Acmebase."
    table, ids, ctx = _context(text, ["Acmebase", "Widgetly"], ["Acmebase", "Widgetly"])
    (pair,) = subject_features([ctx], table, None)
    (main,) = subject_features([ctx], table, None, primary=ids["Widgetly"])
    widget = pair[ids["Widgetly"]][0]
    assert "how:first" in widget and "doc=pair|how:first" in widget
    assert "doc=main|how:first" in main[ids["Widgetly"]][0]
    table, ids, ctx = _context(text, ["Acmebase", "Widgetly"], ["Acmebase"])
    (other,) = subject_features([ctx], table, None)
    assert "doc=other|how:first" in other[ids["Widgetly"]][0]


def test_the_pipeline_reads_the_documents_title(tmp_path, monkeypatch):
    from kg.extract import subjects
    from kg.pipeline import run

    # a chooser that believes only the title: the product named before its colon
    monkeypatch.setattr(subjects, "load_subject_model", lambda *a: subjects.SubjectModel({"t:head_alone": 5.0}))
    path = write_doc(tmp_path, "Meilisearch: Typesense's rival, reviewed",
                     ["Typesense keeps the entire index in RAM and Meilisearch does not."])
    view = GraphView(run([path]))
    assert view.subject("Typesense keeps the entire index in RAM and Meilisearch does not.") == "Meilisearch"


def test_stem_is_the_first_word_lowercased_and_kept():
    from kg.extract.subjects import _stem

    assert _stem("voyage-3-large") == "voyage" and _stem("Voyage AI") == "voyage" and _stem("llama_index") == "llama"
    assert _stem("pgvector") == "pgvector" and _stem("Next.js") == "next"
    assert _stem.cache_info().hits + _stem.cache_info().misses > 0  # memoised: names recur quote after quote


def _affinity_by_hand(words, profiles):
    """What ``_Profiles.affinity`` gives, the long way: the union and sums rebuilt for every quote."""
    import math

    vocab = set().union(*profiles.values()) if profiles else set()
    seen = [w for w in words if w in vocab]
    scores = {}
    for c, prof in profiles.items():
        total = sum(prof.values()) + 0.5 * len(vocab)
        scores[c] = sum(words[w] * math.log((prof[w] + 0.5) / total) for w in seen) if total else 0.0
    mean = sum(scores.values()) / len(scores) if scores else 0.0
    return {c: v - mean for c, v in scores.items()}


def test_a_quotes_affinity_is_the_very_float_of_profiles_rebuilt_for_it():
    import random
    from collections import Counter

    from kg.extract.subjects import _Profiles

    rng = random.Random(7)
    vocabulary = [f"w{i}" for i in range(30)]
    for _ in range(500):
        profiles = {f"p{c}": Counter(rng.choices(vocabulary, k=rng.randrange(0, 40))) for c in range(rng.randrange(0, 4))}
        words = Counter(rng.choices(vocabulary + ["unheard"], k=rng.randrange(1, 15)))
        prepared = _Profiles(profiles)
        assert prepared.affinity(words) == _affinity_by_hand(words, profiles)
        assert prepared.affinity(words, less=True) == _affinity_by_hand(words, {c: p - words for c, p in profiles.items()})
    assert _Profiles({}).affinity(Counter(["a"]), less=True) == {}


@pytest.mark.parametrize("text", ["Drupal didn't ship an editor.", "Drupal didn’t ship an editor."])
def test_a_name_before_a_negated_auxiliary_acts_in_its_clause_however_the_apostrophe_is_written(text):
    from kg.extract.subjects import _acts_in_clause
    from kg.resolve import Hit

    hit = Hit(0, 6, "Drupal", "ent:drupal", "ent:drupal", "Product", "catalog")
    assert _acts_in_clause(text, 0, hit)
