"""What every cue engine shares: one family's matches over a quote, in file order, dated where the family says so.

The relation engine (``kg/extract/relations/cues.py``) and the claim engine (``kg/extract/claims/cues.py``) both
read cue families — records of ``ontology/cues.json`` — through :func:`family_matches`: the quote is scanned once
per pattern list (the literal index in ``kg.lexicon`` shares the scan with every other reader of that list), and a
``dated`` family's matches carry the horizon of their sentence ("within 12 months").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from kg.extract.text import QuoteContext, find_horizon
from kg.lexicon import CueFamily, Lexicon

__all__ = ["family_matches"]


def family_matches(family: CueFamily, ctx: QuoteContext,
                   lexicon: Lexicon) -> Iterator[tuple[str | None, re.Match[str], str | None]]:
    """(group, match, horizon) for every match of ``family``: pattern list by pattern list, match by match.

    ``group`` names the inner list of a family whose patterns are grouped (``credibility``: ``disputed``,
    ``unverified``), else None; ``horizon`` is the sentence's horizon when the family is ``dated``, else None.
    """
    live = lexicon.index.live_keys(ctx.text)  # the lists with a pattern that may match: most quotes hold few
    for group, key in _keys(family, lexicon):
        if key not in live:
            continue
        for m in lexicon.finditer(key, ctx.text):
            horizon = None
            if family.dated:
                s_lo, s_hi = ctx.sentence_of(m.start())
                found = find_horizon(ctx.text, s_lo, s_hi, lexicon, near=m.end())
                horizon = found[0] if found else None
            yield group, m, horizon


def _keys(family: CueFamily, lexicon: Lexicon) -> list[tuple[str | None, str]]:
    """(group, pattern list key) of every list ``family`` scans (kept for the run)."""
    name = f"family_keys:{family.key}"
    found = lexicon.memo.get(name)
    if found is None:
        patterns = lexicon.cues.get(family.scans)
        found = lexicon.memo[name] = ([(sub, f"{family.scans}.{sub}") for sub in patterns]
            if isinstance(patterns, dict) else [(None, family.scans)])
    return found  # type: ignore[return-value]
