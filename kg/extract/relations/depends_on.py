"""depends_on: what a product is built on, runs on or wraps."""

from __future__ import annotations

import re
from collections.abc import Iterator

from kg.extract.relations.base import (
    Finding,
    actor_before,
    antecedent,
    emit,
    list_after,
    list_back,
    named_target,
    subject_hit,
)
from kg.extract.text import QuoteContext, clause_bounds
from kg.lexicon import Lexicon
from kg.registry import relation_extractors
from kg.resolve import EntityTable, Hit

__all__ = ["depends_on"]


@relation_extractors.register("depends_on")
def depends_on(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[Finding]:
    """Dependencies between named things: "built on X", "runs on top of X", "requires X", "uses X under the hood"."""
    subject = subject_hit(ctx)
    yield from _depends_named(ctx, lexicon, subject)
    for key, reverse in (("depends_verb", False), ("depends_reverse", True), ("depends_explicit", False)):
        for m in lexicon.finditer(key, ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            lo, hi = clause_bounds(ctx.text, m.start(), m.end(), s_lo, s_hi)
            fallback = None if key == "depends_explicit" else subject  # "uses X" needs its user named
            sources = list_back(ctx, m.start(), lo) or [x for x in [antecedent(ctx, m.start(), fallback)] if x]
            negated = lexicon.search("depends_negation", ctx.text, s_lo, s_hi) or \
                re.search(r"\b(?:rather than|instead of|not|never|no longer|without)\s+(?:\w+\s+)?$",
                          ctx.text[max(s_lo, m.start() - 24):m.start()], re.IGNORECASE)
            pronoun = re.match(r"\s*(?:it|them)\b", ctx.text[m.end():m.end() + 5])
            targets = [subject] if pronoun and subject else list_after(ctx, m.end(), hi, max_gap=14, tight=True)
            for source, target in ((src, tgt) for src in sources for tgt in targets):
                if m.group().lower().startswith("backed") and target.type == "Organization":
                    continue  # "backed by a16z" is money, not a dependency
                a, b = (target, source) if reverse else (source, target)
                start = min(m.start(), source.start if source.end else m.start())
                if negated:
                    yield Finding("depends_on", a.root, b.root, start, max(target.end, m.end()), "depends.cue", 0.0,
                                  rejected="past or negated dependency")
                    continue
                found = emit("depends_on", a, b, start, max(target.end, m.end()), "depends.cue", 0.8, ctx, lexicon)
                if found:
                    yield found


def _depends_named(ctx: QuoteContext, lexicon: Lexicon, subject: Hit | None) -> Iterator[Finding]:
    """ "X is a thin Ollama frontend", "a VS Code extension", "a Playwright-based agent": X depends on the name."""
    for key in ("depends_named", "depends_suffix"):
        for m in lexicon.finditer(key, ctx.text):
            target = named_target(ctx, m)
            lo, _ = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
            source = actor_before(ctx, m.start(), lo, words=3) or subject
            if target and source:
                found = emit("depends_on", source, target, min(m.start(), source.start if source.end else m.start()),
                              m.end(), "depends.named", 0.75, ctx, lexicon)
                if found:
                    yield found
