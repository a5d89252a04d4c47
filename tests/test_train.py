"""python -m kg.train: labels from gold relations, and the same sets give the same weights."""

from __future__ import annotations

import pytest
from conftest import ROOT

from kg.evaluate import GoldNames
from kg.train import _label, train

DEV2 = ROOT / "tests" / "data" / "dev2"


def test_labels_follow_the_gold_direction_and_skip_optional_pairs():
    names = GoldNames({"A": {"aliases": ["a"]}, "B": {}, "C": {}})
    ann = {"relations": [{"type": "depends_on", "source": "B", "target": "A"},
                         {"type": "competes_with", "source": "A", "target": "C", "optional": True}]}
    assert _label(ann, names, "A", "B") == "depends_on<"
    assert _label(ann, names, "B", "A") == "depends_on>"
    assert _label(ann, names, "A", "C") is None
    assert _label(ann, names, "B", "C") == "none"


def test_training_is_reproducible():
    pytest.importorskip("sklearn")
    sets = [("dev2", DEV2 / "gold.json", DEV2 / "corpus")]
    first = train(sets, c_values=(1.0,), min_precision=0.0, log=lambda _: None)
    assert first == train(sets, c_values=(1.0,), min_precision=0.0, log=lambda _: None)
    assert first["labels"][0] == "competes_with" and first["weights"]
