"""threatens: who could hurt the subject, and when (kill cues, dated moves, passive threats).

Each cue family in ``ontology/cues.json`` has a reader that turns one match into (actor, target, start, end)
readings; one loop dates them with the sentence's horizon and checks them into findings.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from kg.extract.relations.base import (
    Finding,
    actor_before,
    antecedent,
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

Reading = tuple[Hit, Hit, int, int]  # actor, target, evidence start, evidence end


def _start(hit: Hit, fallback: int) -> int:
    """Where evidence may start: at the name, unless the hit is the bare subject (which has no span)."""
    return min(hit.start, fallback) if hit.end else fallback


def _kill(ctx: QuoteContext, m: re.Match[str], subject: Hit, lexicon: Lexicon) -> Iterable[Reading]:
    """ "What kills this in 12 months: X ships …" — the names listed after the cue."""
    s_hi = ctx.sentence_of(m.start())[1]
    for actor in list_after(ctx, m.end(), s_hi, max_gap=60):
        for target in cue_targets(ctx, m, subject):
            yield actor, target, m.start(), actor.end


def _beats(ctx: QuoteContext, m: re.Match[str], subject: Hit, lexicon: Lexicon) -> Iterable[Reading]:
    """ "if X or Y beats it next quarter" — the names in the if-clause."""
    for actor in ctx.hits_in(m.start("rest"), m.end("rest")):
        yield actor, subject, m.start(), m.end()


def _blow(ctx: QuoteContext, m: re.Match[str], subject: Hit, lexicon: Lexicon) -> Iterable[Reading]:
    """ "… what Microsoft will ship into VS Code; a one-move kill" — the sentence's shipping actor."""
    s_lo, s_hi = ctx.sentence_of(m.start())
    ship_verb = lexicon.pattern("ship_verb")
    for actor in ctx.hits_in(s_lo, s_hi):
        before = ctx.text[max(s_lo, actor.start - 8):actor.start]
        if ship_verb.match(ctx.text, actor.end) and not re.search(r"\b(?:into|to|on|with|in)\s*$", before):
            yield actor, subject, actor.start, m.end()


def _danger(ctx: QuoteContext, m: re.Match[str], subject: Hit, lexicon: Lexicon) -> Iterable[Reading]:
    """ "the biggest risk to this whole category within a year: OpenAI, Anthropic and Google …"."""
    s_hi = ctx.sentence_of(m.start())[1]
    actors = list_after(ctx, m.end(), s_hi, max_gap=12)
    colon = re.compile(r"[^,;.:]{1,40}:\s").match(ctx.text, m.end(), s_hi)
    if not actors and colon:  # "the real risk is the warehouses: X and Y …"
        actors = list_after(ctx, colon.end(), s_hi, max_gap=4)
    owner = [h for h in ctx.hits if h.possessive and h.end < m.start() and not ctx.text[h.end:m.start()].strip("'’s ")]
    for actor in actors:
        for target in owner[-1:] or cue_targets(ctx, m, subject):  # "Cursor's real threat is …"
            yield actor, target, min([m.start()] + [o.start for o in owner[-1:]]), actor.end


def _by(ctx: QuoteContext, m: re.Match[str], subject: Hit, lexicon: Lexicon) -> Iterable[Reading]:
    """ "Pinecone is losing ground to Turbopuffer", "squeezed between X and Y"."""
    lo, hi = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
    target = actor_before(ctx, m.start(), lo, words=4) or subject
    for actor in list_after(ctx, m.end(), hi, max_gap=12):
        yield actor, target, _start(target, m.start()), actor.end


def _before(ctx: QuoteContext, m: re.Match[str], subject: Hit, lexicon: Lexicon) -> Iterable[Reading]:
    """ "maybe 12 months before Vercel ships its own"."""
    for actor in list_after(ctx, m.start("rest"), m.end("rest"), max_gap=12, tight=True):
        yield actor, subject, m.start(), m.end()


def _agentless(ctx: QuoteContext, m: re.Match[str], subject: Hit, lexicon: Lexicon) -> Iterable[Reading]:
    """ "… all chasing the same users, and Aider might get squeezed" — the sentence's other names."""
    s_lo, s_hi = ctx.sentence_of(m.start())
    lo, _ = clause_bounds(ctx.text, m.start(), m.end(), s_lo, s_hi)
    target = actor_before(ctx, m.start(), lo, words=3) or subject
    for actor in ctx.hits_in(s_lo, m.start()):
        before = ctx.text[max(s_lo, actor.start - 6):actor.start]
        if actor.root != target.root and not actor.possessive and not re.search(r"\b(?:from|by|of|with)\s+$", before):
            yield actor, target, actor.start, m.end()


def _actor_is(ctx: QuoteContext, m: re.Match[str], subject: Hit, lexicon: Lexicon) -> Iterable[Reading]:
    """ "Vercel is the bigger worry", "Modal is the one I'd watch"."""
    lo, _ = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
    for actor in list_back(ctx, m.start(), lo):
        yield actor, subject, actor.start, m.end()


def _watch(ctx: QuoteContext, m: re.Match[str], subject: Hit, lexicon: Lexicon) -> Iterable[Reading]:
    """ "keep an eye on Modal"."""
    s_hi = ctx.sentence_of(m.start())[1]
    for actor in list_after(ctx, m.end(), s_hi, max_gap=8, tight=True):
        yield actor, subject, m.start(), actor.end


def _nervous(ctx: QuoteContext, m: re.Match[str], subject: Hit, lexicon: Lexicon) -> Iterable[Reading]:
    """ "Pinecone should be nervous" — the subject threatens the nervous one."""
    lo, _ = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
    for target in list_back(ctx, m.start(), lo):
        yield subject, target, target.start, m.end()


def _named_fate(ctx: QuoteContext, m: re.Match[str], subject: Hit, lexicon: Lexicon) -> Iterable[Reading]:
    """ "once X ships Y, Z is toast", "X eats Y's lunch", "keeps Y up at night"."""
    named = ctx.hits_in(m.start("target"), m.end("target")) if m.groupdict().get("target") else []
    targets = named or [t for t in [named_target(ctx, m, subject)] if t]  # "circleci and buildkite are in trouble"
    lo, _ = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
    if "rest" in m.groupdict():
        actors = list_after(ctx, m.start("rest"), m.end("rest"), max_gap=12)
    else:
        actors = [actor_before(ctx, m.start(), lo, words=3) or antecedent(ctx, m.start(), subject) or subject]
    for actor in actors:
        for target in targets:
            yield actor, target, _start(actor, m.start()), m.end()


def _if_then(ctx: QuoteContext, m: re.Match[str], subject: Hit, lexicon: Lexicon) -> Iterable[Reading]:
    """ "if LangChain ships long-term memory next quarter, that's a direct threat"."""
    for actor in list_after(ctx, m.start("rest"), m.end("rest"), max_gap=12):
        yield actor, subject, m.start(), m.end()


def _verb(ctx: QuoteContext, m: re.Match[str], subject: Hit, lexicon: Lexicon) -> Iterable[Reading]:
    """ "SGLang and TensorRT-LLM keep eating into its lead", "Okta could bundle …", "X threatens Y"."""
    lo, hi = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
    targets = list_after(ctx, m.end(), hi, max_gap=12) or [subject]
    for actor in list_back(ctx, m.start(), lo):
        for target in targets:
            yield actor, target, actor.start, max(target.end, m.end())


@dataclass(frozen=True)
class _Cue:
    key: str
    read: Callable[[QuoteContext, re.Match[str], Hit, Lexicon], Iterable[Reading]]
    rule: str
    confidence: float
    dated: bool = True  # read a horizon from the sentence
    hedged: Callable[[re.Match[str]], bool | None] = lambda m: None


_CUES = (
    _Cue("threat_kill", _kill, "threat.kill_cue", 0.85,
         hedged=lambda m: bool(re.search(r"\b(?:could|might|may|would)\b", m.group()))),
    _Cue("threat_beats", _beats, "threat.if_beats", 0.8, hedged=lambda m: True),
    _Cue("threat_blow", _blow, "threat.platform_move", 0.75, dated=False),
    _Cue("threat_danger", _danger, "threat.danger", 0.8),
    _Cue("threat_by", _by, "threat.passive", 0.8),
    _Cue("threat_before", _before, "threat.before", 0.7),
    _Cue("threat_agentless", _agentless, "threat.agentless", 0.6),
    _Cue("threat_actor_is", _actor_is, "threat.actor_is", 0.7, dated=False),
    _Cue("threat_watch", _watch, "threat.watch", 0.6, dated=False),
    _Cue("threat_reverse", _nervous, "threat.nervous", 0.7, dated=False),
    _Cue("threat_toast", _named_fate, "threat.toast", 0.75),
    _Cue("threat_lunch", _named_fate, "threat.lunch", 0.75),
    _Cue("threat_if", _if_then, "threat.if_then", 0.75, hedged=lambda m: True),
    _Cue("threat_verb", _verb, "threat.verb", 0.8),
)


@relation_extractors.register("threatens")
def threatens(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[Finding]:
    """Threats: "what kills this in 12 months: X ships …", "if X beats it next quarter", "X threatens Y"."""
    subject = subject_hit(ctx)
    if subject is None:
        return
    for cue in _CUES:
        for m in lexicon.finditer(cue.key, ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            horizon = _horizon(ctx, lexicon, s_lo, s_hi, m.end()) if cue.dated else None
            for actor, target, start, end in cue.read(ctx, m, subject, lexicon):
                found = emit("threatens", actor, target, start, end, cue.rule, cue.confidence, ctx, lexicon,
                             horizon=horizon, hedged=cue.hedged(m))
                if found:
                    yield found
                if found and "lunch" in m.group().lower():  # eating someone's lunch is competing, too
                    yield Finding("competes_with", found.source, found.target, found.start, found.end,
                                  "competes.lunch", found.confidence, hedged=found.hedged)
    yield from _platform_moves(ctx, lexicon, subject)


_MOVE_AFTER_IS = re.compile(r"\s+(?:is|has been|are)\s+[^,.;]{0,40}?\s+and(?=\s)")  # "… is the consolidator and could ship"


def _horizon(ctx: QuoteContext, lexicon: Lexicon, lo: int, hi: int, near: int) -> str | None:
    found = find_horizon(ctx.text, lo, hi, lexicon, near=near)
    return found[0] if found else None


def _platform_moves(ctx: QuoteContext, lexicon: Lexicon, subject: Hit) -> Iterator[Finding]:
    """A dated move by someone else: "Vercel will ship durable workflows by Q2 2026" threatens the subject.

    Needs both a horizon in the sentence (or the one next to it) and another product or company as the
    subject of a ship/launch/catch-up verb; names after a preposition ("into VS Code") are objects.
    """
    move = lexicon.pattern("ship_move")
    for k, (s_lo, s_hi) in enumerate(ctx.sentences):
        horizon = _horizon(ctx, lexicon, s_lo, s_hi, s_lo)
        for j in (k + 1, k - 1):  # "X will ship it. Y's head start is maybe 18 months" (or the other way round)
            if horizon is None and 0 <= j < len(ctx.sentences):
                horizon = _horizon(ctx, lexicon, *ctx.sentences[j], ctx.sentences[j][0])
        if horizon is None:
            continue
        for actor in ctx.hits_in(s_lo, s_hi):
            before = ctx.text[max(s_lo, actor.start - 12):actor.start]
            if actor.root == subject.root or actor.type not in ("Product", "Organization") or actor.possessive \
                    or re.search(r"\b(?:into|to|on|with|in|for|from|than|of|over|like|vs\.?)\s+$", before, re.IGNORECASE):
                continue
            linked = _MOVE_AFTER_IS.match(ctx.text, actor.end)
            m = move.match(ctx.text, actor.end) or (linked and move.match(ctx.text, linked.end()))
            if m:
                found = emit("threatens", actor, subject, actor.start, m.end(), "threat.dated_move", 0.5, ctx, lexicon,
                             horizon=horizon)
                if found:
                    yield found
