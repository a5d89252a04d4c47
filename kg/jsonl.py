"""The ``kg extract --jsonl`` record: one object per quote occurrence, in the evaluation's format."""

from __future__ import annotations

import json
from collections import defaultdict

from kg.facts import fact_types
from kg.models import KnowledgeGraph

__all__ = ["dumps", "records"]

_SCORED_RELATIONS = fact_types().scored  # the relation types an evaluation record carries


def records(kg: KnowledgeGraph) -> list[dict]:
    """One record per (document, quote index), in document order.

    Releases fold into their product everywhere; a named feature keeps its own name among the entities
    but folds into its product as a subject or relation endpoint.
    """
    ents = {e.id: e for e in kg.entities}

    def root(eid: str, features: bool = True) -> str:
        seen = set()
        while ents[eid].part_of and eid not in seen and (features or ents[eid].part_kind == "release"):
            seen.add(eid)
            eid = ents[eid].part_of  # type: ignore[assignment]
        return eid

    def name(eid: str | None) -> str | None:
        return ents[root(eid)].name if eid else None

    mentions, relations, claims = defaultdict(list), defaultdict(list), defaultdict(list)
    for m in kg.mentions:
        mentions[m.quote_id].append(m)
    for r in kg.relations:
        relations[r.evidence.quote_id].append(r)
    for c in kg.claims:
        claims[c.evidence.quote_id].append(c)
    quotes = {q.id: q for q in kg.quotes}
    out = []
    for doc in kg.documents:
        for index, qid in enumerate(doc.quote_ids):
            q = quotes[qid]
            spans: dict[str, list[list[int]]] = defaultdict(list)
            for m in mentions[qid]:
                spans[root(m.entity_id, features=False)].append([m.start, m.end])
            out.append({
                "doc": doc.name, "quote_index": index, "text": q.text, "subject": name(q.subject),
                "perspective": q.perspective, "stance": q.stance, "verdict": q.verdict,
                "entities": [{"name": ents[e].name, "type": ents[e].type, "spans": s} for e, s in sorted(spans.items())],
                "relations": [{"type": r.type, "source": name(r.source), "target": name(r.target),
                               "span": [r.evidence.start, r.evidence.end], "horizon": r.horizon,
                               "confidence": r.confidence, "rule": r.evidence.rule}
                              for r in relations[qid] if r.type in _SCORED_RELATIONS],
                "claims": [{"about": name(c.about), "type": c.type, "text": c.text,
                            "span": [c.evidence.start, c.evidence.end], "value": c.value, "unit": c.unit,
                            "horizon": c.horizon, "credibility": c.credibility, "rule": c.evidence.rule}
                           for c in claims[qid]],
            })
    return out


def dumps(kg: KnowledgeGraph) -> str:
    """The records as JSON Lines."""
    return "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in records(kg))
