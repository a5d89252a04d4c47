"""Relation candidates: every pair of names in a sentence (and the quote's subject with each name of a
sentence that does not name it), described by the features a trained scorer reads.

Features are plain strings, so a model is a table of weights and every decision can be explained by the
features that carried it. They follow feature-based relation extraction: the words between the two names
and around them (stemmed), the entity types, list membership, negation and hedges, which cue families of
``ontology/cues.json`` match between or around the pair, which rule already related them, and what the
catalog knows of the two (description words they share, one's description naming the other, one maker, each one's
category and whether they share it: a list of names of one category is a list of rivals, of several a stack).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from kg.extract.parse import implicit_path_features, pair_path_features
from kg.extract.relations.base import Finding
from kg.extract.text import QuoteContext
from kg.facts import fact_types
from kg.lexicon import Lexicon
from kg.resolve import EntityTable, Hit
from kg.words import name_pattern

__all__ = ["LABELS", "Candidate", "candidates", "family_spans", "name_lists", "stemmed_words"]

# "x>" means the earlier name is the source, "x<" the later one; a symmetric type has no direction
LABELS = fact_types().scorer_labels
_SYMMETRIC = fact_types().symmetric
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*|\d+(?:[.,]\d+)?|[^\sA-Za-z\d]")
# the look-ahead names every first letter of the words: the same matches, tried at fewer places
_NEGATION = re.compile(r"(?=[nwiad])\b(?:not|no|never|n['’]t|without|nor|neither|isn['’]t|aren['’]t|wasn['’]t|doesn['’]t|"
                       r"don['’]t|didn['’]t|won['’]t|instead of)\b", re.IGNORECASE)
_SEPARATORS = re.compile(r"(?:\s|,|/|&|\band\b|\bor\b|\bplus\b|\bnor\b)*", re.IGNORECASE)
_LIST_GAP = re.compile(r"(?:\s|,|/|&|\+|\b(?:and|or|plus|nor|vs|versus)\b\.?)*", re.IGNORECASE)  # "A vs. B vs. C" too
_MAKER_GAP = re.compile(r"['’]s\s+(?:own\s+)?")  # "Microsoft's own Teams": the maker names its product
_CLAUSE_BREAK = re.compile(r"[;:]\s|\s[—–-]\s|[.!?]\s|,\s*(?:but|while|whereas|though|although|so|because)\b",
                           re.IGNORECASE)
_SKIP_FAMILIES = ("labels", "_about", "_about_labels")
_WINDOW = 4
_MAX_BETWEEN = 12


@dataclass(frozen=True)
class Candidate:
    """Two names that may be related: ``first`` stands before ``second`` (or is the unnamed subject)."""

    first: Hit
    second: Hit
    start: int  # the evidence span: both names and what lies between them
    end: int
    implicit: bool  # ``first`` is the quote's subject, not named in this sentence
    features: tuple[str, ...]


@lru_cache(maxsize=1)
def _stemmer():
    import snowballstemmer

    return snowballstemmer.stemmer("english")


def _words(text: str) -> list[str]:
    """Lowercased, stemmed words; numbers become <num>."""
    return [_word(w) for w in _WORD.findall(text)]


def _word(w: str) -> str:
    """One word of :data:`_WORD` as :func:`_words` gives it."""
    if w[0].isdigit():
        return "<num>"
    if w[0].isalpha():
        return _stem(w.lower().replace("’", "'"))
    return w


@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    return _stemmer().stemWord(word)


def stemmed_words(ctx: QuoteContext, start: int, end: int) -> list[str]:
    """The stemmed words of [start, end) with every name inside replaced by <ent>."""
    return _masked(ctx, start, end)


def _masked(ctx: QuoteContext, start: int, end: int) -> list[str]:
    """The words of [start, end) with every name inside replaced by <ent>."""
    out, cursor = [], start
    text = ctx.text
    for h in ctx.hits_in(start, end):  # every name the whole list would give: it starts at ``cursor`` or later
        if h.start >= cursor:
            out += _words_in(text, cursor, h.start)
            out.append("<ent>")
            cursor = h.end
    return out + _words_in(text, cursor, end)


@lru_cache(maxsize=8)
def _tokens(text: str) -> tuple[list[int], list[int], list[str]]:
    """The starts, ends and :func:`_words` of every word of ``text`` (the quote's, read once)."""
    starts, ends, raw = [], [], []
    for m in _WORD.finditer(text):
        starts.append(m.start())
        ends.append(m.end())
        raw.append(m.group())
    return starts, ends, [_word(w) for w in raw]


def _words_in(text: str, start: int, end: int) -> list[str]:
    """``_words(text[start:end])``, from the words of the whole text when no word crosses either end.

    Words cover every character but white space, so cut at word boundaries the slice splits as the whole does.
    """
    if start >= end:
        return []
    starts, ends, words = _tokens(text)
    i = bisect_right(ends, start)  # the first word ending after ``start``
    j = bisect_left(starts, end)  # the first word starting at or after ``end``
    if (i < len(starts) and starts[i] < start) or (j > 0 and ends[j - 1] > end):
        return _words(text[start:end])  # a word crosses an end: split the slice itself
    return words[i:j]


def _bucket(n: int) -> str:
    return "0" if n == 0 else "1" if n == 1 else "2-3" if n <= 3 else "4-6" if n <= 6 else "7-10" if n <= 10 else "11+"


def family_spans(ctx: QuoteContext, lexicon: Lexicon, lo: int, hi: int) -> list[tuple[str, int, int]]:
    """Where each cue family matches inside one sentence: the quote's one scan per family (the matches the
    rules read), kept where they lie inside the sentence."""
    memo = lexicon.index.memo(ctx.text)
    if "family_spans" not in memo:  # once per quote: every family's non-empty matches, in family then match order
        live = lexicon.index.live_keys(ctx.text)
        scanned = [(family, m.start(), m.end()) for family in _families(lexicon) if family in live
                   for m in lexicon.finditer(family, ctx.text) if m.end() > m.start()]
        memo["family_spans"], memo["family_starts"] = scanned, sorted((s[1], i) for i, s in enumerate(scanned))
    spans: list[tuple[str, int, int]] = memo["family_spans"]  # type: ignore[assignment]
    starts: list[tuple[int, int]] = memo["family_starts"]  # type: ignore[assignment]
    inside = []  # a long quote's sentences each read the matches starting inside them, not all of its matches
    for k in range(bisect_left(starts, (lo, -1)), len(starts)):
        start, i = starts[k]
        if start > hi:
            break
        if spans[i][2] <= hi:
            inside.append(i)
    return [spans[i] for i in sorted(inside)]  # in family then match order, as the scan found them


def _families(lexicon: Lexicon) -> list[str]:
    """The cue families the features name: every list of patterns, less labels and the family records."""
    found = lexicon.memo.get("feature_families")
    if found is None:
        found = lexicon.memo["feature_families"] = [
            family for family, value in lexicon.cues.items()
            if not family.startswith(_SKIP_FAMILIES) and isinstance(value, list)]
    return found  # type: ignore[return-value]


def _cue_features(spans: list[tuple[str, int, int]], left: int, right: int, prefix: str,
                  ctx: QuoteContext | None = None, pair: tuple[str, ...] = ()) -> set[str]:
    """Cue families before, between and after the region [left, right).

    A cue between the two names whose nearest name on the left is a third one ("Qdrant is fine, but
    Weaviate's client pulls in Axios": a name of ``ctx`` whose root is not one of ``pair``) is marked
    ``cue_far``: its actor is most likely that third name.
    """
    feats = set()
    for family, s, e in spans:
        where = "between" if s >= left and e <= right else "before" if e <= left else "after" if s >= right \
            else "over"
        feats.add(f"{prefix}cue_{where}:{family}")
        if where == "between" and ctx is not None and any(h.root not in pair for h in ctx.hits_in(left, s)):
            feats.add(f"{prefix}cue_far:{family}")
    return feats


class _Rules:
    """The rule findings of one quote by the entities they tie, for :meth:`features` of each candidate pair (a
    pass over every finding per pair was quadratic in a quote's names)."""

    def __init__(self, findings: list[Finding]) -> None:
        self.tying: dict[frozenset[str], list[Finding]] = {}  # the two ends (one, if the same) → their findings
        self.touching: dict[str, Counter[str]] = {}  # an entity → the types of the findings not rejected that tie it
        for f in findings:
            ends = frozenset((f.source, f.target))
            self.tying.setdefault(ends, []).append(f)
            if not f.rejected:
                for x in ends:
                    self.touching.setdefault(x, Counter())[f.type] += 1

    def features(self, a: str, b: str) -> set[str]:
        """Which rule related or rejected this pair, and whether a rule already tied either name to a third."""
        feats = set()
        tying = self.tying.get(frozenset((a, b)), ())
        for f in tying:
            direction = "=" if f.type in _SYMMETRIC else (">" if f.source == a else "<")
            feats.add(f"{'rejected' if f.rejected else 'rule'}:{f.type}{direction}")
        own = Counter(f.type for f in tying if not f.rejected)  # these tie both names: they are not elsewhere
        for side, x in (("first", a), ("second", b)):
            feats |= {f"elsewhere:{side}:{t}" for t, n in self.touching.get(x, {}).items() if n > own[t]}
        return feats


_DESCRIPTION_STOP = frozenset({
    "a", "an", "and", "as", "at", "by", "for", "from", "in", "into", "is", "it", "its", "of", "on", "or", "that",
    "the", "their", "them", "to", "with", "without", "your", "you", "can", "use", "used", "uses", "using", "built",
    "based", "most", "more", "than", "like", "also", "one", "two", "very", "just"})


def _description_words(table: EntityTable, eid: str, cache: dict) -> frozenset[str]:
    """The stemmed content words of an entity's catalog description (empty when it has none)."""
    if eid not in cache:
        info = table.info.get(eid)
        cache[eid] = _content_words(info.description if info and info.description else "")
    return cache[eid]


@lru_cache(maxsize=4096)
def _content_words(description: str) -> frozenset[str]:
    """The stemmed content words of a description (the same catalog entries come back quote after quote)."""
    return frozenset(w for w in _words(description) if w[0].isalpha() and len(w) > 2 and w not in _DESCRIPTION_STOP)


def _names_in(table: EntityTable, eid: str, other: str) -> bool:
    """Whether the catalog description of ``eid`` names ``other`` (its name or an alias, as words)."""
    info, known = table.info.get(eid), table.info.get(other)
    if not (info and info.description and known):
        return False
    return _describes(info.description, frozenset({known.name, *known.aliases}))


@lru_cache(maxsize=16384)
def _describes(description: str, forms: frozenset[str]) -> bool:
    """Whether ``description`` names one of ``forms`` as words."""
    return any(name_pattern(f, True).search(description) for f in forms if len(f) > 1)


def _catalog_features(table: EntityTable | None, a: str, b: str, cache: dict) -> set[str]:
    """What the catalog says of the pair: how many are described, the description words both share, whether
    one's description names the other ("Postgres extension" → PostgreSQL), and whether one maker makes both."""
    if table is None:
        return set()
    wa, wb = _description_words(table, a, cache), _description_words(table, b, cache)
    feats = {f"desc:{bool(wa) + bool(wb)}"}
    if wa and wb:
        shared = wa & wb
        jaccard = len(shared) / len(wa | wb)
        feats.add(f"desc_sim:{'0' if not shared else 'low' if jaccard < 0.1 else 'mid' if jaccard < 0.2 else 'high'}")
        feats |= {f"desc_both:{w}" for w in shared}
    feats |= {f"desc_names:{d}" for d, x, y in ((">", a, b), ("<", b, a)) if _names_in(table, x, y)}
    ia, ib = table.info.get(a), table.info.get(b)
    if ia and ib and ia.maker and ia.maker == ib.maker:
        feats.add("same_maker")
    ca, cb = (i.category if i else None for i in (ia, ib))
    feats |= {f"cat1:{ca or '?'}", f"cat2:{cb or '?'}"}
    if ca and cb:
        feats.add("cat:same" if ca == cb else "cat:other")
    return feats


_BY_TYPES = ("w1:", "wn:", "listed", "cue_between", "gap:", "pre1:", "post1:", "s_pre1:", "s_post1:", "title:",
             "desc_sim", "desc_names")
_BY_TITLE = ("w1:", "wn:", "listed", "gap:", "cue_between")
_BY_CATEGORY = ("w1:", "wn:", "listed", "gap:", "cue_between", "cue_before", "pre1:", "post1:")


def _conjoined(feats: set[str]) -> set[str]:
    """Pairs of features a linear model cannot combine by itself: the entity types with the words next to the
    names, list membership, cues, distance and title roles ("listed" means rivals for two products, a stack
    for a product and a language); the title role and whether the two share a catalog category with the same."""
    ordered = sorted(feats)  # the features of one prefix stand together: each is found by bisection
    out = set(feats)
    for prefixes, keys in _GROUPS:
        head = min(filter(None, (_first(ordered, prefix) for prefix in prefixes)), default=None)
        if head:
            out.update([f"{head}&{f}" for key in keys for f in _starting(ordered, key)])
    return out


_GROUPS = ((("types:",), _BY_TYPES), (("title:", "s_title:"), _BY_TITLE), (("cat:",), _BY_CATEGORY))


def _first(ordered: list[str], prefix: str) -> str | None:
    """The least of the sorted strings ``ordered`` that starts with ``prefix``, or None."""
    i = bisect_left(ordered, prefix)
    return ordered[i] if i < len(ordered) and ordered[i].startswith(prefix) else None


def _starting(ordered: list[str], prefix: str) -> list[str]:
    """The sorted strings ``ordered`` that start with ``prefix``."""
    i = j = bisect_left(ordered, prefix)
    while j < len(ordered) and ordered[j].startswith(prefix):
        j += 1
    return ordered[i:j]


def _title_features(ctx: QuoteContext, a: str, b: str) -> set[str]:
    """Whether the pair's names are the products the document's title sets against each other."""
    named = sum(x in ctx.candidates for x in (a, b))
    return {f"title:{named}", f"title:{named}:{len(ctx.candidates)}"}


_BULLET = re.compile(r"\s*(?:[-*•·+]|\d{1,2}[.)])\s+[\[*_`]*")


def name_lists(ctx: QuoteContext) -> list[tuple[str, list[Hit]]]:
    """The lists of names in a quote, each as its names' first mentions: a ``run`` of names with only
    separators between them ("A, B, C and D"), and the ``items`` of a bullet list, the names that open its
    lines ("- A: …")."""
    out: list[tuple[str, list[Hit]]] = []
    heads: list[Hit] = []
    for lo, hi in ctx.sentences:
        hits = ctx.hits_in(lo, hi)
        run: list[Hit] = []
        for h in hits:
            gap = ctx.text[run[-1].end:h.start] if run and run[-1].end <= h.start else None
            if gap is not None and (not gap.strip() or run[-1].type == "Organization" and _MAKER_GAP.fullmatch(gap)):
                run[-1] = h  # "CloudNativePG, Zalando postgres-operator and StackGres": one item, named by its head
            elif gap is not None and gap.strip() and _LIST_GAP.fullmatch(gap):
                run.append(h)
            else:
                out.append(("run", run))
                run = [h]
        out.append(("run", run))
        bullet = _BULLET.match(ctx.text, lo)
        if bullet and hits and hits[0].start == bullet.end():
            heads.append(hits[0])
        else:
            out.append(("items", heads))
            heads = []
    out.append(("items", heads))
    return [(kind, d) for kind, d in ((kind, _distinct(hits)) for kind, hits in out) if len(d) > 1]


def _one_list(ctx: QuoteContext, a: Hit, b: Hit) -> bool:
    """Whether only other names and list separators stand between ``a`` and ``b`` ("A, B, C and D": A and D)."""
    rest, cursor = [], a.end
    for h in ctx.hits_in(a.end, b.start):  # every name the whole list would give: it starts at ``cursor`` or later
        if h.start >= cursor:
            rest.append(ctx.text[cursor:h.start])
            cursor = h.end
    if cursor == a.end:
        return False
    rest.append(ctx.text[cursor:b.start])
    return all(_SEPARATORS.fullmatch(r) and r.strip() for r in rest)


def _pair_features(ctx: QuoteContext, a: Hit, b: Hit, lo: int, hi: int, spans, rules: _Rules,
                   known: set[str]) -> tuple[str, ...]:
    between = _masked(ctx, a.end, b.start)
    feats = {f"types:{a.type}>{b.type}", f"gap:{_bucket(len(between))}"}
    if len(between) > _MAX_BETWEEN:
        between = between[: _MAX_BETWEEN // 2] + ["<...>"] + between[-_MAX_BETWEEN // 2:]
    feats |= {f"w:{w}" for w in between}
    feats |= {f"ww:{x}_{y}" for x, y in pairwise(between)}
    if between:
        feats |= {f"w1:{between[0]}", f"wn:{between[-1]}"}
    before, after = _masked(ctx, lo, a.start)[-_WINDOW:], _masked(ctx, b.end, hi)[:_WINDOW]
    feats |= {f"pre:{w}" for w in before} | {f"post:{w}" for w in after}
    if before:
        feats.add(f"pre1:{before[-1]}")
    if after:
        feats.add(f"post1:{after[0]}")
    gap_text = ctx.text[a.end:b.start]
    if _SEPARATORS.fullmatch(gap_text) and gap_text.strip():
        feats.add("listed")
    elif _one_list(ctx, a, b):
        feats.add("listed_far")
    if _NEGATION.search(gap_text):
        feats.add("negated_between")
    if _CLAUSE_BREAK.search(gap_text):
        feats.add("clause_between")
    if _NEGATION.search(ctx.text[lo:a.start]):
        feats.add("negated_before")
    feats |= _title_features(ctx, a.root, b.root)
    feats |= {f"subject:{side}" for side, h in (("first", a), ("second", b)) if h.root == ctx.subject}
    feats |= {f"possessive:{side}" for side, h in (("first", a), ("second", b)) if h.possessive}
    feats |= _cue_features(spans, a.end, b.start, "", ctx, (a.root, b.root))
    feats |= rules.features(a.root, b.root)
    feats |= pair_path_features(ctx, a, b)
    return tuple(sorted(_conjoined(feats | known)))


def _implicit_features(ctx: QuoteContext, b: Hit, lo: int, hi: int, spans, rules: _Rules,
                       known: set[str]) -> tuple[str, ...]:
    before, after = _masked(ctx, lo, b.start), _masked(ctx, b.end, hi)[:_WINDOW]
    feats = {"implicit", f"types:Subject>{b.type}", f"gap:{_bucket(len(before))}"}
    feats |= {f"s_pre:{w}" for w in before[-2 * _WINDOW:]} | {f"s_post:{w}" for w in after}
    feats |= {f"s_pp:{x}_{y}" for x, y in pairwise(before[-_WINDOW:])}
    if before:
        feats.add(f"s_pre1:{before[-1]}")
    if after:
        feats.add(f"s_post1:{after[0]}")
    if _NEGATION.search(ctx.text[lo:b.start]):
        feats.add("negated_before")
    if b.possessive:
        feats.add("possessive:second")
    feats |= {f"s_{f}" for f in _title_features(ctx, ctx.subject or "", b.root)}
    feats |= _cue_features(spans, lo, b.start, "s_")
    feats |= rules.features(ctx.subject or "", b.root)
    feats |= implicit_path_features(ctx, b)
    return tuple(sorted(_conjoined(feats | known)))


def candidates(ctx: QuoteContext, findings: list[Finding], lexicon: Lexicon,
               table: EntityTable | None = None) -> list[Candidate]:
    """Every candidate pair of one quote, in text order, with its features (and, given the run's entity
    table, what the catalog knows of each pair)."""
    out: list[Candidate] = []
    cache: dict[str, frozenset[str]] = {}
    subject = Hit(0, 0, "", ctx.subject, ctx.subject, "Product", "subject") if ctx.subject else None
    rules = _Rules(findings)
    for lo, hi in ctx.sentences:
        hits = _distinct(ctx.hits_in(lo, hi))
        named_subject = subject is None or any(h.root == ctx.subject for h in hits)
        if len(hits) < 2 and named_subject:
            continue
        spans = family_spans(ctx, lexicon, lo, hi)
        owned = _owned(ctx, hits)
        for i, a in enumerate(hits):
            for b in hits[i + 1:]:
                if a.root != b.root and owned.get(a.root, b.root) == b.root \
                        and owned.get(b.root, a.root) == a.root:
                    out.append(Candidate(a, b, a.start, b.end, False, _pair_features(
                        ctx, a, b, lo, hi, spans, rules, _catalog_features(table, a.root, b.root, cache))))
        if not named_subject:
            for b in hits:
                if b.root != ctx.subject:
                    out.append(Candidate(subject, b, lo, b.end, True, _implicit_features(  # type: ignore[arg-type]
                        ctx, b, lo, hi, spans, rules, _catalog_features(table, subject.root, b.root, cache))))
    return out


_POSSESSIVE = re.compile(r"['’]s\s+")


def _owned(ctx: QuoteContext, hits: list[Hit]) -> dict[str, str]:
    """A company written as the owner of the name that follows ("Apple's AVFoundation") → that name: there
    the company stands for the other's maker and pairs with it alone ("HorangPlayer is built on Apple's
    AVFoundation" says nothing of HorangPlayer and Apple)."""
    owned: dict[str, str] = {}
    for a, b in pairwise(hits):
        if a.type == "Organization" and b.type != "Organization" \
                and _POSSESSIVE.fullmatch(ctx.text, a.end, b.start):
            owned.setdefault(a.root, b.root)
    return owned


def _distinct(hits: list[Hit]) -> list[Hit]:
    """One hit per entity per sentence: its first mention."""
    seen, out = set(), []
    for h in hits:
        if h.root not in seen:
            seen.add(h.root)
            out.append(h)
    return out
