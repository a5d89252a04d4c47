"""Relation extractors, one per relation type, registered by name: cue → endpoints → checked edge."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from kg.extract.text import QuoteContext, clause_bounds, find_horizon, is_hedged
from kg.lexicon import Lexicon
from kg.registry import relation_extractors
from kg.resolve import EntityTable, Hit

__all__ = ["ALLOWED_TYPES", "Finding", "extract_relations"]

# which entity types each relation may join (source types, target types)
ALLOWED_TYPES = {
    "competes_with": ({"Product", "Organization"}, {"Product", "Organization"}),
    "threatens": ({"Product", "Organization", "Technology"}, {"Product", "Organization"}),
    "depends_on": ({"Product", "Organization", "Technology"}, {"Product", "Organization", "Technology"}),
    "developed_by": ({"Product", "Technology"}, {"Organization", "Product"}),
}
_FILLER = r"(?:\s|,|\band\b|\bor\b|&|\bboth\b|\beither\b|\bthe\b|\ba\b|\ban\b|\balso\b|\blike\b|\bespecially\b" \
          r"|\bnamely\b|\bplus\b|\beven\b|\bmaybe\b|\bprobably\b|\bwhich\b|\bis\b|\bare\b|\bthat\b|\bit's\b|\bits\b" \
          r"|\bif\b|\bnow\b|\bmostly\b|\bincluding\b|\bsuch as\b|\bas well as\b)*"
_SEPARATOR = re.compile(r"(?:,|\band\b|\bor\b|&|/|\bplus\b|\bas well as\b|\bvs\.?|\bversus\b)\s*(?:and\s+|or\s+)?$")


@dataclass(frozen=True)
class Finding:
    """A relation a rule found (or rejected), before it becomes a model."""

    type: str
    source: str
    target: str
    start: int
    end: int
    rule: str
    confidence: float
    horizon: str | None = None
    hedged: bool = False
    rejected: str | None = None


def _list_after(ctx: QuoteContext, pos: int, limit: int, max_gap: int = 40, tight: bool = False) -> list[Hit]:
    """Names listed from ``pos``: "X, Y and Z", "X with its …, Y, and Z's …", "X or Y".

    ``tight`` lists must start at once (only articles before the first name), as objects of verbs do.
    In "openai's text-embedding-3-large" the listed thing is the possessed name, not its owner.
    """
    items: list[Hit] = []
    cursor = pos
    for hit in ctx.hits:
        if hit.start < pos or hit.end > limit:
            continue
        gap = ctx.text[cursor:hit.start]
        if items and items[-1].possessive and re.fullmatch(r"['’]s?\s+", gap):
            items[-1] = hit  # "X's Y": Y is the item
            cursor = hit.end
            continue
        if re.search(r"[.;!?]\s|\s[—–]\s", gap) and items:
            break
        if not items:  # the list must start right after the cue, not in the next clause
            if len(gap) > max_gap or re.search(r"\.\s|,\s*(?:but|because|while|which|though|so)\b|;", gap):
                break
            if tight and not _ARTICLES.fullmatch(gap):
                break
        elif len(gap) > 70 or not _SEPARATOR.search(gap.rstrip()):
            if not re.fullmatch(_FILLER, gap):
                break
        if hit.type in ("License", "Platform", "Benchmark"):
            cursor = hit.end
            continue
        items.append(hit)
        cursor = hit.end
    return items


_ARTICLES = re.compile(r"(?:\s|\b(?:a|an|the|its|their|his|her|our|your|top|of|a few|several|some|both|either)\b)*", re.I)
_BETWEEN = re.compile(r"(?:\s|\b(?:also|now|still|already|both|all|just|mostly|really|directly|basically|essentially|"
                      r"itself|themselves|is|are|was|were|has|have|had|been|will|would|could|can|might|may|should|"
                      r"does|do|did|not|never|actually|arguably|probably|clearly|quietly|increasingly|squarely|"
                      r"head-on|too|alone|here|today|then|(?:['’]s?)?)\b|['’]s?)*")


def _actor_before(ctx: QuoteContext, pos: int, lo: int, words: int = 5) -> Hit | None:
    """The name that is the grammatical subject just before a cue ("Qdrant directly competes with").

    Only adverbs and auxiliaries may stand between the name and the cue: in "Supabase and the agent runs on",
    Supabase is not the one that runs.
    """
    before = [h for h in ctx.hits if lo <= h.start and h.end <= pos]
    if not before:
        return None
    hit = before[-1]
    between = ctx.text[hit.end:pos]
    if len(between.split()) > words or not _BETWEEN.fullmatch(between):
        return None
    return hit


def _antecedent(ctx: QuoteContext, pos: int, fallback: Hit | None) -> Hit | None:
    """Whom "it" just before ``pos`` means: the name that opens the sentence ("Cline is …, so it needs …")."""
    if not re.search(r"\b(?:it|it\s+\w+ly|it\s+(?:also|still|just|only))\s+$", ctx.text[max(0, pos - 20):pos], re.I):
        return fallback
    s_lo, _ = ctx.sentence_of(pos)
    opening = [h for h in ctx.hits if s_lo <= h.start < pos and not ctx.text[s_lo:h.start].strip()]
    return opening[0] if opening else fallback


def _subject_hit(ctx: QuoteContext) -> Hit | None:
    if ctx.subject is None:
        return None
    return Hit(0, 0, "", ctx.subject, ctx.subject, "Product", "subject")


def _negated_pairs(ctx: QuoteContext, lexicon: Lexicon) -> dict[frozenset[str], tuple[int, int]]:
    """Pairs a quote says are *not* competitors ("X is not really a competitor to Y"), with the span saying so.

    The actor is the name just before the negation (else the subject); the other side is the name right
    after it ("… to Y") or, failing that, the quote's subject.
    """
    out: dict[frozenset[str], tuple[int, int]] = {}
    subject = _subject_hit(ctx)
    for pattern in lexicon.patterns("competition_negation"):
        for m in pattern.finditer(ctx.text):
            lo, hi = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
            actor = _actor_before(ctx, m.start(), lo, words=4) or subject
            after = [h for h in ctx.hits if m.end() <= h.start < hi and h.start - m.end() < 25]
            other = after[0] if after else subject
            if actor and other and actor.root != other.root:
                start = min(m.start(), actor.start if actor.end else m.start())
                end = max(m.end(), other.end)
                out.setdefault(frozenset((actor.root, other.root)), (start, end))
    return out


def _emit(kind: str, source: Hit, target: Hit, start: int, end: int, rule: str, confidence: float,
          ctx: QuoteContext, lexicon: Lexicon, **extra) -> Finding | None:
    if source.root == target.root:
        return None
    hedged = extra.pop("hedged", None)
    if hedged is None:  # a modal or "if" in the statement itself, or just before it ("could compete with")
        s_lo, _ = ctx.sentence_of(start)
        hedged = is_hedged(ctx.text, max(s_lo, start - 20), end, lexicon)
    return Finding(kind, source.root, target.root, start, end, rule,
                   round(confidence * (0.7 if hedged else 1.0), 3), hedged=hedged, **extra)


@relation_extractors.register("competes_with")
def competes_with(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[Finding]:
    """Explicit competition: "competitors are X, Y and Z", "competes with X", "alternative to X", "the race is close"."""
    subject = _subject_hit(ctx)
    negated = _negated_pairs(ctx, lexicon)
    for pattern in lexicon.patterns("competition_list"):
        for m in pattern.finditer(ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            lo, _hi = clause_bounds(ctx.text, m.start(), m.end(), s_lo, s_hi)
            has_rest = "rest" in m.groupdict() and m.group("rest") is not None
            named = ctx.hits_in(m.start("rest"), m.end("rest")) if has_rest else []
            source = named[0] if named else (subject if has_rest else _actor_before(ctx, m.start(), lo)
                                             or _antecedent(ctx, m.start(), subject))
            if re.match(r"(?:versus|vs)", m.group(), re.IGNORECASE):
                source = _actor_before(ctx, m.start(), lo, words=2)  # in-text "X vs Y" needs both names
            negation = re.search(r"\b(?:not|isn't|aren't|no|never|doesn't|don't|neither|nor)\b", ctx.text[lo:m.end()])
            pronoun = re.match(r"\s*(?:it|them|this|that)\b|\s*$", ctx.text[m.end():m.end() + 6])
            targets = [] if pronoun else _list_after(ctx, m.end(), s_hi)
            if not targets and subject and (pronoun or m.group().rstrip().endswith(("customers", "buyers", "users",
                                                                                      "budget", "deals", "audience"))):
                targets = [subject]  # "its fork Roo Code competes with it directly"; "competes for the same buyers"
            for target in targets:
                if source is None:
                    break
                start = min(m.start(), source.start if source.end else m.start())
                end = max(target.end, m.end())
                if negation or frozenset((source.root, target.root)) in negated:
                    yield Finding("competes_with", source.root, target.root, start, end, "competes.negated", 0.0,
                                  rejected="negated")
                    continue
                found = _emit("competes_with", source, target, start, end, "competes.cue_list", 0.9, ctx, lexicon)
                if found:
                    yield found
    for pattern in lexicon.patterns("competition_before"):
        for m in pattern.finditer(ctx.text):
            lo, _ = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
            items = _list_back(ctx, m.start(), lo)
            if "other" in m.groupdict() and m.group("other"):
                items += ctx.hits_in(m.start("other"), m.end("other"))[:1]
                pairs = [(items[0], h) for h in items[1:]]
            else:
                pairs = [(subject, h) for h in items] if subject else []
            for source, target in pairs:
                if frozenset((source.root, target.root)) not in negated:
                    found = _emit("competes_with", source, target, min(target.start, m.start()), m.end(),
                                  "competes.cue_before", 0.8, ctx, lexicon)
                    if found:
                        yield found
    for pattern in lexicon.patterns("competition_named_alternative"):  # "an open-source Pinecone alternative"
        for m in pattern.finditer(ctx.text):
            target = _named_target(ctx, m)
            lo, _ = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
            source = _actor_before(ctx, m.start(), lo, words=3) or subject
            if target and source and frozenset((source.root, target.root)) not in negated:
                found = _emit("competes_with", source, target, min(m.start(), source.start if source.end else m.start()),
                              m.end(), "competes.named_alternative", 0.8, ctx, lexicon)
                if found:
                    yield found
    for pattern in lexicon.patterns("competition_incumbent"):  # "Arguably LangSmith is the incumbent they chase"
        for m in pattern.finditer(ctx.text):
            lo, _ = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
            actor = _actor_before(ctx, m.start(), lo, words=2)
            found = _emit("competes_with", subject, actor, actor.start, m.end(), "competes.incumbent", 0.7, ctx,
                          lexicon) if actor and subject else None
            if found:
                yield found
    for pattern in lexicon.patterns("competition_choice"):
        for m in pattern.finditer(ctx.text):
            items = _list_after(ctx, m.end(), ctx.sentence_of(m.start())[1])
            if subject and any(i.root == subject.root for i in items):
                for target in items:
                    found = _emit("competes_with", subject, target, m.start(), target.end, "competes.choices", 0.75,
                                  ctx, lexicon)
                    if found and frozenset((subject.root, target.root)) not in negated:
                        yield found
    for pattern in lexicon.patterns("competition_race"):
        for m in pattern.finditer(ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            for target in ctx.hits_in(s_lo, s_hi):
                if subject and target.type in ("Product", "Organization") \
                        and frozenset((subject.root, target.root)) not in negated:
                    found = _emit("competes_with", subject, target, min(target.start, m.start()),
                                  max(target.end, m.end()), "competes.race", 0.7, ctx, lexicon)
                    if found:
                        yield found
    for pair, (start, end) in negated.items():
        a, b = sorted(pair)
        yield Finding("competes_with", a, b, start, end, "competes.negated", 0.0, rejected="negated")


@relation_extractors.register("threatens")
def threatens(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[Finding]:
    """Threats: "what kills this in 12 months: X ships …", "if X beats it next quarter", "X threatens Y"."""
    subject = _subject_hit(ctx)
    if subject is None:
        return
    for pattern in lexicon.patterns("threat_kill"):
        for m in pattern.finditer(ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            horizon = find_horizon(ctx.text, s_lo, s_hi, lexicon, near=m.end())
            targets = _cue_targets(ctx, m, subject)
            for actor, target in ((a, t) for a in _list_after(ctx, m.end(), s_hi, max_gap=60) for t in targets):
                found = _emit("threatens", actor, target, m.start(), actor.end, "threat.kill_cue", 0.85, ctx,
                              lexicon, horizon=horizon[0] if horizon else None,
                              hedged=bool(re.search(r"\b(?:could|might|may|would)\b", m.group())))
                if found:
                    yield found
    for pattern in lexicon.patterns("threat_beats"):
        for m in pattern.finditer(ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            horizon = find_horizon(ctx.text, m.start(), s_hi, lexicon, near=m.end())
            for actor in ctx.hits_in(m.start("rest"), m.end("rest")):
                found = _emit("threatens", actor, subject, m.start(), m.end(), "threat.if_beats", 0.8, ctx, lexicon,
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
                    found = _emit("threatens", actor, subject, actor.start, m.end(), "threat.platform_move", 0.75,
                                  ctx, lexicon)
                    if found:
                        yield found
    for pattern in lexicon.patterns("threat_danger"):
        for m in pattern.finditer(ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            horizon = find_horizon(ctx.text, s_lo, s_hi, lexicon, near=m.end())
            target = _named_target(ctx, m, subject)
            for actor in _list_after(ctx, m.end(), s_hi, max_gap=12) if target else []:
                found = _emit("threatens", actor, target, m.start(), actor.end, "threat.danger", 0.8, ctx, lexicon,
                              horizon=horizon[0] if horizon else None)
                if found:
                    yield found
    for pattern in lexicon.patterns("threat_by"):  # "Pinecone is losing ground to Turbopuffer"
        for m in pattern.finditer(ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            lo, hi = clause_bounds(ctx.text, m.start(), m.end(), s_lo, s_hi)
            target = _actor_before(ctx, m.start(), lo, words=4) or subject
            horizon = find_horizon(ctx.text, s_lo, s_hi, lexicon, near=m.end())
            for actor in _list_after(ctx, m.end(), hi, max_gap=12):
                found = _emit("threatens", actor, target, min(m.start(), target.start if target.end else m.start()),
                              actor.end, "threat.passive", 0.8, ctx, lexicon, horizon=horizon[0] if horizon else None)
                if found:
                    yield found
    yield from _platform_moves(ctx, lexicon, subject)
    for pattern in lexicon.patterns("threat_before"):  # "maybe 12 months before Vercel ships its own"
        for m in pattern.finditer(ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            horizon = find_horizon(ctx.text, s_lo, s_hi, lexicon, near=m.start())
            for actor in _list_after(ctx, m.start("rest"), m.end("rest"), max_gap=12, tight=True):
                found = _emit("threatens", actor, subject, m.start(), m.end(), "threat.before", 0.7, ctx, lexicon,
                              horizon=horizon[0] if horizon else None)
                if found:
                    yield found
    for pattern in lexicon.patterns("threat_actor_is"):  # "Vercel is the bigger worry", "Modal is the one I'd watch"
        for m in pattern.finditer(ctx.text):
            lo, _ = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
            for actor in _list_back(ctx, m.start(), lo):
                found = _emit("threatens", actor, subject, actor.start, m.end(), "threat.actor_is", 0.7, ctx, lexicon)
                if found:
                    yield found
    for pattern in lexicon.patterns("threat_watch"):  # "keep an eye on Modal"
        for m in pattern.finditer(ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            for actor in _list_after(ctx, m.end(), s_hi, max_gap=8, tight=True):
                found = _emit("threatens", actor, subject, m.start(), actor.end, "threat.watch", 0.6, ctx, lexicon)
                if found:
                    yield found
    for pattern in lexicon.patterns("threat_reverse"):  # "Pinecone should be nervous"
        for m in pattern.finditer(ctx.text):
            lo, _ = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
            for target in _list_back(ctx, m.start(), lo):
                found = _emit("threatens", subject, target, target.start, m.end(), "threat.nervous", 0.7, ctx, lexicon)
                if found:
                    yield found
    for key in ("threat_toast", "threat_lunch"):
        for pattern in lexicon.patterns(key):
            for m in pattern.finditer(ctx.text):
                s_lo, s_hi = ctx.sentence_of(m.start())
                lo, _ = clause_bounds(ctx.text, m.start(), m.end(), s_lo, s_hi)
                target = _named_target(ctx, m, subject)
                if target is None:
                    continue
                if "rest" in m.groupdict():
                    actors = _list_after(ctx, m.start("rest"), m.end("rest"), max_gap=12)
                else:
                    actors = [_actor_before(ctx, m.start(), lo, words=3) or subject]
                horizon = find_horizon(ctx.text, s_lo, s_hi, lexicon, near=m.start())
                for actor in actors:
                    start = min(actor.start if actor.end else m.start(), m.start())
                    found = _emit("threatens", actor, target, start, m.end(), f"threat.{key.split('_')[1]}", 0.75, ctx,
                                  lexicon, horizon=horizon[0] if horizon else None)
                    if found:
                        yield found
                    if found and key == "threat_lunch":  # eating someone's lunch is competing with them, too
                        yield Finding("competes_with", actor.root, target.root, start, m.end(), "competes.lunch",
                                      found.confidence, hedged=found.hedged)
    for pattern in lexicon.patterns("threat_if"):
        for m in pattern.finditer(ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            horizon = find_horizon(ctx.text, m.start(), s_hi, lexicon, near=m.end())
            rest = m.start("rest")
            for actor in _list_after(ctx, rest, m.end("rest"), max_gap=12):
                found = _emit("threatens", actor, subject, m.start(), m.end(), "threat.if_then", 0.75, ctx, lexicon,
                              horizon=horizon[0] if horizon else None, hedged=True)
                if found:
                    yield found
    for pattern in lexicon.patterns("threat_verb"):
        for m in pattern.finditer(ctx.text):
            s_lo, s_hi = ctx.sentence_of(m.start())
            lo, hi = clause_bounds(ctx.text, m.start(), m.end(), s_lo, s_hi)
            actors = _list_back(ctx, m.start(), lo)
            targets = _list_after(ctx, m.end(), hi, max_gap=12) or [subject]
            horizon = find_horizon(ctx.text, s_lo, s_hi, lexicon, near=m.end())
            for actor in actors:
                for target in targets:
                    found = _emit("threatens", actor, target, actor.start, max(target.end, m.end()), "threat.verb", 0.8,
                                  ctx, lexicon, horizon=horizon[0] if horizon else None)
                    if found:
                        yield found


def _platform_moves(ctx: QuoteContext, lexicon: Lexicon, subject: Hit) -> Iterator[Finding]:
    """A dated move by someone else: "Vercel will ship durable workflows by Q2 2026" threatens the subject.

    Needs both a horizon in the sentence and another product or company as the subject of a ship/launch/
    catch-up verb; names after a preposition ("into VS Code") are objects, not actors.
    """
    move = lexicon.pattern("ship_move")
    for s_lo, s_hi in ctx.sentences:
        horizon = find_horizon(ctx.text, s_lo, s_hi, lexicon)
        if horizon is None:
            continue
        for actor in ctx.hits_in(s_lo, s_hi):
            before = ctx.text[max(s_lo, actor.start - 12):actor.start]
            if actor.root == subject.root or actor.type not in ("Product", "Organization") or actor.possessive \
                    or re.search(r"\b(?:into|to|on|with|in|for|from|than|of|over|like|vs\.?)\s+$", before, re.I):
                continue
            m = move.match(ctx.text, actor.end)
            if m:
                found = _emit("threatens", actor, subject, actor.start, m.end(), "threat.dated_move", 0.5, ctx, lexicon,
                              horizon=horizon[0])
                if found:
                    yield found


def _cue_targets(ctx: QuoteContext, m: re.Match[str], subject: Hit) -> list[Hit]:
    """Whom a threat cue is about: a named product, "both of them" (the document's products), or the subject."""
    if re.search(r"\b(?:both|either|all) of them\b", m.group(), re.IGNORECASE) and len(ctx.candidates) > 1:
        return [Hit(0, 0, "", c, c, "Product", "title") for c in ctx.candidates]
    target = _named_target(ctx, m, subject)
    return [target] if target else []


def _named_target(ctx: QuoteContext, m: re.Match[str], subject: Hit | None = None) -> Hit | None:
    """The product a cue names as its target ("what could sink Qdrant").

    A target that names nothing known is the subject only when it is a pronoun or a category
    ("it", "these tools"); otherwise ("bolt is toast", unknown) there is no target.
    """
    if "target" not in m.groupdict() or not m.group("target"):
        return subject
    named = ctx.hits_in(m.start("target"), m.end("target"))
    if named:
        return named[0]
    if re.search(r"\b(?:it|this|they|them|these|those|tools?|products?|category|players|vendors|startups|companies|"
                 r"apps?|frameworks?|services?|options|layers?|proxies|databases?)\b", m.group("target"), re.I):
        return subject
    return None


def _list_back(ctx: QuoteContext, pos: int, lo: int) -> list[Hit]:
    """The name (or "X and Y") that is the subject of a verb at ``pos``: "SGLang and TensorRT-LLM keep eating"."""
    actor = _actor_before(ctx, pos, lo, words=4)
    if actor is None:
        return []
    items = [actor]
    for hit in reversed([h for h in ctx.hits if lo <= h.start and h.end <= actor.start]):
        if re.fullmatch(r"\s*(?:,|,?\s*and|,?\s*or|&)\s*", ctx.text[hit.end:items[-1].start]):
            items.append(hit)
        else:
            break
    return items[::-1]


@relation_extractors.register("depends_on")
def depends_on(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[Finding]:
    """Dependencies between named things: "built on X", "runs on top of X", "requires X", "uses X under the hood"."""
    subject = _subject_hit(ctx)
    yield from _depends_named(ctx, lexicon, subject)
    negations = lexicon.patterns("depends_negation")
    for key, reverse in (("depends_verb", False), ("depends_reverse", True), ("depends_explicit", False)):
        for pattern in lexicon.patterns(key):
            for m in pattern.finditer(ctx.text):
                s_lo, s_hi = ctx.sentence_of(m.start())
                lo, hi = clause_bounds(ctx.text, m.start(), m.end(), s_lo, s_hi)
                fallback = None if key == "depends_explicit" else subject  # "uses X" needs its user named
                sources = _list_back(ctx, m.start(), lo) or [x for x in [_antecedent(ctx, m.start(), fallback)] if x]
                negated = any(n.search(ctx.text, s_lo, s_hi) for n in negations)
                pronoun = re.match(r"\s*(?:it|them)\b", ctx.text[m.end():m.end() + 5])
                targets = [subject] if pronoun and subject else _list_after(ctx, m.end(), hi, max_gap=14, tight=True)
                for source, target in ((src, tgt) for src in sources for tgt in targets):
                    a, b = (target, source) if reverse else (source, target)
                    start = min(m.start(), source.start if source.end else m.start())
                    if negated:
                        yield Finding("depends_on", a.root, b.root, start, max(target.end, m.end()), "depends.cue", 0.0,
                                      rejected="past or negated dependency")
                        continue
                    found = _emit("depends_on", a, b, start, max(target.end, m.end()), "depends.cue", 0.8, ctx, lexicon)
                    if found:
                        yield found


def _depends_named(ctx: QuoteContext, lexicon: Lexicon, subject: Hit | None) -> Iterator[Finding]:
    """ "X is a thin Ollama frontend", "a VS Code extension", "a Playwright-based agent": X depends on the name."""
    for pattern in (*lexicon.patterns("depends_named"), *lexicon.patterns("depends_suffix")):
        for m in pattern.finditer(ctx.text):
            target = _named_target(ctx, m)
            lo, _ = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
            source = _actor_before(ctx, m.start(), lo, words=3) or subject
            if target and source:
                found = _emit("depends_on", source, target, min(m.start(), source.start if source.end else m.start()),
                              m.end(), "depends.named", 0.75, ctx, lexicon)
                if found:
                    yield found


@relation_extractors.register("developed_by")
def developed_by(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[Finding]:
    """Makers: "Hugging Face's SmolLM3", "built by Zilliz", and catalog makers named in the same quote."""
    subject = _subject_hit(ctx)
    for i, hit in enumerate(ctx.hits[:-1]):
        nxt = ctx.hits[i + 1]
        maker_like = hit.type == "Organization" or (table.info[hit.entity].discovered and hit.root not in ctx.candidates
                                                     and nxt.type == "Product")
        if hit.possessive and maker_like and \
                re.fullmatch(r"['’]s?\s+(?:own\s+|new\s+|latest\s+|open\s+|open-source\s+|flagship\s+)?", ctx.text[hit.end:nxt.start]):
            yield Finding("developed_by", nxt.root, hit.root, hit.start, nxt.end, "maker.possessive", 0.85)
    for pattern in lexicon.patterns("maker_after"):
        for m in pattern.finditer(ctx.text):
            lo, hi = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
            product = _actor_before(ctx, m.start(), lo, words=6) or subject
            makers = _list_after(ctx, m.end(), hi, max_gap=8)
            for maker in makers[:1] if product else []:
                yield Finding("developed_by", product.root, maker.root, min(m.start(), maker.start), maker.end,
                              "maker.by", 0.85)
    for pattern in lexicon.patterns("maker_before"):
        for m in pattern.finditer(ctx.text):
            lo, hi = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
            maker = _actor_before(ctx, m.start(), lo, words=1)
            products = _list_after(ctx, m.end(), hi, max_gap=4)
            if maker and products and maker.type == "Organization" or (maker and products and maker.rule != "catalog"
                                                                          and products[0].rule != "catalog"):
                yield Finding("developed_by", products[0].root, maker.root, maker.start, products[0].end, "maker.verb", 0.8)
    for hit in ctx.hits:  # a catalog maker named in the same sentence as its product
        s_lo, s_hi = ctx.sentence_of(hit.start)
        for product in sorted({h.root for h in ctx.hits_in(s_lo, s_hi)}):
            if table.info[product].maker == hit.entity:
                yield Finding("developed_by", product, hit.root, hit.start, hit.end, "maker.catalog", 0.6)


def extract_relations(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable,
                      names: list[str] | None = None) -> list[Finding]:
    """Run the registered relation extractors (all, or ``names``) and check endpoint types."""
    found: list[Finding] = []
    for name in names or sorted(relation_extractors.get_all()):
        for f in relation_extractors.get(name)(ctx, lexicon, table):
            if f.source == f.target:
                continue
            if f.rejected is None:
                allowed_src, allowed_tgt = ALLOWED_TYPES[f.type]
                src_t, tgt_t = table.info[f.source].type, table.info[f.target].type
                if src_t not in allowed_src or tgt_t not in allowed_tgt:
                    f = Finding(**{**f.__dict__, "rejected": f"type pair {src_t} → {tgt_t}", "confidence": 0.0})
            found.append(f)
    return found
