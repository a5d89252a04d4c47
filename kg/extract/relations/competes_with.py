"""competes_with: explicit competition statements, negations and lists of rivals.

The cue families are records in ``ontology/cues.json`` run by the cue engine; this module adds the special
``competition_list`` reader, the pairs a quote says are *not* competitors, and rundowns (bullet lines that each
open with a product of one kind), which are lists of rivals without a cue.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from kg.extract.relations.base import (
    Finding,
    actor_before,
    antecedent,
    emit,
    list_after,
    list_back,
    negated_pairs,
    referent,
)
from kg.extract.relations.cues import Reading, Scope, reader, rival_pairs, run_cues
from kg.extract.text import QuoteContext, clause_bounds
from kg.lexicon import Lexicon
from kg.registry import relation_extractors
from kg.resolve import EntityTable, Hit

__all__ = ["competes_with"]

_VERSUS = re.compile(r"(?:versus|vs|instead\s+of|rather\s+than)", re.IGNORECASE)  # both names in the text
# "whether or not", "if not", "not only", "not just" negate nothing
# a negation that only limits ("not only", "no longer solely") leaves the rivalry standing; "no-frills" negates nothing
_FOCUS = r"(?!\s+(?:only|just|merely|simply|solely|exclusively)\b)"
_NEGATION = re.compile(r"\b(?:(?<!\bor )(?<!\bif )not" + _FOCUS + r"|(?:is|are)n['’]t" + _FOCUS + r"|"
                       r"no(?!-)(?!\s+longer\b)|no\s+longer" + _FOCUS + r"|never|do(?:es)?n['’]t|neither|nor)\b")
# a move from one product to another: "switched from", "migrating our sites from", "moved off of"
_MOVE = re.compile(r"(?:switch|migrat|mov|port|came|coming)", re.IGNORECASE)
# what may stand between the products moved from and the one moved to: "CloudFront+S3 to", "Jenkins over to using"
_MOVED_TO = re.compile(r"(?:\s*[+/&]\s*[\w.-]+)*\s+(?:(?:all\s+)?(?:the\s+way\s+)?over\s+)?(?:to|onto)\s+(?:using\s+)?",
                       re.IGNORECASE)
_CONTRAST = re.compile(r"\b(?:but|however|yet)\b", re.IGNORECASE)
_PRONOUN = re.compile(r"\s*(?:it|them|this|that)\b|\s*$")
_IT = re.compile(r"\s*it\b")
_SAME = re.compile(r"\bthe same\b")
# "- date-fns: …", "• Leaflet - …", "- **Luxon** — …", or the name alone on its line ("2. Pixelmator Pro")
_RUNDOWN_ITEM = re.compile(r"(?:\]\([^()\s]*\))?[*_`]*\s*(?::|\s[-–—]\s|(?:\([^)\n]{0,60}\))?[.;,]?[ \t]*(?:\n|$))")
_RUNDOWN_CONFIDENCE = 0.7
# catalog categories too broad to tell a rundown of rivals from a stack (a map library and a maps API)
_BROAD_CATEGORIES = frozenset({None, "developer-library", "developer-tool", "other-software"})


@relation_extractors.register("competes_with")
def competes_with(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[Finding]:
    """Explicit competition: "competitors are X, Y and Z", "competes with X", "alternative to X", "the race is close"."""
    negated = negated_pairs(ctx, lexicon)
    yield from run_cues(ctx, lexicon, "competes_with", negated)
    yield from _rundown(ctx, lexicon, table, negated)
    for pair, (start, end) in negated.items():
        a, b = sorted(pair)
        yield Finding("competes_with", a, b, start, end, "competes.negated", 0.0, rejected="negated")


def _rundown(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable,
             negated: dict[frozenset[str], tuple[int, int]]) -> Iterator[Finding]:
    """A rundown of products is a list of rivals, every pair of it: bullet lines that each open with a product and a
    colon or dash before what is said of it ("- date-fns: most popular", "- Day.js: smallest bundle") or hold the
    product alone ("1. GIMP"), three or more, of one category where the catalog gives a specific one (products of
    several listed so are a stack); two or more of any category after a line that calls them candidates, options or
    alternatives (``rundown_intro`` in cues.json)."""
    from kg.extract.candidates import name_lists  # candidates reads this package's findings

    for kind, listed in name_lists(ctx):
        items = [h for h in listed if kind == "items" and h.type == "Product" and _RUNDOWN_ITEM.match(ctx.text, h.end)]
        opens = ctx.text.rfind("\n", 0, items[0].start) if items else -1  # the newline before the list
        introduced = opens > 0 and lexicon.search("rundown_intro", ctx.text, ctx.text.rfind("\n", 0, opens) + 1, opens)
        if len(items) < 2 or not introduced and (  # "A few candidates:" introduces rivals of whatever category
                len(items) < 3 or len({table.info[h.root].category for h in items} - _BROAD_CATEGORIES) > 1):
            continue  # "- Postgres: storage", "- Redis: cache", "- Kafka: events" is a stack
        for i, a in enumerate(items):
            for b in items[i + 1:]:
                if frozenset((a.root, b.root)) not in negated:
                    finding = emit("competes_with", a, b, a.start, b.end, "competes.rundown", _RUNDOWN_CONFIDENCE,
                                   ctx, lexicon)
                    if finding:
                        yield finding


@reader("competition_list")
def _competition_list(m: re.Match[str], scope: Scope) -> Iterable[Reading]:
    """Who competes with whom around a list cue: the names after it, with the actor before it, or the names in
    its ``rest`` group ("if you're evaluating X, you're also looking at Y"); a negated clause rejects them."""
    ctx, subject, negated = scope.ctx, scope.subject, scope.negated
    anchored: list[tuple[int, int]] = scope.state.setdefault("anchored", [])  # cues that name their own anchor
    if any(lo <= m.start() < hi for lo, hi in anchored):
        return  # a shorter cue inside one already read
    if "rest" in m.groupdict() and m.group("rest") is not None:
        anchored.append((m.start(), m.end()))
    s_lo, s_hi = ctx.sentence_of(m.start())
    lo, _hi = clause_bounds(ctx.text, m.start(), m.end(), s_lo, s_hi)
    has_rest = "rest" in m.groupdict() and m.group("rest") is not None
    named = ctx.hits_in(m.start("rest"), m.end("rest")) if has_rest else []
    named = [h for h in named if ctx.text[h.end:h.end + 1] != "-"] or named  # "the Red Hat-developed systemd"
    actors = [] if has_rest else list_back(ctx, m.start(), lo)  # "Crunchy Bridge and Xata are competing"
    source = named[0] if named else (subject if has_rest else (actors[0] if actors else None)
                                     or antecedent(ctx, m.start(), subject))
    if _VERSUS.match(m.group()):
        source = actor_before(ctx, m.start(), lo, words=2)  # in-text "X vs Y" needs both names
    contrast = [c.end() for c in _CONTRAST.finditer(ctx.text, lo, m.start())]  # "not X but Y": Y is not negated
    negation = _NEGATION.search(ctx.text[contrast[-1] if contrast else lo:m.end()])
    pronoun = _PRONOUN.match(ctx.text[m.end():m.end() + 6])
    targets = [] if pronoun else list_after(ctx, m.end(), s_hi)
    if pronoun and source is not None and _IT.match(ctx.text[m.end():m.end() + 4]):
        targets = [x for x in [referent(ctx, m.start(), source)] if x]  # "… competes with it"
    same_pool = _SAME.search(m.group()) is not None
    if not targets and subject and (pronoun or same_pool):
        targets = [subject]  # "competes for the same buyers"
    moved = _MOVED_TO.match(ctx.text, targets[-1].end) if targets and _MOVE.match(m.group()) else None
    ends = list_after(ctx, moved.end(), s_hi, max_gap=14, tight=True) if moved else []
    if ends:  # "Discord migrated from MongoDB to Cassandra": the two are the rivals, whoever moved
        for old, new in ((t, e) for t in targets for e in ends if t.root != e.root):
            yield _rival(old, new, old.start, new.end, negation or frozenset((old.root, new.root)) in negated)
        return
    sources = actors if len(actors) > 1 and not named else [source]
    for source, target in ((src, tgt) for src in sources for tgt in targets):
        if source is None:
            break
        start = min(m.start(), source.start if source.end else m.start())
        end = max(target.end, m.end())
        yield _rival(source, target, start, end, negation or frozenset((source.root, target.root)) in negated)
    if not negation and sources[0] is not None and _RIVALS.search(m.group()):  # each other's rivals too
        for a, b in rival_pairs(targets, scope):
            yield Reading(a, b, a.start, b.end, rule="competes.cue_list_fellows")


def _rival(source: Hit, target: Hit, start: int, end: int, negated: bool) -> Reading:
    """A rivalry a cue reads (its own rule: the scorer knows it), or its rejection where the clause negates it."""
    if negated:
        return Reading(source, target, start, end, rejected="negated", rule="competes.negated")
    return Reading(source, target, start, end)


# a cue after which every name listed is a rival of the same one, and so of the others: "an alternative to
# A and B", "competes with A and B", "X and its competitors A and B" (not "the direct competitors are A, B":
# rivals of the subject, as the seeds' gold reads them; nor "a replacement for A, B and C": maybe a stack)
_RIVALS = re.compile(r"\balternative\s+(?:\([^()]*\)\s+)?(?:to|for)\b|\bcompet(?:es|ing)\s+with\b|"
                     r"(?:['’]s|\bits|\btheir)\s+(?:\w+\s+){0,2}"
                     r"(?:competitors|rivals|challengers|competition)\b", re.IGNORECASE)

