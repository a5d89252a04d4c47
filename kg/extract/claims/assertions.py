"""Qualitative claims: capabilities, limitations, risks, comparisons, business, labelled notes, evaluations."""

from __future__ import annotations

import re
from collections.abc import Iterator

from kg.extract.claims.base import ClaimFinding
from kg.extract.claims.cues import run_claim_cues
from kg.extract.text import QuoteContext, find_horizon, trim_span
from kg.lexicon import Lexicon
from kg.registry import claim_extractors
from kg.resolve import EntityTable

__all__ = ["business", "capabilities", "comparisons", "evaluations", "labelled", "limitations", "risks"]


@claim_extractors.register("limitation")
def limitations(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Where a product breaks: "the scenario where this breaks: X", "X is still immature" (cue records)."""
    yield from run_claim_cues(ctx, lexicon, "limitation")


@claim_extractors.register("capability")
def capabilities(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """What a product does: "shipped real sandboxing", "works out of the box", "OCI compatibility" (cue records)."""
    yield from run_claim_cues(ctx, lexicon, "capability")


@claim_extractors.register("risk")
def risks(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Risks: threat scenarios ("what kills it in 12 months is if …", read from the threat cues) and risk words."""
    yield from run_claim_cues(ctx, lexicon, "risk")


@claim_extractors.register("comparison")
def comparisons(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Comparisons: "outperforms flat vector search", "ahead of Copilot Workspace on UX" (cue records)."""
    yield from run_claim_cues(ctx, lexicon, "comparison")


@claim_extractors.register("business")
def business(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Business model statements: "the moat is distribution", "the buyer is …" (cue records)."""
    yield from run_claim_cues(ctx, lexicon, "business")


_LABELLED = re.compile(r"(?m)^[ \t]*(?:[-*•]|\d+[.)/])?[ \t]*(?P<key>[A-Za-z][\w /&-]{1,24}?)[ \t]*:[ \t]*(?P<value>\S[^\n]*)$")


@claim_extractors.register("labelled")
def labelled(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Lines of analyst notes that say what they are: "- risk: small team; thin docs" → two risk claims."""
    labels: dict = lexicon.cues["labels"]  # type: ignore[assignment]
    for m in _LABELLED.finditer(ctx.text):
        kind = labels.get(m.group("key").strip().lower())
        if kind is None or kind in ("pricing", "license", "platform"):  # those have their own, exact extractors
            continue
        for piece in re.finditer(r"[^;]+", m.group("value")):
            start, end = trim_span(ctx.text, m.start("value") + piece.start(), m.start("value") + piece.end())
            if end - start >= 6:
                yield ClaimFinding(kind, start, end, f"labelled.{kind}", 0.7,
                                   polarity={"risk": "negative", "limitation": "negative", "capability": "positive"}.get(kind))


_DESCRIPTION_CUT = re.compile(r",\s+(?:and|but|so|then)\s+|;\s+|:\s+|\s+[—–]\s+")
_DESCRIPTION_HEAD = re.compile(r"(?:(?:it|they|he|she)|(?P<name>\S+(?:\s\S+)?))\s+(?:also\s+|now\s+|still\s+|just\s+|even\s+)?"
                               r"(?P<verb>[a-z]{3,}s)\b", re.IGNORECASE)
_NOT_VERBS = frozenset(["is", "has", "was", "does", "its", "this", "plus", "less", "always", "sometimes", "perhaps", "news", "series", "basis", "access", "process", "class", "lens", "bias", "status", "focus", "versus", "across"])


@claim_extractors.register("description")
def descriptions(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """What the product does, told plainly: "it builds a repo map with tree-sitter", "DSPy treats prompts as …"."""
    names = {h.start for h in ctx.hits if h.root == ctx.subject}
    for s_lo, s_hi in ctx.sentences:
        cursor = s_lo
        for cut in [*_DESCRIPTION_CUT.finditer(ctx.text[s_lo:s_hi]), None]:
            a = cursor
            b = s_lo + cut.start() if cut else s_hi
            cursor = s_lo + cut.end() if cut else s_hi
            a, b = trim_span(ctx.text, a, b)
            head = _DESCRIPTION_HEAD.match(ctx.text[a:b])
            if not head or head.group("verb").lower() in _NOT_VERBS or head.group("verb").endswith("ss"):
                continue
            if head.group("name") and a not in names:
                continue  # only the product itself (or "it") as the doer
            if 4 <= len(ctx.text[a:b].split()) <= 25:
                yield ClaimFinding("capability", a, b, "assertion.description", 0.45, polarity="positive")


_ABOUT_OTHERS = re.compile(r"\b(?:competitors?|competition|rivals?|alternatives?|kills?|threat\w*|vs\.?|versus)\b",
                           re.IGNORECASE)


@claim_extractors.register("evaluation")
def evaluations(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[ClaimFinding]:
    """Qualitative claims no cue caught, one clause at a time: the trained claim model
    (``ontology/claims.model.json``) where it is shipped, else strong sentiment (VADER): praise is a
    capability, criticism a limitation."""
    from kg.extract.clauses import CLAIM_LABELS, clauses
    from kg.extract.scorer import load_model

    model = load_model(None, CLAIMS_MODEL, CLAIM_LABELS)
    found = load_model(None, FOUND_MODEL, FOUND_LABELS)
    if model is not None:
        found_in = clauses(ctx, lexicon)
        for clause, (label, p) in zip(found_in, _decide_all([c.features for c in found_in], model, found)):
            if label != "none":  # below every rule's confidence: a rule's reading of the same words wins
                horizon = find_horizon(ctx.text, *ctx.sentence_of(clause.start), lexicon, near=clause.start) \
                    if label == "risk" else None
                yield ClaimFinding(label, clause.start, clause.end, f"learned.{label}", round(0.6 * p, 3),
                                   horizon=horizon[0] if horizon else None, polarity=_POLARITY.get(label))
        return
    yield from _by_sentiment(ctx)


CLAIMS_MODEL = "claims.model.json"
FOUND_MODEL = "claims_found.model.json"
FOUND_LABELS = ("none", "claim")


def _decide_all(many: list[tuple[str, ...]], model, found) -> list[tuple[str, float]]:
    """Each clause's claim type and confidence: the found-or-not model (where shipped) decides whether the clause
    states a claim, the typed model which type; without it the typed model decides both."""
    if found is None:
        return [model.decision(probs) for probs in model.probabilities_many(many)]
    from kg.extract.scorer import model_stack

    out = []
    for found_probs, probs in model_stack(found, model).probabilities_many(many):  # one look-up for both models
        is_claim, p = found.decision(found_probs)
        if is_claim == "none":
            out.append(("none", p))
            continue
        best = max((i for i, label in enumerate(model.labels) if label != "none"), key=lambda i: (probs[i], -i))
        out.append((model.labels[best], p))
    return out


_POLARITY = {"capability": "positive", "limitation": "negative", "risk": "negative"}


def _by_sentiment(ctx: QuoteContext) -> Iterator[ClaimFinding]:
    from kg.extract.facets import sentence_polarity

    for s_lo, s_hi in ctx.sentences:
        pieces, cursor = [], s_lo
        for m in re.finditer(r",\s+(?:and|but|so|while|though)\s+|;\s+|\s+[—–]\s+|:\s+", ctx.text[s_lo:s_hi]):
            pieces.append((cursor, s_lo + m.start()))
            cursor = s_lo + m.end()
        pieces.append((cursor, s_hi))
        for a, b in pieces:
            a, b = trim_span(ctx.text, a, b)
            if len(ctx.text[a:b].split()) < 4 or _ABOUT_OTHERS.search(ctx.text, a, b):
                continue  # too short to say anything, or about competitors rather than the product's quality
            score = sentence_polarity(ctx.text[a:b], ctx.text, a)
            if abs(score) >= 0.3:
                kind = "capability" if score > 0 else "limitation"
                yield ClaimFinding(kind, a, b, "assertion.evaluation", 0.5,
                                   polarity="positive" if score > 0 else "negative")
