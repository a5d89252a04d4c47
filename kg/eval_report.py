"""What ``kg eval`` prints: the scores as aligned text, their intervals, and a comparison with another run."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kg.evaluate import Scores
    from kg.intervals import Difference

__all__ = ["comparison_table", "error_changes", "error_changes_text", "interval_table", "score_table"]

_FIGURES = ("claim_recall", "claims_known_to_gold", "claim_value_accuracy", "horizon_accuracy", "subject_accuracy",
            "grounded_relations", "stance_accuracy", "perspective_accuracy")


def score_table(scores: Scores) -> str:
    """Precision, recall and F1 per relation type, then the other figures."""
    lines = [f"{'':<16}{'precision':>10}{'recall':>8}{'F1':>7}{'tp':>6}{'fp':>5}{'fn':>5}"]
    rows = [(k, c) for k, c in scores.relations.items()] + [("relations", scores.main_relations()),
                                                            ("entities", scores.entities)]
    for label, c in rows:
        p, r, f = c.prf()
        lines.append(f"{label:<16}{p:>10.3f}{r:>8.3f}{f:>7.3f}{c.tp:>6}{c.fp:>5}{c.fn:>5}")
    d = scores.as_dict()
    lines.append("")
    lines += [f"{k:<24}{d[k]:>6.3f}" for k in _FIGURES if k in d]
    lines.append(f"{'quotes':<24}{scores.quotes:>6}")
    return "\n".join(lines)


def interval_table(intervals: dict[str, tuple[float, float]], documents: int, level: float = 0.95) -> str:
    """The headline figures' bootstrap intervals (``kg.intervals``), one a line."""
    head = f"{_percent(level)} intervals over {documents:,} documents (bootstrap):"
    return "\n".join([head] + [f"{name:<24}{low:>6.3f} – {high:.3f}" for name, (low, high) in intervals.items()])


def comparison_table(differences: dict[str, Difference], other: str, documents: int, level: float = 0.95) -> str:
    """Each figure of this run against another's, with the paired interval of the difference."""
    lines = [f"against {other}, paired over {documents:,} documents ({_percent(level)} interval of the difference):",
             f"{'':<24}{'this':>6}{'other':>8}{'difference':>12}  interval"]
    for name, d in differences.items():
        lines.append(f"{name:<24}{d.this:>6.3f}{d.other:>8.3f}{d.difference:>+12.3f}  {d.low:+.3f} – {d.high:+.3f}")
    return "\n".join(lines)


def error_changes(this: dict[str, list[str]], other: dict[str, list[str]]) -> dict[str, dict[str, list[str]]]:
    """Per quote (``doc#index``) or document: the errors this run makes and the other does not ("gained"), and the
    other's that this run no longer makes ("lost"); places where both make the same errors are left out."""
    out = {}
    for where in sorted(set(this) | set(other)):
        mine, theirs = Counter(this.get(where, ())), Counter(other.get(where, ()))
        gained, lost = sorted((mine - theirs).elements()), sorted((theirs - mine).elements())
        if gained or lost:
            out[where] = {"gained": gained, "lost": lost}
    return out


def error_changes_text(changes: dict[str, dict[str, list[str]]]) -> str:
    """:func:`error_changes` as text: "+" before an error this run gained, "-" before one it lost."""
    lines = ["errors this run makes and the other does not (+), and the other's it no longer makes (-):"]
    for where, change in changes.items():
        lines.append(f"\n{where}")
        lines += [f"  + {e}" for e in change["gained"]] + [f"  - {e}" for e in change["lost"]]
    return "\n".join(lines)


def _percent(level: float) -> str:
    return f"{level * 100:g} %"
