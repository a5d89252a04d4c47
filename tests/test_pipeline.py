"""The whole pipeline: deterministic output, discovery without a catalog, skipped files counted."""

from __future__ import annotations

import pytest
from helpers import GraphView, write_doc

from kg.jsonl import dumps
from kg.pipeline import run

DOCS = [
    ("Qdrant vs pgvector (filtered search)", [
        "We moved our retrieval graph from LangGraph to a plain loop, and Qdrant kept up without tuning.",
        "pgvector was enough until the index outgrew shared memory on our biggest tenant.",
        "I tried MemoryForge for a week and went back to Qdrant, which is built on Rust and stays under 15 ms.",
        "The direct competitors are Milvus, Weaviate, and Pinecone with its serverless tier.",
    ]),
    ("Cursor vs Zed: editors", [
        "What could sink Cursor within a year: GitHub ships the same agent inside Copilot for $10/month.",
        "Zed is written in Rust and opens a monorepo faster than anything else I have used.",
    ]),
]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pipeline")
    for index, (title, quotes) in enumerate(DOCS):
        write_doc(folder, title, quotes, name=f"{index}.txt")
    return folder


@pytest.fixture(scope="module")
def discovered(folder):
    return GraphView(run([folder], catalog="none"))


def test_two_runs_give_identical_graphs(folder):
    first, second = run([folder]), run([folder])
    assert first.model_dump_json() == second.model_dump_json()
    assert dumps(first) == dumps(second)
    assert first.relations and first.claims  # the comparison is not between two empty graphs


def test_run_info_counts_documents_quotes_and_skips(folder, tmp_path):
    (tmp_path / "broken.txt").write_bytes(b"\x00\x01")
    graph = run([folder, tmp_path / "broken.txt"], catalog="none")
    assert (graph.run.documents, graph.run.quotes, graph.run.skipped) == (2, 6, 1)
    assert [r.message for r in graph.report if r.kind == "skipped_file"] == [
        "broken.txt (binary file (NUL bytes), not text)"]


def test_without_a_catalog_title_names_are_entities(discovered):
    names = {e.name: e for e in discovered.graph.entities}
    for name in ("Qdrant", "pgvector", "Cursor", "Zed"):
        assert names[name].discovered is True
        assert names[name].type == "Product"
    assert discovered.graph.run.catalog is None


@pytest.mark.parametrize("name", ["LangGraph", "MemoryForge", "Qdrant", "pgvector"])
def test_without_a_catalog_names_are_reported_as_discovered(discovered, name):
    messages = [r.message for r in discovered.report("discovered_entity")]
    assert any(m.startswith(f"{name} (") for m in messages), messages


def test_without_a_catalog_subjects_and_competitors_are_still_found(discovered):
    text = DOCS[0][1][3]
    assert discovered.subject(text) == "Qdrant"
    assert discovered.edges(text, "competes_with") == {
        ("competes_with", "Milvus", "Qdrant"), ("competes_with", "Qdrant", "Weaviate"),
        ("competes_with", "Pinecone", "Qdrant")}


def test_shipped_catalog_names_are_not_reported_as_discovered(folder):
    view = GraphView(run([folder]))
    messages = [r.message for r in view.report("discovered_entity")]
    assert not any(m.startswith(("Qdrant (", "LangGraph (", "pgvector (")) for m in messages)
    assert any(m.startswith("MemoryForge (") for m in messages)
    assert view.graph.entity("ent:langgraph").discovered is False


def test_a_document_is_attributed_from_its_own_entities_as_from_the_whole_table():
    """Attribution runs in workers on each document's slice of the entity table: the same answers as on the table."""
    from conftest import EXAMPLES, SEEDS

    from kg.extract.subjects import attribute_subjects
    from kg.ingest import read_corpus
    from kg.pipeline import Attributing, _attribution_ids, _hint, attribute_document, entity_slice, prepare

    corpus = read_corpus([EXAMPLES, SEEDS])
    prep = prepare(corpus)
    table, checked = prep.table, 0
    for doc in corpus.documents:
        ctxs, primary = prep.documents[doc.id]
        hints = {q: _hint(corpus.quotes[q].subject_hint, table) for q in doc.quote_ids}
        whole = attribute_subjects(ctxs, table, doc.subtitle, hints, primary, title=doc.title)
        item = Attributing(ctxs, entity_slice(table, _attribution_ids(ctxs, hints, primary)), doc.subtitle, hints,
                           primary, doc.title)
        assert len(item.entities) < len(table.info)
        assert attribute_document(item, table.catalog) == whole, doc.id
        checked += sum(1 for a in whole.values() if a.subject)
    assert checked > 20


def test_a_list_number_stays_with_its_item_though_the_sentencizer_ends_a_sentence_there():
    from kg.pipeline import _lines

    text = "Contenders:\n1. GIMP\n2. Krita. Both are free."
    sents = [(0, 11), (12, 14), (15, 19), (20, 22), (23, 29), (30, 44)]  # as spaCy cuts it
    assert [text[a:b] for a, b in _lines(sents, text)] == ["Contenders:", "1. GIMP", "2. Krita.", "Both are free."]


def test_a_line_wrapped_inside_a_sentence_stays_one_sentence_and_a_list_item_does_not():
    from kg.pipeline import _lines

    text = "Metabase is written\nin Clojure, and Superset is\n[open source](https://x.org). Pros:\n- fast\nSlow UI"
    sents = [(0, 77), (78, len(text))]  # as a sentencizer cuts it
    assert [text[a:b] for a, b in _lines(sents, text)] == [
        "Metabase is written\nin Clojure, and Superset is\n[open source](https://x.org).", "Pros:", "- fast",
        "Slow UI"]
