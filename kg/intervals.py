"""How far an evaluation's figures can be trusted: bootstrap intervals over documents.

A gold set is a sample of documents, and its figures move with the sample: on 1,000 documents a relation F1 of
0.58 may well be anything from 0.56 to 0.60. The figures are resampled by document, the unit the scorer counts
relations and entities in (quotes of one document are not independent): each resample draws as many documents
as the set holds, with replacement, adds up their counts and works out the figure again; the interval holds the
middle ``level`` of those figures (the percentile bootstrap). Two runs over the same gold are compared the same
way, paired: each resample draws the same documents for both, so what both get right or wrong alike cancels out
and the interval of the difference is much narrower than either run's own.

The draws come from a seeded generator: the same scores give the same intervals.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kg.errors import GoldError
from kg.evaluate import DOCUMENT_COUNTS

if TYPE_CHECKING:
    import numpy as np

    from kg.evaluate import Scores

__all__ = ["FIGURES", "Difference", "compare", "intervals"]

LEVEL = 0.95
RESAMPLES = 2000
SEED = 0
_CHUNK = 250  # resamples drawn at once: bounds the weight matrix to 250 × documents


def _f1(tp, fp, fn):
    return _ratio(2 * tp, 2 * tp + fp + fn, 0.0)


def _ratio(num, den, empty: float):
    import numpy as np

    return np.where(den > 0, num / np.maximum(den, 1), empty)


# figure → (the document counts it reads, how it is worked out from their sums); the names are kg eval's
FIGURES: dict[str, tuple[str, Callable]] = {
    "relation_f1": ("relations", lambda c: _f1(c[..., 0], c[..., 1], c[..., 2])),
    "relation_precision": ("relations", lambda c: _ratio(c[..., 0], c[..., 0] + c[..., 1], 1.0)),
    "relation_recall": ("relations", lambda c: _ratio(c[..., 0], c[..., 0] + c[..., 2], 1.0)),
    "entity_f1": ("entities", lambda c: _f1(c[..., 0], c[..., 1], c[..., 2])),
    "claim_recall": ("claims", lambda c: _ratio(c[..., 0], c[..., 1], 1.0)),
    "subject_accuracy": ("subject", lambda c: _ratio(c[..., 0], c[..., 1], 0.0)),
}


@dataclass(frozen=True)
class Difference:
    """One figure of two runs over the same gold: each run's value, this run's minus the other's, and the
    bootstrap interval of that difference."""

    this: float
    other: float
    difference: float
    low: float
    high: float


def _matrix(scores: Scores, documents: list[str], kind: str) -> np.ndarray:
    import numpy as np

    return np.array([scores.documents[d][kind] for d in documents], dtype=np.float64).reshape(len(documents), -1)


def _resampled(matrices: list[np.ndarray], resamples: int, seed: int):
    """For each chunk of resamples: each matrix's column sums over the drawn documents (chunk × columns)."""
    import numpy as np

    rng, n = np.random.Generator(np.random.PCG64(seed)), len(matrices[0])
    done = 0
    while done < resamples:
        size = min(_CHUNK, resamples - done)
        weights = rng.multinomial(n, np.full(n, 1.0 / n), size=size).astype(np.float64)  # times each is drawn
        yield [weights @ m for m in matrices]
        done += size


def _bounds(values: np.ndarray, level: float) -> tuple[float, float]:
    import numpy as np

    low, high = np.quantile(values, [(1 - level) / 2, (1 + level) / 2])
    return round(float(low), 4) + 0.0, round(float(high), 4) + 0.0  # + 0.0: no "-0.0"


def _matrices(runs: list[Scores], documents: list[str]) -> list[dict[str, np.ndarray]]:
    """Per run, each kind of document count as a documents × columns matrix (rows in ``documents`` order)."""
    return [{kind: _matrix(run, documents, kind) for kind in DOCUMENT_COUNTS} for run in runs]


def _draws(matrices: list[dict[str, np.ndarray]], resamples: int, seed: int) -> dict[str, list[np.ndarray]]:
    """Each figure in every resample, one array per run (:func:`_matrices`): every resample draws the same
    documents for all runs."""
    import numpy as np

    kinds = len(DOCUMENT_COUNTS)
    drawn: dict[str, list[list]] = {name: [[] for _ in matrices] for name in FIGURES}
    for sums in _resampled([m[kind] for m in matrices for kind in DOCUMENT_COUNTS], resamples, seed):
        for i in range(len(matrices)):
            by_kind = dict(zip(DOCUMENT_COUNTS, sums[i * kinds:(i + 1) * kinds]))
            for name, (kind, figure) in FIGURES.items():
                drawn[name][i].append(figure(by_kind[kind]))
    return {name: [np.concatenate(values) for values in per_run] for name, per_run in drawn.items()}


def intervals(scores: Scores, level: float = LEVEL, resamples: int = RESAMPLES,
              seed: int = SEED) -> dict[str, tuple[float, float]]:
    """Each figure of :data:`FIGURES` with its bootstrap interval over the scored documents.

    Args:
        scores: what :func:`kg.evaluate.score_records` returned.
        level: the share of resampled figures the interval holds (0.95: from the 2.5th to the 97.5th percentile).
        resamples: how many resamples; seed: the generator's seed.

    Returns:
        Figure name → (low, high); none when no document was scored.
    """
    documents = sorted(scores.documents)
    if not documents:
        return {}
    drawn = _draws(_matrices([scores], documents), resamples, seed)
    return {name: _bounds(values, level) for name, (values,) in drawn.items()}


def compare(this: Scores, other: Scores, level: float = LEVEL, resamples: int = RESAMPLES,
            seed: int = SEED) -> dict[str, Difference]:
    """Each figure of two runs over the same gold documents, and the paired bootstrap interval of the difference.

    Raises:
        GoldError: the two were scored on different documents.
    """
    documents = sorted(this.documents)
    if documents != sorted(other.documents):
        missing = sorted(set(this.documents) ^ set(other.documents))
        raise GoldError(f"the two runs were scored on different documents ({len(missing)} differ, such as "
                        f"{missing[0]!r}): compare runs over the same gold and corpus")
    if not documents:
        return {}
    matrices = _matrices([this, other], documents)
    drawn = _draws(matrices, resamples, seed)
    out = {}
    for name, (kind, figure) in FIGURES.items():
        x, y = (float(figure(m[kind].sum(axis=0))) for m in matrices)
        mine, theirs = drawn[name]
        out[name] = Difference(round(x, 4), round(y, 4), round(x - y, 4) + 0.0, *_bounds(mine - theirs, level))
    return out
