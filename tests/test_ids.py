"""Stable identifiers: slugs, normalised names, quote and fact ids."""

from __future__ import annotations

import re

import pytest

from kg.ids import digest, entity_id, fact_id, normalize_name, quote_id, slug


@pytest.mark.parametrize("name,expected", [
    ("LlamaIndex Workflows", "llamaindex-workflows"),
    ("  LangGraph  ", "langgraph"),
    ("GitHub\u00a0Copilot", "github-copilot"),
    ("Phi-4-mini", "phi-4-mini"),
    ("Qwen2.5-7B", "qwen2-5-7b"),
    ("llama.cpp", "llama-cpp"),
    ("v0", "v0"),
    # names whose punctuation or accents carry meaning keep a short hash; the values never change
    ("C++", "c-372946"),
    ("C#", "c-2e26e6"),
    ("Caf\u00e9", "cafe-f42445"),
])
def test_slug_is_readable_and_stable(name, expected):
    assert slug(name) == expected


@pytest.mark.parametrize("a,b", [
    ("C", "C++"),
    ("C", "C#"),
    ("C++", "C#"),
    ("Cafe", "Caf\u00e9"),
    ("Weights & Biases", "Weights Biases"),
    ("\u30c6\u30b9\u30c8", "\u30c6\u30b9\u30c9"),  # names with no ASCII letters at all
])
def test_names_that_slug_alike_get_different_slugs(a, b):
    assert slug(a) != slug(b)


@pytest.mark.parametrize("a,b", [
    ("GitHub Copilot", "github  copilot"),
    ("Qdrant", "QDRANT"),
    ("LM Studio", " LM\tStudio "),
    ("Caf\u00e9", "Cafe\u0301"),  # composed and decomposed é
])
def test_spellings_of_one_name_share_a_slug(a, b):
    assert slug(a) == slug(b)
    assert entity_id(a) == entity_id(b)


def test_slug_of_a_name_without_ascii_letters_is_still_a_slug():
    assert re.fullmatch(r"x-[0-9a-f]{6}", slug("\u30c6\u30b9\u30c8"))
    assert re.fullmatch(r"[a-z0-9-]+", slug("\u00c5ngstr\u00f6m \U0001F680"))


def test_entity_id_is_prefixed_slug():
    assert entity_id("Hugging Face") == "ent:hugging-face"


@pytest.mark.parametrize("raw,expected", [
    ("  GitHub\u00a0Copilot ", "github copilot"),
    ("Hugging Face\u2019s", "hugging face's"),
    ("Cafe\u0301", "caf\u00e9"),
    ("Stra\u00dfe", "strasse"),
    ("LM\t\nStudio", "lm studio"),
    ("pgvector", "pgvector"),
])
def test_normalize_name(raw, expected):
    assert normalize_name(raw) == expected


def test_quote_id_depends_on_the_exact_text_only():
    text = "Ollama pulled the model in one command and it just ran."
    assert quote_id(text) == quote_id(str(text))
    assert re.fullmatch(r"q:[0-9a-f]{12}", quote_id(text))
    assert quote_id(text) != quote_id(text + " ")
    assert quote_id(text) != quote_id(text.replace("Ollama", "ollama"))
    assert quote_id("abc") == "q:a9993e364706"  # the SHA-1 of the text: the same on every machine


def test_fact_id_depends_on_order_and_every_part():
    a = fact_id("rel", "competes_with", "ent:a", "ent:b", "q:1")
    assert a == fact_id("rel", "competes_with", "ent:a", "ent:b", "q:1")
    assert a != fact_id("rel", "competes_with", "ent:b", "ent:a", "q:1")
    assert a != fact_id("rel", "competes_with", "ent:a", "ent:b", "q:2")
    assert re.fullmatch(r"rel:[0-9a-f]{16}", a)


def test_digest_separates_parts():
    assert digest("a", 1) == "6aec555ea0de"
    assert digest("ab", "c") != digest("a", "bc")
    assert len(digest("x", length=6)) == 6
