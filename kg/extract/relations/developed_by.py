"""developed_by: who makes a product (possessives, 'built by', maker verbs, the catalog).

The cue families ("built by", maker verbs) are records in ``ontology/cues.json`` run by the cue engine with
the two readers below; possessives ("Hugging Face's SmolLM3") and catalog makers are not cues and stay here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from kg.extract.relations.base import Finding, actor_before, list_after, named_before, negated_before
from kg.extract.relations.cues import Reading, Scope, reader, run_cues
from kg.extract.text import QuoteContext, clause_bounds, line_topic
from kg.lexicon import Lexicon
from kg.registry import relation_extractors
from kg.resolve import EntityTable, Hit
from kg.words import is_given_name

__all__ = ["developed_by"]

# "a fork of Spigot by PaperMC" (the fork's maker), "written in Rust by Ben" (the author of what is written)
_NOT_THE_THING = re.compile(r"\b(?:(?:fork|port|clone|version|rewrite|copy|derivative)\s+of|in|with|using)\s+$",
                            re.IGNORECASE)
_BOUGHT = re.compile(r"\b(?:acquire[sd]?|bought|buys|purchase[sd]?|acquisition|buyout|takeover)\b", re.IGNORECASE)
_POSSESSIVE_GAP = re.compile(r"['’]s?\s+(?:own\s+|new\s+|latest\s+|open\s+|open-source\s+|flagship\s+)?")


@relation_extractors.register("developed_by")
def developed_by(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[Finding]:
    """Makers: "Hugging Face's SmolLM3", "built by Zilliz", and catalog makers named in the same quote."""
    for i, hit in enumerate(ctx.hits[:-1]):
        nxt = ctx.hits[i + 1]
        maker_like = hit.type == "Organization" or (table.info[hit.entity].discovered and hit.root not in ctx.candidates
                                                     and nxt.type == "Product")
        if hit.possessive and maker_like and \
                _POSSESSIVE_GAP.fullmatch(ctx.text[hit.end:nxt.start]):
            yield Finding("developed_by", nxt.root, hit.root, hit.start, nxt.end, "maker.possessive", 0.85)
    yield from run_cues(ctx, lexicon, "developed_by")
    for hit in ctx.hits:  # a catalog maker named in the same sentence as its product
        s_lo, s_hi = ctx.sentence_of(hit.start)
        in_sentence = ctx.hits_in(s_lo, s_hi)
        for product in sorted({h.root for h in in_sentence}):
            if table.info[product].maker == hit.entity:  # the evidence shows both names
                named = min((h for h in in_sentence if h.root == product), key=lambda h: abs(h.start - hit.start))
                yield Finding("developed_by", product, hit.root, min(hit.start, named.start), max(hit.end, named.end),
                              "maker.catalog", 0.6)


@reader("maker_after")
def _maker_after(m: re.Match[str], scope: Scope) -> Iterable[Reading]:
    """ "X is built by Y": the first name after the cue makes the product before it (else the sentence's opener,
    "Kestra came up too, the one from the team at …", else the line's label, "V8: … developed by Google", else the
    subject)."""
    ctx = scope.ctx
    s_lo, s_hi = ctx.sentence_of(m.start())
    lo, hi = clause_bounds(ctx.text, m.start(), m.end(), s_lo, s_hi)
    product = actor_before(ctx, m.start(), lo, words=6) or named_before(ctx, s_lo, m.start()) or \
        line_topic(ctx, m.start()) or scope.subject
    makers = list_after(ctx, m.end(), hi, max_gap=8)
    negated = negated_before(ctx.text, s_lo, m.start())  # "Zep isn't made by Acme"
    if makers and "backed" in m.group().lower() and not _may_make(makers[0]):
        return  # "a Go binary backed by PostgreSQL": a known product stores its data (depends_on reads it), no maker
    for maker in makers[:1] if product else []:
        yield Reading(product, maker, min(m.start(), maker.start), maker.end,  # type: ignore[arg-type]
                      rejected="negated maker" if negated else None)


@reader("maker_by_name")
def _maker_by_name(m: re.Match[str], scope: Scope) -> Iterable[Reading]:
    """ "PennyLane by Xanadu", "the axe-core engine by Deque": the name just before the cue (or before its kind
    noun) is the product, the first name after makes it. Not "a fork of Spigot by PaperMC", which names the
    fork's maker, and not a known product after "by" ("Kafka by Redpanda" is no maker)."""
    ctx = scope.ctx
    s_lo, s_hi = ctx.sentence_of(m.start())
    before = [h for h in ctx.hits_in(s_lo, m.start()) if h.end == m.start()]
    if not before or _NOT_THE_THING.search(ctx.text, s_lo, before[-1].start):
        return
    product = before[-1]
    makers = list_after(ctx, m.end(), clause_bounds(ctx.text, m.start(), m.end(), s_lo, s_hi)[1], max_gap=4)[:1]
    for maker in makers:
        if _may_make(maker) and (maker.type == "Organization" or not is_given_name(maker.text.split()[0])):
            yield Reading(product, maker, product.start, maker.end,
                          rejected="negated maker" if negated_before(ctx.text, s_lo, product.start) else None)


def _may_make(hit: Hit) -> bool:
    """Whether ``hit`` may be a maker: an organization, or a name the catalog does not know as a product."""
    return hit.type == "Organization" or hit.rule != "catalog"


@reader("maker_before")
def _maker_before(m: re.Match[str], scope: Scope) -> Iterable[Reading]:
    """ "Zilliz built Milvus": the company just before a maker verb makes the first product after it."""
    ctx = scope.ctx
    lo, hi = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
    maker = actor_before(ctx, m.start(), lo, words=1)
    products = list_after(ctx, m.end(), hi, max_gap=4)
    # only a company buys another's product: a buyer the catalog knows by its product's name ("Zoom acquired
    # Keybase", "Opera bought YoYo Games") is the company
    if maker and products and (maker.type == "Organization" or _BOUGHT.search(m.group())
                               or maker.rule != "catalog" and products[0].rule != "catalog"):
        yield Reading(products[0], maker, maker.start, products[0].end)  # type: ignore[index]
