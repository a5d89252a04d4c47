"""Subject attribution: which of a document's products each quote is about, named or not.

Every quote's candidates are the products its document's title names and the products the quote itself names.
Each candidate gets features (how and where the quote names it, what the title makes of it, what the quotes
around it name, how its words fit the quote); a small linear model (``ontology/subjects.model.json``, trained by
``python -m kg.train --only subjects``) scores them and the best one is the subject. Without the model file the
hand-set scores of :func:`_mentions` and the title's emphasis decide (the model is shipped only where it beats them).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from pathlib import Path

from kg.extract.chooser import LinearChooser, load_chooser
from kg.extract.text import QuoteContext
from kg.lexicon import Lexicon, load_lexicon
from kg.resolve import EntityTable, Hit
from kg.stopwords import STOP_WORDS

__all__ = ["MODEL_FILE", "Attribution", "SubjectModel", "attribute_subjects", "load_subject_model",
           "subject_features"]

MODEL_FILE = "subjects.model.json"

# words too common to tell two products apart
_STOP = frozenset(["a", "about", "after", "all", "also", "an", "and", "another", "any", "are", "as", "at", "be", "because", "before", "but", "by", "can", "could", "do", "does", "don't", "for", "from", "had", "has", "have", "here", "how", "i", "if", "in", "into", "is", "isn't", "it", "it's", "its", "just", "may", "might", "more", "most", "my", "no", "not", "of", "off", "on", "one", "only", "or", "other", "our", "out", "over", "own", "really", "same", "should", "so", "some", "such", "than", "that", "that's", "the", "their", "them", "then", "there", "they", "this", "to", "two", "until", "up", "very", "was", "we", "were", "what", "when", "where", "which", "while", "who", "will", "with", "within", "without", "would", "you", "your"])


_ACTS = (" is ", " has", " doe", " bet", " sol", " wan")
_OWN = re.compile(r"\b(?:our|my|we(?:'ve|’ve)?\s+(?:use[sd]?|built|run|ship(?:ped)?))\s+$", re.IGNORECASE)
_REFERS = re.compile(r"^\W*(?:it|it's|it’s|its|this|they|their|the\s+(?:tool|product|project|app|library|framework|"
                     r"service|platform|editor|engine|team|company))\b", re.IGNORECASE)
_SUBJECT_TYPES = frozenset({"Product", "Technology"})
_AUX = frozenset(["is", "isn't", "are", "aren't", "was", "wasn't", "were", "has", "hasn't", "have", "had", "does",
                  "doesn't", "did", "didn't", "can", "can't", "cannot", "could", "will", "won't", "would", "should",
                  "may", "might", "must", "just", "also", "now", "still", "already", "really", "actually", "then",
                  "never", "always", "only", "simply", "finally", "offers", "provides", "supports", "runs", "uses"])
_CLAUSE_OPENERS = frozenset(["the", "but", "and", "so", "while", "whereas", "however", "then", "now", "also", "because",
                             "since", "although", "though", "when", "if", "yet", "both", "today", "meanwhile"])
_STEM_CUT = re.compile(r"[\s\-_.]")
_CONTENT_WORD = re.compile(r"[a-z][a-z0-9'-]{2,}")
_OPENING = re.compile(r"[\w']+|[,;:(—–]")
_NEXT_WORD = re.compile(r"^\s*(?:\([^)]*\)\s*)?(?:v?\d[\w.]*\s+)?([a-z][a-z'’]*)")

_PRIMARY = 1.0  # without a model: what the title's own emphasis is worth, half a plain mention (a quote that
# names another title product is about that one; the primary breaks ties and carries quotes that name none)


@dataclass(frozen=True)
class Attribution:
    """A quote's subject and why."""

    subject: str | None
    rule: str
    confidence: float


SubjectModel = LinearChooser  # a score per candidate subject: the sum of its features' weights


@lru_cache(maxsize=4)
def load_subject_model(path: str | Path | None = None) -> SubjectModel | None:
    """The shipped weights (``ontology/subjects.model.json``), or ``None`` when the file is absent."""
    return load_chooser(MODEL_FILE, path)


@lru_cache(maxsize=1 << 16)  # the same names come back quote after quote
def _stem(name: str) -> str:
    """The first word of a name, lowercased: "voyage-3-large" → "voyage", "Voyage AI" → "voyage"."""
    return _STEM_CUT.split(name.lower(), maxsplit=1)[0]


def _words(text: str) -> Counter[str]:
    words = (w for w in _CONTENT_WORD.findall(text.lower()) if w not in _STOP)
    return Counter(w[:-1] if w.endswith("s") and not w.endswith("ss") and len(w) > 4 else w for w in words)


def _subtitle_parts(subtitle: str, n: int) -> list[str] | None:
    """A subtitle that mirrors the title ("one laptop or one cluster") gives each product its part."""
    parts = [p.strip() for p in re.split(r"\s+(?:or|vs\.?|versus)\s+|\s*/\s*", subtitle) if p.strip()]
    return parts if len(parts) == n and n > 1 else None


class _Profiles:
    """The title products' word profiles of one document (:func:`_profiles`) and what :meth:`affinity` reads of all
    of them (their vocabulary, each one's word count), worked out once a document: a quote's affinity then costs
    its own words, not the document's (once per quote, that was quadratic in the document's quotes)."""

    def __init__(self, profiles: dict[str, Counter[str]]) -> None:
        self.profiles = profiles
        self.vocab: set[str] = set().union(*profiles.values()) if profiles else set()
        self.totals = {c: sum(p.values()) for c, p in profiles.items()}

    def affinity(self, words: Counter[str], less: bool = False) -> dict[str, float]:
        """Naive-Bayes log-likelihood of the quote's ``words`` under each product's profile, centred on the mean;
        with ``less``, under each profile less the quote's own words (``profile - words``: a quote that named the
        product alone is in its profile). Only words that some profile has count, so a quote's own vocabulary
        doesn't drown the signal.

        The floats are those of the profiles built and summed over for every quote: the counts are integers,
        so a total less the quote's words is the very total of the smaller profile.
        """
        vocab, profiles = self.vocab, self.profiles
        left = {c: {w: max(prof[w] - n, 0) for w, n in words.items()} for c, prof in profiles.items()} if less \
            else {c: {w: prof[w] for w in words} for c, prof in profiles.items()}  # of each quote word, in each
        kept = [w for w in words if w in vocab and (not less or any(left[c][w] > 0 for c in profiles))]
        size = len(vocab) - sum(1 for w in words if w in vocab) + len(kept) if less else len(vocab)
        scores = {}
        for c, prof in profiles.items():
            total = self.totals[c] - sum(prof[w] - left[c][w] for w in words) + 0.5 * size
            scores[c] = sum(words[w] * math.log((left[c][w] + 0.5) / total) for w in kept) if total else 0.0
        mean = sum(scores.values()) / len(scores) if scores else 0.0
        return {c: v - mean for c, v in scores.items()}


class _Named:
    """One quote's names as :func:`_mentions` reads them for each of its candidates, worked out once a quote (a pass
    over all its names per candidate was quadratic in a quote's names): its products, its names (with their rank
    in the quote) by root, by entity and by the stem of their root's name, and the roots named in a list."""

    def __init__(self, ctx: QuoteContext, table: EntityTable) -> None:
        self.products = [h for h in ctx.hits if table.info[h.root].type in _SUBJECT_TYPES]
        self.by_root: dict[str, list[tuple[int, Hit]]] = {}
        self.by_entity: dict[str, list[tuple[int, Hit]]] = {}
        self.by_stem: dict[str, list[tuple[int, Hit]]] = {}
        for rank, hit in enumerate(ctx.hits):
            self.by_root.setdefault(hit.root, []).append((rank, hit))
            self.by_entity.setdefault(hit.entity, []).append((rank, hit))
            self.by_stem.setdefault(_stem(table.name(hit.root)), []).append((rank, hit))
        self.listed = {x for a, b in pairwise(ctx.hits) if a.root != b.root and _JOINER.match(ctx.text[a.end:b.start])
                       for x in (a.root, b.root)}
        opening = _LEAD.match(ctx.text)
        self.opening = opening.end() if opening else 0  # a name starting here or before opens the quote


_LEAD = re.compile(r"[ \-•*#\n\[`_\"']*")  # what may stand before a name that opens a quote or a sentence


def _mentions(ctx: QuoteContext, table: EntityTable, candidate: str, lexicon: Lexicon,
              named: _Named) -> tuple[float, set[str]]:
    """How strongly the quote names the candidate itself, its releases/features, or its maker, and how.

    Returns the hand-set score (used without a model) and the features that describe the mentions.
    ``named``: the quote's :class:`_Named`.
    """
    score, how = 0.0, set()
    products = named.products
    if products and products[0].root == candidate:
        how.add("first")
    if products and products[-1].root == candidate and products[0].root != candidate:
        how.add("last")  # "Docker needs a daemon … Podman runs without one": the quote ends on what it is about
    last_sentence = ctx.sentences[-1][0] if ctx.sentences else 0
    own = named.by_root.get(candidate, [])
    for rank, hit in own:
        before = ctx.text[max(0, hit.start - 60):hit.start]  # "an alternative to paid services like X, Y"
        lo = ctx.sentence_of(hit.start)[0]
        if any(p.search(before) for p in lexicon.patterns("subject_other_before")):  # "picked X over Y", "also looking at Y": Y is the other product
            score += 0.5
            how.add("object")
            continue
        how.add("plain")
        score += 3.0 if rank == 0 else 2.0
        if any(p.search(before) for p in lexicon.patterns("subject_moved_to")):
            score += 1.5  # "migrated from X to Y": the quote reports on Y
            how.add("migrated_to")
        if hit.start <= named.opening:
            score += 2.0  # the quote opens with the name: that is what it is about
            how.add("opens")
        elif _LEAD.match(ctx.text, lo).end() >= hit.start:
            how.add("sentence_start")
        if _acts_in_clause(ctx.text, lo, hit):
            how.add("clause_subject")
        if hit.possessive:
            how.add("possessive")  # "Kafka's JVM overhead", "DuckDB's engine": often a maker or host
        if hit.possessive or ctx.text[hit.end:hit.end + 4] in _ACTS:
            score += 0.5
            how.add("acts")
        if _OWN.search(before[-20:]):
            how.add("own")
        if lo == 0:
            how.add("first_sentence")
        if lo >= last_sentence > 0:
            how.add("last_sentence")
    # the scores are sums of halves: exact in any order, so each kind of mention is added in turn
    maker = table.info[candidate].maker
    by_maker = [h for _, h in named.by_entity.get(maker, ()) if h.root != candidate] if maker is not None else []
    for _ in by_maker:
        score += 0.5
        how.add("maker")
    stem = _stem(table.name(candidate))
    if len(stem) >= 4:
        for _, hit in named.by_stem.get(stem, ()):
            if hit.root != candidate and hit.entity != maker:
                score += 1.5  # "Voyage AI" for voyage-3-large, "Mistral AI" for Mistral
                how.add("stem")
    if candidate in named.listed:
        how.add("listed")  # "E2B, Modal and Daytona", "Buck and Bazel": named alongside others, it is one of many
    if own:
        how.add(f"count:{min(len(own), 3)}")
    return score, how


_JOINER = re.compile(r"^\s*(?:,\s*(?:and|or)?|and|or|&|/|\+|vs\.?|versus|nor)\s*$", re.IGNORECASE)


def _acts_in_clause(text: str, lo: int, hit) -> bool:
    """Whether the name is its clause's grammatical subject: it opens the clause (after at most a conjunction or
    an article) and a verb follows it ("…, but Langfuse is cheaper", "Podman runs containers …")."""
    if hit.possessive:
        return False
    opening = _OPENING.findall(text[lo:hit.start].lower())
    clause = opening[max((i for i, w in enumerate(opening) if w in ",;:(—–"), default=-1) + 1:]
    if len(clause) > 1 or (clause and clause[0] not in _CLAUSE_OPENERS):
        return False
    m = _NEXT_WORD.match(text[hit.end:hit.end + 40])
    if not m:
        return False
    word = m.group(1).replace("\u2019", "'")  # "doesn’t" is "doesn't"
    return word in _AUX or (len(word) > 3 and not word.endswith("ss") and word.endswith(("s", "ed")))


def _profiles(doc_quotes: list[QuoteContext], table: EntityTable, subtitle: str | None, candidates: list[str],
              named: dict[str, dict[str, float]]) -> dict[str, Counter[str]]:
    """Each title product's words: its catalog description, its part of the subtitle, the quotes naming it alone."""
    profiles = {c: Counter() for c in candidates}
    for c in candidates:  # what the catalog says each product is ("terminal pair programmer", "vector database")
        entry = table.catalog.entries.get(table.name(c))
        if entry and entry.description:
            profiles[c].update(_words(entry.description))
    if subtitle and candidates:
        parts = _subtitle_parts(subtitle, len(candidates))
        for candidate, part in zip(candidates, parts) if parts else [(candidates[-1], subtitle)]:
            profiles[candidate].update(_words(part))
    for q in doc_quotes:
        strong = [c for c in candidates if named[q.quote_id][c] > 0]
        if len(strong) == 1:
            profiles[strong[0]].update(_words(q.text))
    return profiles


_TITLE_WORDS = frozenset(["to", "from", "vs", "versus", "over", "or", "and", "with", "of", "for", "in", "on", "into",
                          "instead", "than", "off", "replace", "replaces", "replacing", "alternative", "alternatives",
                          "replacement", "migration", "migrating", "issue", "pr", "pull", "review", "meets", "inside",
                          "like", "why", "is", "dead", "live", "goodbye", "moving", "moved", "switching", "switched",
                          "as"])


def _title_roles(title: str | None, table: EntityTable, titled: list[str],
                 forms: dict[str, set[str]]) -> dict[str, set[str]]:
    """What the title's wording makes of each of its products: named before the colon (the thing introduced:
    "pg_duckdb: DuckDB's engine in Postgres"), as a possessive ("DuckDB's …": a maker or host), first or
    last, and the function words on either side ("from X to Y", "X vs Y", "X issue #12", "why X")."""
    roles: dict[str, set[str]] = {c: set() for c in titled}
    if not title:
        return roles
    colon = min((i for i in (title.find(": "), title.find(" — "), title.find(" – ")) if i > 0), default=-1)
    where: dict[str, tuple[int, int]] = {}
    for c in titled:
        spans = [(m.start(), m.end()) for form in sorted(forms.get(c, ()), key=len, reverse=True) if len(form) > 1
                 for m in _title_form(form).finditer(title)]
        if spans:
            where[c] = min(spans)
    order = sorted(where, key=lambda c: where[c])
    for c, (start, end) in where.items():
        found = roles[c]
        if colon > 0:
            found.add("head" if start < colon else "tail")
            if start < colon and sum(where[o][0] < colon for o in where) == 1:
                found.add("head_alone")
        if title[end:end + 2] in ("'s", "’s"):
            found.add("poss")
        if len(order) > 1:
            found.add("first" if c == order[0] else "last" if c == order[-1] else "middle")
        before = re.findall(r"[\w#]+", title[:start].lower())[-1:]
        after = re.findall(r"[\w#]+", title[end:].lower())[:1]
        found |= {f"before:{w}" for w in before if w in _TITLE_WORDS} | {f"after:{w}" for w in after if w in _TITLE_WORDS}
        found |= _modifier_roles(title, start, end)
        if not before:
            found.add("opens")
    for c in titled:
        if c not in where:
            roles[c].add("unseen")
    return roles


@lru_cache(maxsize=1 << 14)
def _title_form(form: str) -> re.Pattern[str]:
    """A product's form as a title writes it, in any case; compiled once per form, not once per document."""
    return re.compile(rf"(?<![\w-]){re.escape(form)}(?!\w|-[^a-z])", re.IGNORECASE)


_NEXT_TITLE_WORD = re.compile(r"(-?)\s*([\w#]+)")


def _modifier_roles(title: str, start: int, end: int) -> set[str]:
    """Whether the title uses the name to qualify something else: joined by a hyphen ("the Firefox-based Zen"),
    followed by a lower-case word that is neither a title word nor a stop word ("private npm solutions", "a
    Grafana forum thread"), or inside the closing parentheses that name where the text was posted ("(Verdaccio
    issue)")."""
    roles = set()
    m = _NEXT_TITLE_WORD.match(title, end)
    if m and m.group(1):
        roles.add("hyphened")
    elif m and m.group(2).islower() and m.group(2) not in _TITLE_WORDS and m.group(2) not in STOP_WORDS \
            and not m.group(2).isdigit():
        roles.add("qualifies")
    opening = title.rfind("(", 0, start)
    if opening >= 0 and ")" not in title[opening:start] and title.rstrip().endswith(")"):
        roles.add("parens")
    return roles


def _bucket(value: float, cuts: tuple[float, ...]) -> int:
    return sum(value > c for c in cuts)


def subject_features(doc_quotes: list[QuoteContext], table: EntityTable, subtitle: str | None,
                     primary: str | None = None, lexicon: Lexicon | None = None, title: str | None = None,
                     ) -> list[dict[str, tuple[tuple[str, ...], float]]]:
    """Every quote's candidates, each with its features and its hand-set score (used when no model is shipped).

    Args:
        doc_quotes: the document's quotes in order, with ``candidates`` set (entity ids from the title).
        table: the run's entities.
        subtitle: the title's subtitle; its words describe the last-named product.
        primary: the product the title puts first ("from X to Y" → Y).
        lexicon: the cue patterns (``subject_other_before``, ``subject_moved_to``); the shipped ones by default.
        title: the document's title; its wording says which product it introduces (:func:`_title_roles`).

    Returns:
        One dict per quote, in order: candidate id → (features, hand-set score). Title products come first,
        in title order, then the other products the quote names, in order of mention.
    """
    lexicon = lexicon or load_lexicon()
    titled = list(doc_quotes[0].candidates) if doc_quotes else []
    named: dict[str, dict[str, float]] = {}
    how: dict[str, dict[str, set[str]]] = {}
    pools: dict[str, list[str]] = {}
    for q in doc_quotes:
        own = [h.root for h in q.hits if table.info[h.root].type in _SUBJECT_TYPES]
        pools[q.quote_id] = list(dict.fromkeys(titled + own))
        quote_names = _Named(q, table)
        found = {c: _mentions(q, table, c, lexicon, quote_names) for c in pools[q.quote_id]}
        named[q.quote_id] = {c: s for c, (s, _) in found.items()}
        how[q.quote_id] = {c: h for c, (_, h) in found.items()}
    profiled = _Profiles(_profiles(doc_quotes, table, subtitle, titled, named))
    forms = {c: {table.name(c)} for c in titled}  # and as the quotes write it (aliases are not read: see kg.cache)
    for q in doc_quotes:
        for h in q.hits:
            if h.root in forms:
                forms[h.root].add(h.text)
    in_title = _title_roles(title, table, titled, forms)
    parity = _rhythm(doc_quotes, named, titled)
    doc_counts = Counter(h.root for q in doc_quotes for h in q.hits)
    top = max(doc_counts.values(), default=0)
    sole = [_sole(named[q.quote_id], titled) for q in doc_quotes]
    # every feature also counts per kind of document, so that one model weighs the same cue differently in a
    # two-product comparison ("A vs B": quotes take turns), a migration or replacement (a main product and ones
    # set aside) and any other title
    kind = "doc=main" if primary else "doc=head" if any("head_alone" in r for r in in_title.values()) else \
        "doc=pair" if len(titled) == 2 else "doc=other"
    out = []
    last_sole: str | None = None
    for index, q in enumerate(doc_quotes):
        pool, scores = pools[q.quote_id], dict(named[q.quote_id])
        spoken = [c for c in pool if named[q.quote_id][c] > 0]
        words = _words(q.text)
        one = len([c for c in titled if named[q.quote_id][c] > 0]) == 1
        affinity = profiled.affinity(words, less=one)
        refers = bool(_REFERS.search(q.text))
        marked: dict[str, tuple[set[str], float]] = {}
        for c in pool:
            f = {f"how:{x}" for x in how[q.quote_id][c]}
            said = named[q.quote_id][c] > 0
            f.add("said" if said else "unsaid")
            if said and len(spoken) == 1:
                f.add("said_alone")
            if not spoken:
                f.add("nothing_said")
            if c in titled:
                rank = titled.index(c)
                f.add(f"title:{min(rank, 3)}")
                f.add(f"title:{min(rank, 3)}/{min(len(titled), 4)}")
                if primary:
                    f.add("primary" if c == primary else "set_aside")
                aff = affinity.get(c, 0.0)
                f.add(f"affinity:{_bucket(aff, (-2.0, -0.5, 0.5, 2.0))}")
                f |= {f"t:{x}" for x in in_title[c]}
                f |= {f"t:{x}&{'said' if said else 'unsaid'}" for x in in_title[c] if x in ("head", "head_alone", "poss")}
                if parity is not None and titled[(index + parity) % 2] == c:
                    f.add("rhythm")
                if not said:
                    f.add("title_unsaid" if spoken else "title_nothing_said")
                    if c == primary or (not primary and rank == 0):
                        f.add("lead_unsaid" if spoken else "lead_nothing_said")
                scores[c] += max(-1.5, min(1.5, 0.5 * aff)) + (_PRIMARY if c == primary else 0.0)
                scores[c] += 0.8 if "rhythm" in f else 0.0
            else:
                f.add("untitled")
                f.add("untitled_said_alone" if len(spoken) == 1 else "untitled_said")
                if not titled:
                    f.add("no_title")
                scores[c] -= 100.0 if titled else 0.0  # without a model only a title's products compete
            f.add(f"type:{table.info[c].type}")
            if table.info[c].discovered:
                f.add("discovered")  # a name found by its shape, not one the catalog knows ("GMTK Game Jam")
            if top and doc_counts[c] == top:
                f.add("doc_top")
            f.add(f"doc_share:{_bucket(doc_counts[c] / max(1, len(doc_quotes)), (0.3, 1.0))}")
            if index and sole[index - 1] == c:
                f.add("prev_alone" if said else "prev_alone_unsaid")
                if refers:
                    f.add("refers_prev")
            if last_sole == c and not said:
                f.add("last_alone_unsaid")
            if index + 1 < len(doc_quotes) and sole[index + 1] == c and not said:
                f.add("next_alone_unsaid")
            role = "lead" if c == primary or (c in titled and not primary and c == titled[0]) else \
                "aside" if c in titled else "other"
            f |= {f"{role}&{x}" for x in how[q.quote_id][c] if not x.startswith("count")}  # the same words weigh
            # differently for the title's main product, its other products and the products it does not name
            marked[c] = (f, scores[c])
        best = max(scores.values(), default=0.0)
        feats: dict[str, tuple[tuple[str, ...], float]] = {}
        for c, (f, score) in marked.items():  # the hand-set scores' own verdict, for the model to correct
            gap = best - score
            f.add("hand:best" if gap == 0 else f"hand:behind{_bucket(gap, (1.0, 3.0))}")
            feats[c] = (tuple(sorted(f | {f"{kind}|{x}" for x in f})), score)
        if sole[index]:
            last_sole = sole[index]
        out.append(feats)
    return out


def _sole(named: dict[str, float], titled: list[str]) -> str | None:
    """The one title product a quote names, if it names exactly one."""
    strong = [c for c in titled if named.get(c, 0.0) > 0]
    return strong[0] if len(strong) == 1 else None


def attribute_subjects(doc_quotes: list[QuoteContext], table: EntityTable, subtitle: str | None,
                       hints: dict[str, str | None], primary: str | None = None,
                       model: SubjectModel | None = None, title: str | None = None) -> dict[str, Attribution]:
    """Attribute every quote of one document.

    Args:
        doc_quotes: the document's quotes in order, with ``candidates`` set (entity ids from the title).
        table: the run's entities.
        subtitle: the title's subtitle; its words describe the last-named product.
        hints: quote id → explicit subject id given by the input (a ``subject`` column).
        primary: the product the title puts first ("from X to Y" → Y): quotes are about it unless they
            clearly name another.
        model: the weights that score candidates (default: the shipped ``subjects.model.json``, if any).
        title: the document's title (its wording says which product it introduces).
    """
    model = model or load_subject_model()
    result: dict[str, Attribution] = {}
    for q, feats in zip(doc_quotes, subject_features(doc_quotes, table, subtitle, primary, title=title)):
        if hints.get(q.quote_id):
            result[q.quote_id] = Attribution(hints[q.quote_id], "subject.given", 1.0)
            continue
        if not feats:
            result[q.quote_id] = Attribution(None, "subject.none", 0.0)
            continue
        pool = list(feats)
        scores = {c: model.score(f) if model else s for c, (f, s) in feats.items()}
        ranked = sorted(pool, key=lambda c: (-scores[c], pool.index(c)))
        best = ranked[0]
        margin = scores[best] - (scores[ranked[1]] if len(ranked) > 1 else (0.0 if model is None else -2.0))
        rule = "subject.named" if "said" in feats[best][0] else "subject.context"
        confidence = 1.0 / (1.0 + math.exp(-margin)) if model else 0.5 + margin / 6
        result[q.quote_id] = Attribution(best, rule, round(min(1.0, max(0.05, confidence)), 3))
    return result


def _rhythm(doc_quotes: list[QuoteContext], named: dict[str, dict[str, float]], candidates: list[str]) -> int | None:
    """If the quotes that name exactly one candidate alternate A, B, A, B…, the offset that fits; else None."""
    if len(candidates) != 2:
        return None
    votes = Counter()
    for index, q in enumerate(doc_quotes):
        strong = [c for c in candidates if named[q.quote_id][c] > 0]
        if len(strong) == 1:
            votes[(candidates.index(strong[0]) - index) % 2] += 1
    if not votes:
        return None
    (offset, agree), = votes.most_common(1)
    disagree = sum(votes.values()) - agree
    return offset if agree >= 4 and disagree == 0 else None
