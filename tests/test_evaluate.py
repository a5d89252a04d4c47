"""kg eval: the project's scorer matches the shared one, on hand-built records and on real sets."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import GOLD, ROOT, SCORER, SEEDS
from typer.testing import CliRunner

import kg.api as kg
from kg.cli import app
from kg.errors import GoldError, InputError
from kg.evaluate import load_gold, quote_key, score_file, score_records
from kg.jsonl import dumps, records

TEXT_A = "Foo competes with Bar and Baz. Foo is built on Qux. Sub-200ms boot."
TEXT_B = "Nothing to see here."
GOLD_SMALL = {
    "entities": {"Foo": {"type": "Product", "aliases": ["foo"]}, "Bar": {"type": "Product", "aliases": []},
                 "Baz": {"type": "Product", "aliases": []}, "Qux": {"type": "Technology", "aliases": []},
                 "Zap": {"type": "Product", "aliases": [], "optional": True}},
    "documents": {"d.txt": ["Foo", "Bar"]},
    "quotes": {
        quote_key(TEXT_A): {"subject": "Foo", "perspective": "competition", "stance": "neutral", "verdict": None,
                            "entities": ["Foo", "Bar", "Baz", "Qux"],
                            "relations": [{"type": "competes_with", "source": "Foo", "target": "Bar"},
                                          {"type": "competes_with", "source": "Foo", "target": "Baz",
                                           "optional": True},
                                          {"type": "depends_on", "source": "Foo", "target": "Qux"}],
                            "claims": [{"about": "Foo", "type": "metric", "text": "Sub-200ms boot", "value": 200,
                                        "unit": "ms"}]},
        quote_key(TEXT_B): {"subject": "Bar", "perspective": "testimonial", "stance": "neutral", "verdict": None,
                            "entities": ["Bar"], "relations": [], "claims": []},
    },
}


def _rec(index, text, subject, relations=(), claims=(), entities=()):
    return {"doc": "d.txt", "quote_index": index, "text": text, "subject": subject, "entities": list(entities),
            "relations": list(relations), "claims": list(claims)}


def test_symmetric_competition_aliases_and_optional_items():
    recs = [_rec(0, TEXT_A, "foo",
                 relations=[{"type": "competes_with", "source": "Bar", "target": "FOO", "span": [0, 21]},
                            {"type": "competes_with", "source": "Foo", "target": "Baz", "span": [0, 29]},
                            {"type": "threatens", "source": "Zap", "target": "Foo", "span": [0, 3]}],
                 claims=[{"about": "Foo", "type": "metric", "text": "Sub-200ms boot", "value": 200, "unit": "ms"}],
                 entities=[{"name": "Qux", "type": "Technology"}]),
            _rec(1, TEXT_B, "Bar")]
    s = score_records(GOLD_SMALL, recs)
    comp, thr, dep = (s.relations[k] for k in ("competes_with", "threatens", "depends_on"))
    assert (comp.tp, comp.fp, comp.fn) == (1, 0, 0)  # reversed and re-cased, and the optional one is free
    assert (thr.tp, thr.fp, thr.fn) == (0, 1, 0)
    assert (dep.tp, dep.fp, dep.fn) == (0, 0, 1)
    assert s.as_dict()["subject_accuracy"] == 1.0
    assert s.as_dict()["claim_recall"] == 1.0 and s.values == [1, 1]
    assert s.as_dict()["grounded_relations"] == 1.0
    assert "missed relation ('depends_on', 'Foo', 'Qux')" in s.errors["d.txt"]


def test_misses_are_listed_per_quote():
    s = score_records(GOLD_SMALL, [_rec(0, TEXT_A, "Bar"), _rec(1, TEXT_B, None)])
    assert s.as_dict()["subject_accuracy"] == 0.0
    assert any("missed metric claim" in e for e in s.errors["d.txt#0"])
    assert s.main_relations().fn == 2


def test_each_documents_counts_add_up_to_the_totals():
    gold = {**GOLD_SMALL, "documents": {"d.txt": ["Foo"], "e.txt": ["Bar"]}}
    recs = [_rec(0, TEXT_A, "Foo", relations=[{"type": "competes_with", "source": "Foo", "target": "Bar",
                                               "span": [0, 3]}], entities=[{"name": "Qux", "type": "Technology"}]),
            {**_rec(0, TEXT_B, "Foo"), "doc": "e.txt"}]
    s = score_records(gold, recs)
    assert s.documents["d.txt"] == {"relations": (1, 0, 1), "entities": (3, 0, 1), "claims": (0, 1), "subject": (1, 1)}
    assert s.documents["e.txt"] == {"relations": (0, 0, 0), "entities": (0, 1, 1), "claims": (0, 0), "subject": (0, 1)}
    main = s.main_relations()
    assert tuple(map(sum, zip(*(d["relations"] for d in s.documents.values())))) == (main.tp, main.fp, main.fn)
    assert tuple(map(sum, zip(*(d["subject"] for d in s.documents.values())))) == tuple(s.subject)


def test_a_records_file_is_scored_and_its_bad_lines_are_named(tmp_path):
    good = tmp_path / "run.jsonl"
    good.write_text("\n".join(json.dumps(r) for r in [_rec(0, TEXT_A, "Foo"), _rec(1, TEXT_B, "Bar")]) + "\n",
                    encoding="utf-8")
    gold = tmp_path / "gold.json"
    gold.write_text(json.dumps(GOLD_SMALL), encoding="utf-8")
    assert score_file(gold, good).as_dict()["subject_accuracy"] == 1.0
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(_rec(0, TEXT_A, "Foo")) + "\n{not json\n", encoding="utf-8")
    with pytest.raises(InputError, match="bad.jsonl:2"):
        score_file(gold, bad)
    bad.write_text('{"doc": "d.txt"}\n', encoding="utf-8")
    with pytest.raises(InputError, match="bad.jsonl:1: not a kg extract --jsonl record"):
        score_file(gold, bad)
    bad.write_text(json.dumps({**_rec(0, TEXT_A, "Foo"), "doc": "other.txt"}) + "\n", encoding="utf-8")
    with pytest.raises(GoldError, match="no records of 1 of the gold's 1 documents"):
        score_file(gold, bad)


def test_a_document_the_corpus_lacks_is_an_error():
    with pytest.raises(GoldError, match="d.txt"):
        score_records(GOLD_SMALL, [])


def test_a_malformed_gold_file_names_itself(tmp_path):
    bad = tmp_path / "gold.json"
    bad.write_text('{"entities": {}}', encoding="utf-8")
    with pytest.raises(GoldError, match="gold.json"):
        load_gold(bad)


REAL = ROOT / "tests" / "data" / "real"
SETS = [("seeds", GOLD, SEEDS), ("blind", ROOT / "tests/data/blind/gold.json", ROOT / "tests/data/blind/corpus")]
# real test, not real dev: dev takes five times as long and holds no kind of record test lacks
SETS += [(f"real-{s}", REAL / s / "gold.json", REAL / s / "corpus") for s in ("test",)
         if (REAL / s / "gold.json").exists()]


@pytest.mark.skipif(not SCORER.exists(), reason="../shared/eval is not here")
@pytest.mark.parametrize("name,gold,corpus", SETS, ids=[s[0] for s in SETS])
def test_figures_agree_with_the_shared_scorer(tmp_path, name, gold, corpus):
    graph = kg.extract([corpus])
    pred = tmp_path / "pred.jsonl"
    pred.write_text(dumps(graph), encoding="utf-8")
    shared = json.loads(subprocess.run([sys.executable, str(SCORER), str(gold), str(corpus), str(pred), "--json"],
                                       capture_output=True, text=True, check=True).stdout)
    ours = score_records(load_gold(gold), records(graph)).as_dict()
    assert ours == shared


@pytest.mark.skipif(not SEEDS.exists(), reason="../shared is not here")
def test_cli_prints_a_table_errors_and_json():
    runner = CliRunner()
    out = runner.invoke(app, ["eval", str(GOLD), str(SEEDS), "--errors"])
    assert out.exit_code == 0, out.output
    assert "competes_with" in out.stdout and out.stdout.strip().splitlines()[-1].startswith("headline:")
    as_json = runner.invoke(app, ["eval", str(GOLD), str(SEEDS), "--json"])
    assert json.loads(as_json.stdout)["relation_p_r_f1"][2] >= 0.95


@pytest.mark.skipif(not SEEDS.exists(), reason="../shared is not here")
def test_cli_gives_intervals_and_compares_with_another_run(tmp_path):
    other = tmp_path / "none.jsonl"
    other.write_text(dumps(kg.extract([SEEDS], catalog="none")), encoding="utf-8")
    runner = CliRunner()
    out = runner.invoke(app, ["eval", str(GOLD), str(SEEDS), "--against", str(other), "--no-progress"])
    assert out.exit_code == 0, out.output
    assert "95 % intervals over 5 documents" in out.stdout and f"against {other}, paired over 5 documents" in out.stdout
    figures = json.loads(runner.invoke(app, ["eval", str(GOLD), str(SEEDS), "--json", "--against", str(other),
                                             "--no-progress"]).stdout)
    low, high = figures["intervals"]["relation_f1"]
    assert low <= figures["relation_p_r_f1"][2] <= high
    with_errors = runner.invoke(app, ["eval", str(GOLD), str(SEEDS), "--against", str(other), "--errors",
                                      "--no-progress"]).stdout
    assert "errors this run makes and the other does not (+)" in with_errors and "\n  - " in with_errors
    versus = figures["against"]["relation_f1"]
    assert versus["this"] == pytest.approx(figures["relation_p_r_f1"][2], abs=1e-3)
    assert versus["difference"] == pytest.approx(versus["this"] - versus["other"], abs=1e-3)
    assert versus["low"] <= versus["difference"] <= versus["high"]
