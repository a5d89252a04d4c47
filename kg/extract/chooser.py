"""A linear chooser: candidates described by string features, scored by the sum of their features' weights (the
subject chooser's and the claim owner's models, trained as conditional logits by ``kg.train``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

__all__ = ["LinearChooser", "load_chooser"]


@dataclass(frozen=True)
class LinearChooser:
    """A linear score per candidate: the sum of its features' weights; the best-scored candidate wins."""

    weights: dict[str, float]

    def score(self, features: tuple[str, ...]) -> float:
        """The candidate's score (a logit: higher is likelier the one)."""
        return sum(self.weights.get(f, 0.0) for f in features)


def load_chooser(file_name: str, path: str | Path | None = None) -> LinearChooser | None:
    """The weights in ``path`` (by default the shipped ``ontology/<file_name>``), or ``None`` when the file is
    absent."""
    from kg.catalog import ontology_dir

    path = Path(path) if path else ontology_dir() / file_name
    if not path.exists():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return LinearChooser({f: float(w) for f, w in data["weights"].items()})
