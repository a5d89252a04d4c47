"""Literal prefilters: the literals every match needs, and that skipping on them never loses a match."""

from __future__ import annotations

import re

import pytest

from kg.lexicon import load_lexicon
from kg.prefilter import Prefilter, fold, required_sets


@pytest.mark.parametrize("pattern,sets", [
    (r"\bcompet(?:es|ing)\s+with\b", [{"compet"}, {"es", "ing"}, {"with"}]),
    (r"\b(?:toast|dead)\s+(?:once|if)\b", [{"toast", "dead"}, {"once", "if"}]),
    (r"\bthreat (?:from|is)\b", [{"threat "}, {"from", "is"}]),
    (r"(?:a|b)x", []),  # one-letter literals filter nothing
    (r"\b(?:uses|use)?\s+(?=Qdrant)", []),  # optional parts and lookaheads are not required
    (r"foo|", []),  # an empty alternative matches anywhere
])
def test_required_sets(pattern, sets):
    assert sorted(map(sorted, required_sets(pattern))) == sorted(map(sorted, sets))


def test_fold_matches_ignorecase_letters():
    # re.IGNORECASE matches "s" to the long s and "i" to the dotted/dotless I; so must the prefilter
    for text in ("riſk", "İS", "ıs", "Kelvin \u212a"):
        assert len(fold(text)) == len(text)
    assert Prefilter.of(r"\brisk\b").passes(fold("a riſk")) and re.search(r"\brisk\b", "a riſk", re.IGNORECASE)


def test_prefilter_never_drops_a_match():
    """Every shipped cue pattern: wherever it matches a sample of review text, its prefilter passes."""
    lexicon = load_lexicon()
    texts = ["The direct competitors are LangGraph and LlamaIndex Workflows.",
             "What could sink it within a year: AWS ships a managed equivalent.",
             "Pinecone is toast once Turbopuffer ships hybrid search, and it's built on top of S3.",
             "if Vercel beats it next quarter, that's a direct threat; keep an eye on Modal",
             "Self-reported benchmarks, not independently verified. It lacks SSO and the docs are painful."]
    checked = 0
    for key, numbered in lexicon.index.keys.items():
        for pattern, number in numbered:
            for text in texts:
                for m in pattern.finditer(text):
                    checked += 1
                    assert lexicon.index.filters[number].passes(fold(text)), (key, pattern.pattern, text)
                    assert (pattern, number) in lexicon.index.passing(key, text), (key, pattern.pattern, text)
                    assert lexicon.index.in_range(number, text, m.start(), m.end()), (key, pattern.pattern, text)
    assert checked >= 10


def test_finditer_equals_plain_scan():
    lexicon = load_lexicon()
    text = "Qdrant competes with Weaviate; Chroma is a lightweight alternative to Pinecone. No relation here."
    for key in ("competition_list", "competition_negation", "depends_verb", "horizon", "hedge"):
        plain = [(m.start(), m.end()) for p in lexicon.patterns(key) for m in p.finditer(text)]
        assert [(m.start(), m.end()) for m in lexicon.finditer(key, text)] == plain
        plain = [(m.start(), m.end()) for p in lexicon.patterns(key) for m in p.finditer(text, 10, 60)]
        assert [(m.start(), m.end()) for m in lexicon.finditer(key, text, 10, 60)] == plain


def test_a_leading_lazy_group_is_anchored_on_its_tail():
    from kg.prefilter import leading_group

    pattern = r"(?P<target>(?:[^,;.]|\.(?!\s)){1,40}?)\s+(?:is|are)\s+toast\b"
    group = leading_group(pattern)
    assert group is not None and group.width == 40 and group.tail.pattern == r"\s+(?:is|are)\s+toast\b"
    assert leading_group(r"\bfoo (bar)+") is None and leading_group(r"(?:a|b)+c|d") is None
    lexicon = load_lexicon()
    numbered = lexicon.index.keys["threat_toast"]
    text = ("A long preamble that goes on, and on; and then some more words here. Once Vercel ships its own "
            "thing, Bolt is toast. Honestly Bolt is toast once Vercel ships a real agent, or so they say.")
    for pattern, number in numbered:
        assert [m.span() for m in lexicon.index.finditer(pattern, number, text)] == \
            [m.span() for m in pattern.finditer(text)]
    assert any(number in lexicon.index.leading for _, number in numbered)


def test_one_scan_finds_every_literal_a_text_holds():
    """The trie scan (longest literal per position, plus its prefixes) meets exactly the sets a plain
    substring check of every literal meets, and the patterns it lets through are those whose sets are met."""
    from kg.prefilter import LiteralIndex

    lists = {"a": [re.compile(r"\bis toast\b"), re.compile(r"\bis\s+(?:to|too)\b"), re.compile(r"x?")],
             "b": [re.compile(r"compet(?:es|itor)"), re.compile(r"\btakes\b|\bmakes\b"), re.compile(r"it is")]}
    index = LiteralIndex(lists)
    lexicon = load_lexicon()
    texts = ["It is toast; a competitor takes it", "competes", "is to", "nothing", "ttakes it is",
             "Pinecone is toast once Turbopuffer ships hybrid search, and it's built on top of S3.",
             "Self-reported benchmarks, not independently verified. It lacks SSO and the docs are painful."]
    for ix in (index, lexicon.index):
        for text in texts:
            folded = fold(text)
            met = [any(s in folded for s in literals) for literals in ix._sets]
            assert [bool(ix.state(text).met >> j & 1) for j in range(len(ix._sets))] == met, text
            for key, numbered in ix.keys.items():
                assert ix.passing(key, text) == [(p, i) for p, i in numbered if ix.filters[i].passes(folded)]
    assert [p.pattern for p, _ in index.passing("b", "a competitor")] == [r"compet(?:es|itor)"]
    assert [p.pattern for p, _ in index.passing("a", "nothing")] == ["x?"]  # no required literal: always runs


def test_live_keys_are_the_lists_that_may_match():
    """A key left out of ``live_keys`` has no match in the text: skipping it loses nothing."""
    lexicon = load_lexicon()
    texts = ["Pinecone is toast once Turbopuffer ships hybrid search, and it's built on top of S3.",
             "Qdrant competes head-on with Weaviate; we moved from Kafka to Redpanda.", "nothing at all"]
    for text in texts:
        live = lexicon.index.live_keys(text)
        for key in lexicon.index.keys:
            if key not in live:
                assert list(lexicon.finditer(key, text)) == [], (key, text)
        assert all(live[key] == lexicon.index.passing(key, text) for key in live)
    assert set(lexicon.index.live_keys(texts[1])) != set(lexicon.index.live_keys(texts[2]))


def test_one_pass_finds_every_literal_and_every_place():
    """The Aho-Corasick pass finds exactly the scanned literals a text holds (literals inside others and
    overlapping ones too), and a pattern is tried at every place one of its opening literals stands."""
    from kg.prefilter import LiteralIndex

    texts = ["It is toast; a competitor takes it, competes, is to ttakes it is.",
             "Pinecone is toast once Turbopuffer ships hybrid search, and it’s built on top of S3 — İstanbul ſ.",
             "aaaa abab ababab babab", ""]
    toy = LiteralIndex({"t": [re.compile(r"abab|ba"), re.compile(r"(?:aa|bab)a"), re.compile(r"\bis t")]})
    for index in (load_lexicon().index, toy):
        for text in texts:
            folded = fold(text)
            assert index.state(text).present == {lit for lit in index._owners if lit in folded}, text
            for number, openers in index._openers.items():
                places = sorted(i for i in range(len(folded)) if folded.startswith(openers, i))
                assert index._starts(number, text) == places, (text, openers)
    assert toy._openers[1] == ("aaa", "baba") and toy._starts(1, "aaaa babab") == [0, 1, 5]  # overlapping too


@pytest.mark.parametrize("pattern,openers", [
    (r"\b(?:threatens|threaten|undercuts?)\b", ("threaten", "undercut")),
    (r"\b(?:versus|vs\.?)\s+(?=[A-Za-z])", ("vs", "versus")),  # "v" is read on into the alternatives
    (r"(?<!\w)(?:keeps?\s+)?eat(?:s|ing)?\s+into", ("eat", "keep")),  # an optional opening adds what follows
    (r"\bruns? (?:on|natively)\b", ("run",)),
    (r"\b(?:an?|the)\s+rival", None),  # "a" is one letter and "an?" may be "a" alone
    (r"\b\d+ months", None),  # a class opens the match
    (r"(?:foo)?", None),  # may match the empty string
])
def test_opening_literals(pattern, openers):
    from kg.prefilter import opening_literals

    assert opening_literals(pattern, re.IGNORECASE) == openers


def test_patterns_are_tried_only_where_they_can_open():
    """A pattern with opening literals gives the very matches (spans and groups) of ``finditer`` and ``search``,
    whole-text and in ranges, though it is tried only where an opening literal stands."""
    lexicon = load_lexicon()
    texts = ["Qdrant competes with Weaviate; Chroma is a lightweight alternative to Pinecone vs. Milvus.",
             "Vercel threatens Netlify and undercuts it; AWS is eating into both within 12 months, versus Fly.",
             "It runs on Linux, runs natively on macOS; the bet for 2027 is that it keeps eating into Heroku."]
    anchored = 0
    for key, numbered in lexicon.index.keys.items():
        for pattern, number in numbered:
            anchored += number in lexicon.index._openers
            for text in texts:
                for lo, hi in ((0, len(text)), (7, len(text) - 5), (30, 60)):
                    assert [(m.span(), m.groups()) for m in lexicon.index.finditer(pattern, number, text, lo, hi)] \
                        == [(m.span(), m.groups()) for m in pattern.finditer(text, lo, hi)], (key, pattern.pattern)
                plain = next((m for p in lexicon.patterns(key) if (m := p.search(text, 7, 60))), None)
                found = lexicon.search(key, text, 7, 60)
                assert (found and (found.re, found.span())) == (plain and (plain.re, plain.span())), key
    assert anchored > 0.8 * sum(map(len, lexicon.index.keys.values()))


def test_state_of_each_text_whatever_the_order_of_asks():
    """The last text's state is kept at hand: asks that alternate between texts still get each text's own."""
    from kg.prefilter import LiteralIndex

    index = LiteralIndex({"a": [re.compile(r"compet(?:es|itor)", re.IGNORECASE)], "b": [re.compile("x?")]})
    texts = ["a competitor", "nothing here", "Competes", "a competitor"]
    for text in texts * 3:
        assert [p.pattern for p, _ in index.passing("a", text)] == (["compet(?:es|itor)"] if "ompet" in text else [])
        assert [m.group() for m in index.matches("a", text)] == re.findall("(?i)compet(?:es|itor)", text)
        assert index.passing("b", text) == [(index.keys["b"][0][0], 1)]  # no required literal: always runs
    with pytest.raises(KeyError):
        index.passing("c", "a competitor")
    with pytest.raises(KeyError):
        index.matches("c", "a competitor")


def test_an_index_of_some_lists_finds_what_the_whole_index_finds():
    """``Lexicon.index_of`` (resolution opens a quote for three lists only) gives the whole index's matches."""
    lexicon = load_lexicon()
    keys = ("competition_list", "competition_choice", "depends_verb")
    part = lexicon.index_of(*keys)
    assert lexicon.index_of(*keys) is part  # kept for the run
    assert len(part._owners) < len(lexicon.index._owners)
    texts = ["Alternatives are portkey and helicone, or LiteLLM if you self-host.",
             "We picked Qdrant over Weaviate; it depends on RocksDB and runs on Kubernetes.",
             "The direct competitors are LangGraph and LlamaIndex Workflows. Nothing else."]
    for text in texts:
        for key in keys:
            plain = [(m.start(), m.end()) for p in lexicon.patterns(key) for m in p.finditer(text)]
            assert [(m.start(), m.end()) for m in part.matches(key, text)] == plain
            assert [(m.start(), m.end()) for m in lexicon.finditer(key, text)] == plain
