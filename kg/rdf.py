"""KnowledgeGraph → RDF quads: a named graph per document; entities and the run in the default graph."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from urllib.parse import quote as _percent
from urllib.parse import unquote

from pyoxigraph import DefaultGraph, NamedNode, Quad

from kg.errors import ExportError
from kg.ids import digest
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
from kg.rdf_terms import (
    CLAIM_CLASSES,
    DCTERMS,
    ENTITY_CLASSES,
    ID_BASE,
    KG,
    KG_NS,
    NAMESPACES,
    OA,
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

__all__ = ["CLAIM_CLASSES", "ID_BASE", "KG", "KG_NS", "NAMESPACES", "PREFIXES", "RELATION_PREDICATES",
           "id_from_iri", "iri", "run_iri", "sort_quads", "to_quads"]

_CONTEXT_CHARS = 32  # characters of oa:prefix / oa:suffix around an exact span
_PART_PREDICATES = {"release": KG.versionOf, "feature": KG.featureOf, None: KG.partOf}
_DEFAULT = DefaultGraph()
_Graph = NamedNode | DefaultGraph


def _encode(part: str) -> str:
    """Percent-encode everything but letters, digits, ``-`` and ``_`` (dots too, for Turtle local names)."""
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


def _entity_quads(entity: Entity) -> Iterator[Quad]:
    node, label = iri(entity.id), _string(entity.name)
    maker = iri(entity.maker) if entity.maker else None
    yield from _facts(node, _DEFAULT, (RDF.type, ENTITY_CLASSES[entity.type]), (SKOS.prefLabel, label),
                      (RDFS.label, label), (KG.discovered, _bool(entity.discovered)),
                      (SDO.description, _text(entity.description)), (SDO.manufacturer, maker),
                      (KG.developedBy, maker))
    for alias in dict.fromkeys(entity.aliases):
        if alias != entity.name:
            yield Quad(node, SKOS.altLabel, _string(alias), _DEFAULT)
    if entity.part_of:
        yield Quad(node, _PART_PREDICATES[entity.part_kind], iri(entity.part_of), _DEFAULT)


def _document_quads(doc: Document, run: NamedNode) -> Iterator[Quad]:
    node = iri(doc.id)
    yield from _facts(node, _DEFAULT, (RDF.type, KG.Document), (RDFS.label, _string(doc.name)),
                      (DCTERMS.title, _text(doc.title)), (SDO.alternativeHeadline, _text(doc.subtitle)),
                      (DCTERMS.identifier, _string(doc.sha256)), (KG.path, _string(doc.path)),
                      (KG.format, _string(doc.format)), *((KG.candidate, _string(c)) for c in doc.candidates))
    yield Quad(run, PROV.used, node, _DEFAULT)


def _quote_quads(quote: Quote) -> Iterator[Quad]:
    node = iri(quote.id)
    subject = iri(quote.subject) if quote.subject else None
    confidence = _double(quote.subject_confidence) if subject else None
    graphs: list[_Graph] = [iri(source.doc_id) for source in quote.sources] or [_DEFAULT]
    for graph in dict.fromkeys(graphs):  # described in every document it was found in
        yield from _facts(node, graph, (RDF.type, KG.Quote), (SDO.text, _string(quote.text)),
                          (SDO.about, subject), (KG.subjectHint, _text(quote.subject_hint)),
                          (KG.subjectRule, _text(quote.subject_rule)), (KG.subjectConfidence, confidence),
                          (KG.perspective, _text(quote.perspective)), (KG.stance, _text(quote.stance)),
                          (KG.verdict, _text(quote.verdict)))
    for source in quote.sources:
        graph, place = iri(source.doc_id), iri(quote.id, f"in-{source.doc_id}-{source.index}")
        yield from _facts(node, graph, (DCTERMS.isPartOf, graph), (KG.source, place))
        yield from _facts(place, graph, (RDF.type, KG.QuoteSource), (KG.inDocument, graph),
                          (KG.index, _integer(source.index)), (SDO.author, _text(source.author)),
                          (SDO.datePublished, _text(source.date)), (DCTERMS.source, _text(source.source)))


def _annotation_quads(base_id: str, annotation: NamedNode, kind: NamedNode, body: NamedNode, span: Evidence,
                      quote_text: str | None) -> Iterator[Quad]:
    """A web annotation: ``body`` is stated by characters ``span.start:span.end`` of a quote in a document."""
    graph, start, end = iri(span.doc_id), span.start, span.end
    fragments = ("target", "text-quote", "quote", "text-position")
    target, text_sel, quote_sel, position = (iri(base_id, fragment) for fragment in fragments)
    motive = OA.identifying if kind == KG.Mention else OA.describing
    yield from _facts(annotation, graph, (RDF.type, OA.Annotation), (RDF.type, kind),
                      (OA.motivatedBy, motive), (OA.hasBody, body), (OA.hasTarget, target),
                      (KG.quote, iri(span.quote_id)), (KG.rule, _string(span.rule)))
    yield from _facts(target, graph, (RDF.type, OA.SpecificResource), (OA.hasSource, graph),
                      (OA.hasSelector, text_sel))
    fits = quote_text is not None and quote_text[start:end] == span.text
    prefix = quote_text[max(0, start - _CONTEXT_CHARS):start] if fits else ""
    suffix = quote_text[end:end + _CONTEXT_CHARS] if fits else ""
    yield from _facts(text_sel, graph, (RDF.type, OA.TextQuoteSelector), (OA.exact, _string(span.text)),
                      (OA.prefix, _string(prefix) if prefix else None),
                      (OA.suffix, _string(suffix) if suffix else None))
    if quote_text is not None:  # positions count code points from the start of the quote: refine that
        # the quote's words are its schema:text, written once; repeating them per annotation made the
        # output grow with quote length × annotations
        yield from _facts(target, graph, (OA.hasSelector, quote_sel))
        yield from _facts(quote_sel, graph, (RDF.type, KG.QuoteSelector), (KG.quote, iri(span.quote_id)),
                          (OA.refinedBy, position))
        yield from _facts(position, graph, (RDF.type, OA.TextPositionSelector),
                          (OA.start, _integer(start, XSD.nonNegativeInteger)),
                          (OA.end, _integer(end, XSD.nonNegativeInteger)))


def _evidence_quads(fact_id: str, ev: Evidence, quotes: dict[str, Quote], run: NamedNode) -> Iterator[Quad]:
    """What every assertion and claim carries: rule, provenance and the evidence annotation."""
    node, annotation, quote = iri(fact_id), iri(fact_id, "evidence"), quotes.get(ev.quote_id)
    yield from _facts(node, iri(ev.doc_id), (KG.rule, _string(ev.rule)), (KG.evidence, annotation),
                      (PROV.wasDerivedFrom, iri(ev.quote_id)), (PROV.wasGeneratedBy, run))
    yield from _annotation_quads(fact_id, annotation, KG.Evidence, node, ev, quote.text if quote else None)


def _relation_quads(rel: Relation) -> Iterator[Quad]:
    node, graph, predicate = iri(rel.id), iri(rel.evidence.doc_id), RELATION_PREDICATES[rel.type]
    source, target = iri(rel.source), iri(rel.target)
    yield Quad(source, predicate, target, graph)
    yield from _facts(node, graph, (RDF.type, KG.Assertion), (RDF.subject, source),
                      (RDF.predicate, predicate), (RDF.object, target),
                      (KG.confidence, _double(rel.confidence)), (KG.horizon, _text(rel.horizon)),
                      (KG.hedged, _bool(rel.hedged)))


def _value_quads(node: NamedNode, claim: Claim, graph: _Graph) -> Iterator[Quad]:
    """Scalars as one typed kg:value; lists as one kg:value per item plus kg:valueJson; ranges as min/max."""
    value = claim.value
    if value is None:
        return
    items = value if isinstance(value, list | tuple) else [value]
    yield from _facts(node, graph, *((KG.value, _scalar(item)) for item in items))
    if isinstance(value, list | tuple | dict):
        yield Quad(node, KG.valueJson, _json(value), graph)
    numbers = [v for v in items if isinstance(v, int | float) and not isinstance(v, bool)]
    if claim.comparator == "range" and len(numbers) == 2:
        yield from _facts(node, graph, (SDO.minValue, _double(min(numbers))),
                          (SDO.maxValue, _double(max(numbers))))


def _claim_quads(claim: Claim) -> Iterator[Quad]:
    node, graph = iri(claim.id), iri(claim.evidence.doc_id)
    yield from _facts(node, graph, (RDF.type, KG.Claim), (RDF.type, CLAIM_CLASSES[claim.type]),
                      (KG.about, iri(claim.about)), (KG.claimType, _string(claim.type)),
                      (SDO.text, _string(claim.text)), (KG.unit, _text(claim.unit)),
                      (KG.comparator, _text(claim.comparator)), (KG.horizon, _text(claim.horizon)),
                      (KG.credibility, _text(claim.credibility)), (KG.polarity, _text(claim.polarity)),
                      (KG.confidence, _double(claim.evidence.confidence)))
    yield from _value_quads(node, claim, graph)


def _mention_quads(mention: Mention, quotes: dict[str, Quote]) -> Iterator[Quad]:
    quote = quotes.get(mention.quote_id)
    for doc_id in dict.fromkeys(source.doc_id for source in (quote.sources if quote else ())):
        key = (mention.entity_id, mention.quote_id, mention.start, mention.end, doc_id)
        mention_id = f"mention:{digest(*key)}"
        span = Evidence(doc_id=doc_id, quote_id=mention.quote_id, start=mention.start, end=mention.end,
                        text=mention.text, rule=mention.rule, confidence=1.0)
        yield from _annotation_quads(mention_id, iri(mention_id), KG.Mention, iri(mention.entity_id), span,
                                     quote.text if quote else None)


def _contradiction_quads(contra: Contradiction, run: NamedNode) -> Iterator[Quad]:
    yield from _facts(iri(contra.id), _DEFAULT, (RDF.type, KG.Contradiction), (KG.about, iri(contra.about)),
                      (KG.claim, iri(contra.claim_a)), (KG.claim, iri(contra.claim_b)),
                      (KG.rule, _string(contra.rule)), (KG.topic, _string(contra.topic)),
                      (PROV.wasGeneratedBy, run))


def _run_quads(info: RunInfo, run: NamedNode) -> Iterator[Quad]:
    agent = iri(f"agent:kg-{info.kg_version.replace('.', '-')}")
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


def to_quads(kg: KnowledgeGraph) -> list[Quad]:
    """Every quad of the graph, unique and sorted (a pure function of ``kg``: same input, same quads).

    Raises:
        ExportError: if an id cannot be turned into a valid IRI.
    """
    run = run_iri(kg.run)
    quotes = {quote.id: quote for quote in kg.quotes}
    parts: list[Iterable[Quad]] = [_run_quads(kg.run, run)]
    parts += [_document_quads(doc, run) for doc in kg.documents]
    parts += [_entity_quads(entity) for entity in kg.entities]
    parts += [_quote_quads(quote) for quote in kg.quotes]
    parts += [_relation_quads(rel) for rel in kg.relations]
    parts += [_claim_quads(claim) for claim in kg.claims]
    parts += [_evidence_quads(fact.id, fact.evidence, quotes, run) for fact in (*kg.relations, *kg.claims)]
    parts += [_mention_quads(mention, quotes) for mention in kg.mentions]
    parts += [_contradiction_quads(contra, run) for contra in kg.contradictions]
    return sort_quads(quad for part in parts for quad in part)
