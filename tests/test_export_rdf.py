"""RDF exports read back by rdflib and pyoxigraph, validated with SHACL, byte-stable and offline."""

from __future__ import annotations

import json
import socket

import pyoxigraph as ox
import pyshacl
import pytest
import rdflib
from rdf_fixtures import AWKWARD, make_two_doc_kg
from rdflib.compare import isomorphic

from kg.errors import ExportError
from kg.export.rdf import RDF_FORMATS, render, to_triples
from kg.rdf import iri, to_quads
from kg.registry import get_exporter, guess_format
from kg.vocab import KG, SKOS, load_ontology, shapes_path

# format name → (file suffix, rdflib parser, pyoxigraph format, holds named graphs)
FORMATS = {
    "turtle": (".ttl", "turtle", ox.RdfFormat.TURTLE, False),
    "n-triples": (".nt", "nt", ox.RdfFormat.N_TRIPLES, False),
    "trig": (".trig", "trig", ox.RdfFormat.TRIG, True),
    "n-quads": (".nq", "nquads", ox.RdfFormat.N_QUADS, True),
    "json-ld": (".jsonld", "json-ld", ox.RdfFormat.JSON_LD, True),
}


@pytest.fixture(scope="module")
def two_doc_kg():
    return make_two_doc_kg()


@pytest.fixture(scope="module")
def written(tmp_path_factory, two_doc_kg):
    """Every format written once through the exporter registry."""
    folder = tmp_path_factory.mktemp("rdf")
    paths = {}
    for name, (suffix, *_rest) in FORMATS.items():
        paths[name] = folder / f"graph{suffix}"
        get_exporter(name).write(two_doc_kg, paths[name])
    return paths


def _quad_keys(quads, with_graphs: bool) -> set[tuple[str, ...]]:
    return {(str(q.subject), str(q.predicate), str(q.object)) + ((str(q.graph_name),) if with_graphs else ())
            for q in quads}


def _rdflib_reference(kg) -> rdflib.Dataset:
    dataset = rdflib.Dataset()
    dataset.parse(data=render(kg, "n-quads"), format="nquads")
    return dataset


def test_all_formats_are_registered_with_their_suffixes():
    assert set(RDF_FORMATS) == set(FORMATS)
    for name, (suffix, *_rest) in FORMATS.items():
        assert guess_format(f"out/graph{suffix}") == name
    assert guess_format("graph.json-ld") == "json-ld"


@pytest.mark.parametrize("name", list(FORMATS))
def test_pyoxigraph_reads_back_exactly_the_quads(name, written, two_doc_kg):
    _suffix, _parser, ox_format, with_graphs = FORMATS[name]
    parsed = list(ox.parse(path=str(written[name]), format=ox_format))
    expected = to_quads(two_doc_kg) if with_graphs else to_triples(to_quads(two_doc_kg))
    assert _quad_keys(parsed, with_graphs) == _quad_keys(expected, with_graphs)


@pytest.mark.parametrize("name", list(FORMATS))
def test_rdflib_reads_back_an_isomorphic_graph(name, written, two_doc_kg):
    _suffix, parser, _ox_format, with_graphs = FORMATS[name]
    reference = _rdflib_reference(two_doc_kg)
    if with_graphs:
        dataset = rdflib.Dataset()
        dataset.parse(written[name], format=parser)
        names = {g.identifier for g in dataset.graphs() if len(g)}
        assert names == {g.identifier for g in reference.graphs() if len(g)}
        assert len(names) == 3  # default graph + one per document
        for graph_name in names:
            assert isomorphic(dataset.graph(graph_name), reference.graph(graph_name)), graph_name
    else:
        merged = rdflib.Graph()
        for subject, predicate, obj, _graph in reference.quads((None, None, None, None)):
            merged.add((subject, predicate, obj))
        graph = rdflib.Graph().parse(written[name], format=parser)
        assert len(graph) == len(merged) and isomorphic(graph, merged)


@pytest.mark.parametrize("name", list(FORMATS))
def test_awkward_names_survive_the_round_trip_exactly(name, written):
    _suffix, parser, ox_format, _with_graphs = FORMATS[name]
    dataset = rdflib.Dataset()
    dataset.parse(written[name], format=parser)
    labels = {str(o) for _s, _p, o, _g in dataset.quads((None, SKOS.prefLabel, None, None))}
    assert AWKWARD in labels
    ox_labels = {q.object.value for q in ox.parse(path=str(written[name]), format=ox_format)
                 if q.predicate.value == str(SKOS.prefLabel)}
    assert AWKWARD in ox_labels


@pytest.mark.parametrize("name", list(FORMATS))
def test_two_writes_are_byte_identical(name, tmp_path, written):
    again = tmp_path / written[name].name
    get_exporter(name).write(make_two_doc_kg(), again)  # a freshly built, equal graph
    assert again.read_bytes() == written[name].read_bytes()


@pytest.mark.parametrize("name", ["n-triples", "n-quads"])
def test_line_formats_hold_each_statement_once(name, written):
    lines = written[name].read_bytes().splitlines()
    assert len(lines) == len(set(lines))  # the union too: an edge or a quote in two documents is written once


@pytest.mark.parametrize("name", ["turtle", "trig"])
def test_prefix_headers_are_sorted(name, written):
    lines = written[name].read_bytes().splitlines()
    header = [line for line in lines if line.startswith(b"@prefix ")]
    assert header and lines[:len(header)] == sorted(header)


def test_jsonld_context_is_inline_and_nothing_is_fetched(written, two_doc_kg, monkeypatch):
    document = json.loads(written["json-ld"].read_text(encoding="utf-8"))
    assert isinstance(document["@context"], dict)
    assert document["@context"]["kg"] == str(KG._NS)

    def contexts(node):
        if isinstance(node, dict):
            yield from ([node["@context"]] if "@context" in node else [])
            for value in node.values():
                yield from contexts(value)
        elif isinstance(node, list):
            for item in node:
                yield from contexts(item)

    assert all(isinstance(c, dict) for c in contexts(document))

    def no_network(*args, **kwargs):
        raise AssertionError("reading the JSON-LD export tried to use the network")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    monkeypatch.setattr(socket, "create_connection", no_network)
    dataset = rdflib.Dataset()
    dataset.parse(written["json-ld"], format="json-ld")
    assert len(list(dataset.quads((None, None, None, None)))) == len(to_quads(two_doc_kg))


def _shacl(graph: rdflib.Graph) -> tuple[bool, str]:
    """Validate as any SHACL engine would: the export alone, no ontology graph mixed in, no inference."""
    shapes = rdflib.Graph().parse(shapes_path(), format="turtle")
    conforms, _report, text = pyshacl.validate(graph, shacl_graph=shapes, ont_graph=None, inference="none")
    return conforms, text


def test_export_passes_the_shacl_shapes(written):
    conforms, text = _shacl(rdflib.Graph().parse(written["turtle"], format="turtle"))
    assert conforms, text


def test_export_passes_the_shacl_shapes_with_the_ontology_too(written):
    shapes = rdflib.Graph().parse(shapes_path(), format="turtle")
    data = rdflib.Graph().parse(written["turtle"], format="turtle")
    for inference in ("none", "rdfs"):
        conforms, _report, text = pyshacl.validate(data, shacl_graph=shapes, ont_graph=load_ontology(),
                                                   inference=inference)
        assert conforms, text


def test_every_entity_is_a_kg_entity_without_inference(written, two_doc_kg):
    graph = rdflib.Graph().parse(written["turtle"], format="turtle")
    typed = set(graph.subjects(rdflib.RDF.type, KG.Entity))
    assert typed == {rdflib.URIRef(str(iri(e.id).value)) for e in two_doc_kg.entities}


@pytest.mark.slow
def test_pyshacl_command_on_the_committed_export_conforms():
    """Exactly as the README says: ``pyshacl -s ontology/shapes.ttl exports/kg.ttl``, from the project folder."""
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    command = shutil.which("pyshacl")
    args = [command] if command else [sys.executable, "-m", "pyshacl"]
    done = subprocess.run([*args, "-s", "ontology/shapes.ttl", "exports/kg.ttl"], cwd=root, capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0 and "Conforms: True" in done.stdout, done.stdout[-3000:] + done.stderr[-2000:]


def _drop_pref_label(g):
    g.remove((rdflib.URIRef("https://w3id.org/kg/id/ent/qdrant"), SKOS.prefLabel, None))


def _bad_confidence(g):
    for s, p, _o in list(g.triples((None, KG.confidence, None))):
        g.set((s, p, rdflib.Literal(1.5)))


def _drop_spans(g):
    g.remove((None, KG.start, None))


def _start_after_end(g):
    for s, p, o in list(g.triples((None, KG.end, None))):
        g.set((s, KG.start, rdflib.Literal(int(o) + 1, datatype=rdflib.XSD.nonNegativeInteger)))


def _drop_documents(g):
    g.remove((None, KG.inDocument, None))


def _drop_claim_type(g):
    g.remove((None, KG.claimType, None))


def _unknown_claim_type(g):
    for s, p, _o in list(g.triples((None, KG.claimType, None))):
        g.set((s, p, rdflib.Literal("gossip")))


def _third_claim_in_contradiction(g):
    for s in list(g.subjects(rdflib.RDF.type, KG.Contradiction)):
        g.add((s, KG.claim, rdflib.URIRef("https://w3id.org/kg/id/claim/other")))


def _drop_entity_class(g):
    g.remove((None, rdflib.RDF.type, KG.Entity))


def _untyped_relation_target(g):
    g.add((rdflib.URIRef("https://w3id.org/kg/id/ent/qdrant"), KG.competesWith,
           rdflib.URIRef("https://w3id.org/kg/id/ent/nobody")))


@pytest.mark.parametrize("breakage", [_drop_pref_label, _bad_confidence, _drop_spans, _start_after_end, _drop_documents, _drop_claim_type,
                                      _unknown_claim_type, _third_claim_in_contradiction,
                                      _untyped_relation_target, _drop_entity_class])
def test_shacl_rejects_a_broken_graph(written, breakage):
    graph = rdflib.Graph().parse(written["turtle"], format="turtle")
    breakage(graph)
    conforms, _text = _shacl(graph)
    assert not conforms


def test_unknown_format_and_unwritable_path_raise_export_error(sample_kg, tmp_path):
    with pytest.raises(ExportError, match="unknown RDF format"):
        render(sample_kg, "rdf-xml")
    (tmp_path / "taken.ttl").mkdir()
    with pytest.raises(ExportError, match="cannot write"):
        get_exporter("turtle").write(sample_kg, tmp_path / "taken.ttl")


def test_the_readme_rdflib_snippet_reads_the_graph(monkeypatch, capsys):
    """The README's rdflib snippet, run as written on the committed ``exports/kg.ttl``."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    readme = (root / "README.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(import rdflib\n.*?)```", readme, re.DOTALL).group(1)
    expected = re.search(r"print\(.*\)\s+# (.*)", code).group(1)
    monkeypatch.chdir(root)
    exec(compile(code, "README.md", "exec"), {})  # noqa: S102 - the README's own example
    assert capsys.readouterr().out.strip() == expected
