"""The KnowledgeGraph → RDF mapping: plain triples plus assertion nodes, selectors, graphs and IRIs."""

from __future__ import annotations

import json

import pytest
from pyoxigraph import DefaultGraph, Literal, NamedNode, Quad
from rdf_fixtures import AWKWARD, RELEASE_TEXT, make_two_doc_kg

from kg.errors import ExportError
from kg.rdf import (
    ID_BASE,
    KG,
    KG_NS,
    NAMESPACES,
    RELATION_PREDICATES,
    id_from_iri,
    iri,
    mention_iri,
    run_iri,
    sort_quads,
    to_quads,
)

RDF = NAMESPACES["rdf"]
XSD = NAMESPACES["xsd"]
DEFAULT = DefaultGraph()


def _n(prefix: str, local: str) -> NamedNode:
    return NamedNode(NAMESPACES[prefix] + local)


def _objects(quads: list[Quad], subject: NamedNode, predicate: NamedNode) -> list:
    return [q.object for q in quads if q.subject == subject and q.predicate == predicate]


def _one(quads: list[Quad], subject: NamedNode, predicate: NamedNode):
    found = {str(o): o for o in _objects(quads, subject, predicate)}
    assert len(found) == 1, (subject, predicate, found)
    return next(iter(found.values()))


@pytest.fixture(scope="module")
def quads(sample_kg) -> list[Quad]:
    return to_quads(sample_kg)


@pytest.mark.parametrize("model_id", [
    "ent:qdrant", "rel:0123456789abcdef", "doc:000000000001", "q:abc", "ent:C++", "ent:über/../x",
    "ent:50%", "ent:a b", 'ent:Ac<me> & "Co" \U0001F680\n\x00', "ent:trailing.", "no-kind", "ent:",
    "ent:bad\udcffbytes",
])
def test_every_id_becomes_a_valid_iri_and_back(model_id):
    node = iri(model_id)
    assert NamedNode(node.value) == node  # pyoxigraph is the strict validator
    assert node.value.startswith(ID_BASE)
    assert not any(c in node.value for c in ' <>"{}|\\^`\n\x00')
    assert id_from_iri(node) == model_id


def test_iris_are_readable_for_ordinary_ids():
    assert iri("ent:qdrant").value == "https://w3id.org/kg/id/ent/qdrant"
    assert iri("q:abc", "in-doc:1-0").value == "https://w3id.org/kg/id/q/abc#in-doc%3A1-0"
    assert id_from_iri(iri("rel:abc", "evidence")) == "rel:abc"


def test_every_term_of_every_quad_is_a_valid_iri_or_literal(quads):
    assert quads
    for quad in quads:
        for term in (quad.subject, quad.predicate, quad.object, quad.graph_name):
            if isinstance(term, NamedNode):
                NamedNode(term.value)  # raises if invalid
            else:
                assert isinstance(term, Literal | DefaultGraph), term


def test_every_relation_is_a_plain_triple_and_an_assertion(sample_kg, quads):
    for rel in sample_kg.relations:
        graph, predicate = iri(rel.evidence.doc_id), RELATION_PREDICATES[rel.type]
        assert Quad(iri(rel.source), predicate, iri(rel.target), graph) in quads
        node = iri(rel.id)
        assert Quad(node, _n("rdf", "type"), KG.Assertion, graph) in quads
        assert _one(quads, node, _n("rdf", "subject")) == iri(rel.source)
        assert _one(quads, node, _n("rdf", "predicate")) == predicate
        assert _one(quads, node, _n("rdf", "object")) == iri(rel.target)
        assert float(_one(quads, node, KG.confidence).value) == rel.confidence
        assert _one(quads, node, KG.confidence).datatype == NamedNode(XSD + "double")
        assert _one(quads, node, KG.rule).value == rel.evidence.rule
        assert _one(quads, node, KG.hedged).value == ("true" if rel.hedged else "false")


def test_threat_keeps_horizon_and_hedging(sample_kg, quads):
    threat = next(r for r in sample_kg.relations if r.type == "threatens")
    node = iri(threat.id)
    assert _one(quads, node, KG.horizon).value == "18 months"
    assert _one(quads, node, KG.hedged).value == "true"
    assert _one(quads, node, _n("rdf", "predicate")) == KG.threatens


def test_evidence_is_on_the_fact_a_span_of_the_quote_stored_once(sample_kg, quads):
    rel = next(r for r in sample_kg.relations if r.evidence.text == "competes with pgvector and Weaviate")
    quote_text = next(q.text for q in sample_kg.quotes if q.id == rel.evidence.quote_id)
    node, graph = iri(rel.id), iri(rel.evidence.doc_id)
    assert _one(quads, node, KG.quote) == iri(rel.evidence.quote_id)
    assert _one(quads, node, KG.inDocument) == graph
    assert _one(quads, node, KG.rule).value == rel.evidence.rule
    start, end = (_one(quads, node, p) for p in (KG.start, KG.end))
    assert (int(start.value), int(end.value)) == (7, 42)
    assert start.datatype == end.datatype == NamedNode(XSD + "nonNegativeInteger")
    assert quote_text[int(start.value):int(end.value)] == rel.evidence.text
    assert _objects(quads, node, KG.exact) == []  # the quote holds the words: they are not repeated
    assert all(q.graph_name == graph for q in quads if q.subject == node)
    # nothing else describes the evidence: no annotation, target or selector nodes
    assert not [q for q in quads if q.subject.value.startswith(node.value + "#")]
    assert not [q for q in quads if q.predicate.value.startswith("http://www.w3.org/ns/oa#")]


def test_evidence_words_are_written_when_the_quote_does_not_hold_them(sample_kg):
    rel = sample_kg.relations[0]
    moved = rel.model_copy(update={"evidence": rel.evidence.model_copy(update={"text": "not in the quote"})})
    quads = to_quads(sample_kg.model_copy(update={"relations": (moved, *sample_kg.relations[1:])}))
    assert _one(quads, iri(rel.id), KG.exact).value == "not in the quote"
    gone = rel.model_copy(update={"evidence": rel.evidence.model_copy(update={"quote_id": "q:gone"})})
    quads = to_quads(sample_kg.model_copy(update={"relations": (gone, *sample_kg.relations[1:])}))
    assert _one(quads, iri(rel.id), KG.exact).value == rel.evidence.text  # no quote text to point into


def test_claims_carry_type_text_typed_value_and_evidence(sample_kg, quads):
    metric = next(c for c in sample_kg.claims if c.type == "metric")
    node = iri(metric.id)
    types = set(_objects(quads, node, _n("rdf", "type")))
    assert {KG.Claim, KG.MetricClaim} <= types
    assert _one(quads, node, KG.about) == iri("ent:qdrant")
    assert _one(quads, node, KG.claimType).value == "metric"
    assert _one(quads, node, _n("schema", "text")).value == "p99 under 15 ms"
    value = _one(quads, node, KG.value)
    assert (value.value, value.datatype) == ("15.0", NamedNode(XSD + "double"))
    assert _one(quads, node, KG.unit).value == "ms"
    assert _one(quads, node, KG.comparator).value == "<"
    assert _objects(quads, node, KG.valueJson) == []
    assert _one(quads, node, KG.quote) == iri(metric.evidence.quote_id)
    assert int(_one(quads, node, KG.start).value) == metric.evidence.start
    assert _one(quads, node, KG.inDocument) == iri(metric.evidence.doc_id)


def test_range_value_keeps_items_json_and_bounds():
    kg = make_two_doc_kg()
    claim = next(c for c in kg.claims if c.comparator == "range")
    quads = to_quads(kg)
    node = iri(claim.id)
    assert sorted(o.value for o in _objects(quads, node, KG.value)) == ["2.0", "3.0"]
    (raw,) = _objects(quads, node, KG.valueJson)
    assert raw.datatype == NamedNode(RDF + "JSON") and json.loads(raw.value) == [2, 3.0]
    assert _one(quads, node, _n("schema", "minValue")).value == "2.0"
    assert _one(quads, node, _n("schema", "maxValue")).value == "3.0"


def test_one_named_graph_per_document_and_entities_in_the_default_graph():
    kg = make_two_doc_kg()
    quads = to_quads(kg)
    graphs = {q.graph_name for q in quads}
    assert graphs == {DEFAULT, iri("doc:000000000001"), iri("doc:000000000002")}
    for fact in (*kg.relations, *kg.claims):
        graph = iri(fact.evidence.doc_id)
        assert {q.graph_name for q in quads if q.subject == iri(fact.id)} == {graph}
    relation_predicates = set(RELATION_PREDICATES.values())
    for entity in kg.entities:  # described in the default graph; relations stay in their document's graph
        assert {q.graph_name for q in quads
                if q.subject == iri(entity.id) and q.predicate not in relation_predicates} == {DEFAULT}
    release_quote = next(q for q in kg.quotes if q.text == RELEASE_TEXT)
    assert {q.graph_name for q in quads if q.subject == iri(release_quote.id)} == {iri("doc:000000000002")}
    repeated = kg.quotes[0]  # found in both documents: described in both graphs
    assert {q.graph_name for q in quads if q.subject == iri(repeated.id)} == {
        iri("doc:000000000001"), iri("doc:000000000002")}


def test_entities_have_labels_aliases_makers_and_parts(sample_kg, quads):
    qdrant = iri("ent:qdrant")
    assert set(_objects(quads, qdrant, _n("rdf", "type"))) == {KG.Entity, KG.Product}  # no inference needed
    assert _one(quads, qdrant, _n("skos", "prefLabel")).value == "Qdrant"
    assert _one(quads, qdrant, _n("rdfs", "label")).value == "Qdrant"
    assert _one(quads, qdrant, _n("skos", "altLabel")).value == "qdrant"
    assert _one(quads, qdrant, KG.developedBy) == iri("ent:qdrant-solutions")
    assert _one(quads, qdrant, _n("schema", "manufacturer")) == iri("ent:qdrant-solutions")
    assert _one(quads, iri("ent:qdrant-1-12"), KG.versionOf) == qdrant
    awkward = next(e for e in sample_kg.entities if e.name == AWKWARD)
    assert _one(quads, iri(awkward.id), _n("skos", "prefLabel")).value == AWKWARD
    assert _one(quads, iri(awkward.id), KG.discovered).value == "true"


def test_contradiction_links_both_claims(sample_kg, quads):
    contra = sample_kg.contradictions[0]
    node = iri(contra.id)
    assert set(_objects(quads, node, KG.claim)) == {iri(contra.claim_a), iri(contra.claim_b)}
    assert _one(quads, node, KG.about) == iri(contra.about)
    assert _one(quads, node, KG.topic).value == "filtering"


def test_mentions_name_an_entity_at_a_span_once_per_quote(sample_kg, quads):
    mention = next(m for m in sample_kg.mentions if m.entity_id == "ent:qdrant")
    node = mention_iri(mention)
    assert _one(quads, node, _n("rdf", "type")) == KG.Mention
    assert _one(quads, node, KG.refersTo) == iri("ent:qdrant")
    assert _one(quads, node, KG.quote) == iri(mention.quote_id)
    assert (int(_one(quads, node, KG.start).value), int(_one(quads, node, KG.end).value)) == (0, 6)
    assert _one(quads, node, KG.rule).value == "catalog"
    assert len([q for q in quads if q.subject == node]) == 6


def test_a_quote_in_two_documents_has_its_mentions_once():
    kg = make_two_doc_kg()
    shared = next(q for q in kg.quotes if len({s.doc_id for s in q.sources}) > 1)
    mentions = [m for m in kg.mentions if m.quote_id == shared.id]
    assert mentions
    quads = to_quads(kg)
    for mention in mentions:
        graphs = {q.graph_name for q in quads if q.subject == mention_iri(mention)}
        assert graphs == {iri(shared.sources[0].doc_id)}


def test_run_is_a_prov_activity_without_timestamps(sample_kg, quads):
    run = run_iri(sample_kg.run)
    assert Quad(run, _n("rdf", "type"), _n("prov", "Activity"), DEFAULT) in quads
    assert _one(quads, run, KG.kgVersion).value == sample_kg.run.kg_version
    assert _one(quads, run, _n("prov", "used")) == iri("doc:000000000001")
    datatypes = {q.object.datatype.value for q in quads if isinstance(q.object, Literal)}
    assert not {XSD + "dateTime", XSD + "date"} & datatypes


def test_same_graph_in_any_order_gives_the_same_quads(sample_kg):
    fields = ("entities", "relations", "claims", "quotes", "mentions")
    shuffled = sample_kg.model_copy(update={f: tuple(reversed(getattr(sample_kg, f))) for f in fields})
    assert to_quads(shuffled) == to_quads(sample_kg)
    assert [str(q) for q in to_quads(sample_kg)] == [str(q) for q in to_quads(sample_kg)]


def test_sort_quads_removes_duplicates_and_puts_the_default_graph_first(quads):
    again = sort_quads(list(reversed(quads)) + quads[:5])
    assert again == quads
    assert isinstance(quads[0].graph_name, DefaultGraph)


def test_only_declared_kg_terms_are_used(quads):
    declared = {KG_NS + name for name in KG.names}
    used = {t.value for q in quads for t in (q.predicate, q.object) if isinstance(t, NamedNode)
            and t.value.startswith(KG_NS)}
    assert used and used <= declared
    with pytest.raises(AttributeError):
        KG.competsWith  # noqa: B018 - a typo must fail


def test_an_id_that_cannot_become_an_iri_raises_export_error(monkeypatch):
    import kg.rdf as rdf_module

    monkeypatch.setattr(rdf_module, "ID_BASE", "not an iri/")
    with pytest.raises(ExportError, match="ent:x"):
        rdf_module.iri("ent:x")


def test_control_characters_are_kept_and_lone_surrogates_replaced(sample_kg):
    odd = sample_kg.entities[0].model_copy(update={"id": "ent:odd", "name": "tab\there\x00 bad\ud800 end"})
    run = sample_kg.run.model_copy(update={"inputs": ("file\udcff.txt",)})
    quads = to_quads(sample_kg.model_copy(update={"entities": (*sample_kg.entities, odd), "run": run}))
    assert _one(quads, iri("ent:odd"), _n("skos", "prefLabel")).value == "tab\there\x00 bad\ufffd end"
    assert _one(quads, run_iri(run), KG.input).value == "file\ufffd.txt"


def _long_quote_kg(sentences: int):
    """One quote of ``sentences`` sentences, each with a mention and a claim: annotations grow with length."""
    from kg.models import Claim, Document, Entity, Evidence, KnowledgeGraph, Mention, Quote, RunInfo, Source

    text = "Qdrant answers in 15 ms. " * sentences
    doc = Document(id="doc:long", name="long.txt", path="long.txt", sha256="0" * 64, format="text",
                   quote_ids=("quote:long",))
    quote = Quote(id="quote:long", text=text, sources=(Source(doc_id=doc.id, index=0),), subject="ent:qdrant")
    starts = [i * 25 for i in range(sentences)]
    mentions = [Mention(entity_id="ent:qdrant", quote_id=quote.id, start=s, end=s + 6, text="Qdrant", rule="r")
                for s in starts]
    claims = [Claim(id=f"claim:{s}", about="ent:qdrant", type="metric", text="15 ms", value=15, unit="ms",
                    evidence=Evidence(doc_id=doc.id, quote_id=quote.id, start=s + 18, end=s + 23, text="15 ms",
                                      rule="r", confidence=0.9)) for s in starts]
    run = RunInfo(kg_version="0", catalog=None, model="blank:en", inputs=("long.txt",), documents=1, quotes=1,
                  skipped=0)
    return KnowledgeGraph(run=run, documents=(doc,), quotes=(quote,),
                          entities=(Entity(id="ent:qdrant", name="Qdrant", type="Product"),),
                          mentions=tuple(mentions), claims=tuple(claims))


def test_a_long_quote_is_stored_once_and_output_grows_linearly():
    sizes = {}
    for sentences in (200, 400):
        kg = _long_quote_kg(sentences)
        quads = to_quads(kg)
        text = kg.quotes[0].text
        assert sum(1 for q in quads if isinstance(q.object, Literal) and q.object.value == text) == 1
        sizes[sentences] = sum(len(str(q)) for q in quads)
    assert sizes[400] < 2.2 * sizes[200]  # twice the text and annotations: about twice the output, not four times


@pytest.mark.parametrize("parts", [2, 3, 7])
def test_the_parts_of_the_quads_in_order_are_the_whole(sample_kg, parts):
    from rdf_fixtures import make_two_doc_kg

    from kg.rdf import iter_quads

    loose = sample_kg.quotes[0].model_copy(update={"id": "q:loose", "sources": ()})  # in the default graph
    for kg in (sample_kg, make_two_doc_kg(), make_two_doc_kg().model_copy(update={
            "quotes": (*make_two_doc_kg().quotes, loose)})):
        whole = list(iter_quads(kg))
        split = [list(iter_quads(kg, part, parts)) for part in range(parts)]
        assert [q for chunk in split for q in chunk] == whole
        assert split[0] and not any(isinstance(q.graph_name, DefaultGraph) for chunk in split[1:] for q in chunk)


@pytest.mark.parametrize("parts", [1, 2, 3])
def test_quads_written_by_several_processes_are_the_same_bytes(tmp_path, parts):
    from rdf_fixtures import make_two_doc_kg

    from kg.shared import Views

    kg = make_two_doc_kg()
    (tmp_path / "one").mkdir(), (tmp_path / "many").mkdir()
    one = Views(kg, tmp_path / "one").quads_path.read_bytes()
    assert Views(kg, tmp_path / "many", parts).quads_path.read_bytes() == one
    assert sorted(p.name for p in (tmp_path / "many").iterdir()) == ["quads.nq"]  # the parts were appended


def test_a_failing_part_leaves_the_file_to_this_process(tmp_path, monkeypatch):
    from rdf_fixtures import make_two_doc_kg

    from kg import shared

    kg = make_two_doc_kg()
    (tmp_path / "whole").mkdir(), (tmp_path / "split").mkdir()
    expected = shared.Views(kg, tmp_path / "whole").quads_path.read_bytes()
    write = shared._write_part

    def failing_in_children(graph, path, part, parts):
        if part > 0:
            raise SystemExit(3)
        write(graph, path, part, parts)

    monkeypatch.setattr(shared, "_write_part", failing_in_children)
    assert shared._write_parts(kg, tmp_path / "quads.nq", 2) is False
    view = shared.Views(kg, tmp_path / "split", parts=2)  # a child fails: this process writes the file whole
    assert view.parts == 2 and view.quads_path.read_bytes() == expected


def test_output_waiting_in_a_buffer_is_not_written_twice_by_the_forked_part(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    code = ("import sys\nsys.path.insert(0, 'tests')\nfrom pathlib import Path\nfrom rdf_fixtures import make_two_doc_kg\n"
            "from kg.shared import Views\nprint('before the quads', end='')\n"
            f"Views(make_two_doc_kg(), Path({str(tmp_path)!r}), 2).quads_path\nprint()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(root)}, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "before the quads\n"  # stdout is a pipe here: block-buffered


def test_the_default_graph_is_the_runs_quads_and_each_items_own(sample_kg):
    """Every quad of the default graph has the run, its agent or one document, entity or contradiction as its
    subject, so a store can replace one item's quads by removing those of its subject (``kg.store_update``)."""
    from kg.rdf import agent_iri, default_item_quads, iri, run_iri

    for kg in (sample_kg, make_two_doc_kg()):
        default = {q for q in to_quads(kg) if isinstance(q.graph_name, DefaultGraph)}
        ids = {m.id for m in (*kg.documents, *kg.entities, *kg.contradictions)}
        assert set(default_item_quads(kg, ids, run=True)) == default
        runs = {q for q in default if q.subject in (run_iri(kg.run), agent_iri(kg.run))}
        assert set(default_item_quads(kg, set(), run=True)) == runs
        entity = kg.entities[0]
        assert set(default_item_quads(kg, {entity.id}, run=False)) == {q for q in default if q.subject == iri(entity.id)}
