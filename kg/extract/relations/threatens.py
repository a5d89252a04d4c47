"""threatens: who could hurt the subject, and when (kill cues, dated moves, passive threats).

The cue families are records in ``ontology/cues.json`` run by the cue engine (which dates readings with the
sentence's horizon); this module adds the special readers ``platform_blow``, ``danger`` and ``agentless``,
and dated platform moves, which are not a cue family: a horizon plus another product shipping something.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from kg.extract.relations.base import Finding, actor_before, cue_targets, emit, list_after, subject_hit
from kg.extract.relations.cues import Scope, reader, run_cues
from kg.extract.text import QuoteContext, clause_bounds, find_horizon
from kg.lexicon import Lexicon
from kg.registry import relation_extractors
from kg.resolve import EntityTable, Hit, gazetteer_hits

__all__ = ["threatens", "title_threats"]

Reading = tuple[Hit, Hit, int, int]  # actor, target, evidence start, evidence end
_COLON = re.compile(r"[^,;.:]{1,40}:\s")
_OBJECT_BEFORE = re.compile(r"\b(?:into|to|on|with|in)\s*$")
_AGENT_BEFORE = re.compile(r"\b(?:from|by|of|with)\s+$")


@reader("platform_blow")
def _blow(m: re.Match[str], scope: Scope) -> Iterable[Reading]:
    """ "… what Microsoft will ship into VS Code; a one-move kill" — the sentence's shipping actor."""
    ctx = scope.ctx
    s_lo, s_hi = ctx.sentence_of(m.start())
    ship_verb = scope.lexicon.pattern("ship_verb")
    for actor in ctx.hits_in(s_lo, s_hi):
        before = ctx.text[max(s_lo, actor.start - 8):actor.start]
        if ship_verb.match(ctx.text, actor.end) and not _OBJECT_BEFORE.search(before):
            yield actor, scope.subject, actor.start, m.end()  # type: ignore[misc]


@reader("danger")
def _danger(m: re.Match[str], scope: Scope) -> Iterable[Reading]:
    """ "the biggest risk to this whole category within a year: OpenAI, Anthropic and Google …"."""
    ctx = scope.ctx
    s_hi = ctx.sentence_of(m.start())[1]
    actors = list_after(ctx, m.end(), s_hi, max_gap=12)
    colon = _COLON.match(ctx.text, m.end(), s_hi)
    if not actors and colon:  # "the real risk is the warehouses: X and Y …"
        actors = list_after(ctx, colon.end(), s_hi, max_gap=4)
    owner = [h for h in ctx.hits if h.possessive and h.end < m.start() and not ctx.text[h.end:m.start()].strip("'’s ")]
    for actor in actors:
        for target in owner[-1:] or cue_targets(ctx, m, scope.subject):  # type: ignore[arg-type]  # "Cursor's real threat is …"
            yield actor, target, min([m.start()] + [o.start for o in owner[-1:]]), actor.end


@reader("agentless")
def _agentless(m: re.Match[str], scope: Scope) -> Iterable[Reading]:
    """ "… all chasing the same users, and Aider might get squeezed" — the sentence's other names."""
    ctx = scope.ctx
    s_lo, s_hi = ctx.sentence_of(m.start())
    lo, _ = clause_bounds(ctx.text, m.start(), m.end(), s_lo, s_hi)
    target = actor_before(ctx, m.start(), lo, words=3) or scope.subject
    for actor in ctx.hits_in(s_lo, m.start()):
        before = ctx.text[max(s_lo, actor.start - 6):actor.start]
        if actor.root != target.root and not actor.possessive and not _AGENT_BEFORE.search(before):  # type: ignore[union-attr]
            yield actor, target, actor.start, m.end()  # type: ignore[misc]


@relation_extractors.register("threatens")
def threatens(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[Finding]:
    """Threats: "what kills this in 12 months: X ships …", "if X beats it next quarter", "X threatens Y"."""
    subject = subject_hit(ctx)
    if subject is None:
        return
    yield from run_cues(ctx, lexicon, "threatens")
    yield from _platform_moves(ctx, lexicon, subject)


_MOVE_OBJECT_BEFORE = re.compile(r"\b(?:into|to|on|with|in|for|from|than|of|over|like|vs\.?)\s+$", re.IGNORECASE)
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
                    or _MOVE_OBJECT_BEFORE.search(before):
                continue
            linked = _MOVE_AFTER_IS.match(ctx.text, actor.end)
            m = move.match(ctx.text, actor.end) or (linked and move.match(ctx.text, linked.end()))
            if m:
                found = emit("threatens", actor, subject, actor.start, m.end(), "threat.dated_move", 0.5, ctx, lexicon,
                             horizon=horizon)
                if found:
                    yield found


def title_threats(title: str, doc_id: str, products: list[str], main: str | None, table: EntityTable,
                  lexicon: Lexicon) -> list[tuple[str, str]]:
    """The (threat, threatened) pairs of a document's products that its title states, read by the threat cues as a
    one-sentence quote: "How VS Code took over from Sublime Text", "Figma surpassed Adobe XD and Sketch". Both must
    be named in the title. Its subject, for the readings that fall back on one ("why it is taking share from X"), is
    the title's ``main`` product (the one it moves to); without one they read nothing ("X is dead, what now?")."""
    hits = _title_hits(title, products, table)
    if not hits:
        return []
    ctx = QuoteContext(f"title:{doc_id}", doc_id, title, [(0, len(title))], hits, list(products), main or _UNNAMED)
    named = {h.root for h in hits}
    return sorted({(f.source, f.target) for f in threatens(ctx, lexicon, table)
                   if not f.rejected and f.source in named and f.target in named})


_UNNAMED = "title:subject"  # a title's stand-in subject, which no reading may keep


def _title_hits(title: str, products: list[str], table: EntityTable) -> list[Hit]:
    """Where a title writes its products (their names and aliases), as :func:`kg.resolve.gazetteer_hits` finds them."""
    forms: dict[str, str] = {}
    for eid in products:
        for form in sorted({table.name(eid), *table.info[eid].aliases}):
            if len(form) > 1:
                forms.setdefault(form, eid)
    return sorted((Hit(start, end, title[start:end], forms[form], forms[form], table.info[forms[form]].type, "title",
                       title[end:end + 2] in ("'s", "’s")) for start, end, form in gazetteer_hits(title, forms, [])),
                  key=lambda h: (h.start, h.end))
