"""competes_with: explicit competition statements, negations and lists of rivals."""

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
    negated_pairs,
    referent,
    subject_hit,
)
from kg.extract.text import QuoteContext, clause_bounds
from kg.lexicon import Lexicon
from kg.registry import relation_extractors
from kg.resolve import EntityTable

__all__ = ["competes_with"]


@relation_extractors.register("competes_with")
def competes_with(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[Finding]:
    """Explicit competition: "competitors are X, Y and Z", "competes with X", "alternative to X", "the race is close"."""
    subject = subject_hit(ctx)
    negated = negated_pairs(ctx, lexicon)
    anchored: list[tuple[int, int]] = []  # cues that name their own anchor ("if you're evaluating X, you're also …")
    for m in lexicon.finditer("competition_list", ctx.text):
        if any(lo <= m.start() < hi for lo, hi in anchored):
            continue  # a shorter cue inside one already read
        if "rest" in m.groupdict() and m.group("rest") is not None:
            anchored.append((m.start(), m.end()))
        s_lo, s_hi = ctx.sentence_of(m.start())
        lo, _hi = clause_bounds(ctx.text, m.start(), m.end(), s_lo, s_hi)
        has_rest = "rest" in m.groupdict() and m.group("rest") is not None
        named = ctx.hits_in(m.start("rest"), m.end("rest")) if has_rest else []
        actors = [] if has_rest else list_back(ctx, m.start(), lo)  # "Crunchy Bridge and Xata are competing"
        source = named[0] if named else (subject if has_rest else (actors[0] if actors else None)
                                         or antecedent(ctx, m.start(), subject))
        if re.match(r"(?:versus|vs)", m.group(), re.IGNORECASE):
            source = actor_before(ctx, m.start(), lo, words=2)  # in-text "X vs Y" needs both names
        negation = re.search(r"\b(?:not|isn't|aren't|no|never|doesn't|don't|neither|nor)\b", ctx.text[lo:m.end()])
        pronoun = re.match(r"\s*(?:it|them|this|that)\b|\s*$", ctx.text[m.end():m.end() + 6])
        targets = [] if pronoun else list_after(ctx, m.end(), s_hi)
        if pronoun and source is not None and re.match(r"\s*it\b", ctx.text[m.end():m.end() + 4]):
            targets = [x for x in [referent(ctx, m.start(), source)] if x]  # "… competes with it"
        same_pool = re.search(r"\bthe same\b", m.group()) is not None
        if not targets and subject and (pronoun or same_pool):
            targets = [subject]  # "competes for the same buyers"
        sources = actors if len(actors) > 1 and not named else [source]
        for source, target in ((src, tgt) for src in sources for tgt in targets):
            if source is None:
                break
            start = min(m.start(), source.start if source.end else m.start())
            end = max(target.end, m.end())
            if negation or frozenset((source.root, target.root)) in negated:
                yield Finding("competes_with", source.root, target.root, start, end, "competes.negated", 0.0,
                              rejected="negated")
                continue
            found = emit("competes_with", source, target, start, end, "competes.cue_list", 0.9, ctx, lexicon)
            if found:
                yield found
    for m in lexicon.finditer("competition_before", ctx.text):
        lo, _ = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
        items = list_back(ctx, m.start(), lo)
        if "other" in m.groupdict() and m.group("other"):
            items += ctx.hits_in(m.start("other"), m.end("other"))[:1]
            pairs = [(items[0], h) for h in items[1:]]
        else:
            pairs = [(subject, h) for h in items] if subject else []
        for source, target in pairs:
            if frozenset((source.root, target.root)) not in negated:
                found = emit("competes_with", source, target, min(target.start, m.start()), m.end(),
                              "competes.cue_before", 0.8, ctx, lexicon)
                if found:
                    yield found
    for m in lexicon.finditer("competition_named_alternative", ctx.text):  # "an open-source Pinecone alternative"
        target = named_target(ctx, m)
        lo, _ = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
        source = actor_before(ctx, m.start(), lo, words=3) or subject
        if target and source and frozenset((source.root, target.root)) not in negated:
            found = emit("competes_with", source, target, min(m.start(), source.start if source.end else m.start()),
                          m.end(), "competes.named_alternative", 0.8, ctx, lexicon)
            if found:
                yield found
    for m in lexicon.finditer("competition_incumbent", ctx.text):  # "Arguably LangSmith is the incumbent they chase"
        lo, _ = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
        actor = actor_before(ctx, m.start(), lo, words=2)
        found = emit("competes_with", subject, actor, actor.start, m.end(), "competes.incumbent", 0.7, ctx,
                      lexicon) if actor and subject else None
        if found:
            yield found
    for m in lexicon.finditer("competition_choice", ctx.text):
        items = list_after(ctx, m.end(), ctx.sentence_of(m.start())[1])
        if subject and any(i.root == subject.root for i in items):
            for target in items:
                found = emit("competes_with", subject, target, m.start(), target.end, "competes.choices", 0.75,
                              ctx, lexicon)
                if found and frozenset((subject.root, target.root)) not in negated:
                    yield found
    for m in lexicon.finditer("competition_race", ctx.text):
        s_lo, s_hi = ctx.sentence_of(m.start())
        for target in ctx.hits_in(s_lo, s_hi):
            if subject and target.type in ("Product", "Organization") \
                    and frozenset((subject.root, target.root)) not in negated:
                found = emit("competes_with", subject, target, min(target.start, m.start()),
                              max(target.end, m.end()), "competes.race", 0.7, ctx, lexicon)
                if found:
                    yield found
    for pair, (start, end) in negated.items():
        a, b = sorted(pair)
        yield Finding("competes_with", a, b, start, end, "competes.negated", 0.0, rejected="negated")
