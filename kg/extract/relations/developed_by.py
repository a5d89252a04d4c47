"""developed_by: who makes a product (possessives, 'built by', maker verbs, the catalog)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from kg.extract.relations.base import (
    Finding,
    actor_before,
    list_after,
    named_before,
    subject_hit,
)
from kg.extract.text import QuoteContext, clause_bounds
from kg.lexicon import Lexicon
from kg.registry import relation_extractors
from kg.resolve import EntityTable

__all__ = ["developed_by"]


@relation_extractors.register("developed_by")
def developed_by(ctx: QuoteContext, lexicon: Lexicon, table: EntityTable) -> Iterator[Finding]:
    """Makers: "Hugging Face's SmolLM3", "built by Zilliz", and catalog makers named in the same quote."""
    subject = subject_hit(ctx)
    for i, hit in enumerate(ctx.hits[:-1]):
        nxt = ctx.hits[i + 1]
        maker_like = hit.type == "Organization" or (table.info[hit.entity].discovered and hit.root not in ctx.candidates
                                                     and nxt.type == "Product")
        if hit.possessive and maker_like and \
                re.fullmatch(r"['’]s?\s+(?:own\s+|new\s+|latest\s+|open\s+|open-source\s+|flagship\s+)?", ctx.text[hit.end:nxt.start]):
            yield Finding("developed_by", nxt.root, hit.root, hit.start, nxt.end, "maker.possessive", 0.85)
    for m in lexicon.finditer("maker_after", ctx.text):
        s_lo, s_hi = ctx.sentence_of(m.start())
        lo, hi = clause_bounds(ctx.text, m.start(), m.end(), s_lo, s_hi)
        # else the sentence's opener: "Kestra came up too, the one from the team at …"
        product = actor_before(ctx, m.start(), lo, words=6) or named_before(ctx, s_lo, m.start()) or subject
        makers = list_after(ctx, m.end(), hi, max_gap=8)
        for maker in makers[:1] if product else []:
            yield Finding("developed_by", product.root, maker.root, min(m.start(), maker.start), maker.end,
                          "maker.by", 0.85)
    for m in lexicon.finditer("maker_before", ctx.text):
        lo, hi = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
        maker = actor_before(ctx, m.start(), lo, words=1)
        products = list_after(ctx, m.end(), hi, max_gap=4)
        if maker and products and maker.type == "Organization" or (maker and products and maker.rule != "catalog"
                                                                      and products[0].rule != "catalog"):
            yield Finding("developed_by", products[0].root, maker.root, maker.start, products[0].end, "maker.verb", 0.8)
    for hit in ctx.hits:  # a catalog maker named in the same sentence as its product
        s_lo, s_hi = ctx.sentence_of(hit.start)
        for product in sorted({h.root for h in ctx.hits_in(s_lo, s_hi)}):
            if table.info[product].maker == hit.entity:
                yield Finding("developed_by", product, hit.root, hit.start, hit.end, "maker.catalog", 0.6)
