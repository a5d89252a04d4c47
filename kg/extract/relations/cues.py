"""The cue engine: runs the relation cue families of ``ontology/cues.json`` (data records) over a quote.

Each family record names its patterns, a *reader* (below, or registered by a relation module) that turns
one match into readings — (source, target, evidence start, evidence end), or a rejection — and what the
readings become: the relation type, rule id, confidence, whether the sentence's horizon dates them and
whether they are hedged. The engine reads each family's matches through the scan every cue engine shares
(:func:`kg.extract.cues.family_matches`; the claim engine, ``kg/extract/claims/cues.py``, reads claim
families the same way), checks every finding against the allowed endpoint types, and passes rejections on to the run
report. A new cue family is one record; a new way of reading a match is one reader.

Readers kept in code because they really are special (they read more than the match and its neighbours):
``competition_list`` (anchors, in-text "vs", pronouns and negation), ``dependency`` (past and negated
dependencies), ``danger`` (a colon list and the owner of "X's real threat"), ``platform_blow`` (the
sentence's shipping actor) and ``agentless`` (the other names of the sentence). What is not a cue family at
all stays in its relation module: possessive and catalog makers (``developed_by``), rundowns of rivals
(``competes_with``) and dated platform moves (``threatens``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace

from kg.errors import PatternError
from kg.extract.cues import family_matches
from kg.extract.relations.base import (
    ALLOWED_TYPES,
    Finding,
    actor_before,
    antecedent,
    apposed_owner,
    clause_subject,
    coordinated,
    cue_targets,
    emit,
    evidence_span,
    joined_predicate,
    list_after,
    list_back,
    named_target,
    opening_name,
    sentence_opener,
    stands_first,
    subject_hit,
)
from kg.extract.text import QuoteContext, clause_bounds
from kg.facts import fact_types
from kg.lexicon import CueFamily, Lexicon
from kg.resolve import EntityTable, Hit

__all__ = ["READERS", "Reading", "Scope", "check", "reader", "rival_pairs", "run_cues"]


@dataclass(frozen=True)
class Reading:
    """What a reader makes of one match: a pair and its evidence span, or a rejection; ``rule`` names the
    reading when it is not the family's own (a rejection's, or a pair the cue implies rather than states)."""

    source: Hit
    target: Hit
    start: int
    end: int
    rejected: str | None = None
    rule: str | None = None


@dataclass
class Scope:
    """What a reader may consult besides the match: the quote, the subject, the lexicon, its family, the pairs
    the quote says are not competitors, and a scratch dict that lives for one family's matches."""

    ctx: QuoteContext
    subject: Hit | None
    lexicon: Lexicon
    family: CueFamily
    negated: dict[frozenset[str], tuple[int, int]]
    state: dict = field(default_factory=dict)


Reader = Callable[[re.Match[str], Scope], Iterable["Reading | tuple[Hit, Hit, int, int]"]]
READERS: dict[str, Reader] = {}


def reader(name: str) -> Callable[[Reader], Reader]:
    """Decorator: register a reader under ``name`` (the name cue records use)."""

    def register(fn: Reader) -> Reader:
        READERS[name] = fn
        return fn

    return register


def run_cues(ctx: QuoteContext, lexicon: Lexicon, relation: str,
             negated: dict[frozenset[str], tuple[int, int]] | None = None) -> Iterator[Finding]:
    """Findings of every cue family that emits ``relation``, family by family in file order, match by match."""
    subject = subject_hit(ctx)
    for family in lexicon.emitting(relation):
        if family.needs_subject and subject is None:
            continue
        read = READERS.get(family.reader)
        if read is None:
            raise PatternError(f"cues.json: {family.key}: unknown reader {family.reader!r}; known: {sorted(READERS)}")
        scope: Scope | None = None  # made at the family's first match: most families match nothing in a quote
        for _, m, horizon in family_matches(family, ctx, lexicon):
            if scope is None:
                scope = Scope(ctx, subject, lexicon, family, negated or {})
            for r in read(m, scope):
                yield from _findings(r if isinstance(r, Reading) else Reading(*r), m, scope, horizon)


def _findings(r: Reading, m: re.Match[str], scope: Scope, horizon: str | None) -> Iterator[Finding]:
    family = scope.family
    if r.rejected is None and family.target_types is not None and r.target.type not in family.target_types:
        r = replace(r, rejected=f"{r.target.type} target for {family.key}")
    if r.rejected:
        yield Finding(family.emits, r.source.root, r.target.root, r.start, r.end, r.rule or family.rule, 0.0,
                      rejected=r.rejected)
        return
    if not family.checked:  # taken as read: no hedge, evidence as the reader gave it
        start, end = evidence_span(scope.ctx, r.source, r.target, r.start, r.end)
        yield Finding(family.emits, r.source.root, r.target.root, start, end, r.rule or family.rule,
                      family.confidence)
        return
    extra = {"horizon": horizon} if family.dated or family.emits == "threatens" else {}
    found = emit(family.emits, r.source, r.target, r.start, r.end, r.rule or family.rule, family.confidence,
                 scope.ctx, scope.lexicon, hedged=family.hedged_for(m), **extra)
    if found:
        yield found
        if family.also and family.also[0] in m.group().lower():  # eating someone's lunch is competing, too
            yield Finding(family.also[1], found.source, found.target, found.start, found.end, family.also[2],
                          found.confidence, hedged=found.hedged)


def check(f: Finding, table: EntityTable) -> Finding:
    """``f``, or ``f`` rejected when its endpoint types are not allowed (or one of them relates only to its own
    kind: ``alike``) or a maker meets its own product (all from the relation spec, ``ontology/facts.json``)."""
    if f.rejected is not None:
        return f
    allowed_src, allowed_tgt = ALLOWED_TYPES[f.type]
    src_t, tgt_t = table.info[f.source].type, table.info[f.target].type
    alike = fact_types().relations[f.type].alike
    if src_t not in allowed_src or tgt_t not in allowed_tgt or src_t != tgt_t and {src_t, tgt_t} & alike:
        return replace(f, rejected=f"type pair {src_t} → {tgt_t}", confidence=0.0)
    if not fact_types().relations[f.type].maker_may_relate and (
            f.source in _family(table, f.target) or f.target in _family(table, f.source)):
        return replace(f, rejected="maker and its own product", confidence=0.0)
    return f


def _family(table: EntityTable, eid: str) -> set[str | None]:
    """The maker and the product a thing belongs to: GitHub does not threaten GitHub Actions."""
    info = table.info[eid]
    return {info.maker, info.part_of}


def _not_negated(scope: Scope, a: Hit, b: Hit) -> bool:
    return frozenset((a.root, b.root)) not in scope.negated


def rival_pairs(items: list[Hit], scope: Scope) -> Iterator[tuple[Hit, Hit]]:
    """Every pair of listed names that may be rivals: of one type, products or technologies ("libraries like pandas
    and Python" is no pair), and not said not to compete."""
    for i, a in enumerate(items):
        for b in items[i + 1:]:
            if a.type == b.type and a.type in ("Product", "Technology") and _not_negated(scope, a, b):
                yield a, b


# --- generic readers: where the names of a reading stand relative to the match ---

@reader("list_after")
def _list_after(m: re.Match[str], scope: Scope) -> Iterable[Reading | tuple]:
    """The names listed after the cue act on the cue's target: "What kills this in 12 months: X ships …"."""
    ctx = scope.ctx
    s_hi = ctx.sentence_of(m.start())[1]
    for actor in list_after(ctx, m.end(), s_hi, max_gap=60):
        for target in cue_targets(ctx, m, scope.subject):  # type: ignore[arg-type]
            yield actor, target, m.start(), actor.end


@reader("names_in_rest")
def _names_in_rest(m: re.Match[str], scope: Scope) -> Iterable[Reading | tuple]:
    """The names inside the cue's ``rest`` group act on the subject: "if X or Y beats it next quarter"."""
    for actor in scope.ctx.hits_in(m.start("rest"), m.end("rest")):
        yield actor, scope.subject, m.start(), m.end()


@reader("list_in_rest")
def _list_in_rest(m: re.Match[str], scope: Scope) -> Iterable[Reading | tuple]:
    """A list opening the ``rest`` group acts on the subject: "maybe 12 months before Vercel ships its own"."""
    for actor in list_after(scope.ctx, m.start("rest"), m.end("rest"), max_gap=12, tight=True):
        yield actor, scope.subject, m.start(), m.end()


@reader("if_then")
def _if_then(m: re.Match[str], scope: Scope) -> Iterable[Reading | tuple]:
    """The names listed in the if-clause act on the subject: "if LangChain ships memory, that's a threat"."""
    for actor in list_after(scope.ctx, m.start("rest"), m.end("rest"), max_gap=12):
        yield actor, scope.subject, m.start(), m.end()


@reader("actor_after_target")
def _actor_after_target(m: re.Match[str], scope: Scope) -> Iterable[Reading | tuple]:
    """The name before the cue suffers, those after it act: "Pinecone is losing ground to Turbopuffer". A cue
    that runs into the next sentence ("Postman is dead. Long live Bruno") reads its actors in the sentence
    where it ends."""
    ctx = scope.ctx
    s_lo, s_hi = ctx.sentence_of(m.start())[0], ctx.sentence_of(max(m.start(), m.end() - 1))[1]
    lo, hi = clause_bounds(ctx.text, m.start(), m.end(), s_lo, s_hi)
    target = actor_before(ctx, m.start(), lo, words=4) or \
        (clause_subject(ctx, s_lo, m.start()) if joined_predicate(ctx, s_lo, m.start()) else None) or scope.subject
    for actor in list_after(ctx, m.end(), hi, max_gap=12):
        yield actor, target, _start(target, m.start()), actor.end


@reader("actors_before")
def _actors_before(m: re.Match[str], scope: Scope) -> Iterable[Reading | tuple]:
    """The names before the cue act on the subject: "Vercel is the bigger worry"."""
    ctx = scope.ctx
    lo, _ = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
    for actor in list_back(ctx, m.start(), lo):
        yield actor, scope.subject, actor.start, m.end()


@reader("watch")
def _watch(m: re.Match[str], scope: Scope) -> Iterable[Reading | tuple]:
    """The names right after the cue act on the subject: "keep an eye on Modal"."""
    s_hi = scope.ctx.sentence_of(m.start())[1]
    for actor in list_after(scope.ctx, m.end(), s_hi, max_gap=8, tight=True):
        yield actor, scope.subject, m.start(), actor.end


@reader("nervous")
def _nervous(m: re.Match[str], scope: Scope) -> Iterable[Reading | tuple]:
    """The subject acts on the names before the cue: "Pinecone should be nervous"."""
    ctx = scope.ctx
    lo, _ = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
    for target in list_back(ctx, m.start(), lo):
        yield scope.subject, target, target.start, m.end()


@reader("threat_verb")
def _threat_verb(m: re.Match[str], scope: Scope) -> Iterable[Reading | tuple]:
    """Names before the verb act on names after it (else the subject): "SGLang keeps eating into vLLM". A
    named target with no name before the verb is threatened by whom "it"/"which" means, else by the subject:
    "a stable toolkit that threatens the Node.js monopoly"."""
    ctx = scope.ctx
    s_lo, s_hi = ctx.sentence_of(m.start())
    lo, hi = clause_bounds(ctx.text, m.start(), m.end(), s_lo, s_hi)
    named = list_after(ctx, m.end(), hi, max_gap=12)
    targets = named or [scope.subject]
    actors = list_back(ctx, m.start(), lo)
    if not actors and named and joined_predicate(ctx, s_lo, m.start()):  # "X went public and is poised to overtake Y"
        actors = [a for a in [clause_subject(ctx, s_lo, m.start())] if a]
    if not actors and named and not scope.lexicon.search("threat_negation", ctx.text, lo, m.start()):
        actors = [a for a in [antecedent(ctx, m.start(), scope.subject)] if a]
    for actor in actors:
        for target in targets:
            yield actor, target, actor.start, max(target.end, m.end())


@reader("named_target")
def _named_target(m: re.Match[str], scope: Scope) -> Iterable[Reading | tuple]:
    """The cue's ``target`` group names the target; the actor stands just before the cue (else, unless the
    family wants its user named, the name a "which" points at, else the subject): "an open-source Pinecone
    alternative", "X is a thin Ollama frontend", "Qdrant, which is Pinecone-compatible"."""
    ctx = scope.ctx
    target = named_target(ctx, m)
    if target is not None and target.type == "Platform":
        return  # "a native Windows port", "Windows-based CI": where a thing runs, said in passing
    s_lo, s_hi = ctx.sentence_of(m.start())
    lo, _ = clause_bounds(ctx.text, m.start(), m.end(), s_lo, s_hi)
    opens = m.start("target") if m.groupdict().get("target") and m.start("target") > m.start() else m.start()
    source = actor_before(ctx, m.start(), lo, words=3) or apposed_owner(ctx, s_lo, opens)
    if source is None and not scope.family.user_named:  # "Dendrite (Go)": only the name it follows
        source = antecedent(ctx, m.start(), None) or sentence_opener(ctx, s_lo, lo, m.start()) or scope.subject
    sources = [source] if source else []
    if source and source.end and stands_first(ctx, s_lo, source):
        sources = coordinated(ctx, source, m.start())  # "X and Y are the best picks — WireGuard-based"
    for named in ([target] + _slashed(ctx, m, target) if target else []):  # "an Ably/PubNub alternative"
        for source in sources:
            if _not_negated(scope, source, named):
                yield source, named, min(m.start(), source.start if source.end else m.start()), m.end()


# the noun a "Go-based" phrase modifies, and what may follow it: "Redis-based solutions like Sidekiq"
_HEAD = r"[ \t]+(?:[a-z][\w-]*[ \t]+){0,2}?(?P<noun>[a-z][\w-]*)"
_INTRODUCES = r"(?P<named>(?:,?[ \t]+|[ \t]*[—–][ \t]*)(?:like|such as|including|e\.g\.,?)[ \t]+|[ \t]*\([ \t]*)"
_HEAD_NOUN = re.compile(_HEAD + _INTRODUCES + "?")
_NAMING_HEAD = re.compile(_HEAD + _INTRODUCES)  # the head noun with the list it introduces: "workflow engines like"
_NAMED_AS = re.compile(r"[ \t]+")
_IS_A = re.compile(r"\s+(?:is|was|remains|became|as)\s+(?:(?:one\s+of\s+)?(?:a|an|the)\s+)(?:[\w-]+\s+){0,3}")
_NAME_AS_MODIFIER = re.compile(r"[ \t]+(?:alternatives?|clones?|replacements?|competitors?|rivals?|forks?|wrappers?|"
                               r"plugins?|extensions?|ports?|killers?|equivalents?|compatible)\b")
_PLATFORM_AS_MODIFIER = re.compile(r"[ \t]+[a-z]")  # "Linux" in "an Arch-based Linux distribution" is no name


@reader("modifier")
def _modifier(m: re.Match[str], scope: Scope) -> Iterable[Reading | tuple]:
    """A compound modifier ("Ruby-based", "Siri-powered") names the target; the source is the name the modified
    noun phrase is: the name it heads ("the Ruby-based Fluentd"), the names it introduces ("Redis-based solutions
    like Sidekiq", "a Rust-based micro-proxy (linkerd2-proxy)"), the name it is in apposition to ("pgcat, a
    Rust-based newcomer"), else the name a ``named_target`` cue would take. A plural noun naming none ("Siri-powered
    widgets") relates nothing; a platform ("Ubuntu-based") only to a name the phrase is, or that "is a" it."""
    ctx = scope.ctx
    target = named_target(ctx, m)
    if target is None:
        return
    s_lo, s_hi = ctx.sentence_of(m.start())
    after = ctx.hits_in(m.end(), s_hi)
    sources: list[Hit] = []
    if after and _NAMED_AS.fullmatch(ctx.text, m.end(), after[0].start) \
            and not _NAME_AS_MODIFIER.match(ctx.text, after[0].end) \
            and not (after[0].type == "Platform" and _PLATFORM_AS_MODIFIER.match(ctx.text, after[0].end)):
        # not "a Postgres-based Supabase alternative", nor "an Arch-based Linux distribution"
        sources = [after[0]]  # "the Ruby-based Fluentd"
    head = _NAMING_HEAD.match(ctx.text, m.end(), s_hi) or _HEAD_NOUN.match(ctx.text, m.end(), s_hi)
    if not sources and head and head.group("named"):
        sources = list_after(ctx, head.end(), s_hi, tight=True)  # "Redis-based solutions like Sidekiq or Resque"
    if not sources:
        # "Dapptools, the earlier Haskell-based framework"
        sources = [x for x in [apposed_owner(ctx, s_lo, m.start())] if x]
    if not sources and head and re.fullmatch(r"[a-z][\w-]*[^s]s", head.group("noun")):
        return  # "Siri-powered widgets": many things, none of them named
    if not sources and target.type == "Platform":  # "pfSense is a FreeBSD-based firewall", not "Windows-based authors"
        before = ctx.hits_in(s_lo, m.start())
        sources = [before[-1]] if before and _IS_A.fullmatch(ctx.text, before[-1].end, m.start()) else []
        if not sources:
            return
    if not sources:
        yield from _named_target(m, scope)
        return
    for source in sources:
        for used in [target] + _slashed(ctx, m, target):
            if source.root != used.root and _not_negated(scope, source, used):
                yield source, used, min(m.start(), source.start), max(m.end(), source.end)


def _slashed(ctx: QuoteContext, m: re.Match[str], first: Hit) -> list[Hit]:
    """The names joined to ``first`` by slashes in the cue's ``target`` group ("an Ably/PubNub alternative"), or
    just before it ("a PHP/Golang-based web panel")."""
    out, last = [], first
    for hit in ctx.hits_in(first.end, m.end("target")):
        if ctx.text[last.end:hit.start].strip() != "/":
            break
        out.append(hit)
        last = hit
    last = first
    while (before := ctx.hits_in(max(0, last.start - 40), last.start)) and ctx.text[before[-1].end:last.start] == "/":
        last = before[-1]
        out.insert(0, last)
    return out


_CLAUSE_SUBJECT = re.compile(r"\s*(?:the\s+)?")
_PRONOUN_SUBJECT = re.compile(r"\s*(?:it|this)\b", re.IGNORECASE)


@reader("contrast")
def _contrast(m: re.Match[str], scope: Scope) -> Iterable[Reading | tuple]:
    """A sentence that opens by likening or contrasting ("Unlike Docker, Podman is daemonless", "Like Burp Suite, ZAP
    works as a proxy"): the names of the opening phrase (its ``rest`` group) are rivals of the clause's subject, the
    name that opens the clause after the comma (else whom "it" means: the subject)."""
    ctx = scope.ctx
    others = list_after(ctx, m.start("rest"), m.end("rest"), max_gap=4, tight=True)
    after = ctx.hits_from(m.end(), len(ctx.text) + 1)[:1]
    actor = after[0] if after and _CLAUSE_SUBJECT.fullmatch(ctx.text, m.end(), after[0].start) else None
    if actor is None and _PRONOUN_SUBJECT.match(ctx.text, m.end()):
        actor = scope.subject
    for other in others if actor else []:
        if other.root != actor.root and _not_negated(scope, actor, other):
            yield actor, other, m.start(), max(m.end(), actor.end)


@reader("contrast_aside")
def _contrast_aside(m: re.Match[str], scope: Scope) -> Iterable[Reading | tuple]:
    """An aside that contrasts, set off by commas inside a sentence ("IPP Everywhere runs driverless and, unlike
    PPD drivers, needs no files", "Ansible, unlike Puppet and Chef, is agentless"): the names of the aside (its
    ``rest`` group) are rivals of the name that opens the sentence, or of the quote's subject when it opens with
    "it"."""
    ctx = scope.ctx
    s_lo, _ = ctx.sentence_of(m.start())
    others = list_after(ctx, m.start("rest"), m.end("rest"), max_gap=4, tight=True)
    actor = opening_name(ctx, s_lo, m.start())
    if actor is None and _PRONOUN_SUBJECT.match(ctx.text, s_lo):
        actor = scope.subject
    for other in others if actor else []:
        if other.root != actor.root and _not_negated(scope, actor, other):
            yield actor, other, actor.start, m.end("rest")


@reader("list_before")
def _list_before(m: re.Match[str], scope: Scope) -> Iterable[Reading | tuple]:
    """Names before the cue (and one in its ``other`` group) relate to each other, else to the subject:
    "Qdrant and Weaviate are direct competitors", "X would be my other pick"."""
    ctx = scope.ctx
    lo, _ = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
    items = list_back(ctx, m.start(), lo)
    if "other" in m.groupdict() and m.group("other"):
        items += ctx.hits_in(m.start("other"), m.end("other"))[:1]
        pairs = [(items[0], h) for h in items[1:]]
    else:
        pairs = [(scope.subject, h) for h in items] if scope.subject else []
    for source, target in pairs:
        if _not_negated(scope, source, target):
            yield source, target, min(target.start, m.start()), m.end()


@reader("incumbent")
def _incumbent(m: re.Match[str], scope: Scope) -> Iterable[Reading | tuple]:
    """The subject relates to the name just before the cue: "Arguably LangSmith is the incumbent"."""
    ctx = scope.ctx
    lo, _ = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
    actor = actor_before(ctx, m.start(), lo, words=2)
    if actor and scope.subject:
        yield scope.subject, actor, actor.start, m.end()


@reader("choices")
def _choices(m: re.Match[str], scope: Scope) -> Iterable[Reading | tuple]:
    """A list of choices that names the subject: the subject relates to each listed name."""
    ctx, subject = scope.ctx, scope.subject
    items = list_after(ctx, m.end(), ctx.sentence_of(m.start())[1])
    if subject and any(i.root == subject.root for i in items):
        for target in items:
            if _not_negated(scope, subject, target):
                yield subject, target, m.start(), target.end


_RIVALS_OF = re.compile(r"(?:alternatives|competitors|rivals)\b", re.IGNORECASE)
_OWNER_GAP = re.compile(r"(?:['’]s?)?\s+")
_OTHER_KIND = re.compile(r"\bother\s+(?:[\w.#+-]+\s+){0,2}$", re.IGNORECASE)


@reader("category_list")
def _category_list(m: re.Match[str], scope: Scope) -> Iterable[Reading | tuple]:
    """The names a category lists are rivals, every pair of them: "schema libraries: Zod, Valibot, ArkType",
    "vector DBs like A, B and C" (the annotation guide's category lists), with the name whose alternatives they are
    ("Substack alternatives like Ghost and Beehiiv"). A product and a technology are no pair ("libraries like pandas
    and Python")."""
    ctx = scope.ctx
    items = list_after(ctx, m.end(), ctx.sentence_of(m.start())[1], max_gap=12)
    if _RIVALS_OF.match(m.group()):  # "Substack alternatives like Ghost, Beehiiv": Substack's rivals too
        items = [h for h in ctx.hits if h.end <= m.start() and _OWNER_GAP.fullmatch(ctx.text, h.end, m.start())] + items
    elif scope.subject and _OTHER_KIND.search(ctx.text, ctx.sentence_of(m.start())[0], m.start()) \
            and all(h.root != scope.subject.root for h in items):
        items = [scope.subject] + items  # "Other visualization libraries are D3, …": the subject is one of the kind
    for a, b in rival_pairs(items, scope):
        yield a, b, a.start, b.end


@reader("sentence_names")
def _sentence_names(m: re.Match[str], scope: Scope) -> Iterable[Reading | tuple]:
    """The subject relates to every product or company of the cue's sentence: "the race is close"."""
    ctx, subject = scope.ctx, scope.subject
    s_lo, s_hi = ctx.sentence_of(m.start())
    for target in ctx.hits_in(s_lo, s_hi):
        if subject and target.type in ("Product", "Organization") and _not_negated(scope, subject, target):
            yield subject, target, min(target.start, m.start()), max(target.end, m.end())


@reader("named_fate")
def _named_fate(m: re.Match[str], scope: Scope) -> Iterable[Reading | tuple]:
    """ "once X ships Y, Z is toast", "X eats Y's lunch", "keeps Y up at night". A match inside one an earlier
    pattern of the family read whole reads nothing new ("Evernote users are moving to X": not the subject's users)."""
    ctx, subject = scope.ctx, scope.subject
    read = scope.state.setdefault("read", [])
    if any(a <= m.start() and m.end() <= b and (a, b) != m.span() for a, b in read):
        return
    read.append(m.span())
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


@reader("source_after")
def _source_after(m: re.Match[str], scope: Scope) -> Iterable[Reading | tuple]:
    """The cue's ``target`` group names the target, the names listed right after the cue are the sources:
    "forking Gitea as Forgejo" (Forgejo depends on Gitea)."""
    ctx = scope.ctx
    target = named_target(ctx, m, scope.subject)
    if target is None:
        return
    for source in list_after(ctx, m.end(), ctx.sentence_of(m.start())[1], max_gap=8, tight=True):
        if _not_negated(scope, source, target):
            yield source, target, m.start(), source.end


def _start(hit: Hit, fallback: int) -> int:
    """Where evidence may start: at the name, unless the hit is the bare subject (which has no span)."""
    return min(hit.start, fallback) if hit.end else fallback
