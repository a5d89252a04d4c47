"""Shared fixtures: a small hand-built knowledge graph with awkward names, and paths to shared data."""

from __future__ import annotations

from pathlib import Path

import pytest

from kg.ids import entity_id, fact_id, quote_id
from kg.models import (
    Claim,
    Contradiction,
    Document,
    Entity,
    Evidence,
    KnowledgeGraph,
    Mention,
    Quote,
    Relation,
    ReportItem,
    RunInfo,
    Source,
)

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
SEEDS = SHARED / "corpus" / "seeds"
GOLD = SHARED / "eval" / "seed_gold.json"
SCORER = SHARED / "eval" / "score.py"
EXAMPLES = ROOT / "examples" / "reviews"

AWKWARD = 'Ac<me> & "Co" \u2014 caf\u00e9 \U0001F680 \u05e9\u05dc\u05d5\u05dd\nline2\x07'


def _evidence(doc: Document, quote: Quote, fragment: str, rule: str, confidence: float = 0.9) -> Evidence:
    start = quote.text.index(fragment)
    return Evidence(doc_id=doc.id, quote_id=quote.id, start=start, end=start + len(fragment),
                    text=fragment, rule=rule, confidence=confidence)


def make_sample_kg() -> KnowledgeGraph:
    """A graph with every kind of node, edge and claim, including names that break naive exporters."""
    texts = [
        "Qdrant competes with pgvector and Weaviate; Acme's tool is not a competitor.",
        "What could sink Qdrant within 18 months: Pinecone ships serverless filtering. p99 under 15 ms.",
        f"{AWKWARD} is built on PostgreSQL and costs $20/mo per seat.",
    ]
    quotes = [Quote(id=quote_id(t), text=t, sources=(), subject=entity_id("Qdrant")) for t in texts]
    doc = Document(id="doc:000000000001", name="sample.txt", path="sample.txt", sha256="0" * 64, format="seed",
                   title="Qdrant vs pgvector", candidates=("Qdrant", "pgvector"),
                   quote_ids=tuple(q.id for q in quotes))
    quotes = [q.model_copy(update={"sources": (Source(doc_id=doc.id, index=i),),
                                   "perspective": "competition", "stance": "mixed"})
              for i, q in enumerate(quotes)]
    quotes[2] = quotes[2].model_copy(update={"subject": entity_id(AWKWARD)})

    def ent(name: str, type_: str, **kw) -> Entity:
        return Entity(id=entity_id(name), name=name, type=type_, **kw)

    entities = [
        ent("Qdrant", "Product", aliases=("qdrant",), maker=entity_id("Qdrant Solutions")),
        ent("Qdrant Solutions", "Organization"),
        ent("pgvector", "Product"),
        ent("Weaviate", "Product"),
        ent("Pinecone", "Product"),
        ent("PostgreSQL", "Technology", aliases=("Postgres",)),
        ent(AWKWARD, "Product", discovered=True),
        ent("Qdrant 1.12", "Product", part_of=entity_id("Qdrant"), part_kind="release"),
    ]
    q0, q1, q2 = quotes

    def rel(type_: str, src: str, tgt: str, q: Quote, frag: str, rule: str, **kw) -> Relation:
        ev = _evidence(doc, q, frag, rule)
        return Relation(id=fact_id("rel", type_, entity_id(src), entity_id(tgt), q.id, ev.start),
                        type=type_, source=entity_id(src), target=entity_id(tgt),
                        confidence=ev.confidence, evidence=ev, **kw)

    relations = [
        rel("competes_with", "Qdrant", "pgvector", q0, "Qdrant competes with pgvector", "competes.verb"),
        rel("competes_with", "Qdrant", "Weaviate", q0, "competes with pgvector and Weaviate", "competes.verb"),
        rel("threatens", "Pinecone", "Qdrant", q1, "What could sink Qdrant within 18 months: Pinecone",
            "threat.kill_cue", horizon="18 months", hedged=True),
        rel("depends_on", AWKWARD, "PostgreSQL", q2, "built on PostgreSQL", "depends.built_on"),
        rel("developed_by", "Qdrant", "Qdrant Solutions", q0, "Qdrant", "catalog.maker"),
    ]

    def claim(type_: str, about: str, q: Quote, frag: str, rule: str, **kw) -> Claim:
        ev = _evidence(doc, q, frag, rule)
        return Claim(id=fact_id("claim", type_, entity_id(about), q.id, ev.start), about=entity_id(about),
                     type=type_, text=frag, evidence=ev, **kw)

    claims = [
        claim("metric", "Qdrant", q1, "p99 under 15 ms", "metric.quantity", value=15.0, unit="ms", comparator="<"),
        claim("pricing", AWKWARD, q2, "$20/mo per seat", "pricing.money", value=20.0, unit="USD/month/seat",
              comparator="="),
        claim("capability", "Qdrant", q1, "serverless filtering", "assertion.capability", polarity="positive"),
        claim("limitation", "Qdrant", q0, "is not a competitor", "assertion.limitation", polarity="negative"),
    ]
    mentions = [
        Mention(entity_id=entity_id("Qdrant"), quote_id=q0.id, start=0, end=6, text="Qdrant", rule="catalog"),
        Mention(entity_id=entity_id(AWKWARD), quote_id=q2.id, start=0, end=len(AWKWARD), text=AWKWARD,
                rule="discovery.capitalized"),
    ]
    contradictions = [Contradiction(id=fact_id("contra", claims[2].id, claims[3].id), about=entity_id("Qdrant"),
                                    claim_a=claims[2].id, claim_b=claims[3].id, rule="contradiction.polarity",
                                    topic="filtering")]
    report = [ReportItem(kind="rejected_relation", message="negated: Acme's tool is not a competitor",
                         evidence=_evidence(doc, q0, "is not a competitor", "competes.negated"))]
    run = RunInfo(kg_version="0.1.0", catalog="test", model="blank:en", inputs=("sample.txt",),
                  documents=1, quotes=3, skipped=0)
    return KnowledgeGraph(run=run, documents=(doc,), quotes=tuple(quotes), entities=tuple(entities),
                          mentions=tuple(mentions), relations=tuple(relations), claims=tuple(claims),
                          contradictions=tuple(contradictions), report=tuple(report))


@pytest.fixture(scope="session")
def sample_kg() -> KnowledgeGraph:
    """A hand-built graph (see ``make_sample_kg``)."""
    return make_sample_kg()


@pytest.fixture(scope="session")
def awkward_name() -> str:
    """A name with markup characters, quotes, emoji, right-to-left text and a control character."""
    return AWKWARD
