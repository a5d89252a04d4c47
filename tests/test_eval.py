"""The extraction's scores on the client's seeds and on kg's own held-out set stay above their bars."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import GOLD, ROOT, SCORER, SEEDS

import kg.api as kg
from kg.jsonl import dumps

HELDOUT = ROOT / "tests" / "data" / "heldout"
SEED_BARS = {
    "subject_accuracy": 0.97, "entity_f1": 0.95, "relation_f1": 0.95, "competes_with_f1": 0.95,
    "threatens_f1": 0.95, "claim_recall": 0.85, "claim_value_accuracy": 0.95, "horizon_accuracy": 0.9,
    "verdict_f1": 0.9, "perspective_accuracy": 0.9, "stance_accuracy": 0.8, "grounded_relations": 1.0,
}
# kg's own held-out set: the figures measured when the rules were last changed, less a small margin (subjects:
# 0.911, 51 of 56 quotes, since the chooser learned from 4,420 real quotes and gained 0.8 points on real val and 1.7
# on real test for this one quote of text written in the seeds' style)
# relations: 0.900 → 0.865 and dev2 0.860 → 0.857 since the scorer learned from 5,786 real dev quotes (val 0.543 →
# 0.551, precision 0.683 → 0.697): it takes the names a rivalry cue lists for rivals of each other too, as the real
# annotation guide reads category lists and these sets, written in the seeds' manner, do not
HELDOUT_BARS = {
    "subject_accuracy": 0.9, "entity_f1": 0.95, "relation_f1": 0.86, "claim_recall": 0.7,
    "grounded_relations": 1.0, "perspective_accuracy": 0.88,
}
# the informal development sets (forum comments, memos, threads): rules were tuned on them, so guard them too (dev2's
# relations 0.857 → 0.847 since the scorer learned from val's 3,458 real quotes too: AWS Step Functions and Temporal are
# rivals there, which dev2's gold leaves out)
DEV_BARS = {
    "dev2": {"relation_f1": 0.84, "entity_f1": 0.9, "claim_recall": 0.47, "subject_accuracy": 0.9},
    "dev3": {"relation_f1": 0.78, "entity_f1": 0.9, "claim_recall": 0.58, "subject_accuracy": 0.95},
    "dev4": {"relation_f1": 0.72, "entity_f1": 0.83, "claim_recall": 0.5, "subject_accuracy": 0.86},
}


def score(gold: Path, corpus: Path, tmp_path: Path, catalog: str | None = None) -> dict:
    """Extract ``corpus`` and score it with the evaluation's own script."""
    pred = tmp_path / "pred.jsonl"
    pred.write_text(dumps(kg.extract([corpus], catalog=catalog)), encoding="utf-8")
    out = subprocess.run([sys.executable, str(SCORER), str(gold), str(corpus), str(pred), "--json"],
                         capture_output=True, text=True, check=True).stdout
    raw = json.loads(out)
    flat = dict(raw)
    for key, value in raw.items():
        if key.endswith("_p_r_f1"):
            flat[key.replace("_p_r_f1", "_f1")] = value[2]
    return flat


needs_shared = pytest.mark.skipif(not (SCORER.exists() and SEEDS.exists()), reason="../shared/eval is not here")


@needs_shared
def test_seed_scores_meet_the_bars(tmp_path):
    result = score(GOLD, SEEDS, tmp_path)
    low = {k: (result[k], bar) for k, bar in SEED_BARS.items() if result[k] < bar}
    assert not low, f"below the bar (value, bar): {low}"


@needs_shared
def test_seed_relations_without_the_catalog(tmp_path):
    result = score(GOLD, SEEDS, tmp_path, catalog="none")
    assert result["relation_f1"] >= 0.85, result
    assert result["grounded_relations"] == 1.0


@needs_shared
def test_heldout_scores_meet_the_bars(tmp_path):
    result = score(HELDOUT / "gold.json", HELDOUT / "corpus", tmp_path)
    low = {k: (result[k], bar) for k, bar in HELDOUT_BARS.items() if result[k] < bar}
    assert not low, f"below the bar (value, bar): {low}"


@needs_shared
@pytest.mark.parametrize("name", sorted(DEV_BARS))
def test_development_sets_meet_their_bars(tmp_path, name):
    folder = ROOT / "tests" / "data" / name
    result = score(folder / "gold.json", folder / "corpus", tmp_path)
    low = {k: (result[k], bar) for k, bar in DEV_BARS[name].items() if result[k] < bar}
    assert not low and result["grounded_relations"] == 1.0, f"below the bar (value, bar): {low}"


def test_no_relations_where_no_relation_is_stated():
    """Precision guard: held-out quotes whose gold has no relation at all get none either."""
    gold = json.loads((HELDOUT / "gold.json").read_text(encoding="utf-8"))
    graph = kg.extract([HELDOUT / "corpus"])
    quiet = {f"q:{key}" for key, q in gold["quotes"].items() if not q["relations"]}
    by_text = {q.id: q for q in graph.quotes}
    import hashlib

    quiet_ids = {qid for qid, q in by_text.items()
                 if f"q:{hashlib.sha1(q.text.encode()).hexdigest()[:8]}" in quiet}
    assert len(quiet_ids) >= 15
    stray = [(r.type, r.evidence.text) for r in graph.relations
             if r.evidence.quote_id in quiet_ids and r.type in ("competes_with", "threatens", "depends_on")]
    assert stray == []
