"""KnowledgeGraph → RDF quads: a named graph per document; entities and the run in the default graph."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Container, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import quote as _percent
from urllib.parse import unquote

from pyoxigraph import DefaultGraph, NamedNode, Quad

from kg.errors import ExportError
from kg.ids import digest
from kg.rdf_terms import (
    CLAIM_CLASSES,
    DCTERMS,
    ENTITY_CLASSES,
    ID_BASE,
    KG,
    KG_NS,
    NAMESPACES,
    PREFIXES,
    PROV,
    RDF,
    RDFS,
    RELATION_PREDICATES,
    SDO,
    SKOS,
    XSD,
)
from kg.rdf_terms import bool_literal as _bool
from kg.rdf_terms import double_literal as _double
from kg.rdf_terms import integer_literal as _integer
from kg.rdf_terms import json_literal as _json
from kg.rdf_terms import scalar_literal as _scalar
from kg.rdf_terms import string_literal as _string
from kg.rdf_terms import text_literal as _text

if TYPE_CHECKING:  # annotations only: making quads needs the models, not pydantic's import
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
        RunInfo,
    )

__all__ = ["CLAIM_CLASSES", "ID_BASE", "KG", "KG_NS", "NAMESPACES", "PREFIXES", "RELATION_PREDICATES", "agent_iri",
           "default_item_quads", "id_from_iri", "iri", "iter_quads", "mention_iri", "run_iri", "sort_quads",
           "to_quads"]

_PART_PREDICATES = {"release": KG.versionOf, "feature": KG.featureOf, None: KG.partOf}
_DEFAULT = DefaultGraph()
_Graph = NamedNode | DefaultGraph
_PLAIN = re.compile(r"[A-Za-z0-9_-]*")


def _encode(part: str) -> str:
    """Percent-encode everything but letters, digits, ``-`` and ``_`` (dots too, for Turtle local names)."""
    if _PLAIN.fullmatch(part):  # most ids (slugs, hex digests) need no encoding: skip the slow path
        return part
    return _percent(part, safe="", errors="surrogatepass").replace(".", "%2E").replace("~", "%7E")


def iri(model_id: str, fragment: str | None = None) -> NamedNode:
    """The IRI of a model id: ``ent:qdrant`` → ``https://w3id.org/kg/id/ent/qdrant`` (``#fragment``).

    Raises:
        ExportError: if no valid IRI can be made (pyoxigraph is the validator).
    """
    kind, sep, local = model_id.partition(":")
    if not sep:  # an id without a kind keeps a recognisable place of its own
        kind, local = "_", model_id
    value = f"{ID_BASE}{_encode(kind)}/{_encode(local)}" + (f"#{_encode(fragment)}" if fragment else "")
    try:
        return NamedNode(value)
    except ValueError as err:
        raise ExportError(f"cannot make an IRI for id {model_id!r}: {err}") from err


def id_from_iri(value: str | NamedNode) -> str:
    """The model id an IRI made by :func:`iri` stands for (its fragment dropped)."""
    text = value.value if isinstance(value, NamedNode) else value
    if not text.startswith(ID_BASE):
        return text
    kind, _, local = text[len(ID_BASE):].partition("#")[0].partition("/")
    kind, local = unquote(kind, errors="surrogatepass"), unquote(local, errors="surrogatepass")
    return local if kind == "_" else f"{kind}:{local}"


def run_iri(run: RunInfo) -> NamedNode:
    """The IRI of the run activity: a digest of what made the graph, so equal runs share it."""
    described = json.dumps(run.model_dump(mode="python"), sort_keys=True)  # ASCII: safe for any path
    return iri(f"run:{digest(described, length=16)}")


def _facts(subject: NamedNode, graph: _Graph, *pairs: tuple[NamedNode, object]) -> Iterator[Quad]:
    """Quads ``subject p o`` for each pair whose object is not None."""
    for predicate, obj in pairs:
        if obj is not None:
            yield Quad(subject, predicate, obj, graph)  # type: ignore[arg-type]


class _Iris:
    """``iri`` with a memory: ids that recur (entities, documents, quotes) are made into IRIs once per run."""

    def __init__(self) -> None:
        self._known: dict[str, NamedNode] = {}

    def __call__(self, model_id: str) -> NamedNode:
        node = self._known.get(model_id)
        if node is None:
            node = self._known[model_id] = iri(model_id)
        return node


def _fragment(node: NamedNode, fragment: str) -> NamedNode:
    """``iri(id, fragment)`` for a node already made by ``iri(id)``."""
    return NamedNode(f"{node.value}#{_encode(fragment)}")


def _entity_quads(entity: Entity, node_of: _Iris) -> Iterator[Quad]:
    node, label = node_of(entity.id), _string(entity.name)
    maker = node_of(entity.maker) if entity.maker else None
    # kg:Entity as well as its own class, as a claim is kg:Claim and kg:MetricClaim: a SHACL engine or a
    # SPARQL query needs no subclass inference to find every entity
    yield from _facts(node, _DEFAULT, (RDF.type, KG.Entity), (RDF.type, ENTITY_CLASSES[entity.type]),
                      (SKOS.prefLabel, label), (RDFS.label, label), (KG.discovered, _bool(entity.discovered)),
                      (SDO.description, _text(entity.description)), (SDO.manufacturer, maker),
                      (KG.developedBy, maker))
    for alias in dict.fromkeys(entity.aliases):
        if alias != entity.name:
            yield Quad(node, SKOS.altLabel, _string(alias), _DEFAULT)
    if entity.part_of:
        yield Quad(node, _PART_PREDICATES[entity.part_kind], node_of(entity.part_of), _DEFAULT)


def _document_quads(doc: Document, run: NamedNode, node_of: _Iris) -> Iterator[Quad]:
    yield from _document_own_quads(doc, node_of)
    yield Quad(run, PROV.used, node_of(doc.id), _DEFAULT)


def _document_own_quads(doc: Document, node_of: _Iris) -> Iterator[Quad]:
    """A document's quads whose subject it is (the run's ``prov:used`` of it is the run's)."""
    yield from _facts(node_of(doc.id), _DEFAULT, (RDF.type, KG.Document), (RDFS.label, _string(doc.name)),
                      (DCTERMS.title, _text(doc.title)), (SDO.alternativeHeadline, _text(doc.subtitle)),
                      (DCTERMS.identifier, _string(doc.sha256)), (KG.path, _string(doc.path)),
                      (KG.format, _string(doc.format)), *((KG.candidate, _string(c)) for c in doc.candidates))


def _quote_quads(quote: Quote, graph: _Graph, node_of: _Iris) -> Iterator[Quad]:
    """The quote as described in one document's graph (or in the default graph when it has no source)."""
    node = node_of(quote.id)
    subject = node_of(quote.subject) if quote.subject else None
    confidence = _double(quote.subject_confidence) if subject else None
    yield from _facts(node, graph, (RDF.type, KG.Quote), (SDO.text, _string(quote.text)),
                      (SDO.about, subject), (KG.subjectHint, _text(quote.subject_hint)),
                      (KG.subjectRule, _text(quote.subject_rule)), (KG.subjectConfidence, confidence),
                      (KG.perspective, _text(quote.perspective)), (KG.stance, _text(quote.stance)),
                      (KG.verdict, _text(quote.verdict)))
    sources = [source for source in quote.sources if node_of(source.doc_id) == graph]
    if sources:
        yield Quad(node, DCTERMS.isPartOf, graph, graph)  # type: ignore[arg-type]
    for source in sources:
        place = _fragment(node, f"in-{source.doc_id}-{source.index}")
        yield Quad(node, KG.source, place, graph)  # type: ignore[arg-type]
        yield from _facts(place, graph, (RDF.type, KG.QuoteSource), (KG.inDocument, graph),
                          (KG.index, _integer(source.index)), (SDO.author, _text(source.author)),
                          (SDO.datePublished, _text(source.date)), (DCTERMS.source, _text(source.source)))


def _span_quads(node: NamedNode, span: Evidence, quote_text: str | None, graph: _Graph,
                node_of: _Iris) -> Iterator[Quad]:
    """Where ``node``'s words are: a quote, and characters ``start:end`` of its ``schema:text``.

    The quote's text is written once, as its ``schema:text``; a fact or mention points into it by code
    points (``kg:start``, ``kg:end``, as ``oa:start``/``oa:end`` of a TextPositionSelector count them) and
    repeats its words (``kg:exact``) only when the quote does not hold them at that span (or is unknown).
    """
    yield Quad(node, KG.quote, node_of(span.quote_id), graph)
    yield Quad(node, KG.start, _integer(span.start, XSD.nonNegativeInteger), graph)
    yield Quad(node, KG.end, _integer(span.end, XSD.nonNegativeInteger), graph)
    if quote_text is None or quote_text[span.start:span.end] != span.text:
        yield Quad(node, KG.exact, _string(span.text), graph)


def _evidence_quads(node: NamedNode, ev: Evidence, quote: Quote | None, node_of: _Iris) -> Iterator[Quad]:
    """What every assertion and claim carries: its rule, the document and the span of the quote it was read from.

    Confidence is the fact's own (``kg:confidence``); the run that made it is the one run of the dataset.
    """
    graph = node_of(ev.doc_id)
    yield Quad(node, KG.rule, _string(ev.rule), graph)
    yield Quad(node, KG.inDocument, graph, graph)  # type: ignore[arg-type]
    yield from _span_quads(node, ev, quote.text if quote else None, graph, node_of)


def _relation_quads(rel: Relation, quote: Quote | None, node_of: _Iris,
                    edges: set[tuple[str, str, str]]) -> Iterator[Quad]:
    """The plain edge (once per document, however many quotes state it), its assertion and evidence."""
    node, graph, predicate = iri(rel.id), node_of(rel.evidence.doc_id), RELATION_PREDICATES[rel.type]
    source, target = node_of(rel.source), node_of(rel.target)
    if (rel.source, rel.type, rel.target) not in edges:
        edges.add((rel.source, rel.type, rel.target))
        yield Quad(source, predicate, target, graph)
    yield from _facts(node, graph, (RDF.type, KG.Assertion), (RDF.subject, source),
                      (RDF.predicate, predicate), (RDF.object, target),
                      (KG.confidence, _double(rel.confidence)), (KG.horizon, _text(rel.horizon)),
                      (KG.hedged, _bool(rel.hedged)))
    yield from _evidence_quads(node, rel.evidence, quote, node_of)


def _value_quads(node: NamedNode, claim: Claim, graph: _Graph) -> Iterator[Quad]:
    """Scalars as one typed kg:value; lists as one kg:value per item plus kg:valueJson; ranges as min/max."""
    value = claim.value
    if value is None:
        return
    items = value if isinstance(value, list | tuple) else [value]
    yield from _facts(node, graph, *((KG.value, literal) for literal in dict.fromkeys(map(_scalar, items))))
    if isinstance(value, list | tuple | dict):
        yield Quad(node, KG.valueJson, _json(value), graph)
    numbers = [v for v in items if isinstance(v, int | float) and not isinstance(v, bool)]
    if claim.comparator == "range" and len(numbers) == 2:
        yield from _facts(node, graph, (SDO.minValue, _double(min(numbers))),
                          (SDO.maxValue, _double(max(numbers))))


def _claim_quads(claim: Claim, quote: Quote | None, node_of: _Iris) -> Iterator[Quad]:
    node, graph = iri(claim.id), node_of(claim.evidence.doc_id)
    yield from _facts(node, graph, (RDF.type, KG.Claim), (RDF.type, CLAIM_CLASSES[claim.type]),
                      (KG.about, node_of(claim.about)), (KG.claimType, _string(claim.type)),
                      (SDO.text, _string(claim.text)), (KG.unit, _text(claim.unit)),
                      (KG.comparator, _text(claim.comparator)), (KG.horizon, _text(claim.horizon)),
                      (KG.credibility, _text(claim.credibility)), (KG.polarity, _text(claim.polarity)),
                      (KG.confidence, _double(claim.evidence.confidence)))
    yield from _value_quads(node, claim, graph)
    yield from _evidence_quads(node, claim.evidence, quote, node_of)


def mention_iri(mention: Mention) -> NamedNode:
    """The IRI of a mention: the same in every document its quote is found in."""
    return iri(f"mention:{digest(mention.entity_id, mention.quote_id, mention.start, mention.end)}")


def _mention_quads(mention: Mention, quote: Quote | None, graph: _Graph, node_of: _Iris) -> Iterator[Quad]:
    """A span of a quote that names an entity, and the rule that recognised it (once per quote)."""
    node = mention_iri(mention)
    yield Quad(node, RDF.type, KG.Mention, graph)
    yield Quad(node, KG.refersTo, node_of(mention.entity_id), graph)
    yield Quad(node, KG.rule, _string(mention.rule), graph)
    yield from _span_quads(node, mention, quote.text if quote else None, graph, node_of)  # type: ignore[arg-type]


def _contradiction_quads(contra: Contradiction, run: NamedNode, node_of: _Iris) -> Iterator[Quad]:
    yield from _facts(iri(contra.id), _DEFAULT, (RDF.type, KG.Contradiction), (KG.about, node_of(contra.about)),
                      (KG.claim, iri(contra.claim_a)), (KG.claim, iri(contra.claim_b)),
                      (KG.rule, _string(contra.rule)), (KG.topic, _string(contra.topic)),
                      (PROV.wasGeneratedBy, run))


def agent_iri(info: RunInfo) -> NamedNode:
    """The IRI of the kg release that made a run."""
    return iri(f"agent:kg-{info.kg_version.replace('.', '-')}")


def _run_quads(info: RunInfo, run: NamedNode) -> Iterator[Quad]:
    agent = agent_iri(info)
    yield from _facts(run, _DEFAULT, (RDF.type, PROV.Activity), (RDF.type, KG.Run),
                      (KG.kgVersion, _string(info.kg_version)), (KG.catalog, _text(info.catalog)),
                      (KG.model, _string(info.model)), (KG.documentCount, _integer(info.documents)),
                      (KG.quoteCount, _integer(info.quotes)), (KG.skippedCount, _integer(info.skipped)),
                      (PROV.wasAssociatedWith, agent), *((KG.input, _string(path)) for path in info.inputs))
    yield from _facts(agent, _DEFAULT, (RDF.type, PROV.SoftwareAgent), (RDFS.label, _string("kg")),
                      (SDO.softwareVersion, _string(info.kg_version)))


def sort_quads(quads: Iterable[Quad]) -> list[Quad]:
    """Unique quads in a fixed order: default graph first, then by graph, subject, predicate, object."""
    unique = {(0 if isinstance(q.graph_name, DefaultGraph) else 1, str(q.graph_name), str(q.subject),
               str(q.predicate), str(q.object)): q for q in quads}
    return [unique[key] for key in sorted(unique)]


@dataclass
class _DocFacts:
    """What one document's named graph describes."""

    quotes: list[Quote] = field(default_factory=list)
    relations: list[Relation] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    mentions: list[Mention] = field(default_factory=list)


def iter_quads(kg: KnowledgeGraph, part: int = 0, parts: int = 1) -> Iterator[Quad]:
    """Every quad of the graph, each once, in a fixed order, grouped by graph and mostly by subject.

    The default graph comes first (the run, documents, entities, contradictions), then one named graph
    per document in the order of its id. A pure function of ``kg``; nothing is sorted, so it streams.
    ``part`` of ``parts``: one of ``parts`` consecutive stretches of that sequence (the default graph and the
    first documents' graphs, …, the last documents' graphs), so that the parts in order are the whole.

    Raises:
        ExportError: if an id cannot be turned into a valid IRI.
    """
    run, node_of = run_iri(kg.run), _Iris()
    quotes = {quote.id: quote for quote in kg.quotes}
    if part == 0:
        yield from _default_quads(kg, run, node_of, quotes)
    by_doc = _by_document(kg, quotes)
    ordered = sorted(by_doc)
    for index, doc_id in enumerate(ordered):
        if index * parts // len(ordered) != part:
            continue
        facts, graph, edges = by_doc[doc_id], node_of(doc_id), set()
        for quote in facts.quotes:
            yield from _quote_quads(quote, graph, node_of)
        for rel in facts.relations:
            yield from _relation_quads(rel, quotes.get(rel.evidence.quote_id), node_of, edges)
        for claim in facts.claims:
            yield from _claim_quads(claim, quotes.get(claim.evidence.quote_id), node_of)
        for mention in facts.mentions:
            yield from _mention_quads(mention, quotes.get(mention.quote_id), graph, node_of)


def _default_quads(kg: KnowledgeGraph, run: NamedNode, node_of: _Iris, quotes: dict[str, Quote]) -> Iterator[Quad]:
    """The default graph: the run, documents, entities, contradictions, and the quotes found in no document."""
    yield from _run_quads(kg.run, run)
    for doc in kg.documents:
        yield from _document_quads(doc, run, node_of)
    for entity in kg.entities:
        yield from _entity_quads(entity, node_of)
    for contra in kg.contradictions:
        yield from _contradiction_quads(contra, run, node_of)
    for quote in kg.quotes:
        if not quote.sources:
            yield from _quote_quads(quote, _DEFAULT, node_of)
    for mention in kg.mentions:  # mentions of quotes found in no document
        quote = quotes.get(mention.quote_id)
        if quote is None or not quote.sources:
            yield from _mention_quads(mention, quote, _DEFAULT, node_of)


def default_item_quads(kg: KnowledgeGraph, ids: Container[str], run: bool) -> Iterator[Quad]:
    """Part of the default graph (which holds no quote found in no document): the quads whose subject is one of the
    documents, entities and contradictions in ``ids``, and with ``run`` those whose subject is the run or its agent
    (the run's ``prov:used`` of every document with them). A store replaces the quads of changed items with these
    (``kg.store_update``): every quad of the default graph has the run, its agent or one item as its subject."""
    run_node, node_of = run_iri(kg.run), _Iris()
    if run:
        yield from _run_quads(kg.run, run_node)
        yield from (Quad(run_node, PROV.used, node_of(doc.id), _DEFAULT) for doc in kg.documents)
    for doc in kg.documents:
        if doc.id in ids:
            yield from _document_own_quads(doc, node_of)
    for entity in kg.entities:
        if entity.id in ids:
            yield from _entity_quads(entity, node_of)
    for contra in kg.contradictions:
        if contra.id in ids:
            yield from _contradiction_quads(contra, run_node, node_of)


def _by_document(kg: KnowledgeGraph, quotes: dict[str, Quote]) -> dict[str, _DocFacts]:
    """What each document's named graph describes: a quote in the graph of every document it was found in, a fact
    in its evidence's, a mention once, in the graph of the first document its quote was found in."""
    by_doc: dict[str, _DocFacts] = defaultdict(_DocFacts)
    for quote in kg.quotes:
        for doc_id in dict.fromkeys(source.doc_id for source in quote.sources):
            by_doc[doc_id].quotes.append(quote)
    for rel in kg.relations:
        by_doc[rel.evidence.doc_id].relations.append(rel)
    for claim in kg.claims:
        by_doc[claim.evidence.doc_id].claims.append(claim)
    for mention in kg.mentions:
        quote = quotes.get(mention.quote_id)
        if quote is not None and quote.sources:
            by_doc[quote.sources[0].doc_id].mentions.append(mention)
    return by_doc


def to_quads(kg: KnowledgeGraph) -> list[Quad]:
    """Every quad of the graph, unique and sorted (a pure function of ``kg``: same input, same quads).

    Raises:
        ExportError: if an id cannot be turned into a valid IRI.
    """
    return sort_quads(iter_quads(kg))
