"""The ranked view of relation rows: one row per competitor, threat or dependency, with what supports it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from kg.query_rows import (
    CompetitorRank,
    CompetitorRow,
    DependencyRank,
    DependencyRow,
    ThreatRank,
    ThreatRow,
)

__all__ = ["rank"]

RelationRow = CompetitorRow | ThreatRow | DependencyRow
RankRow = CompetitorRank | ThreatRank | DependencyRank
# row type → (the field naming the far end, the ranked row type)
_RANKED: dict[type, tuple[str, type]] = {
    CompetitorRow: ("competitor", CompetitorRank),
    ThreatRow: ("threat", ThreatRank),
    DependencyRow: ("dependency", DependencyRank),
}


def _strength(row: RelationRow) -> tuple:
    """Sort key of the best statement first: stated plainly, then most confident, then first in the corpus."""
    return (row.hedged, -(row.confidence or 0.0), row.doc, row.start or 0, row.relation_id)


def rank(rows: Sequence[RelationRow], entity: str,
         documents: Mapping[str, Iterable[str]] | None = None) -> list[RankRow]:
    """Fold per-statement rows into one row per far end (and direction), ranked by support.

    The rank orders by the number of distinct quotes, then documents, then the strongest confidence, then
    name; it restarts at 1 for each direction. ``best_*`` are the words, quote and document of the strongest
    statement (plain before hedged, then by confidence).

    Args:
        rows: the per-statement rows of one query.
        entity: the name that was asked about; statements about its releases and features count for it.
        documents: quote id → every document the quote was found in (``query.quote_documents``); without
            it, a statement counts for the document its evidence points at only.
    """
    if not rows:
        return []
    far, ranked_type = _RANKED[type(rows[0])]
    groups: dict[tuple[str, str], list[RelationRow]] = {}
    for row in rows:
        groups.setdefault((getattr(row, "direction", ""), getattr(row, f"{far}_id")), []).append(row)
    folded = []
    for (direction, _), members in groups.items():
        best = min(members, key=_strength)
        confidences = [m.confidence for m in members if m.confidence is not None]
        fields = {
            "entity": entity, far: getattr(best, far), f"{far}_id": getattr(best, f"{far}_id"),
            f"{far}_type": getattr(best, f"{far}_type"), "statements": len(members),
            "quotes": len({m.quote_id for m in members}),
            "documents": len({d for m in members for d in (m.doc_id, *(documents or {}).get(m.quote_id, ()))}),
            "confidence": max(confidences) if confidences else None, "hedged": all(m.hedged for m in members),
            "rules": tuple(sorted({m.rule for m in members})), "best_exact": best.exact,
            "best_quote": best.quote, "best_doc": best.doc,
        }
        if direction:
            fields["direction"] = direction
        if ranked_type is ThreatRank:
            fields["horizons"] = tuple(sorted({m.horizon for m in members if m.horizon}))
        folded.append(fields)
    folded.sort(key=lambda f: (f.get("direction", ""), -f["quotes"], -f["documents"], -(f["confidence"] or 0.0),
                               f[far].casefold(), f[f"{far}_id"]))
    out, place, previous = [], 0, None
    for fields in folded:
        place = 1 if fields.get("direction") != previous else place + 1
        previous = fields.get("direction")
        out.append(ranked_type(rank=place, **fields))
    return out
