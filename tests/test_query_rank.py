"""The ranked view: one row per competitor or threat, counted by quotes and documents, with the best evidence."""

from __future__ import annotations

from kg.query_rank import rank
from kg.query_rows import CompetitorRow, ThreatRow


def _competitor(name: str, quote: str, doc: str, confidence: float = 0.9, hedged: bool = False,
                rule: str = "competes.verb") -> CompetitorRow:
    return CompetitorRow(quote=quote, exact=f"{name} in {quote}", start=0, end=5, doc=doc, doc_id=f"doc:{doc}", quote_id=f"quote:{quote}",
                         rule=rule, confidence=confidence, entity="Qdrant", entity_id="ent:qdrant", competitor=name,
                         competitor_id=f"ent:{name.lower()}", competitor_type="Product",
                         relation_id=f"rel:{name}{quote}{doc}", hedged=hedged)


def _threat(name: str, quote: str, horizon: str | None, direction: str = "threatened_by") -> ThreatRow:
    return ThreatRow(quote=quote, exact=quote, start=0, end=3, doc="a.txt", doc_id="doc:a", quote_id=f"quote:{quote}",
                     rule="threat.cue",
                     confidence=0.8, entity="Cursor", entity_id="ent:cursor", threat=name,
                     threat_id=f"ent:{name.lower()}", threat_type="Organization", direction=direction,
                     horizon=horizon, hedged=False, relation_id=f"rel:{name}{quote}")


def test_competitors_rank_by_quotes_then_documents_then_confidence():
    rows = [
        _competitor("Weaviate", "q1", "a.txt"),
        _competitor("Milvus", "q1", "a.txt", confidence=0.95),
        _competitor("Pinecone", "q1", "a.txt"), _competitor("Pinecone", "q2", "b.txt", hedged=True, confidence=0.6,
                                                            rule="competes.alternative"),
        _competitor("Weaviate", "q3", "a.txt", confidence=0.7),
        _competitor("Weaviate", "q3", "a.txt", confidence=0.7),  # the same quote twice: one quote
    ]
    ranked = rank(rows, entity="Qdrant")
    assert [(r.rank, r.competitor, r.quotes, r.documents, r.statements) for r in ranked] == [
        (1, "Pinecone", 2, 2, 2), (2, "Weaviate", 2, 1, 3), (3, "Milvus", 1, 1, 1)]
    pinecone = ranked[0]
    assert (pinecone.confidence, pinecone.hedged) == (0.9, False)
    assert pinecone.rules == ("competes.alternative", "competes.verb")
    assert (pinecone.best_exact, pinecone.best_doc, pinecone.best_quote) == ("Pinecone in q1", "a.txt", "q1")
    assert all(r.entity == "Qdrant" for r in ranked)


def test_the_best_evidence_is_stated_plainly_before_it_is_confident():
    rows = [_competitor("Milvus", "could", "a.txt", confidence=0.95, hedged=True),
            _competitor("Milvus", "does", "b.txt", confidence=0.8)]
    (row,) = rank(rows, entity="Qdrant")
    assert (row.best_quote, row.confidence, row.hedged) == ("does", 0.95, False)


def test_threats_collect_their_horizons_and_rank_per_direction():
    rows = [_threat("Microsoft", "q1", "18 months"), _threat("Microsoft", "q2", "12 months"),
            _threat("Microsoft", "q3", None), _threat("Google", "q4", None),
            _threat("Copilot", "q5", None, direction="threatens")]
    ranked = rank(rows, entity="Cursor")
    assert [(r.direction, r.rank, r.threat, r.horizons) for r in ranked] == [
        ("threatened_by", 1, "Microsoft", ("12 months", "18 months")), ("threatened_by", 2, "Google", ()),
        ("threatens", 1, "Copilot", ())]


def test_nothing_to_rank():
    assert rank([], entity="Qdrant") == []


def test_a_quote_found_in_two_documents_counts_both():
    rows = [_competitor("Milvus", "q1", "a.txt")]
    assert rank(rows, entity="Qdrant")[0].documents == 1
    (row,) = rank(rows, entity="Qdrant", documents={"quote:q1": ["doc:a.txt", "doc:b.txt"]})
    assert (row.quotes, row.documents) == (1, 2)
