"""depends_on: what a product is built on, runs on or wraps.

The cue families are records in ``ontology/cues.json`` run by the cue engine; this module adds the special
``dependency`` reader, which rejects past and negated dependencies ("we moved off X", "instead of X").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from kg.extract.relations.base import (Finding, antecedent, apposed_owner, coordinated, joined_predicate, list_after,
                                      list_back, named_before, negated_before, sentence_opener, stands_first)
from kg.extract.relations.cues import Reading, Scope, reader, run_cues
from kg.extract.text import QuoteContext, clause_bounds, line_topic
from kg.lexicon import Lexicon
from kg.registry import relation_extractors
from kg.resolve import EntityTable, Hit

__all__ = ["depends_on"]

_PRONOUN = re.compile(r"\s*(?:it|them)\b")
_OBJECT_OF_NOUN = re.compile(r"\b(?:replacement|alternative|successor|rewrite|clone|port|fork|brother|sister|"
                             r"sibling|answer|competitor|rival)\s+(?:for|to|of)\s+(?:the\s+)?$",
                             re.IGNORECASE)
_NOT_OBJECTS = ("License", "Benchmark")  # what no product is built on
# a participle set off by a comma or after "by" shares its sentence's subject, as a predicate after "and" does
# (base.joined_predicate): "Isaac Sim is built on Omniverse, utilizing the PhysX engine", "Kdenlive integrates well
# with the desktop by using standard Qt"
_PARTICIPLE = re.compile(r"\w+ing\b", re.IGNORECASE)
_AFTER_COMMA_OR_BY = re.compile(r"[\w)]\s*,\s*$|\bby\s+$")  # "…, utilizing X", "… by using X"
_IT = re.compile(r"[ \t\n\-•*]*it\b(?!['’]s\s+(?:time|worth|possible|easy|hard))", re.IGNORECASE)  # "It compiles …"
_MORE = re.compile(r"\s+(?:with|using|plus|alongside)\s+|\s*\+\s*", re.IGNORECASE)
# a cue that opens with a participle qualifies the noun before it: "services written in TypeScript"
_PARTICIPLE_CUE = re.compile(r"(?:written|implemented|coded|rewritten|programmed|built|developed|based|powered|hosted|"
                             r"deployed|running|layered|made)\b", re.IGNORECASE)
# that noun is an unnamed thing when a determiner or a preposition opens its phrase and no copula or apposition makes
# it a name's ("X is a server written in Go", "Zed, an editor written in Rust" are X's and Zed's)
_UNNAMED_USER = re.compile(r"(?<!\bis )(?<!\bare )(?<!\bwas )(?<!\bwere )(?<!['’]s )(?<!\bas )(?<!\bbe )(?<!, )(?<![—–] )"
                           r"\b(?:a|an|the|our|their|my|your|some|several|many|these|those|of|with|for|from)\s+"
                           r"(?:[\w.-]+\s+){0,3}?(?!(?:it|which|that|is|are|was|were|be|been|being|also|now|still|all|"
                           r"both|each|one|ones|itself)\b)[a-z][a-z-]*[a-z]\s+$")
_ARTICLES_ONLY = re.compile(r"(?:\s|\b(?:a|an|the)\b)*")
# a person or a team uses it ("At my shop we rely heavily on Langfuse"): their choice, no product's dependency
_PERSON_BEFORE = re.compile(r"\b(?:I|we|you|(?:my|our|your|their)\s+(?:team|shop|company|org))\s+"
                            r"(?:\w+\s+){0,2}$|\b(?:his|her)\s+(?:own\s+)?$", re.IGNORECASE)  # "his own fork of X"


@relation_extractors.register("depends_on")
def depends_on(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[Finding]:
    """Dependencies between named things: "built on X", "runs on top of X", "requires X", "uses X under the hood"."""
    yield from run_cues(ctx, lexicon, "depends_on")


def _actors(scope: Scope, pos: int, lo: int) -> list[Hit]:
    """The names listed right before a cue at ``pos``, unless they are the language of an earlier cue ("Open edX is
    built in Python using the Django framework": Python uses nothing); then that cue's own names."""
    ctx = scope.ctx
    names = list_back(ctx, pos, lo)
    if names:
        language = scope.lexicon.search("depends_language", ctx.text, lo, names[0].end)
        if language is not None and _ARTICLES_ONLY.fullmatch(ctx.text, language.end(), names[0].start):
            return list_back(ctx, language.start(), lo)
    return names


_ASIDE_OPEN = re.compile(r"\s*\(\s*")
_ASIDE_CUE = re.compile(r"(?:the|a|an|using|built|based|powered|written|running)\b", re.IGNORECASE)


def _aside_owner(ctx: QuoteContext, m: re.Match[str], s_lo: int) -> Hit | None:
    """The name a parenthesis stands after when the cue opens it as a noun phrase or a participle: "Yrs (the Rust
    port of Yjs)" is about Yrs, and so is "Sage (using Maxima)"; "Qt (via PyQt)" says how, not what."""
    if not _ASIDE_CUE.match(m.group()):
        return None
    before = ctx.hits_in(s_lo, m.start())
    return before[-1] if before and _ASIDE_OPEN.fullmatch(ctx.text, before[-1].end, m.start()) else None


def _sentence_user(ctx: QuoteContext, s_lo: int, lo: int, pos: int) -> Hit | None:
    """Who a predicate that shares its sentence's subject is about: the name opening the sentence, or, when "it"
    opens it, the name opening the one before ("whisper.cpp is a C/C++ port. It compiles …, and uses GGML")."""
    opener = sentence_opener(ctx, s_lo, lo, pos)
    if opener is None and s_lo and _IT.match(ctx.text, s_lo):
        opener = named_before(ctx, ctx.sentence_of(s_lo - 1)[0], s_lo)
    return opener


@reader("dependency")
def _dependency(m: re.Match[str], scope: Scope) -> Iterable[Reading]:
    """The names before the cue (else "it"'s antecedent, else the subject unless the family wants its user
    named and it is not "this project") depend on the names right after it; ``reverse`` families read it the
    other way round."""
    ctx, subject, family = scope.ctx, scope.subject, scope.family
    s_lo, s_hi = ctx.sentence_of(m.start())
    lo, hi = clause_bounds(ctx.text, m.start(), m.end(), s_lo, s_hi)
    # "uses X" needs its user named, unless its predicate shares the sentence's subject ("… and uses X", ", using X");
    # a cue in a later clause falls back on the name that opens the sentence
    if family.user_named:
        shared = joined_predicate(ctx, s_lo, m.start()) or \
            (_PARTICIPLE.match(m.group()) and _AFTER_COMMA_OR_BY.search(ctx.text, s_lo, m.start()))
        fallback = line_topic(ctx, m.start()) or (_sentence_user(ctx, s_lo, lo, m.start()) if shared else None)
    else:
        fallback = line_topic(ctx, m.start()) or sentence_opener(ctx, s_lo, lo, m.start()) or subject
    named = [h for h in _actors(scope, m.start(), lo) if h.type != "Organization"]  # "Okta uses DuckDB": a user
    if named and _OBJECT_OF_NOUN.search(ctx.text, max(lo, named[0].start - 60), named[0].start):
        # "exa, a modern replacement for ls written in Rust": the replacement is written in Rust, not ls
        named = [x for x in [sentence_opener(ctx, s_lo, named[0].start) or
                             (None if family.user_named else subject)] if x]
    if m.groupdict().get("object"):  # "we built it on AVFoundation": "it" is the user, not "we"
        named = []
        sources = [x for x in [antecedent(ctx, m.end("object") + 1, fallback or subject)] if x]
    elif not named and (_PERSON_BEFORE.search(ctx.text, max(lo, m.start() - 40), m.start())
                        or scope.lexicon.search("kind_opens", ctx.text[s_lo:m.start()])
                        or _PARTICIPLE_CUE.match(m.group()) and _UNNAMED_USER.search(ctx.text, s_lo, m.start())):
        return  # a person's choice, what a kind of products opening the sentence uses ("Libraries built on D3: …"),
        # or what an unnamed thing is made of ("a monolithic backend application written in Python")
    else:
        sources = named or [x for x in [_aside_owner(ctx, m, s_lo) or apposed_owner(ctx, s_lo, m.start())
                                        or antecedent(ctx, m.start(), fallback)] if x]
        if not named and sources and sources[0].end and stands_first(ctx, s_lo, sources[0]):
            sources = coordinated(ctx, sources[0], m.start())  # "X and Y are great, and both use Z"
    if not sources and subject and scope.lexicon.search("self_reference", ctx.text, max(lo, m.start() - 60),
                                                        m.start()):
        sources = [subject]  # "This project uses Tauri": the quote's own product
    negated = scope.lexicon.search("depends_negation", ctx.text, s_lo, s_hi) or \
        negated_before(ctx.text, s_lo, m.start())
    pronoun = _PRONOUN.match(ctx.text[m.end():m.end() + 5])
    # a platform is what a product is built on ("a fork of Debian", "requires Windows"), not where it runs
    skip = _NOT_OBJECTS + (("Platform",) if scope.lexicon.search("platform_availability", m.group()) else ())
    targets = [subject] if pronoun and subject else list_after(ctx, m.end(), hi, max_gap=14, tight=True, skip=skip)
    more = _MORE.match(ctx.text, targets[-1].end) if targets and not pronoun else None
    if more:  # "built in Swift with SwiftUI and AppKit": what the first object comes with is used too
        targets += list_after(ctx, more.end(), hi, max_gap=14, tight=True, skip=skip)
    if not named and targets and any(targets[0].root == s.root for s in sources):
        return  # "backups made with Borg or Restic": the fallback user is the first of the things used
    if m.group().lower().startswith("backed") and any(t.type == "Organization" for t in targets):
        targets = []  # "Backed by Apple, AWS, MapTiler and Esri": a list of backers, companies all
    compared = _compared(ctx, targets, s_hi) if targets and not family.reverse else None
    for source, target in ((src, tgt) for src in sources for tgt in targets):
        if target.type == "Organization" and (family.reverse or m.group().lower().startswith("backed")):
            continue  # "backed by a16z" is money, "used by Netflix" a user's choice: no dependency
        a, b = (target, source) if family.reverse else (source, target)
        start = min(m.start(), source.start if source.end else m.start())
        yield Reading(a, b, start, max(target.end, m.end()), rejected="past or negated dependency" if negated else None)
    if compared and (compared[1] == "like" or negated):  # "doesn't need Python like Certbot (does)": Certbot does
        for target in targets:
            if target.type != "Organization" and target.root != compared[0].root:
                yield Reading(compared[0], target, m.start(), compared[0].end)


def _compared(ctx: QuoteContext, targets: list[Hit], hi: int) -> tuple[Hit, str] | None:
    """The name a dependency's objects are compared with right after them ("… Postgres database like Harbor does",
    "…, unlike Mem0"), with "like" or "unlike"; a listed object it turns out to be leaves ``targets``."""
    for i, target in enumerate(targets[1:], 1):
        m = _LIKE.fullmatch(ctx.text, targets[i - 1].end, target.start)
        if m and _LIKE_END.match(ctx.text, target.end):  # "needs Postgres like Mem0 does": Mem0 is no object
            del targets[i:]
            return (target, m.group(1).lower()) if target.type != "Organization" else None
    after = ctx.hits_from(targets[-1].end, hi)
    if not after or after[0].type == "Organization":
        return None
    m = _LIKE.fullmatch(ctx.text, targets[-1].end, after[0].start)
    if m is None or not _LIKE_END.match(ctx.text, after[0].end):
        return None
    return after[0], m.group(1).lower()


_LIKE = re.compile(r"(?:\s+(?:and\s+)?[a-z][\w-]*){0,3}?\s*,?\s+(?:just\s+|exactly\s+)?(like|unlike)\s+(?:the\s+)?",
                   re.IGNORECASE)
_LIKE_END = re.compile(r"\s*(?:$|[.,;:!?)]|\s(?:does|do|did|has|have|had|is|are|was|were)\b)")
