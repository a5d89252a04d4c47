"""A synthetic knowledge graph of a 10,000-quote build, made in seconds from the models (no extraction)."""

from __future__ import annotations

import itertools
import random

from kg.ids import entity_id, fact_id, quote_id
from kg.models import (
    CLAIM_TYPES,
    Claim,
    Contradiction,
    Document,
    Entity,
    Evidence,
    KnowledgeGraph,
    Quote,
    Relation,
    RunInfo,
    Source,
)

_SYLLABLES = ("qua", "ve", "lo", "tri", "ka", "zen", "po", "mi", "dra", "sol", "nex", "ru", "fi", "ga", "tor", "lu")
_TYPES = ("Product",) * 12 + ("Organization",) * 4 + ("Technology",) * 3 + ("Platform", "License", "Benchmark")
_VERBS = {"competes_with": "competes with", "threatens": "could replace", "depends_on": "is built on",
          "developed_by": "is made by", "version_of": "is a release of", "feature_of": "is a feature of"}
_RELS = ("competes_with",) * 6 + ("depends_on",) * 3 + ("threatens",) * 2 + ("developed_by",) * 2 + ("feature_of",)


def _name(rng: random.Random, taken: set[str]) -> str:
    while True:
        name = "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 4))).capitalize()
        if rng.random() < 0.25:
            name += " " + rng.choice(("DB", "AI", "Cloud", "JS", "Labs", "Stack", "Engine"))
        if name.lower() not in taken:
            taken.add(name.lower())
            return name


def large_kg(quotes: int = 10_000, seed: int = 7) -> KnowledgeGraph:
    """A graph shaped like a ``quotes``-quote build: about 0.4 entities, 1.4 relations and 1.1 claims a quote.

    Entity popularity is Zipf-like (a few hubs, a long tail, a quarter with no relation at all), so the
    page meets the same shape a real build gives it: 15,000 nodes and 14,000 edges at 10,000 quotes.
    """
    rng = random.Random(seed)
    taken: set[str] = set()
    n_entities = int(quotes * 0.4)
    entities = [Entity(id=entity_id(name), name=name, type=rng.choice(_TYPES), discovered=rng.random() < 0.1)
                for name in (_name(rng, taken) for _ in range(n_entities))]
    linked = entities[: int(n_entities * 0.75)]  # the rest have claims only
    cum = list(itertools.accumulate(1.0 / (i + 3) ** 0.9 for i in range(len(linked))))
    markets = max(1, min(40, len(linked) // 10))  # entities fall into markets; most relations stay inside one
    market = {e.id: i % markets for i, e in enumerate(linked)}
    members = [[e for e in linked if market[e.id] == m] for m in range(markets)]
    member_cum = [list(itertools.accumulate(1.0 / (i + 2) ** 1.1 for i in range(len(m)))) for m in members]

    def popular() -> Entity:
        return rng.choices(linked, cum_weights=cum)[0]

    def peer(of: Entity) -> Entity:
        m = market[of.id] if rng.random() < 0.85 else rng.randrange(markets)
        return rng.choices(members[m], cum_weights=member_cum[m])[0]

    sentences: list[list[str]] = [[] for _ in range(quotes)]
    facts: list[tuple[str, int, int, tuple]] = []  # (kind, quote, sentence, payload)
    for k in range(int(quotes * 1.4)):
        a = popular()
        b = peer(a)
        while b.id == a.id:
            b = rng.choice(linked)
        rel = rng.choice(_RELS)
        q = rng.randrange(quotes)
        sentences[q].append(f"{a.name} {_VERBS[rel]} {b.name}")
        facts.append(("rel", q, len(sentences[q]) - 1, (rel, a, b, k)))
    claim_words = ("p99 under 15 ms", "costs $20/mo per seat", "is Apache-2.0", "runs on ARM", "lacks SSO",
                   "may not last another year", "is fast to set up", "leaks memory under load")
    for k in range(int(quotes * 1.1)):
        about = rng.choice(entities) if rng.random() < 0.3 else popular()
        q = rng.randrange(quotes)
        sentences[q].append(f"{about.name} {rng.choice(claim_words)}")
        facts.append(("claim", q, len(sentences[q]) - 1, (rng.choice(CLAIM_TYPES), about, k)))
    for q in range(quotes):
        if not sentences[q]:
            sentences[q].append(f"Nothing stood out in review {q}")

    texts = [". ".join(s) + "." for s in sentences]
    starts = []
    for s in sentences:
        at, row = 0, []
        for sentence in s:
            row.append(at)
            at += len(sentence) + 2
        starts.append(row)
    qids = [quote_id(f"{t} #{q}") for q, t in enumerate(texts)]
    docs = [Document(id=f"doc:{d:012d}", name=f"reviews-{d:03d}.txt", path=f"reviews-{d:03d}.txt",
                     sha256="0" * 64, format="text", quote_ids=tuple(qids[d::100])) for d in range(100)]
    quote_rows = tuple(Quote(id=qids[q], text=texts[q], sources=(Source(doc_id=docs[q % 100].id, index=q // 100),),
                             stance="mixed") for q in range(quotes))

    relations, claims = [], []
    for kind, q, s, payload in facts:
        fragment = sentences[q][s]
        ev = Evidence(doc_id=docs[q % 100].id, quote_id=qids[q], start=starts[q][s], end=starts[q][s] + len(fragment),
                      text=fragment, rule=f"{kind}.synthetic", confidence=round(0.5 + rng.random() / 2, 2))
        if kind == "rel":
            rel, a, b, k = payload
            relations.append(Relation(id=fact_id("rel", rel, a.id, b.id, k), type=rel, source=a.id, target=b.id,
                                      hedged=rng.random() < 0.1, confidence=ev.confidence, evidence=ev))
        else:
            ctype, about, k = payload
            claims.append(Claim(id=fact_id("claim", ctype, about.id, k), about=about.id, type=ctype,
                                text=fragment, evidence=ev,
                                polarity=rng.choice(("positive", "negative", None))))
    by_about: dict[str, list[Claim]] = {}
    for c in claims:
        by_about.setdefault(c.about, []).append(c)
    pairs = [cs[:2] for cs in by_about.values() if len(cs) > 1][:200]
    contradictions = [Contradiction(id=fact_id("contra", a.id, b.id), about=a.about, claim_a=a.id, claim_b=b.id,
                                    rule="contradiction.synthetic", topic="speed") for a, b in pairs]
    run = RunInfo(kg_version="0.0.0", catalog=None, model="synthetic", inputs=(), documents=len(docs),
                  quotes=quotes, skipped=0)
    return KnowledgeGraph(run=run, documents=tuple(docs), quotes=quote_rows, entities=tuple(entities),
                          relations=tuple(relations), claims=tuple(claims), contradictions=tuple(contradictions))
