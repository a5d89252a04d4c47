"""Subject attribution: which of a document's products each quote is about, named or not."""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass

from kg.extract.text import QuoteContext
from kg.resolve import EntityTable

__all__ = ["Attribution", "attribute_subjects"]

# words too common to tell two products apart
_STOP = frozenset(["a", "about", "after", "all", "also", "an", "and", "another", "any", "are", "as", "at", "be", "because", "before", "but", "by", "can", "could", "do", "does", "don't", "for", "from", "had", "has", "have", "here", "how", "i", "if", "in", "into", "is", "isn't", "it", "it's", "its", "just", "may", "might", "more", "most", "my", "no", "not", "of", "off", "on", "one", "only", "or", "other", "our", "out", "over", "own", "really", "same", "should", "so", "some", "such", "than", "that", "that's", "the", "their", "them", "then", "there", "they", "this", "to", "two", "until", "up", "very", "was", "we", "were", "what", "when", "where", "which", "while", "who", "will", "with", "within", "without", "would", "you", "your"])


_OBJECT_CUE = re.compile(r"\b(?:over|than|vs\.?|versus|against|instead of|looking at|alternatives? to|competes? with|"
                         r"compared (?:to|with)|rather than|unlike|(?:switched|moved|migrated|migrating|ported)\s+(?:[\w-]+\s+){0,4}?"
                         r"(?:off|from))\s+(?:\w+\s+)?$", re.IGNORECASE)


_PRIMARY = 2.0  # what the title's own emphasis is worth: about one plain mention


@dataclass(frozen=True)
class Attribution:
    """A quote's subject and why."""

    subject: str | None
    rule: str
    confidence: float


def _stem(name: str) -> str:
    """The first word of a name, lowercased: "voyage-3-large" → "voyage", "Voyage AI" → "voyage"."""
    return re.split(r"[\s\-_.]", name.lower(), maxsplit=1)[0]


def _words(text: str) -> Counter[str]:
    words = (w for w in re.findall(r"[a-z][a-z0-9'-]{2,}", text.lower()) if w not in _STOP)
    return Counter(w[:-1] if w.endswith("s") and not w.endswith("ss") and len(w) > 4 else w for w in words)


def _subtitle_parts(subtitle: str, n: int) -> list[str] | None:
    """A subtitle that mirrors the title ("one laptop or one cluster") gives each product its part."""
    parts = [p.strip() for p in re.split(r"\s+(?:or|vs\.?|versus)\s+|\s*/\s*", subtitle) if p.strip()]
    return parts if len(parts) == n and n > 1 else None


def _affinity(words: Counter[str], profiles: dict[str, Counter[str]]) -> dict[str, float]:
    """Naive-Bayes log-likelihood of the quote's words under each product's profile, centred on the mean.

    Only words that some profile has count, so a quote's own vocabulary doesn't drown the signal.
    """
    vocab = set().union(*profiles.values()) if profiles else set()
    seen = [w for w in words if w in vocab]
    scores = {}
    for c, prof in profiles.items():
        total = sum(prof.values()) + 0.5 * len(vocab)
        scores[c] = sum(words[w] * math.log((prof[w] + 0.5) / total) for w in seen) if total else 0.0
    mean = sum(scores.values()) / len(scores) if scores else 0.0
    return {c: v - mean for c, v in scores.items()}


def _named(ctx: QuoteContext, table: EntityTable, candidate: str) -> float:
    """How strongly the quote names the candidate itself, its releases/features, or its maker."""
    score = 0.0
    for rank, hit in enumerate(ctx.hits):
        if hit.root == candidate:
            before = ctx.text[max(0, hit.start - 40):hit.start]
            if _OBJECT_CUE.search(before):  # "picked X over Y", "also looking at Y": Y is the other product
                score += 0.5
                continue
            score += 3.0 if rank == 0 else 2.0
            if re.search(r"\b(?:from|off)\s+[\w.-]+\s+(?:to|onto)\s+$", before):
                score += 1.5  # "migrated from X to Y": the quote reports on Y
            if hit.start == 0 or not ctx.text[:hit.start].strip(" -•*#\n"):
                score += 2.0  # the quote opens with the name: that is what it is about
            if hit.possessive or ctx.text[hit.end:hit.end + 4] in (" is ", " has", " doe", " bet", " sol", " wan"):
                score += 0.5
        elif table.info[candidate].maker == hit.entity:
            score += 0.5
        elif _stem(table.name(hit.root)) == _stem(table.name(candidate)) and len(_stem(table.name(candidate))) >= 4:
            score += 1.5  # "Voyage AI" for voyage-3-large, "Mistral AI" for Mistral
    return score


def attribute_subjects(doc_quotes: list[QuoteContext], table: EntityTable, subtitle: str | None,
                       hints: dict[str, str | None], primary: str | None = None) -> dict[str, Attribution]:
    """Attribute every quote of one document.

    Args:
        doc_quotes: the document's quotes in order, with ``candidates`` set (entity ids from the title).
        table: the run's entities.
        subtitle: the title's subtitle; its words describe the last-named product.
        hints: quote id → explicit subject id given by the input (a ``subject`` column).
        primary: the product the title puts first ("from X to Y" → Y): quotes are about it unless they
            clearly name another.
    """
    result: dict[str, Attribution] = {}
    if not doc_quotes:
        return result
    candidates = doc_quotes[0].candidates
    named = {q.quote_id: {c: _named(q, table, c) for c in candidates} for q in doc_quotes}
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
        scores = named[q.quote_id]
        strong = [c for c in candidates if scores[c] > 0]
        if len(strong) == 1:
            profiles[strong[0]].update(_words(q.text))
    parity = _rhythm(doc_quotes, named, candidates)
    for index, q in enumerate(doc_quotes):
        if hints.get(q.quote_id):
            result[q.quote_id] = Attribution(hints[q.quote_id], "subject.given", 1.0)
            continue
        if not candidates:
            products = [h.root for h in q.hits if table.info[h.root].type == "Product"]
            top = Counter(products).most_common(1)
            result[q.quote_id] = (Attribution(top[0][0], "subject.most_named", 0.6) if top
                                  else Attribution(None, "subject.none", 0.0))
            continue
        scores = dict(named[q.quote_id])
        words = _words(q.text)
        own = {c: profiles[c] - words if len([x for x in candidates if named[q.quote_id][x] > 0]) == 1 else profiles[c]
               for c in candidates}
        affinity = _affinity(words, own)
        for c in candidates:
            scores[c] += max(-1.5, min(1.5, 0.5 * affinity[c])) + (_PRIMARY if c == primary else 0.0)
            if parity is not None:
                scores[c] += 0.8 if candidates[(index + parity) % 2] == c else 0.0
        ranked = sorted(candidates, key=lambda c: (-scores[c], candidates.index(c)))
        best = ranked[0]
        margin = scores[best] - (scores[ranked[1]] if len(ranked) > 1 else 0.0)
        rule = "subject.named" if named[q.quote_id][best] > 0 else "subject.context"
        result[q.quote_id] = Attribution(best, rule, round(min(1.0, 0.5 + margin / 6), 3))
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
