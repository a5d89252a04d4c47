"""The learned relation scorer: candidate pairs → relation type or none, from a table of weights.

The weights (``ontology/relations.model.json``) are a multinomial logistic regression trained by
``python -m kg.train`` on annotated sets; inference here is a sparse dot product in a fixed order, so
it needs no learning library and is deterministic. A pair a rule related or rejected is left to the rule,
unless the model gives a related pair no relation a chance of the model's ``veto`` or more (chosen out of fold by the
trainer): then the rule's finding is kept as rejected, with the chance. The scorer adds relations that no cue
pattern covered.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from kg.extract.candidates import LABELS, Candidate, candidates, name_lists
from kg.extract.parse import PARSED_MODEL_FILE, current
from kg.extract.relations.base import Finding, emit
from kg.extract.text import QuoteContext, find_horizon, is_hedged
from kg.facts import fact_types
from kg.lexicon import Lexicon
from kg.resolve import EntityTable

if TYPE_CHECKING:
    from collections.abc import Callable

    import numpy as np

__all__ = ["MODEL_FILE", "ModelStack", "RelationModel", "load_model", "model_stack", "overrule", "review",
           "score_relations"]

MODEL_FILE = "relations.model.json"
_SYMMETRIC = fact_types().symmetric  # a rivalry is nobody's action: no nearer actor takes it (``_nearer_actor``)


@dataclass(frozen=True)
class RelationModel:
    """Weights per feature and label, an intercept per label, the confidence an edge needs (``thresholds``:
    another one per relation type, as ``(("competes_with", 0.4),)``), the chance of no relation at which the
    model overrules a rule (None: never), and how much less an implicit candidate (the quote's unnamed subject with
    a name of the sentence) needs (``implicit_discount``)."""

    labels: tuple[str, ...]
    intercept: tuple[float, ...]
    weights: dict[str, tuple[float, ...]]
    threshold: float
    veto: float | None = None
    thresholds: tuple[tuple[str, float], ...] = ()
    implicit_discount: float = 0.0

    @cached_property
    def _table(self) -> tuple[dict[str, int], np.ndarray, Callable]:
        """Row numbers of the features, the weight matrix (row 0: the intercept; the last row: zeros) and
        ``numpy.add.reduce``, built on first use."""
        import numpy as np

        rows = {f: i for i, f in enumerate(self.weights, 1)}  # and a last row of zeros (``_row_sums`` pads with it)
        return rows, np.array([self.intercept, *self.weights.values(), [0.0] * len(self.labels)],
                              dtype=np.float64).reshape(len(rows) + 2, len(self.labels)), np.add.reduce

    @cached_property
    def _needs(self) -> dict[str, float]:
        """The confidence each label needs, where its relation type has a threshold of its own."""
        own = dict(self.thresholds)
        return {label: own[label.rstrip("<>")] for label in self.labels if label.rstrip("<>") in own}

    def probabilities(self, features: tuple[str, ...]) -> list[float]:
        """Softmax over the labels for one candidate's features.

        The scores are the intercept plus each known feature's weights, added in feature order: reducing the
        selected rows along the first axis adds them row after row (numpy sums pairwise only along the
        contiguous axis), so the floats are those of adding them one by one.
        """
        rows, matrix, add = self._table
        picked = [0, *filter(None, map(rows.get, features))]  # rows are numbered from 1: None alone drops
        if len(picked) == 1:
            return _softmax(list(self.intercept))
        return _softmax(add(matrix.take(picked, axis=0), axis=0).tolist())

    def probabilities_many(self, many: list[tuple[str, ...]]) -> list[list[float]]:
        """:meth:`probabilities` of each feature tuple of ``many``, the rows of all of them summed in one call."""
        rows, matrix, _ = self._table
        return [_softmax(scores) for scores in _row_sums(rows, matrix, many)]

    def decide(self, features: tuple[str, ...]) -> tuple[str, float]:
        """Related when the chance of no relation falls below ``1 - threshold``; then the likeliest label.

        Returns the label and the chance that the pair is related at all (its confidence), or ("none", p).
        """
        return self.decision(self.probabilities(features))

    def decision(self, probs: list[float], implicit: bool = False) -> tuple[str, float]:
        """:meth:`decide` from the label probabilities (``implicit``: of a candidate of the quote's unnamed
        subject, which needs :attr:`implicit_discount` less)."""
        related = 1.0 - probs[self.labels.index("none")]
        best = max((i for i, label in enumerate(self.labels) if label != "none"), key=lambda i: (probs[i], -i))
        needs = self._needs.get(self.labels[best], self.threshold) - (self.implicit_discount if implicit else 0.0)
        if related < needs:
            return "none", 1.0 - related
        return self.labels[best], related

    def explain(self, features: tuple[str, ...], label: str, n: int = 3) -> list[str]:
        """The features that pushed hardest toward ``label``."""
        i = self.labels.index(label)
        scored = sorted(((self.weights[f][i], f) for f in features if f in self.weights), reverse=True)
        return [f for w, f in scored[:n] if w > 0]


def _row_sums(rows: dict[str, int], matrix: np.ndarray, many: list[tuple[str, ...]]) -> list[list[float]]:
    """Per feature tuple of ``many``: row 0 (the intercepts) plus the rows of its known features, added row after
    row in feature order, as ``probabilities`` adds them, for all tuples in one call.

    Each tuple's rows are padded to the longest with the matrix's last row, all zeros (adding 0.0 changes no
    float), and reduced along that middle axis: numpy adds along a non-contiguous axis one row after another
    (``reduceat`` would not: it sums a segment in another order, so the floats would differ)."""
    import numpy as np

    out: list[list[float]] = []
    zero = len(matrix) - 1
    for at in range(0, len(many), _BATCH):  # bounded memory, however many pairs a long list of names makes
        picked = [[0, *filter(None, map(rows.get, features))] for features in many[at:at + _BATCH]]
        index = np.full((len(picked), max(map(len, picked))), zero, dtype=np.intp)
        for i, found in enumerate(picked):
            index[i, :len(found)] = found
        out += np.add.reduce(matrix.take(index, axis=0), axis=1).tolist()
    return out


_BATCH = 128  # feature tuples summed in one call


def _softmax(scores: list[float]) -> list[float]:
    top = max(scores)
    exp = [math.exp(s - top) for s in scores]
    total = sum(exp)
    return [e / total for e in exp]


@dataclass(frozen=True)
class ModelStack:
    """Models that read the same features (the two claim models, the two facet models), their weight rows side
    by side: one look-up per feature and one sum of rows give every model's scores.

    A feature one model lacks has zeros in that model's columns; adding 0.0 leaves a float as it is, so each
    model's probabilities are the very floats of its own :meth:`RelationModel.probabilities`.
    """

    models: tuple[RelationModel, ...]

    @cached_property
    def _table(self) -> tuple[dict[str, int], np.ndarray, Callable, list[tuple[int, int]]]:
        import numpy as np

        names = sorted(set().union(*(m.weights for m in self.models)))
        rows = {f: i for i, f in enumerate(names, 1)}
        spans, col = [], 0
        for m in self.models:
            spans.append((col, col + len(m.labels)))
            col += len(m.labels)
        matrix = np.zeros((len(names) + 2, col), dtype=np.float64)  # the last row stays zeros (``_row_sums``)
        for m, (a, b) in zip(self.models, spans):
            matrix[0, a:b] = m.intercept
            for f, w in m.weights.items():
                matrix[rows[f], a:b] = w
        return rows, matrix, np.add.reduce, spans

    def probabilities(self, features: tuple[str, ...]) -> list[list[float]]:
        """Each model's :meth:`RelationModel.probabilities` of ``features``."""
        rows, matrix, add, spans = self._table
        picked = [0, *filter(None, map(rows.get, features))]
        scores = matrix[0].tolist() if len(picked) == 1 else add(matrix.take(picked, axis=0), axis=0).tolist()
        return [_softmax(scores[a:b]) for a, b in spans]

    def probabilities_many(self, many: list[tuple[str, ...]]) -> list[list[list[float]]]:
        """:meth:`probabilities` of each feature tuple of ``many``, the rows of all of them summed in one call."""
        rows, matrix, _, spans = self._table
        return [[_softmax(scores[a:b]) for a, b in spans] for scores in _row_sums(rows, matrix, many)]


_STACKS: dict[tuple[int, ...], ModelStack] = {}


def model_stack(*models: RelationModel) -> ModelStack:
    """The (kept) :class:`ModelStack` of ``models``."""
    key = tuple(map(id, models))
    found = _STACKS.get(key)
    if found is None or any(a is not b for a, b in zip(found.models, models)):  # an id of a model since freed
        found = _STACKS[key] = ModelStack(models)
    return found


@lru_cache(maxsize=8)
def load_model(path: str | Path | None = None, name: str = MODEL_FILE,
               known: tuple[str, ...] = LABELS) -> RelationModel | None:
    """The shipped weights (``ontology/<name>``; relations by default), or ``None`` when the file is absent.

    ``known`` are the labels the file may use (the claim model has its own).
    """
    from kg.catalog import ontology_dir

    path = Path(path) if path else ontology_dir() / name
    if not path.exists():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    labels = tuple(data["labels"])
    if set(labels) - set(known):
        from kg.errors import OntologyError

        raise OntologyError(f"{path.name}: unknown labels {sorted(set(labels) - set(known))}")
    veto = data.get("veto")
    own = tuple(sorted((k, float(t)) for k, t in data.get("thresholds", {}).items()))
    return RelationModel(labels, tuple(data["intercept"]), {f: tuple(w) for f, w in data["weights"].items()},
                         float(data["threshold"]), None if veto is None else float(veto), own,
                         float(data.get("implicit_discount", 0.0)))


def _finding(c: Candidate, label: str, p: float, ctx: QuoteContext, lexicon: Lexicon) -> Finding:
    kind, forward = label.rstrip("<>"), not label.endswith("<")
    source, target = (c.first, c.second) if forward else (c.second, c.first)
    horizon = None
    lo, hi = ctx.sentence_of(c.second.start)
    if fact_types().relations[kind].horizon:
        found = find_horizon(ctx.text, lo, hi, lexicon, near=c.second.start)
        horizon = found[0] if found else None
    hedged = is_hedged(ctx.text, c.start, c.end, lexicon)
    confidence = round(p * (0.7 if hedged else 1.0), 3)
    return Finding(kind, source.root, target.root, c.start, c.end, f"scorer.{kind}", confidence,
                   horizon=horizon, hedged=hedged)


def _shipped() -> RelationModel | None:
    """The relation model to use: with a parser, the one trained on its dependency paths, when one is shipped."""
    return (current() and load_model(name=PARSED_MODEL_FILE)) or load_model()


def review(ctx: QuoteContext, findings: list[Finding], lexicon: Lexicon,
           model: RelationModel | None = None, table: EntityTable | None = None) -> list[Finding]:
    """The rules' findings as the model leaves them (:func:`overrule`), then the relations it adds
    (:func:`score_relations`); the quote's candidates are built once for both."""
    model = model or _shipped()
    if model is None or not ctx.hits:
        return findings
    every = candidates(ctx, findings, lexicon, table)
    kept = overrule(findings, every, model)
    return kept + score_relations(ctx, kept, lexicon, model, table, every)


def overrule(findings: list[Finding], every: list[Candidate], model: RelationModel) -> list[Finding]:
    """``findings``, with each relation a rule found rejected where the model gives its pair no relation a chance
    of ``model.veto`` or more in every sentence that holds both names (the candidates' features name the rule, so
    the model judges the rule in its context)."""
    if model.veto is None:
        return findings
    related = {frozenset((f.source, f.target)) for f in findings if f.rejected is None}
    judged = [c for c in every if frozenset((c.first.root, c.second.root)) in related]
    none = model.labels.index("none")
    least: dict[frozenset[str], float] = {}  # a pair met in several sentences: its least doubted candidate
    for c, probs in zip(judged, model.probabilities_many([c.features for c in judged])):
        pair = frozenset((c.first.root, c.second.root))
        least[pair] = min(least.get(pair, 1.0), probs[none])
    doubted = {pair: p for pair, p in least.items() if p >= model.veto}
    return [f if f.rejected is not None or (pair := frozenset((f.source, f.target))) not in doubted else
            replace(f, rejected=f"overruled by the scorer (no relation: {doubted[pair]:.2f})", confidence=0.0)
            for f in findings]


def score_relations(ctx: QuoteContext, findings: list[Finding], lexicon: Lexicon,
                    model: RelationModel | None = None, table: EntityTable | None = None,
                    every: list[Candidate] | None = None) -> list[Finding]:
    """Relations the scorer finds between pairs that no rule related or rejected (``every``: the quote's
    candidates, when already built)."""
    model = model or _shipped()
    if model is None or not ctx.hits:
        return []
    decided = {frozenset((f.source, f.target)) for f in findings if f.type != "threatens" or f.rejected}
    threats = {frozenset((f.source, f.target)) for f in findings if f.type == "threatens" and not f.rejected}
    out = []
    every = candidates(ctx, findings, lexicon, table) if every is None else every
    open_pairs = [c for c in every if frozenset((c.first.root, c.second.root)) not in decided]
    for c, probs in zip(open_pairs, model.probabilities_many([c.features for c in open_pairs])):
        pair = frozenset((c.first.root, c.second.root))
        label, p = model.decision(probs, c.implicit)
        if pair in threats and label != "competes_with":
            continue
        kind = label.rstrip("<>")
        if label != "none" and (kind in _SYMMETRIC or not _nearer_actor(c, kind, findings, ctx)):
            out.append(_finding(c, label, p, ctx, lexicon))
    found = findings + out
    mixed = {frozenset((c.first.root, c.second.root)) for c in every if "cat:other" in c.features}
    return out + _list_rivals({frozenset((f.source, f.target)) for f in found}, found, ctx, lexicon, mixed)


_CUE_LIST = "competes.cue_list"


def _list_rivals(decided: set[frozenset[str]], found: list[Finding], ctx: QuoteContext,
                 lexicon: Lexicon, mixed: Collection[frozenset[str]] = frozenset()) -> list[Finding]:
    """The names of a list are rivals, every pair of them, when the list is one of alternatives (see
    ``_backing``). Pairs nothing related inherit the weakest of the rivalries that back the list. ``mixed``: the
    pairs of names the catalog puts in different categories (a list holding one may be a stack)."""
    rivals = {frozenset((f.source, f.target)): f.confidence for f in found
              if f.type == "competes_with" and not f.rejected}
    # a list cue's rivals ("the direct competitors are A, B and C") are the subject's, not each other's: the seeds'
    # gold reads them so, and the cue's own reader says where they are each other's too (cue_list_fellows)
    listed = {frozenset((f.source, f.target)) for f in found if f.rule == _CUE_LIST}
    outside = {pair: p for pair, p in rivals.items() if pair not in listed}
    out: list[Finding] = []
    if not rivals:
        return out
    for kind, names in name_lists(ctx):
        roots = {h.root for h in names}
        lo, hi = ctx.sentence_of(names[0].start)
        stack = any(pair <= roots for pair in mixed) or \
            lexicon.search("stack_before", ctx.text, max(lo, names[0].start - 60), names[0].start) is not None
        named = {h.root for h in ctx.hits_in(lo, hi)}  # not a subject the sentence omits
        backing = _backing(kind, roots, rivals, stack,
                           {pair: p for pair, p in outside.items() if pair <= named})
        if not backing:
            continue
        pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]
                 if frozenset((a.root, b.root)) not in decided]
        out += filter(None, (emit("competes_with", a, b, a.start, b.end, "scorer.competes_list", min(backing),
                                  ctx, lexicon) for a, b in pairs))
    return out


def _backing(kind: str, roots: set[str], rivals: dict[frozenset[str], float], stack: bool = False,
             outside: dict[frozenset[str], float] | None = None) -> list[float]:
    """The rivalries that make a list one of alternatives: two of its names compete (a ``run`` of three or more
    names in a sentence: "vector DBs like A, B and C"), or one name outside it competes with two of them (the
    ``items`` of a bullet list after "alternatives to X:"; a run after "an Ably/PubNub alternative", "faster than
    EasyOCR and Tesseract"), unless the run may be a ``stack``: the catalog puts two of its names in different
    categories, or what the run follows consolidates it ("replaces Mixpanel + FullStory + LaunchDarkly"). A run's
    ``outside`` backers are ``rivals`` less those a list cue relates and those of a name its sentence omits."""
    if kind == "run":
        inside = [p for pair, p in rivals.items() if pair <= roots] if len(roots) > 2 else []
        if inside or stack:
            return inside
        rivals = rivals if outside is None else outside
    by_name = defaultdict(list)
    for pair, p in rivals.items():
        if len(pair & roots) == 1:
            by_name[next(iter(pair - roots))].append(p)
    return [p for ps in by_name.values() if len(ps) > 1 for p in ps]


def _nearer_actor(c: Candidate, kind: str, findings: list[Finding], ctx: QuoteContext) -> bool:
    """A rule gave one of the pair the same relation with a name standing between the two: in "Qdrant is
    fine, but Weaviate's client pulls in Axios", Axios is Weaviate's dependency, not Qdrant's too."""
    between = {h.root for h in ctx.hits_in(c.first.end, c.second.start)}
    pair = {c.first.root, c.second.root}
    return any(f.type == kind and not f.rejected and len({f.source, f.target} & pair) == 1
               and ({f.source, f.target} - pair) <= between for f in findings)
