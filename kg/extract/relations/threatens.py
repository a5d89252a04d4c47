"""threatens: who could hurt the subject, and when (kill cues, dated moves, passive threats)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from kg.extract.relations.base import (
    Finding,
    actor_before,
    cue_targets,
    emit,
    list_after,
    list_back,
    named_target,
    subject_hit,
)
from kg.extract.text import QuoteContext, clause_bounds, find_horizon
from kg.lexicon import Lexicon
from kg.registry import relation_extractors
from kg.resolve import EntityTable, Hit

__all__ = ["threatens"]


@relation_extractors.register("threatens")
def threatens(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[Finding]:
    """Threats: "what kills this in 12 months: X ships …", "if X beats it next quarter", "X threatens Y"."""
    subject = subject_hit(ctx)
    if subject is None:
        return
    for pattern in lexicon.patterns("threat_kill"):
        for m in pattern.finditer(ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            horizon = find_horizon(ctx.text, s_lo, s_hi, lexicon, near=m.end())
            targets = cue_targets(ctx, m, subject)
            for actor, target in ((a, t) for a in list_after(ctx, m.end(), s_hi, max_gap=60) for t in targets):
                found = emit("threatens", actor, target, m.start(), actor.end, "threat.kill_cue", 0.85, ctx,
                              lexicon, horizon=horizon[0] if horizon else None,
                              hedged=bool(re.search(r"\b(?:could|might|may|would)\b", m.group())))
                if found:
                    yield found
    for pattern in lexicon.patterns("threat_beats"):
        for m in pattern.finditer(ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            horizon = find_horizon(ctx.text, m.start(), s_hi, lexicon, near=m.end())
            for actor in ctx.hits_in(m.start("rest"), m.end("rest")):
                found = emit("threatens", actor, subject, m.start(), m.end(), "threat.if_beats", 0.8, ctx, lexicon,
                              horizon=horizon[0] if horizon else None, hedged=True)
                if found:
                    yield found
    ship_verb = lexicon.pattern("ship_verb")
    for pattern in lexicon.patterns("threat_blow"):
        for m in pattern.finditer(ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            for actor in ctx.hits_in(s_lo, s_hi):
                before = ctx.text[max(s_lo, actor.start - 8):actor.start]
                if ship_verb.match(ctx.text, actor.end) and not re.search(r"\b(?:into|to|on|with|in)\s*$", before):
                    found = emit("threatens", actor, subject, actor.start, m.end(), "threat.platform_move", 0.75,
                                  ctx, lexicon)
                    if found:
                        yield found
    for pattern in lexicon.patterns("threat_danger"):
        for m in pattern.finditer(ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            horizon = find_horizon(ctx.text, s_lo, s_hi, lexicon, near=m.end())
            targets = cue_targets(ctx, m, subject)
            for actor, target in ((a, t) for a in list_after(ctx, m.end(), s_hi, max_gap=12) for t in targets):
                found = emit("threatens", actor, target, m.start(), actor.end, "threat.danger", 0.8, ctx, lexicon,
                             horizon=horizon[0] if horizon else None)
                if found:
                    yield found
    for pattern in lexicon.patterns("threat_by"):  # "Pinecone is losing ground to Turbopuffer"
        for m in pattern.finditer(ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            lo, hi = clause_bounds(ctx.text, m.start(), m.end(), s_lo, s_hi)
            target = actor_before(ctx, m.start(), lo, words=4) or subject
            horizon = find_horizon(ctx.text, s_lo, s_hi, lexicon, near=m.end())
            for actor in list_after(ctx, m.end(), hi, max_gap=12):
                found = emit("threatens", actor, target, min(m.start(), target.start if target.end else m.start()),
                              actor.end, "threat.passive", 0.8, ctx, lexicon, horizon=horizon[0] if horizon else None)
                if found:
                    yield found
    yield from _platform_moves(ctx, lexicon, subject)
    for pattern in lexicon.patterns("threat_before"):  # "maybe 12 months before Vercel ships its own"
        for m in pattern.finditer(ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            horizon = find_horizon(ctx.text, s_lo, s_hi, lexicon, near=m.start())
            for actor in list_after(ctx, m.start("rest"), m.end("rest"), max_gap=12, tight=True):
                found = emit("threatens", actor, subject, m.start(), m.end(), "threat.before", 0.7, ctx, lexicon,
                              horizon=horizon[0] if horizon else None)
                if found:
                    yield found
    for pattern in lexicon.patterns("threat_agentless"):  # "… all chasing the same users, and Aider might get squeezed"
        for m in pattern.finditer(ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            lo, _ = clause_bounds(ctx.text, m.start(), m.end(), s_lo, s_hi)
            target = actor_before(ctx, m.start(), lo, words=3) or subject
            for actor in ctx.hits_in(s_lo, m.start()):
                before = ctx.text[max(s_lo, actor.start - 6):actor.start]
                if actor.root == target.root or actor.possessive or re.search(r"\b(?:from|by|of|with)\s+$", before):
                    continue
                found = emit("threatens", actor, target, actor.start, m.end(), "threat.agentless", 0.6, ctx, lexicon,
                             horizon=_horizon(ctx, lexicon, s_lo, s_hi, m.start()))
                if found:
                    yield found
    for pattern in lexicon.patterns("threat_actor_is"):  # "Vercel is the bigger worry", "Modal is the one I'd watch"
        for m in pattern.finditer(ctx.text):
            lo, _ = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
            for actor in list_back(ctx, m.start(), lo):
                found = emit("threatens", actor, subject, actor.start, m.end(), "threat.actor_is", 0.7, ctx, lexicon)
                if found:
                    yield found
    for pattern in lexicon.patterns("threat_watch"):  # "keep an eye on Modal"
        for m in pattern.finditer(ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            for actor in list_after(ctx, m.end(), s_hi, max_gap=8, tight=True):
                found = emit("threatens", actor, subject, m.start(), actor.end, "threat.watch", 0.6, ctx, lexicon)
                if found:
                    yield found
    for pattern in lexicon.patterns("threat_reverse"):  # "Pinecone should be nervous"
        for m in pattern.finditer(ctx.text):
            lo, _ = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
            for target in list_back(ctx, m.start(), lo):
                found = emit("threatens", subject, target, target.start, m.end(), "threat.nervous", 0.7, ctx, lexicon)
                if found:
                    yield found
    for key in ("threat_toast", "threat_lunch"):
        for pattern in lexicon.patterns(key):
            for m in pattern.finditer(ctx.text):
                s_lo, s_hi = ctx.sentence_of(m.start())
                lo, _ = clause_bounds(ctx.text, m.start(), m.end(), s_lo, s_hi)
                target = named_target(ctx, m, subject)
                if target is None:
                    continue
                if "rest" in m.groupdict():
                    actors = list_after(ctx, m.start("rest"), m.end("rest"), max_gap=12)
                else:
                    actors = [actor_before(ctx, m.start(), lo, words=3) or subject]
                horizon = find_horizon(ctx.text, s_lo, s_hi, lexicon, near=m.start())
                for actor in actors:
                    start = min(actor.start if actor.end else m.start(), m.start())
                    found = emit("threatens", actor, target, start, m.end(), f"threat.{key.split('_')[1]}", 0.75, ctx,
                                  lexicon, horizon=horizon[0] if horizon else None)
                    if found:
                        yield found
                    if found and "lunch" in m.group().lower():  # eating someone's lunch is competing with them, too
                        yield Finding("competes_with", actor.root, target.root, start, m.end(), "competes.lunch",
                                      found.confidence, hedged=found.hedged)
    for pattern in lexicon.patterns("threat_if"):
        for m in pattern.finditer(ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            horizon = find_horizon(ctx.text, m.start(), s_hi, lexicon, near=m.end())
            rest = m.start("rest")
            for actor in list_after(ctx, rest, m.end("rest"), max_gap=12):
                found = emit("threatens", actor, subject, m.start(), m.end(), "threat.if_then", 0.75, ctx, lexicon,
                              horizon=horizon[0] if horizon else None, hedged=True)
                if found:
                    yield found
    for pattern in lexicon.patterns("threat_verb"):
        for m in pattern.finditer(ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            lo, hi = clause_bounds(ctx.text, m.start(), m.end(), s_lo, s_hi)
            actors = list_back(ctx, m.start(), lo)
            targets = list_after(ctx, m.end(), hi, max_gap=12) or [subject]
            horizon = find_horizon(ctx.text, s_lo, s_hi, lexicon, near=m.end())
            for actor in actors:
                for target in targets:
                    found = emit("threatens", actor, target, actor.start, max(target.end, m.end()), "threat.verb", 0.8,
                                  ctx, lexicon, horizon=horizon[0] if horizon else None)
                    if found:
                        yield found


_MOVE_AFTER_IS = re.compile(r"\s+(?:is|has been|are)\s+[^,.;]{0,40}?\s+and(?=\s)")  # "… is the consolidator and could ship"


def _horizon(ctx: QuoteContext, lexicon: Lexicon, lo: int, hi: int, near: int) -> str | None:
    found = find_horizon(ctx.text, lo, hi, lexicon, near=near)
    return found[0] if found else None


def _platform_moves(ctx: QuoteContext, lexicon: Lexicon, subject: Hit) -> Iterator[Finding]:
    """A dated move by someone else: "Vercel will ship durable workflows by Q2 2026" threatens the subject.

    Needs both a horizon in the sentence and another product or company as the subject of a ship/launch/
    catch-up verb; names after a preposition ("into VS Code") are objects, not actors.
    """
    move = lexicon.pattern("ship_move")
    for k, (s_lo, s_hi) in enumerate(ctx.sentences):
        horizon = find_horizon(ctx.text, s_lo, s_hi, lexicon)
        for j in (k + 1, k - 1):  # "X will ship it. Y's head start is maybe 18 months" (or the other way round)
            if horizon is None and 0 <= j < len(ctx.sentences):
                horizon = find_horizon(ctx.text, *ctx.sentences[j], lexicon)
        if horizon is None:
            continue
        for actor in ctx.hits_in(s_lo, s_hi):
            before = ctx.text[max(s_lo, actor.start - 12):actor.start]
            if actor.root == subject.root or actor.type not in ("Product", "Organization") or actor.possessive \
                    or re.search(r"\b(?:into|to|on|with|in|for|from|than|of|over|like|vs\.?)\s+$", before, re.IGNORECASE):
                continue
            m = move.match(ctx.text, actor.end) or _MOVE_AFTER_IS.match(ctx.text, actor.end) and \
                move.match(ctx.text, _MOVE_AFTER_IS.match(ctx.text, actor.end).end())
            if m:
                found = emit("threatens", actor, subject, actor.start, m.end(), "threat.dated_move", 0.5, ctx, lexicon,
                              horizon=horizon[0])
                if found:
                    yield found
