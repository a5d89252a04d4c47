"""The relation readers' helpers on hand-built quotes: who acts before a cue."""

from __future__ import annotations

import re

import pytest

from kg.extract.relations.base import (actor_before, antecedent, apposed_owner, clause_subject, coordinated,
                                      joined_predicate, list_after, list_back, named_before, negated_before,
                                      sentence_opener, stands_first)
from kg.extract.text import QuoteContext, clause_bounds
from kg.resolve import Hit


def _ctx(text: str, names: list[str]) -> QuoteContext:
    hits = sorted((Hit(m.start(), m.end(), n, n, n, "Product", "test") for n in names
                   for m in re.finditer(re.escape(n), text)), key=lambda h: h.start)
    return QuoteContext("q1", "d1", text, [(0, len(text))], hits, [])


def test_a_name_between_an_article_and_the_cue_is_a_modifier_not_the_actor():
    text = "Ollama is a Go wrapper around llama.cpp."
    ctx = _ctx(text, ["Ollama", "Go", "llama.cpp"])
    assert actor_before(ctx, text.index("wrapper"), 0).text == "Ollama"


def test_a_name_described_as_the_cue_s_noun_is_the_actor():
    text = "We built Mastra as a layer on top of AI SDK."
    ctx = _ctx(text, ["Mastra", "AI SDK"])
    assert actor_before(ctx, text.index("layer"), 0).text == "Mastra"
    text = "Mastra was built later, as we needed a layer on top of AI SDK."
    ctx = _ctx(text, ["Mastra", "AI SDK"])
    assert actor_before(ctx, text.index("layer"), 0) is None  # "as" opens a clause of its own here


def test_a_name_after_a_preposition_is_not_part_of_the_actors_list():
    text = "In contrast to Prisma, Drizzle runs on SQL."
    ctx = _ctx(text, ["Prisma", "Drizzle", "SQL"])
    assert [h.text for h in list_back(ctx, text.index("runs"), 0)] == ["Drizzle"]
    text = "Prisma, Drizzle and Kysely run on SQL."
    ctx = _ctx(text, ["Prisma", "Drizzle", "Kysely", "SQL"])
    assert [h.text for h in list_back(ctx, text.index("run on"), 0)] == ["Prisma", "Drizzle", "Kysely"]


def test_they_after_a_dash_points_back_to_the_list_before_it():
    text = "Fedora, Debian, Ubuntu — they all ship systemd by default."
    ctx = _ctx(text, ["Fedora", "Debian", "Ubuntu", "systemd"])
    assert [h.text for h in list_back(ctx, text.index("ship"), text.index("they"))] == ["Fedora", "Debian", "Ubuntu"]


def test_it_does_not_mean_a_name_that_follows_a_preposition():
    text = "The open challenger to Figma runs on the web. It uses SVG."
    ctx = _ctx(text, ["Figma", "SVG"])
    ctx.sentences = [(0, 45), (46, len(text))]
    assert antecedent(ctx, text.index("uses"), None) is None
    text = "I like AssemblyAI. It runs on GPUs."
    ctx = _ctx(text, ["AssemblyAI"])
    ctx.sentences = [(0, 18), (19, len(text))]
    assert antecedent(ctx, text.index("runs"), None).text == "AssemblyAI"


@pytest.mark.parametrize("text,cue", [
    ("There is [Zorbpdf](https://www.npmjs.com/package/zorbpdf) which claims to be a drop-in replacement", "drop-in"),
    ("Try Zorbpdf, which bills itself as a lighter take", "lighter"),
    ("Zorbpdf that is also a wrapper", "wrapper"),
    ("Meet Zorbpdf — the Go-native tool that’s quietly replacing", "’s quietly"),  # past a dash's apposition
])
def test_a_relative_pronoun_means_the_name_it_follows_past_a_link_and_a_claim(text, cue):
    ctx = _ctx(text, ["Zorbpdf"])
    assert antecedent(ctx, text.index(cue), None).text == "Zorbpdf"


@pytest.mark.parametrize("text,expected", [
    # a non-restrictive "which" after no name is said of the clause: the name its sentence opens with as subject
    ("Zorbpdf is the native CI platform, launched in 2019, which has rapidly displaced Plonk.", "Zorbpdf"),
    ("Zorbpdf is a replacement for people who were using Plonk.", None),  # "who": people, not the product
])
def test_which_after_no_name_means_the_sentence_s_subject(text, expected):
    ctx = _ctx(text, ["Zorbpdf", "Plonk"])
    pos = text.index("displaced") if "displaced" in text else text.index("were using")
    found = antecedent(ctx, pos, None)
    assert (found.text if found else None) == expected


@pytest.mark.parametrize("text,rejected", [
    ("Decide whether or not it should use Wasmer instead of Wasmtime.", None),
    ("We should not only use Wasmer instead of Wasmtime but also pin it.", None),
    ("It should not use Wasmer instead of Wasmtime.", "negated"),
])
def test_whether_or_not_and_not_only_negate_no_rivalry(text, rejected):
    from kg.catalog import load_catalog
    from kg.extract.relations.competes_with import competes_with
    from kg.lexicon import load_lexicon
    from kg.resolve import EntityTable

    found = list(competes_with(_ctx(text, ["Wasmer", "Wasmtime"]), load_lexicon(), EntityTable(load_catalog(None))))
    assert [(f.source, f.target, f.rejected) for f in found] == [("Wasmer", "Wasmtime", rejected)]


def test_an_alternative_to_slash_joined_names_is_a_rival_of_each():
    from kg.catalog import load_catalog
    from kg.extract.relations.competes_with import competes_with
    from kg.lexicon import load_lexicon
    from kg.resolve import EntityTable

    text = "Sower is an open-source Ably/PubNub alternative built on Workers."
    found = competes_with(_ctx(text, ["Sower", "Ably", "PubNub", "Workers"]), load_lexicon(),
                          EntityTable(load_catalog(None)))
    assert {(f.source, f.target, f.rule) for f in found} == {("Sower", "Ably", "competes.named_alternative"),
                                                              ("Sower", "PubNub", "competes.named_alternative")}


@pytest.mark.parametrize("text,cue,listed", [
    ("Tiptap is a layer over the powerful [Prosemirror library](https://prosemirror.net/).", "over", ["Prosemirror"]),
    ("It is built on **Pydantic** and Starlette.", "on", ["Pydantic", "Starlette"]),
    ("It is built on what Pydantic offers.", "on", []),  # a verb's object starts at once
])
def test_an_object_list_may_open_with_an_adjective_or_markdown(text, cue, listed):
    ctx = _ctx(text, ["Prosemirror", "Pydantic", "Starlette"])
    start = text.index(f" {cue} ") + len(cue) + 2
    assert [h.text for h in list_after(ctx, start, len(text), max_gap=14, tight=True)] == listed


@pytest.mark.parametrize("text,listed", [
    ("How does it compare to other pg-backed Python job runners like Procrastinate or Chancy?", ["Procrastinate", "Chancy"]),
    ("It compares well to Rust-based tools such as Biome.", ["Biome"]),  # the name qualifies the kind
    ("It compares well to Python and Procrastinate.", ["Python", "Procrastinate"]),
])
def test_a_name_that_qualifies_a_kind_is_no_item_of_its_examples(text, listed):
    ctx = _ctx(text, ["Python", "Rust", "Procrastinate", "Chancy", "Biome"])
    start = text.index(" to ") + 4
    assert [h.text for h in list_after(ctx, start, len(text))] == listed


@pytest.mark.parametrize("text,listed", [
    ("It is built on a modern stack (Elixir, ClickHouse and PostgreSQL).", ["Elixir", "ClickHouse", "PostgreSQL"]),
    ("It is built on a modern stack (e.g. Elixir) and Redis.", ["Elixir"]),  # the list ends with its parenthesis
    ("It is built on a modern stack, as most are (Elixir).", []),  # the parenthesis does not follow the noun
    ("It is built on a modern stack (mostly) with Elixir.", []),
])
def test_names_in_a_parenthesis_after_the_object_spell_it_out(text, listed):
    ctx = _ctx(text, ["Elixir", "ClickHouse", "PostgreSQL", "Redis"])
    start = text.index(" on ") + 4
    hi = text.index("(")  # the clause stops at the parenthesis
    assert [h.text for h in list_after(ctx, start, hi, max_gap=14, tight=True)] == listed


@pytest.mark.parametrize("text,listed", [
    ("zoxide replaced autojump (2009), fasd (2012), and zjump (2013).", ["autojump", "fasd", "zjump"]),
    ("zoxide replaced autojump (2009) as the jumper, and fasd too.", ["autojump"]),  # no list after the aside
    ("zoxide replaced autojump (a Python script) and fasd.", ["autojump", "fasd"]),
    ("zoxide replaced autojump (and later fasd).", ["autojump"]),  # a name inside the aside is no item
])
def test_a_list_goes_on_past_an_items_own_parenthesis(text, listed):
    ctx = _ctx(text, ["autojump", "fasd", "zjump"])
    start = text.index("replaced ") + len("replaced ")
    hi = clause_bounds(text, start - 1, start)[1]  # the clause stops at the first parenthesis
    assert [h.text for h in list_after(ctx, start, hi, max_gap=14, tight=True)] == listed


@pytest.mark.parametrize("text,names,cue,owner", [
    ("Around then I used Cedega, a proprietary fork of Wine.", ["Cedega", "Wine"], "fork of", "Cedega"),
    ("It uses Mako (a Python-based template library).", ["Mako", "Python"], "Python-based", "Mako"),
    ("Try fluent-bit (the smaller brother of fluentd, written in C).", ["fluent-bit", "fluentd", "C"], "written",
     "fluent-bit"),
    ("Cedega is a proprietary fork of Wine.", ["Cedega", "Wine"], "fork of", None),  # a verb: no apposition
    ("Cedega, which we used, is a fork of Wine.", ["Cedega", "Wine"], "fork of", None),
    ("We compared Lutris with Cedega, a fork of Wine.", ["Lutris", "Cedega", "Wine"], "fork of", "Cedega"),
])
def test_apposed_owner_is_the_name_a_noun_phrase_stands_beside(text, names, cue, owner):
    found = apposed_owner(_ctx(text, names), 0, text.index(cue))
    assert (found.text if found else None) == owner


@pytest.mark.parametrize("text,names,cue,subject", [
    ("Recharts is a React-first library built on D3.", ["Recharts", "React", "D3"], "built on", "Recharts"),
    ("**WXT** brought a Vite-based alternative.", ["WXT", "Vite"], "Vite-based", "WXT"),
    ("CadQuery, a Python API on top of OCCT.", ["CadQuery", "Python", "OCCT"], "on top of", "CadQuery"),
    ("Unlike Recharts, this one is built on D3.", ["Recharts", "D3"], "built on", None),  # no verb after the name
    ("With Recharts and D3 we built it.", ["Recharts", "D3"], "built it", None),  # the name does not open it
    ("Recharts went public and is poised to overtake D3.", ["Recharts", "D3"], "overtake", "Recharts"),  # irregular
])
def test_clause_subject_is_the_opening_name_followed_by_its_verb(text, names, cue, subject):
    found = clause_subject(_ctx(text, names), 0, text.index(cue))
    assert (found.text if found else None) == subject


@pytest.mark.parametrize("text,names,cue,opener", [
    # a later clause that opens with its verb's subject is that name's
    ("Beacon is the collector; Fleet is the Kibana-based control plane.", ["Beacon", "Fleet", "Kibana"], "Kibana",
     "Fleet"),
    # a later clause without a subject of its own is the sentence opener's
    ("Keycloak is the enterprise standard — Java-based.", ["Keycloak", "Java"], "Java", "Keycloak"),
])
def test_sentence_opener_is_the_cue_clause_s_own_subject_before_the_sentence_s(text, names, cue, opener):
    ctx = _ctx(text, names)
    pos = text.index(cue)
    lo, _ = clause_bounds(text, pos, pos + len(cue), 0, len(text))
    found = sentence_opener(ctx, 0, lo, pos)
    assert (found.text if found else None) == opener


@pytest.mark.parametrize("text,cue,joined", [
    ("Skype has lost its throne and unseated nobody.", "unseated", True),
    ("Skype has lost its throne and has been unseated by Teams.", "unseated", True),  # auxiliaries first
    ("Canvas went public and is soon poised to overtake Moodle.", "overtake", True),  # auxiliaries, a control verb
    ("Canvas went public and Moodle is poised to overtake it.", "overtake", False),  # a subject of its own
])
def test_a_predicate_joined_by_and_shares_the_sentence_s_subject(text, cue, joined):
    assert joined_predicate(_ctx(text, []), 0, text.index(cue)) is joined


@pytest.mark.parametrize("text,expected", [
    ("An S3-compatible store built by Deuxfleurs.", None),  # a name written as a modifier is not the one built
    ("Today the S3 store is built by Deuxfleurs.", "S3"),
])
def test_the_one_product_named_before_a_cue_is_no_modifier(text, expected):
    ctx = _ctx(text, ["S3", "Deuxfleurs"])
    found = named_before(ctx, 0, text.index("built"))
    assert (found.text if found else None) == expected


@pytest.mark.parametrize("text,negated", [
    ("Qdrant is not built on RocksDB.", True),
    ("Qdrant isn't built on RocksDB.", True),
    ("Qdrant won\u2019t run on RocksDB.", True),
    ("Qdrant is built on RocksDB.", False),
    ("Nothing here; Qdrant is built on RocksDB.", False),  # a negation further back is another clause's
    ("Qdrant does *not* run on RocksDB.", True),  # markdown emphasis on the negation
    ("Qdrant does not just run on RocksDB.", False),  # a negation that only limits: it does run on it
    ("Qdrant is no longer solely built on RocksDB.", False),
])
def test_a_negation_just_before_a_cue(text, negated):
    cue = re.search(r"(?:built|run) on", text).start()
    assert negated_before(text, text.index("Qdrant"), cue) is negated


@pytest.mark.parametrize("text,listed", [
    ("A fork of CraftBukkit, Paper and Spigot.", ["CraftBukkit", "Paper", "Spigot"]),
    ("A fork of CraftBukkit, Paper forked from Spigot.", ["CraftBukkit"]),  # Paper opens a clause of its own
    ("It wraps CraftBukkit, and Paper then uses Spigot.", ["CraftBukkit"]),
])
def test_a_list_ends_before_a_name_that_opens_a_clause(text, listed):
    ctx = _ctx(text, ["CraftBukkit", "Paper", "Spigot"])
    cue = re.search(r"fork of |wraps ", text).end()
    assert [h.text for h in list_after(ctx, cue, len(text))] == listed


@pytest.mark.parametrize("second", ["Both are built on Wine.", "They are both built on Wine.", "They both are built on Wine.",
                                    "The two are built on Wine."])
def test_both_points_back_at_the_pair_the_sentence_before_named(second):
    text = "Lutris and Bottles are game launchers. " + second
    ctx = QuoteContext("q1", "d1", text, [(0, 39), (39, len(text))],
                       sorted((Hit(m.start(), m.end(), n, n, n, "Product", "test") for n in ["Lutris", "Bottles", "Wine"]
                               for m in re.finditer(n, text)), key=lambda h: h.start), [])
    assert [h.text for h in list_back(ctx, text.index("built"), 39)] == ["Lutris", "Bottles"]


@pytest.mark.parametrize("text", [
    "`Limn` uses Stylus.",
    "**Limn** uses Stylus.",
    "[Limn](https://example.org/docs) uses Stylus.",
    "[limn](https://github.com/acme/Limn) uses Stylus.",  # the name also ends the link's address
])
def test_markdown_around_a_name_does_not_hide_the_actor(text):
    ctx = _ctx(text, ["Limn", "Stylus"])
    cue = text.index("uses")
    s_lo, s_hi = ctx.sentence_of(cue)
    lo, _ = clause_bounds(text, cue, cue + 4, s_lo, s_hi)
    assert actor_before(ctx, cue, lo).text == "Limn"


@pytest.mark.parametrize("text,actor", [
    ("The server runs on Bun, and the Limn agents are written in Rust.", "Limn"),  # the name's part stands for it
    ("The server runs on Bun, and Limn agents are written in Rust.", None),  # no article: not read as a part
])
def test_a_name_qualifying_a_plural_noun_before_the_verb_is_the_actor(text, actor):
    ctx = _ctx(text, ["Bun", "Limn", "Rust"])
    cue = text.index("written")
    lo = text.index(", and") + 6
    found = actor_before(ctx, cue, lo)
    assert (found.text if found else None) == actor


@pytest.mark.parametrize("text,names", [
    ("Tailscale and Netbird are the best picks, WireGuard-based.", ["Tailscale", "Netbird"]),
    ("Tailscale, Netbird and Headscale all run anywhere, WireGuard-based.", ["Tailscale", "Netbird", "Headscale"]),
    ("Tailscale and Netbird: the best picks, WireGuard-based.", ["Tailscale"]),  # no verb of theirs follows
    ("Tailscale beats Netbird, and is WireGuard-based.", ["Tailscale"]),
])
def test_coordinated_names_are_one_subject_only_before_a_plural_verb(text, names):
    ctx = _ctx(text, ["Tailscale", "Netbird", "Headscale"])
    assert [h.text for h in coordinated(ctx, ctx.hits[0], text.index("WireGuard"))] == names


def test_both_after_and_points_back_at_the_sentence_s_subjects():
    text = "Tailscale and Netbird are great, and both use WireGuard."
    ctx = _ctx(text, ["Tailscale", "Netbird", "WireGuard"])
    assert [h.text for h in list_back(ctx, text.index("use"), 0)] == ["Tailscale", "Netbird"]


@pytest.mark.parametrize("text,first", [
    ("Under the hood, Limn deploys a chain.", True),  # a short lead-in phrase set off by a comma
    ("In 2021, Limn deploys a chain.", True),
    ("We say Limn deploys a chain.", False),
    ("Under the hood of everything that runs fast and well, Limn deploys a chain.", False),  # no short lead-in
])
def test_a_name_after_a_short_lead_in_stands_first(text, first):
    ctx = _ctx(text, ["Limn"])
    assert stands_first(ctx, 0, ctx.hits[0]) is first


@pytest.mark.parametrize("text,rejected", [
    ("When Wasmer appeared as a no-frills alternative to Wasmtime, it won a loyal following.", None),  # a word
    ("Wasmer is no longer solely competing with Wasmtime.", None),  # a negation that only limits
    ("Wasmer is not merely an alternative to Wasmtime.", None),
    ("Wasmer is no longer competing with Wasmtime.", "negated"),
    ("Wasmer is not an alternative to Wasmtime.", "negated"),
])
def test_a_rivalry_stands_unless_a_negation_denies_it(text, rejected):
    from kg.catalog import load_catalog
    from kg.extract.relations.competes_with import competes_with
    from kg.lexicon import load_lexicon
    from kg.resolve import EntityTable

    base = _ctx(text, ["Wasmer", "Wasmtime"])
    ctx = QuoteContext(base.quote_id, base.doc_id, text, base.sentences, base.hits, [], "Wasmer")
    found = list(competes_with(ctx, load_lexicon(), EntityTable(load_catalog(None))))
    assert {(f.source, f.target, f.rejected) for f in found} == {("Wasmer", "Wasmtime", rejected)}


@pytest.mark.parametrize("text,actors", [
    ("Rivals like Limn, with its impressive growth and funding, are eating into Stylus.", ["Limn"]),  # an aside
    ("Technologies like Limn, Sass and Less are eating into Stylus.", ["Limn", "Sass", "Less"]),  # examples
    ("Like Limn, Sass is eating into Stylus.", ["Sass"]),  # a comparison, no list
    ("In contrast to Limn, Sass is eating into Stylus.", ["Sass"]),
])
def test_the_actors_of_a_verb_past_an_aside_and_through_a_list_of_examples(text, actors):
    ctx = _ctx(text, ["Limn", "Sass", "Less", "Stylus"])
    assert [h.text for h in list_back(ctx, text.index("is eating" if "is eating" in text else "are eating"), 0)] \
        == actors


@pytest.mark.parametrize("text,listed", [
    ("Duolingo has overtaken names like Berlitz and Babbel.", ["Berlitz", "Babbel"]),
    ("Duolingo has overtaken older incumbents such as Berlitz.", ["Berlitz"]),
    ("Duolingo has overtaken the big names, including Berlitz.", []),  # a comma: no examples of the object
    ("Duolingo has overtaken it when apps like Berlitz ship.", []),  # a clause's words, not the object's
])
def test_an_objects_examples_after_like_or_such_as_are_the_object(text, listed):
    ctx = _ctx(text, ["Duolingo", "Berlitz", "Babbel"])
    start = text.index("overtaken ") + len("overtaken ")
    assert [h.text for h in list_after(ctx, start, len(text), max_gap=12)] == listed
