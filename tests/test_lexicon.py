"""Cue patterns and word lists: the shipped ones load; a broken copy fails naming the file and the key."""

from __future__ import annotations

import json
import re
import shutil

import pytest

from kg.catalog import ontology_dir
from kg.errors import KgError, PatternError
from kg.lexicon import _Patterns, either_apostrophe, load_lexicon


@pytest.fixture(scope="module")
def lexicon():
    return load_lexicon()


def test_shipped_lexicon_loads(lexicon):
    assert {"competition_list", "threat_kill", "horizon", "hedge", "competition_negation", "depends_verb"} <= set(lexicon.cues)
    assert not any(key.startswith("_") for key in lexicon.cues)
    assert all(isinstance(p, re.Pattern) for p in lexicon.patterns("hedge"))
    assert isinstance(lexicon.pattern("ship_verb"), re.Pattern)


def test_every_shipped_pattern_compiles(lexicon):
    """The shipped patterns are compiled as they are first used, so this is where a bad one is caught."""
    fresh = _Patterns(dict(lexicon.cues._raw), "cues.json", {})
    fresh.compile_all()
    assert len(fresh) == len(lexicon.cues) - 1 and all(fresh[k] is not None for k in fresh)
    assert lexicon.lists and all(isinstance(p, re.Pattern) for ps in lexicon.lists.values() for p in ps)


def test_a_pattern_is_compiled_on_first_use_and_a_bad_one_names_its_key():
    cues = _Patterns({"good": ["\\bfast\\b"], "bad": {"inner": ["ok", "(unclosed"]}}, "cues.json", {"labels": {"a": 1}})
    assert list(cues) == ["good", "bad", "labels"] and "bad" in cues and "nothing" not in cues and len(cues) == 3
    assert cues["labels"] == {"a": 1} and cues.pattern_keys() == ["good", "bad"]
    assert cues["good"][0].search("so FAST") and cues["good"] is cues["good"]  # compiled once, kept
    with pytest.raises(PatternError, match=re.escape("cues.json: bad.inner[1]: invalid pattern")):
        cues["bad"]
    with pytest.raises(KeyError):
        cues["nothing"]


def test_patterns_are_case_insensitive(lexicon):
    assert any(p.search("It COULD happen") for p in lexicon.patterns("hedge"))


@pytest.mark.parametrize("word,generic", [
    ("API", True), ("APIs", True), ("IDE", True), ("IDEs", True), ("LLMs", True),
    ("Qdrant", False), ("MCP", False), ("api", True), ("int8", True), ("Type", True),
    ("single-vCPU", True), ("multi-GPU", True), ("DBA", True), ("Claude-API", False), ("x-Qdrant", False),
    ("RDBMS", True), ("x86", True), ("Distros", True), ("H100", True), ("EULA", True),  # kinds, units, hardware
])
def test_is_generic(lexicon, word, generic):
    assert lexicon.is_generic(word) is generic


@pytest.mark.parametrize("table,form,canonical", [
    ("licenses", "apache-2.0", "Apache 2.0"),
    ("licenses", "mit licensed", "MIT"),
    ("licenses", "agplv3", "AGPL-3.0"),
    ("platforms", "arm64", "ARM"),
    ("platforms", "macs", "macOS"),
    ("platforms", "wsl2", "WSL"),
])
def test_synonyms_map_to_the_canonical_name(lexicon, table, form, canonical):
    assert getattr(lexicon, table)[form] == canonical


def test_asking_for_the_wrong_shape_is_a_pattern_error(lexicon):
    with pytest.raises(PatternError, match="'ship_verb' is not a list"):
        lexicon.patterns("ship_verb")
    with pytest.raises(PatternError, match="'hedge' is not a single pattern"):
        lexicon.pattern("hedge")


@pytest.fixture
def ontology_copy(tmp_path):
    """A private copy of ``ontology/`` to break."""
    return shutil.copytree(ontology_dir(), tmp_path / "ontology")


def _edit_cues(folder, edit) -> None:
    path = folder / "cues.json"
    cues = json.loads(path.read_text(encoding="utf-8"))
    edit(cues)
    path.write_text(json.dumps(cues, indent=1), encoding="utf-8")


def _set(cues, key, value):
    *path, last = key.split(".")
    for part in path:
        cues = cues[part]
    cues[last] = value


@pytest.mark.parametrize("key,value,message", [
    ("competition_list", ["\\bcompetes with (", "\\brivals\\b"], "cues.json: competition_list[0]: invalid pattern"),
    ("hedge", ["\\bcould\\b", "[unclosed"], "cues.json: hedge[1]: invalid pattern"),
    ("ship_verb", "\\s+(?P<x>ship|(?P<x>ships))", "cues.json: ship_verb: invalid pattern"),
    ("credibility.patterns.disputed", ["\\bretracted\\b", "*revised"],
     "cues.json: credibility.disputed[1]: invalid pattern"),
    ("horizon", [42], "cues.json: horizon[0]: expected a pattern"),
])
def test_invalid_pattern_names_the_key(ontology_copy, key, value, message):
    _edit_cues(ontology_copy, lambda cues: _set(cues, key, value))
    with pytest.raises(PatternError, match=re.escape(message)) as info:
        load_lexicon(str(ontology_copy))
    assert isinstance(info.value, KgError) and isinstance(info.value, ValueError)


def test_invalid_json_names_the_line(ontology_copy):
    path = ontology_copy / "cues.json"
    path.write_text('{\n "hedge": ["\\\\bcould\\\\b"],\n "negation": [\n}\n', encoding="utf-8")
    with pytest.raises(PatternError, match=r"cues\.json:4: not valid JSON"):
        load_lexicon(str(ontology_copy))


def test_empty_synonym_names_file_and_line(ontology_copy):
    path = ontology_copy / "lexicons" / "platforms.txt"
    path.write_text("# platforms\nLinux\nmacOS |  | Mac\n", encoding="utf-8")
    with pytest.raises(PatternError, match=r"platforms\.txt:3: empty name"):
        load_lexicon(str(ontology_copy))


def test_copied_ontology_is_read_from_its_folder(ontology_copy):
    (ontology_copy / "lexicons" / "generic_terms.txt").write_text("# mine\nWidget\n", encoding="utf-8")
    lexicon = load_lexicon(str(ontology_copy))
    assert lexicon.is_generic("Widgets") and not lexicon.is_generic("API")


def test_emitting_lists_the_families_of_one_relation_or_claim_type_in_file_order():
    lexicon = load_lexicon()
    families = list(lexicon.families.values())
    for relation in {f.emits for f in families if f.emits}:
        assert lexicon.emitting(relation) == [f for f in families if f.emits == relation]
    for claim in {f.claim for f in families if f.claim}:
        assert lexicon.emitting(claim=claim) == [f for f in families if f.claim == claim]
        assert all(f.emits == "" for f in lexicon.emitting(claim=claim))
    assert lexicon.emitting("no_such_relation") == []


@pytest.mark.parametrize("value", [["Person"], [], "Product"])
def test_a_family_s_target_types_are_entity_types_its_relation_allows(ontology_copy, value):
    _edit_cues(ontology_copy, lambda cues: _set(cues, "depends_backed.target_types", value))
    with pytest.raises(PatternError, match=re.escape("depends_backed.target_types: a list of entity types among")):
        load_lexicon(str(ontology_copy)).emitting("depends_on")


def test_a_family_s_target_types_are_read(lexicon):
    backed = next(f for f in lexicon.emitting("depends_on") if f.key == "depends_backed")
    assert backed.target_types == {"Product", "Technology", "Platform"}


@pytest.mark.parametrize("pattern,text", [
    (r"\bdoesn't support\b", "Komga doesn’t support it"),  # a typographic apostrophe in the text
    (r"\bit’s used in\b", "it's used in Deno"),  # a straight one where the cue has the other
    (r"[^'\s]+'s", "Deno’s"),  # in a character class too
])
def test_a_cue_s_apostrophe_matches_either_way_of_writing_one(pattern, text):
    assert re.search(either_apostrophe(pattern), text)


def test_either_apostrophe_leaves_escapes_and_class_brackets_as_they_are():
    assert either_apostrophe(r"[]x]'\'") == r"[]x]['’]\'"
    assert either_apostrophe("[^]']") == "[^]'’]"


@pytest.mark.parametrize("before,other", [
    ("If I wanted to pay a monthly fee I'd use something like ", True),  # a name the quote sets aside
    ("I have not found anything like ", True),
    ("If I wanted to pay a monthly fee I'd use ", False),
])
def test_a_name_after_something_like_is_the_quote_s_other_product(lexicon, before, other):
    assert (lexicon.search("subject_other_before", before) is not None) == other
