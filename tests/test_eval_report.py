"""What kg eval prints (kg.eval_report), on hand-built scores."""

from __future__ import annotations

from kg.eval_report import comparison_table, error_changes, error_changes_text, interval_table, score_table
from kg.evaluate import Scores
from kg.intervals import Difference


def test_the_score_table_has_a_row_per_relation_type_and_the_totals():
    s = Scores(quotes=3)
    s.relations["competes_with"].add(3, 1, 2)
    s.entities.add(4, 0, 1)
    lines = score_table(s).splitlines()
    assert lines[0].split() == ["precision", "recall", "F1", "tp", "fp", "fn"]
    row = next(line for line in lines if line.startswith("competes_with"))
    assert row.split()[1:] == ["0.750", "0.600", "0.667", "3", "1", "2"]
    assert next(line for line in lines if line.startswith("relations")).split()[-3:] == ["3", "1", "2"]
    assert lines[-1].split() == ["quotes", "3"]


def test_intervals_and_a_comparison_read_as_ranges():
    text = interval_table({"relation_f1": (0.5584, 0.6039)}, 1222)
    assert text.splitlines() == ["95 % intervals over 1,222 documents (bootstrap):",
                                 "relation_f1              0.558 – 0.604"]
    d = comparison_table({"relation_f1": Difference(0.5772, 0.5809, -0.0037, -0.0107, 0.0032)}, "b.jsonl", 1222)
    assert d.splitlines()[0] == "against b.jsonl, paired over 1,222 documents (95 % interval of the difference):"
    assert d.splitlines()[2].split() == ["relation_f1", "0.577", "0.581", "-0.004", "-0.011", "–", "+0.003"]


def test_error_changes_keep_what_one_run_makes_and_the_other_does_not():
    this = {"d.txt#0": ["missed relation x", "extra entity 'A'"], "d.txt#1": ["subject 'A' != 'B'"], "d.txt": ["a", "a"]}
    other = {"d.txt#0": ["missed relation x"], "d.txt#2": ["extra entity 'C'"], "d.txt": ["a"]}
    changes = error_changes(this, other)
    assert changes == {"d.txt": {"gained": ["a"], "lost": []},
                       "d.txt#0": {"gained": ["extra entity 'A'"], "lost": []},
                       "d.txt#1": {"gained": ["subject 'A' != 'B'"], "lost": []},
                       "d.txt#2": {"gained": [], "lost": ["extra entity 'C'"]}}
    text = error_changes_text(changes).splitlines()
    assert "  + extra entity 'A'" in text and "  - extra entity 'C'" in text
    assert error_changes(this, this) == {}
