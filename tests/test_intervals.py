"""Bootstrap intervals over documents, and paired comparisons of two runs (kg.intervals), on hand-built counts."""

from __future__ import annotations

import pytest

from kg.errors import GoldError
from kg.evaluate import Scores
from kg.intervals import FIGURES, compare, intervals


def _scores(relations: list[tuple[int, int, int]], subject: tuple[int, int] = (1, 1)) -> Scores:
    s = Scores()
    for i, rel in enumerate(relations):
        s.documents[f"{i:03}.txt"] = {"relations": rel, "entities": (2, 1, 0), "claims": (1, 2), "subject": subject}
    return s


UNEVEN = [(5, 1, 2), (0, 3, 4), (7, 0, 0), (2, 2, 2), (1, 0, 5), (4, 1, 1), (3, 3, 0), (0, 0, 2)] * 5


def test_an_interval_holds_the_figure_and_is_the_same_every_time():
    found = intervals(_scores(UNEVEN))
    assert set(found) == set(FIGURES)
    tp, fp, fn = map(sum, zip(*UNEVEN))
    f1 = 2 * tp / (2 * tp + fp + fn)
    low, high = found["relation_f1"]
    assert 0.0 <= low < f1 < high <= 1.0
    assert found == intervals(_scores(UNEVEN))
    assert found["entity_f1"] == (0.8, 0.8)  # every document alike: nothing to vary


def test_more_documents_narrow_the_interval():
    low, high = intervals(_scores(UNEVEN))["relation_f1"]
    low4, high4 = intervals(_scores(UNEVEN * 4))["relation_f1"]
    assert high4 - low4 < high - low


def test_a_run_better_on_every_document_is_better_beyond_doubt():
    better = [(tp + 1, fp, max(fn - 1, 0)) for tp, fp, fn in UNEVEN]
    d = compare(_scores(better), _scores(UNEVEN))["relation_f1"]
    assert d.difference == pytest.approx(d.this - d.other, abs=1e-4)
    assert 0.0 < d.low <= d.difference <= d.high
    same = compare(_scores(UNEVEN), _scores(UNEVEN))["relation_f1"]
    assert (same.difference, same.low, same.high) == (0.0, 0.0, 0.0)


def test_one_document_changing_leaves_the_difference_in_doubt():
    changed = [(0, 0, 2)] + UNEVEN[1:]  # one document loses five found relations and a false one
    d = compare(_scores(changed), _scores(UNEVEN))["relation_f1"]
    assert d.difference < 0 and d.low < 0 <= d.high


def test_runs_over_other_documents_are_not_compared():
    with pytest.raises(GoldError, match="different documents"):
        compare(_scores(UNEVEN), _scores(UNEVEN[:3]))
    assert intervals(Scores()) == {} and compare(Scores(), Scores()) == {}
