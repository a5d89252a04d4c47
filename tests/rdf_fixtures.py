"""Graphs for the RDF, store and query tests: the sample graph plus a second document about a release."""

from __future__ import annotations

from pathlib import Path

from conftest import AWKWARD, make_sample_kg

from kg.ids import entity_id, fact_id, quote_id
from kg.models import Claim, Document, Entity, Evidence, KnowledgeGraph, Quote, Relation, Source

__all__ = ["AWKWARD", "RELEASE_TEXT", "build_store", "evidence_for", "make_two_doc_kg"]

RELEASE_TEXT = "Qdrant 1.12 competes with Milvus on GPU indexing, between 2 and 3 times faster."


def evidence_for(doc: Document, quote: Quote, fragment: str, rule: str, confidence: float = 0.8) -> Evidence:
    """Evidence for ``fragment`` of ``quote`` (its first occurrence)."""
    start = quote.text.index(fragment)
    return Evidence(doc_id=doc.id, quote_id=quote.id, start=start, end=start + len(fragment), text=fragment,
                    rule=rule, confidence=confidence)


def make_two_doc_kg() -> KnowledgeGraph:
    """The sample graph plus a second document: a release of Qdrant competes with Milvus, a range claim,
    and the sample's first quote repeated, so that one quote lives in two documents."""
    kg = make_sample_kg()
    doc2 = Document(id="doc:000000000002", name="releases.jsonl", path="data/releases.jsonl", sha256="1" * 64,
                    format="jsonl")
    release_quote = Quote(id=quote_id(RELEASE_TEXT), text=RELEASE_TEXT, subject=entity_id("Qdrant 1.12"),
                          sources=(Source(doc_id=doc2.id, index=0),))
    second_place = Source(doc_id=doc2.id, index=1, author="Ana", date="2025-01-02")
    repeated = kg.quotes[0].model_copy(update={"sources": (*kg.quotes[0].sources, second_place)})
    doc2 = doc2.model_copy(update={"quote_ids": (release_quote.id, repeated.id)})
    release, milvus = entity_id("Qdrant 1.12"), entity_id("Milvus")
    ev = evidence_for(doc2, release_quote, "Qdrant 1.12 competes with Milvus", "competes.verb")
    relation = Relation(id=fact_id("rel", "competes_with", release, milvus, release_quote.id, ev.start),
                        type="competes_with", source=release, target=milvus, confidence=0.8, evidence=ev)
    ev = evidence_for(doc2, release_quote, "between 2 and 3 times faster", "metric.range")
    claim = Claim(id=fact_id("claim", "metric", release, release_quote.id, ev.start), about=release,
                  type="metric", text=ev.text, value=[2, 3.0], unit="x", comparator="range", evidence=ev)
    return kg.model_copy(update={
        "documents": (*kg.documents, doc2),
        "quotes": (repeated, *kg.quotes[1:], release_quote),
        "entities": (*kg.entities, Entity(id=milvus, name="Milvus", type="Product", aliases=("milvus-db",))),
        "relations": (*kg.relations, relation),
        "claims": (*kg.claims, claim),
        "run": kg.run.model_copy(update={"inputs": ("sample.txt", "data/releases.jsonl"), "documents": 2,
                                         "quotes": 4}),
    })


def build_store(kg: KnowledgeGraph, out_dir: Path):  # -> kg.store.KgStore
    """Write ``kg``'s store into ``out_dir`` and open it."""
    from kg.store import open_store, write_store

    write_store(kg, out_dir)
    return open_store(out_dir)
