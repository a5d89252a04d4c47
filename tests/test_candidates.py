"""Candidate pairs and their features, on hand-built quote contexts."""

from __future__ import annotations

import pytest

from kg.extract.candidates import candidates
from kg.extract.relations.base import Finding
from kg.extract.text import QuoteContext
from kg.lexicon import load_lexicon
from kg.resolve import Hit


@pytest.fixture(scope="module")
def lexicon():
    return load_lexicon()


def _ctx(text: str, names: dict[str, str], subject: str | None = None) -> QuoteContext:
    hits = []
    for name, type_ in names.items():
        start = text.index(name)
        hits.append(Hit(start, start + len(name), name, f"ent:{name.lower()}", f"ent:{name.lower()}", type_, "catalog"))
    hits.sort(key=lambda h: h.start)
    return QuoteContext("q:1", "doc:1", text, [(0, len(text))], hits, subject=subject)


def test_a_pair_carries_the_words_between_and_around_it(lexicon):
    ctx = _ctx("Last year we moved from Kafka to Redpanda for good.", {"Kafka": "Product", "Redpanda": "Product"})
    (c,) = candidates(ctx, [], lexicon)
    assert (c.first.text, c.second.text, c.implicit) == ("Kafka", "Redpanda", False)
    assert {"pre1:from", "w:to", "post1:for", "types:Product>Product", "gap:1"} <= set(c.features)
    assert ctx.text[c.start:c.end] == "Kafka to Redpanda"


def test_lists_negation_and_rules_are_features(lexicon):
    ctx = _ctx("Qdrant, Milvus and Weaviate are not rivals.", {"Qdrant": "Product", "Milvus": "Product",
                                                                "Weaviate": "Product"})
    rule = Finding("competes_with", "ent:milvus", "ent:qdrant", 0, 14, "competes.list", 0.9)
    pairs = {(c.first.text, c.second.text): set(c.features) for c in candidates(ctx, [rule], lexicon)}
    assert set(pairs) == {("Qdrant", "Milvus"), ("Qdrant", "Weaviate"), ("Milvus", "Weaviate")}
    assert "listed" in pairs[("Qdrant", "Milvus")] and "rule:competes_with=" in pairs[("Qdrant", "Milvus")]
    assert "rule:competes_with=" not in pairs[("Milvus", "Weaviate")]
    assert "w:<ent>" in pairs[("Qdrant", "Weaviate")]


def test_an_unnamed_subject_pairs_with_each_name_of_the_sentence(lexicon):
    ctx = _ctx("We switched over from Heroku last spring.", {"Heroku": "Product"}, subject="ent:render")
    (c,) = candidates(ctx, [], lexicon)
    assert c.implicit and c.first.root == "ent:render" and c.second.text == "Heroku"
    assert {"implicit", "s_pre1:from", "s_pre:switch"} <= set(c.features)


def test_a_named_subject_makes_no_implicit_pair_and_one_name_makes_no_pair(lexicon):
    assert candidates(_ctx("Heroku is fine.", {"Heroku": "Product"}, subject="ent:heroku"), [], lexicon) == []


def test_features_are_sorted_and_stable(lexicon):
    ctx = _ctx("Bun is written in Zig and wraps JavaScriptCore.", {"Bun": "Product", "Zig": "Technology",
                                                                   "JavaScriptCore": "Technology"})
    a, b = candidates(ctx, [], lexicon), candidates(ctx, [], lexicon)
    assert a == b and all(list(c.features) == sorted(c.features) for c in a)


def _table():
    from kg.catalog import Catalog, CatalogEntry
    from kg.resolve import EntityTable

    entries = [CatalogEntry(name="Qdrant", type="Product", description="open-source vector database in Rust",
                            category="vector-databases"),
               CatalogEntry(name="Milvus", type="Product", maker="Zilliz",
                            description="distributed vector database for billion-scale search", category="vector-databases"),
               CatalogEntry(name="Zilliz Cloud", type="Product", maker="Zilliz", description="hosted Milvus"),
               CatalogEntry(name="Zilliz", type="Organization"),
               CatalogEntry(name="Heroku", type="Product", category="app-hosting-platforms")]
    table = EntityTable(Catalog({e.name: e for e in entries}))
    for e in entries:
        table.add_catalog(e.name)
    return table


def test_what_the_catalog_knows_of_a_pair_is_a_feature(lexicon):
    table = _table()
    from kg.ids import entity_id

    ctx = _ctx("Qdrant beat Milvus, and Zilliz Cloud beat Heroku.", {"Qdrant": "Product", "Milvus": "Product",
                                                                    "Zilliz Cloud": "Product", "Heroku": "Product"})
    ctx.hits = [Hit(h.start, h.end, h.text, entity_id(h.text), entity_id(h.text), h.type, h.rule) for h in ctx.hits]
    pairs = {(c.first.text, c.second.text): set(c.features) for c in candidates(ctx, [], lexicon, table)}
    rivals = pairs[("Qdrant", "Milvus")]
    assert {"desc:2", "desc_both:vector", "desc_both:databas", "desc_sim:high"} <= rivals
    assert "desc:1" in pairs[("Zilliz Cloud", "Heroku")] and "desc_sim:0" not in pairs[("Zilliz Cloud", "Heroku")]
    assert {"desc_names:<", "same_maker"} <= pairs[("Milvus", "Zilliz Cloud")]  # "hosted Milvus"
    assert "desc:0" not in rivals and not any(f.startswith("desc") for f in
                                              {f for c in candidates(ctx, [], lexicon) for f in c.features})


def test_the_catalog_categories_of_a_pair_and_whether_they_share_one_are_features(lexicon):
    from kg.ids import entity_id

    ctx = _ctx("Qdrant, Milvus and Heroku, then Vextraqo.", {"Qdrant": "Product", "Milvus": "Product",
                                                           "Heroku": "Product", "Vextraqo": "Product"})
    ctx.hits = [Hit(h.start, h.end, h.text, entity_id(h.text), entity_id(h.text), h.type, h.rule) for h in ctx.hits]
    table = _table()
    table.add_discovered("Vextraqo")
    pairs = {(c.first.text, c.second.text): set(c.features) for c in candidates(ctx, [], lexicon, table)}
    assert {"cat1:vector-databases", "cat2:vector-databases", "cat:same", "cat:same&listed"} <= pairs[("Qdrant", "Milvus")]
    assert {"cat2:app-hosting-platforms", "cat:other"} <= pairs[("Milvus", "Heroku")]
    unknown = pairs[("Heroku", "Vextraqo")]  # a discovered name has no category: nothing is said of the pair
    assert "cat2:?" in unknown and not {"cat:same", "cat:other"} & unknown


def test_entity_types_and_title_roles_are_conjoined_with_the_words_next_to_the_names(lexicon):
    ctx = _ctx("Bun is written in Zig.", {"Bun": "Product", "Zig": "Technology"})
    (c,) = candidates(ctx, [], lexicon)
    assert {"w1:is", "types:Product>Technology&w1:is", "title:0&w1:is", "types:Product>Technology&title:0"} \
        <= set(c.features)


def test_words_of_a_stretch_are_those_of_its_slice():
    """Read from the quote's words, every stretch [a, b) (cut inside words, numbers and apostrophes too)
    gives the words of its own slice."""
    from kg.extract.candidates import _words, _words_in

    for text in ["Qdrant's 3.5x faster—it’s café-grade, isn't it? 1,000 docs; v2.0.1 (beta) ٣٤ OK",
                 "  Weaviate  and\tChroma\n\nvs. Pinecone-like  ", "", "a"]:
        for a in range(len(text) + 1):
            for b in range(a, len(text) + 1):
                assert _words_in(text, a, b) == _words(text[a:b]), (text, a, b)


def test_name_lists_are_runs_of_names_and_bullet_items():
    from kg.extract.candidates import name_lists

    text = "We tried Qdrant, Milvus or Chroma with Python.\n- Weaviate: fine\n- **Vespa** too"
    ctx = _ctx(text, {"Qdrant": "Product", "Milvus": "Product", "Chroma": "Product", "Python": "Technology",
                      "Weaviate": "Product", "Vespa": "Product"})
    first_line = text.index("\n")
    ctx = QuoteContext("q:1", "doc:1", text, [(0, first_line), (first_line + 1, text.index("\n- **")),
                                             (text.index("- **"), len(text))], ctx.hits)
    lists = [(kind, [h.text for h in hits]) for kind, hits in name_lists(ctx)]
    assert lists == [("run", ["Qdrant", "Milvus", "Chroma"]), ("items", ["Weaviate", "Vespa"])]
    chain = _ctx("Playwright vs. Cypress vs Selenium", {"Playwright": "Product", "Cypress": "Product",
                                                        "Selenium": "Product"})
    assert [[h.text for h in hits] for _, hits in name_lists(chain)] == [["Playwright", "Cypress", "Selenium"]]


def test_a_list_item_named_with_its_maker_is_one_item_named_by_its_product():
    from kg.extract.candidates import name_lists

    text = "CloudNativePG, Zalando postgres-operator, Microsoft's own Teams and StackGres are the options."
    ctx = _ctx(text, {"CloudNativePG": "Product", "Zalando": "Product", "postgres-operator": "Product",
                      "Microsoft": "Organization", "Teams": "Product", "StackGres": "Product"})
    assert [[h.text for h in hits] for _, hits in name_lists(ctx)] == [
        ["CloudNativePG", "postgres-operator", "Teams", "StackGres"]]


def test_names_of_one_list_that_are_not_neighbours_are_listed_far(lexicon):
    ctx = _ctx("Qdrant, Milvus and Weaviate.", {"Qdrant": "Product", "Milvus": "Product", "Weaviate": "Product"})
    pairs = {(c.first.text, c.second.text): set(c.features) for c in candidates(ctx, [], lexicon)}
    assert "listed_far" in pairs[("Qdrant", "Weaviate")] and "listed" not in pairs[("Qdrant", "Weaviate")]
    assert "listed_far" not in pairs[("Qdrant", "Milvus")]


def test_conjoined_features_are_those_of_a_scan_of_every_feature():
    """Bisection in the sorted features finds what a scan of all of them per group finds."""
    import random

    from kg.extract.candidates import _BY_CATEGORY, _BY_TITLE, _BY_TYPES, _conjoined

    def scanned(feats):
        out = set(feats)
        for prefix, keys in (("types:", _BY_TYPES), (("title:", "s_title:"), _BY_TITLE), ("cat:", _BY_CATEGORY)):
            head = min((f for f in feats if f.startswith(prefix)), default=None)
            if head:
                out |= {f"{head}&{f}" for f in feats if f.startswith(keys)}
        return out

    pool = ["types:Product>Product", "types:Product>Technology", "title:2", "title:1:2", "s_title:0", "cat:same",
            "cat:other", "cat1:vector-database", "w1:and", "wn:vs", "listed", "listed_far", "gap:1", "pre1:from",
            "post1:to", "s_pre1:with", "s_post1:,", "cue_between:competes", "cue_before:depends", "desc_sim",
            "desc_names", "w:faster", "ww:faster_than", "subject:first", "cue_betweenness"]
    rng = random.Random(3)
    for _ in range(300):
        feats = set(rng.sample(pool, rng.randint(0, len(pool))))
        assert _conjoined(feats) == scanned(feats)



def test_a_company_owning_the_next_name_pairs_with_that_name_alone(lexicon):
    ctx = _ctx("Zorbplayer is built entirely on Apple's AVFoundation framework.",
               {"Zorbplayer": "Product", "Apple": "Organization", "AVFoundation": "Product"})
    pairs = {(c.first.text, c.second.text) for c in candidates(ctx, [], lexicon)}
    assert pairs == {("Zorbplayer", "AVFoundation"), ("Apple", "AVFoundation")}


def test_a_long_quotes_sentences_read_the_cue_matches_inside_them_in_scan_order():
    from kg.extract.candidates import family_spans

    lexicon = load_lexicon()
    parts = ["Qdrant competes with Weaviate and Milvus.", "We migrated from Pinecone to Qdrant last year.",
             "It is built on Rust and depends on RocksDB.", "Honestly the main rival is Chroma, not Pinecone."]
    text = " ".join(parts * 12)  # many matches: the sentences are found by position
    sentences, at = [], 0
    for part in parts * 12:
        start = text.index(part, at)
        sentences.append((start, start + len(part)))
        at = start + len(part)
    ctx = QuoteContext("q:1", "doc:1", text, sentences, [])
    family_spans(ctx, lexicon, 0, len(text))
    everything = lexicon.index.memo(text)["family_spans"]  # the quote's scan, in family then match order
    assert len(everything) >= 16 and everything != sorted(everything, key=lambda s: s[1])
    for lo, hi in [*sentences, (sentences[3][0], sentences[7][1]), (5, 6)]:
        assert family_spans(ctx, lexicon, lo, hi) == [s for s in everything if lo <= s[1] and s[2] <= hi]
