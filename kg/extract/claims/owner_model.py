"""The learned claim owner: which of the products a claim's sentence names (or the quote's subject) it is about.

The owner rules (:mod:`kg.extract.claims.owner`) give one answer; each candidate owner — the quote's subject, every
product or organization the claim's sentence names that the claim type allows, and the rules' pick — gets features:
its type; whether the document's title names it; whether it is the subject (and how sure the subject's attribution
is) or the rules' pick; where its first mention stands against the claim (inside it, before it in its clause or
sentence, after it); whether a verb follows it, it is possessive or opens the sentence or clause; the words next to
it; each also conjoined with the claim type. A conditional logit (``ontology/owners.model.json``, trained by
``python -m kg.train --only owners``) scores them and the best one owns the claim. Without the model file the rules
decide; the model is shipped only where it beats them out of fold.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from kg.extract.chooser import LinearChooser, load_chooser
from kg.extract.claims.base import ClaimFinding, clause_start
from kg.extract.claims.owner import opens_sentence, verb_follows
from kg.extract.text import QuoteContext
from kg.facts import fact_types
from kg.resolve import EntityTable, Hit

__all__ = ["MODEL_FILE", "OwnerModel", "choose_owner", "load_owner_model", "owner_candidates"]

MODEL_FILE = "owners.model.json"
_WORD = re.compile(r"[A-Za-z][\w'’-]*")
_CLAUSE_LEAD = " ,;:(-—–*\"'“"
_NEAR = 30  # characters read on each side of a mention for the words next to it


OwnerModel = LinearChooser  # a score per candidate owner: the sum of its features' weights


@lru_cache(maxsize=4)
def load_owner_model(path: str | Path | None = None) -> OwnerModel | None:
    """The shipped weights (``ontology/owners.model.json``), or ``None`` when the file is absent."""
    return load_chooser(MODEL_FILE, path)


def choose_owner(f: ClaimFinding, ctx: QuoteContext, table: EntityTable, ruled: str | None,
                 model: OwnerModel | None, sure: float = 1.0) -> str | None:
    """The owner of claim ``f``: the best-scored of :func:`owner_candidates` (the rules' pick ``ruled`` on a tie, or
    when there is no model or no other candidate)."""
    if model is None or not _rivals(f, ctx, table, ruled):
        return ruled
    candidates = owner_candidates(f, ctx, table, ruled, sure)
    if len(candidates) < 2:
        return ruled
    scores = [model.score(feats) for _, feats in candidates]
    best = max(range(len(candidates)), key=lambda i: (scores[i], candidates[i][0] == ruled, -i))
    return candidates[best][0]


def _rivals(f: ClaimFinding, ctx: QuoteContext, table: EntityTable, ruled: str | None) -> bool:
    """Whether claim ``f`` has a candidate owner besides the rules' pick (most claims' sentences name no other)."""
    if ctx.subject is not None and ctx.subject != ruled:
        return True
    allowed = _allowed(f.type)
    return any(h.root != ruled and table.info[h.root].type in allowed for h in ctx.hits_in(*ctx.sentence_of(f.start)))


@lru_cache(maxsize=32)
def _allowed(kind: str) -> frozenset[str]:
    """The entity types that may own a claim of type ``kind``."""
    spec = fact_types().claims[kind]
    return spec.owner_types | spec.acting_owner_types


def owner_candidates(f: ClaimFinding, ctx: QuoteContext, table: EntityTable, ruled: str | None,
                     sure: float = 1.0) -> list[tuple[str, tuple[str, ...]]]:
    """Each entity that may own claim ``f`` with its features, in text order of first mention in the claim's sentence,
    then the quote's subject and the rules' pick where the sentence does not name them."""
    allowed = _allowed(f.type)
    s_lo, s_hi = ctx.sentence_of(f.start)
    c_lo = clause_start(ctx.text, f.start, s_lo, s_hi)
    hits = ctx.hits_in(s_lo, s_hi)
    first: dict[str, Hit] = {}
    for h in hits:
        if h.root not in first and table.info[h.root].type in allowed:
            first[h.root] = h
    roots = list(first)
    roots += [r for r in dict.fromkeys((ctx.subject, ruled)) if r is not None and r not in first]
    inside = next((h.root for h in hits if f.start <= h.start and h.end <= f.end), None)
    count = f"ncand:{_bucket(len(roots))}"
    out = []
    for root in roots:
        info = table.info.get(root)
        feats = {"subj" if root == ctx.subject else "other", f"type:{info.type if info else '?'}"}
        if root in ctx.candidates:
            feats.add("titled")
        if root == ruled:
            feats.add("rule")
            if root != ctx.subject:
                feats.add("rule_other")
        if root == ctx.subject:
            feats.add(f"subj_sure:{'low' if sure < 0.65 else 'mid' if sure < 0.85 else 'high'}")
        h = first.get(root)
        if h is None:
            feats.add("unnamed")
        else:
            feats |= _mention_features(ctx, f, table, h, root == inside, s_lo, s_hi, c_lo)
            if root == ctx.subject:
                feats.add("subj_named")
        feats |= {f"{f.type}&{x}" for x in feats}
        feats.add(count)
        out.append((root, tuple(sorted(feats))))
    return out


def _mention_features(ctx: QuoteContext, f: ClaimFinding, table: EntityTable, h: Hit, first_inside: bool,
                      s_lo: int, s_hi: int, c_lo: int) -> set[str]:
    """Where a candidate's first mention in the sentence stands against the claim, and what is around it."""
    text = ctx.text
    feats = set()
    if f.start <= h.start and h.end <= f.end:
        where = "in_claim_first" if first_inside else "in_claim"
    elif h.end <= f.start:
        where = "before_clause" if h.start >= c_lo else "before_sentence"
        feats.add(f"gap:{_bucket(len(_WORD.findall(text, h.end, f.start)))}")
    else:
        where = "after"
    feats.add(f"pos:{where}")
    if verb_follows(text, h.end, s_hi):
        feats.add("verb_after")
    if h.possessive:
        feats.add("possessive")
    if opens_sentence(text, s_lo, h.start):
        feats.add("opens_sentence")
    if not text[c_lo:h.start].strip(_CLAUSE_LEAD):
        feats.add("opens_clause")
    before = _WORD.findall(text, max(s_lo, h.start - _NEAR), h.start)
    after = _WORD.findall(text, h.end, min(s_hi, h.end + _NEAR))
    feats.add(f"prev:{before[-1].lower() if before else '<s>'}")
    if after:
        feats.add(f"next:{after[0].lower()}")
    return feats


def _bucket(n: int) -> str:
    return "0" if n == 0 else "1" if n == 1 else "2-3" if n <= 3 else "4-7" if n <= 7 else "8+"
