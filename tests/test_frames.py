"""Query answers as DataFrames: one typed column per field, lists as lists, empty answers keep their columns."""

from __future__ import annotations

import pandas as pd
import pytest
from pandas.api import types as ptypes
from rdf_fixtures import make_two_doc_kg

import kg.api as kg
from kg.frames import value_text
from kg.query_rows import ClaimRow


@pytest.fixture(scope="module")
def graph():
    return make_two_doc_kg()


def _is_str(series) -> bool:
    return ptypes.is_string_dtype(series.dtype) or ptypes.is_object_dtype(series.dtype)


@pytest.mark.parametrize(("ask", "ints", "floats", "bools", "lists"), [
    (lambda g: kg.competitors("Qdrant", graph=g), ["start", "end"], ["confidence"], ["hedged"], []),
    (lambda g: kg.threats("Qdrant", graph=g), ["start", "end"], ["confidence"], ["hedged"], []),
    (lambda g: kg.dependencies("PostgreSQL", graph=g, include_incoming=True), ["start", "end"], ["confidence"],
     ["hedged"], []),
    (lambda g: kg.claims("Qdrant", graph=g), ["start", "end"], ["confidence", "value_min", "value_max"], [], []),
    (lambda g: kg.competitors("Qdrant", graph=g, aggregate=True), ["rank", "statements", "quotes", "documents"],
     ["confidence"], ["hedged"], ["rules"]),
    (lambda g: kg.threats("Qdrant", graph=g, aggregate=True), ["rank", "statements", "quotes", "documents"], ["confidence"],
     ["hedged"], ["rules", "horizons"]),
    (lambda g: kg.entities(graph=g), ["degree", "relations", "competitors", "threats", "dependencies", "claims",
                                       "contradictions", "mentions", "documents"], [],
     ["discovered"], ["aliases"]),
    (lambda g: kg.stats(graph=g), ["count"], [], [], []),
    (lambda g: kg.contradictions("Qdrant", graph=g), [], ["a_confidence", "b_confidence"], [], []),
])
def test_columns_are_typed(graph, ask, ints, floats, bools, lists):
    df = ask(graph)
    assert isinstance(df, pd.DataFrame) and len(df) > 0
    assert all(isinstance(c, str) for c in df.columns), "no tuple columns, no 0…n columns"
    for c in ints:
        assert ptypes.is_integer_dtype(df[c].dtype), (c, df[c].dtype)
    for c in floats:
        assert ptypes.is_float_dtype(df[c].dtype), (c, df[c].dtype)
    for c in bools:
        assert ptypes.is_bool_dtype(df[c].dtype), (c, df[c].dtype)
    for c in lists:
        assert all(isinstance(v, list) for v in df[c]), c
    typed = {*ints, *floats, *bools, *lists, "value", "a_value", "b_value"}
    untyped = [c for c in df.columns if c not in typed and not _is_str(df[c])]
    assert not untyped, {c: df[c].dtype for c in untyped}
    assert not any(isinstance(v, tuple) for c in df.columns for v in df[c])


def test_claims_keep_values_and_add_numbers(graph):
    df = kg.claims("Qdrant", type="metric", graph=graph).set_index("text")
    assert df.loc["p99 under 15 ms", "value"] == 15.0
    assert df.loc["between 2 and 3 times faster", "value"] == [2, 3.0]
    assert (df.loc["between 2 and 3 times faster", "value_min"], df.loc["between 2 and 3 times faster", "value_max"]) == (2.0, 3.0)
    assert list(df["value_text"]) == ["< 15 ms", "2–3 x"]


def test_contradictions_are_flat(graph):
    (row,) = kg.contradictions("Qdrant", graph=graph).to_dict("records")
    assert (row["topic"], row["a_polarity"], row["b_polarity"]) == ("filtering", "positive", "negative")
    assert row["a_quote"] and row["b_doc"] == "sample.txt"


@pytest.mark.parametrize("ask", [
    lambda g: kg.competitors("Pinecone", graph=g),
    lambda g: kg.competitors("Pinecone", graph=g, aggregate=True),
    lambda g: kg.threats("Pinecone", graph=g, aggregate=True),
    lambda g: kg.claims("Qdrant", type="pricing", graph=g),
    lambda g: kg.contradictions("pgvector", graph=g),
    lambda g: kg.entities(graph=g, type="License"),
])
def test_an_empty_answer_keeps_its_columns_and_types(graph, ask):
    df = ask(graph)
    assert df.empty and len(df.columns) > 3
    numeric = [c for c in ("confidence", "a_confidence", "rank", "quotes", "degree", "start") if c in df.columns]
    assert numeric and all(ptypes.is_numeric_dtype(df[c].dtype) for c in numeric)


def test_as_rows_gives_the_pydantic_rows(graph):
    rows = kg.competitors("Qdrant", graph=graph, as_rows=True)
    df = kg.competitors("Qdrant", graph=graph)
    assert [r.competitor for r in rows] == list(df["competitor"])
    assert rows[0].model_dump()["confidence"] == df.loc[0, "confidence"]


def _claim(value, unit=None, comparator=None) -> ClaimRow:
    return ClaimRow(quote="q", exact="e", start=0, end=1, doc="d", doc_id="doc:1", quote_id="quote:1", rule="r",
                    confidence=0.9,
                    entity="X", entity_id="ent:x", claim_id="claim:1", type="metric", text="t", value=value,
                    unit=unit, comparator=comparator)


@pytest.mark.parametrize(("claim", "text"), [
    (_claim(40000000.0, "USD"), "40,000,000 USD"),
    (_claim(40000000.0, "USD", "="), "40,000,000 USD"),
    (_claim(15.0, "ms", "<"), "< 15 ms"),
    (_claim(0.25, "s", "~"), "~ 0.25 s"),
    (_claim([2, 3.0], "x", "range"), "2–3 x"),
    (_claim("Apache-2.0"), "Apache-2.0"),
    (_claim(["Linux", "macOS"]), "Linux, macOS"),
    (_claim(None), None),
])
def test_value_text_reads_like_an_analyst_writes(claim, text):
    assert value_text(claim) == text
