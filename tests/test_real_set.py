"""The real-review sets: the annotations pass their checks, the built splits are current, and every quote
has a source."""

from __future__ import annotations

import importlib.util
import json

import pytest
from conftest import ROOT

from kg.evaluate import load_gold, quote_key

REAL = ROOT / "tests" / "data" / "real"


def _builder():
    spec = importlib.util.spec_from_file_location("build_gold", REAL / "build_gold.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_annotation_passes_the_guide_checks():
    builder = _builder()
    docs, problems = builder.load()
    problems += builder.merge_entities(docs)[1]
    assert problems == []
    assert sum(len(d["quotes"]) for d in docs.values()) >= 400
    assert len({d["category"] for d in docs.values()}) >= 25


def test_the_splits_load_and_every_quote_has_a_source():
    builder = _builder()
    docs, _ = builder.load()
    split = builder.split(docs)
    for name in sorted(set(split.values())):
        gold = load_gold(REAL / name / "gold.json")
        sources = json.loads((REAL / name / "sources.json").read_text(encoding="utf-8"))
        assert set(sources) == set(gold["quotes"])
        assert all(s["url"].startswith("http") for s in sources.values())
        assert set(gold["documents"]) == {f"{stem}.txt" for stem, where in split.items() if where == name}
        for doc in gold["documents"]:
            text = (REAL / name / "corpus" / doc).read_text(encoding="utf-8")
            assert text.count("\u201c") == text.count("\u201d")
        for key, quote in gold["quotes"].items():
            assert quote_key(quote["text"]) == key
    assert len(load_gold(REAL / "test" / "gold.json")["quotes"]) >= 150


def test_documents_forced_into_dev_leave_the_test_gold_alone():
    builder = _builder()
    docs, _ = builder.load()
    assert any(d.get("split") == "dev" for d in docs.values())
    frozen, _ = builder.merge_entities({s: d for s, d in docs.items() if d.get("split") not in builder.FORCED})
    entities = load_gold(REAL / "test" / "gold.json")["entities"]
    assert set(entities) == set(frozen)
    assert all(entities[c]["aliases"] == sorted(frozen[c]["aliases"]) for c in frozen)


def test_validation_documents_leave_the_dev_gold_entity_table_alone():
    builder = _builder()
    docs, _ = builder.load()
    assert any(d.get("split") == "val2" for d in docs.values())
    tunable, _ = builder.merge_entities({s: d for s, d in docs.items() if d.get("split") not in builder.VALIDATION})
    entities = load_gold(REAL / "dev" / "gold.json")["entities"]
    assert set(entities) == set(tunable)
    assert all(entities[c]["aliases"] == sorted(tunable[c]["aliases"]) for c in tunable)


@pytest.mark.parametrize("name,later", [("val2", ("val3", "val4", "val5", "val6")), ("val3", ("val4", "val5", "val6")),
                                        ("val4", ("val5", "val6")), ("val5", ("val6",))])
def test_later_validation_documents_leave_an_earlier_set_s_entity_table_alone(name, later):
    builder = _builder()
    docs, _ = builder.load()
    before, _ = builder.merge_entities({s: d for s, d in docs.items() if d.get("split") not in later})
    entities = load_gold(REAL / name / "gold.json")["entities"]
    assert set(entities) == set(before)
    assert all(entities[c]["aliases"] == sorted(before[c]["aliases"]) for c in before)


def test_a_document_may_be_forced_into_dev_or_val_but_not_test():
    builder = _builder()
    docs = {"a": {"split": "val"}, "b": {"split": "dev"}, "c": {}, "d": {"split": "val2"}, "e": {"split": "val3"},
            "f": {"split": "val4"}, "g": {"split": "val5"}, "h": {"split": "val6"}}
    assert builder.split(docs)["a"] == "val" and builder.split(docs)["b"] == "dev"
    assert builder.split(docs)["d"] == "val2" and builder.split(docs)["e"] == "val3"
    assert builder.split(docs)["f"] == "val4" and builder.split(docs)["g"] == "val5"
    assert builder.split(docs)["h"] == "val6"
    assert builder.split(docs)["c"] in ("dev", "test")
    problems = builder.check_doc(REAL / "annotations" / "x.json", {"split": "test"})
    assert any("may be forced" in p for p in problems)
