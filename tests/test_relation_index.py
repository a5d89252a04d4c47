"""The relation index: rows equal to the store's look-ups, written with the store, checked like it, used when there."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import EXAMPLES
from rdf_fixtures import evidence_for, make_two_doc_kg

from kg import query
from kg.errors import StoreError
from kg.ids import entity_id, fact_id, quote_id
from kg.models import Document, Entity, KnowledgeGraph, Quote, Relation, Source
from kg.relation_index import FILE, IndexRows, open_index, update_index, write_index
from kg.store import open_store, write_store
from kg.store_update import update_store

ROOT = Path(__file__).resolve().parent.parent
QUESTIONS = [(query.competitor_records, {}), (query.threat_records, {}),
             (query.threat_records, {"include_outgoing": True}), (query.dependency_records, {}),
             (query.dependency_records, {"include_incoming": True})]


def _answers(store, names) -> dict:
    return {(ask.__name__, tuple(options), name): ask(store, name, **options)
            for name in names for ask, options in QUESTIONS}


def _looked_up(store):
    """The same opened store with its index out of reach: the questions read the database's look-ups."""
    plain = replace(store, generation=None)
    assert plain.relation_index is None
    return plain


def assert_index_answers_as_the_store(store) -> int:
    """Every relation question about every entity (by id and by name): the index's rows are the store's, value for
    value, in the same order and with the fields in the same order. Returns the number of rows compared."""
    assert store.relation_index is not None
    names = sorted(store.entities) + sorted({e.name for e in store.entities.values()})
    indexed, looked_up = _answers(store, names), _answers(_looked_up(store), names)
    assert indexed == looked_up
    quotes = sorted({row["quote_id"] for rows in indexed.values() for row in rows}) + ["q:not-in-the-graph"]
    assert query.quote_documents(store, quotes) == query.quote_documents(_looked_up(store), quotes)
    assert [list(row) for rows in indexed.values() for row in rows] == \
        [list(row) for rows in looked_up.values() for row in rows]
    return sum(len(rows) for rows in indexed.values())


def _index_rows(folder: Path) -> list:
    with sqlite3.connect(folder / ".store" / FILE) as db:
        return db.execute("SELECT entity, relation, side, rows FROM answers ORDER BY 1, 2, 3").fetchall()


@pytest.fixture(scope="module")
def sample_corpus_store(tmp_path_factory):
    """The store of the bundled sample corpus (examples/reviews), extracted in this process."""
    import kg.api

    out = tmp_path_factory.mktemp("sample")
    write_store(kg.api.extract([EXAMPLES], jobs=1), out)
    return open_store(out)


def test_the_sample_corpus_answers_the_same_from_the_index(sample_corpus_store):
    assert assert_index_answers_as_the_store(sample_corpus_store) > 100


def test_the_index_is_what_the_questions_read(sample_corpus_store, monkeypatch):
    import kg.api

    expected = query.competitor_records(sample_corpus_store, "Qdrant")
    ranked = kg.api.competitors("Qdrant", sample_corpus_store, aggregate=True, as_rows=True)
    monkeypatch.setattr(sample_corpus_store, "lookup", None)  # any look-up on the database would fail
    assert query.competitor_records(sample_corpus_store, "Qdrant") == expected != []
    assert kg.api.competitors("Qdrant", sample_corpus_store, aggregate=True, as_rows=True) == ranked


def _awkward_kg() -> KnowledgeGraph:
    """The two-document graph plus statements that test the rendering: a self-competition, a release against its
    product, words that are not at their span in the quote (``kg:exact``), an empty horizon, an
    unknown far end, a document without a name and a statement whose quote is unknown."""
    kg = make_two_doc_kg()
    doc = kg.documents[0]
    nameless = Document(id="doc:000000000003", name="", path="x.txt", sha256="2" * 64, format="text")
    text = "Qdrant vs Qdrant 1.12: caf\u00e9 competes with itself, and Zed threatens Qdrant (built on Rust)."
    quote = Quote(id=quote_id(text), text=text, sources=(Source(doc_id=nameless.id, index=0),))
    qdrant, release = entity_id("Qdrant"), entity_id("Qdrant 1.12")

    def rel(type_: str, src: str, tgt: str, frag: str, document: Document = nameless, q: Quote = quote, **kw):
        ev = evidence_for(document, q, frag, "test.rule", 0.7)
        return Relation(id=fact_id("rel", type_, src, tgt, q.id, ev.start, frag), type=type_, source=src,
                        target=tgt, confidence=0.7, evidence=ev, **kw)

    moved = rel("competes_with", qdrant, release, "Qdrant vs Qdrant 1.12")
    moved = moved.model_copy(update={"evidence": moved.evidence.model_copy(update={"text": "other words"})})
    unknown_quote = rel("competes_with", qdrant, entity_id("Milvus"), "Qdrant")
    unknown_quote = unknown_quote.model_copy(update={
        "id": "rel:no-quote", "evidence": unknown_quote.evidence.model_copy(update={"quote_id": "q:unknown"})})
    relations = [
        moved,
        rel("competes_with", qdrant, qdrant, "caf\u00e9 competes with itself"),
        rel("competes_with", release, qdrant, "Qdrant 1.12: caf", hedged=True),
        rel("threatens", entity_id("Zed"), qdrant, "Zed threatens Qdrant", horizon=""),
        rel("threatens", release, qdrant, "Qdrant 1.12", horizon="12 months", document=doc),
        rel("depends_on", qdrant, entity_id("Rust"), "built on Rust"),
        rel("depends_on", release, qdrant, "Qdrant vs", hedged=True),
        unknown_quote,
    ]
    return kg.model_copy(update={
        "documents": (*kg.documents, nameless), "quotes": (*kg.quotes, quote),
        "entities": (*kg.entities, Entity(id=entity_id("Rust"), name="Rust", type="Technology")),
        "relations": (*kg.relations, *relations)})


@pytest.mark.parametrize("graph", ["sample", "two documents", "awkward"])
def test_hand_built_graphs_answer_the_same_from_the_index(tmp_path, sample_kg, graph):
    kg = {"sample": sample_kg, "two documents": make_two_doc_kg(), "awkward": _awkward_kg()}[graph]
    write_store(kg, tmp_path)
    store = open_store(tmp_path)
    assert assert_index_answers_as_the_store(store) > 0
    if graph == "two documents":  # the sample's first quote is found in both documents: ranked, it counts twice
        import kg.api

        ranked = kg.api.competitors("Qdrant", store, aggregate=True, as_rows=True)
        assert {r.competitor: r.documents for r in ranked}["pgvector"] == 2
    if graph == "awkward":
        rows = query.competitor_records(store, "Qdrant")
        assert {"Qdrant", "Qdrant 1.12", "Milvus", "pgvector", "Weaviate"} <= {r["competitor"] for r in rows}
        assert "other words" in {r["exact"] for r in rows}  # the evidence's words, not the quote's at the span
        assert "caf\u00e9 competes with itself" in {r["exact"] for r in rows}
        assert "doc:000000000003" in {r["doc"] for r in rows}  # a document without a name: its id
        assert "rel:no-quote" not in {r["relation_id"] for r in rows}  # no text, no evidence: no row either way
        threats = {r["threat"]: r for r in query.threat_records(store, "Qdrant")}
        assert threats["ent:zed"]["horizon"] == "" and threats["ent:zed"]["threat_type"] is None  # an unknown end


def test_a_graph_with_repeated_ids_gets_no_index_and_is_answered_from_the_store(tmp_path, sample_kg):
    twice = sample_kg.model_copy(update={"relations": (*sample_kg.relations, sample_kg.relations[0])})
    write_store(twice, tmp_path)
    assert not (tmp_path / ".store" / FILE).exists()
    store = open_store(tmp_path)
    assert store.relation_index is None
    assert {r["competitor"] for r in query.competitor_records(store, "Qdrant")} == {"pgvector", "Weaviate"}
    rows = IndexRows()
    rows.add(sample_kg)
    rows.add(sample_kg)  # the same facts again, from another graph
    assert rows.rows is None


def test_a_store_written_again_without_an_index_loses_the_old_one(tmp_path, sample_kg):
    write_store(sample_kg, tmp_path)
    assert (tmp_path / ".store" / FILE).is_file()
    assert write_index(tmp_path / ".store", [sample_kg.model_copy(update={
        "documents": sample_kg.documents * 2})]) is None
    assert not (tmp_path / ".store" / FILE).exists()


@pytest.mark.parametrize("damage", ["a byte changed", "truncated", "removed"])
def test_a_damaged_index_is_refused_like_a_damaged_database(tmp_path, sample_kg, damage):
    write_store(sample_kg, tmp_path)
    open_store(tmp_path)  # checked once and noted: the next opening trusts unchanged stats only
    path = tmp_path / ".store" / FILE
    data = path.read_bytes()
    if damage == "removed":
        path.unlink()
    else:
        path.write_bytes(data[:-10] if damage == "truncated" else data[:200] + bytes([data[200] ^ 0xFF]) + data[201:])
    with pytest.raises(StoreError, match=r"is damaged \(relations.sqlite"):
        open_store(tmp_path)


def test_an_older_store_without_an_index_is_answered_from_the_database(tmp_path, sample_kg):
    write_store(sample_kg, tmp_path)
    expected = query.competitor_records(open_store(tmp_path), "Qdrant")
    names = tmp_path / ".store" / "names.json"
    index = json.loads(names.read_text(encoding="utf-8"))
    del index["beside"][FILE]
    names.write_text(json.dumps(index), encoding="utf-8")
    (tmp_path / ".store" / FILE).unlink()
    store = open_store(tmp_path)
    assert store.relation_index is None
    assert query.competitor_records(store, "Qdrant") == expected


def test_an_index_of_another_format_is_not_used(tmp_path, sample_kg):
    write_store(sample_kg, tmp_path)
    path = tmp_path / ".store" / FILE
    assert open_index(path) is not None
    with sqlite3.connect(path) as db:
        db.execute("UPDATE meta SET value = '0' WHERE key = 'format'")
    db.close()
    assert open_index(path) is None


def test_a_store_replaced_after_it_was_opened_does_not_read_the_new_index(tmp_path, sample_kg):
    store = open_store(write_store(sample_kg, tmp_path))
    write_store(make_two_doc_kg(), tmp_path)  # another generation: names.json and the index replaced
    assert store.relation_index is None
    assert open_store(tmp_path).relation_index is not None


def _tables(folder: Path) -> dict[str, list]:
    """Every table of the index, its rows sorted: what an updated index must hold like a fresh one."""
    with sqlite3.connect(folder / ".store" / FILE) as db:
        names = [n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        found = {name: sorted(db.execute(f"SELECT * FROM {name}").fetchall()) for name in names}
    db.close()
    return found


def test_update_store_writes_the_index_a_fresh_store_has(tmp_path, sample_kg):
    before, after = sample_kg, _awkward_kg()
    write_store(before, tmp_path / "old")
    update_store(after, tmp_path / "old" / ".store", tmp_path / "new")
    write_store(after, tmp_path / "fresh")
    assert _index_rows(tmp_path / "new") == _index_rows(tmp_path / "fresh") != _index_rows(tmp_path / "old")
    assert _tables(tmp_path / "new") == _tables(tmp_path / "fresh")
    assert assert_index_answers_as_the_store(open_store(tmp_path / "new")) > 0


def _renamed(kg: KnowledgeGraph, name: str, new: str) -> KnowledgeGraph:
    return kg.model_copy(update={"entities": tuple(e.model_copy(update={"name": new}) if e.name == name else e
                                                   for e in kg.entities)})


def _dropped_document(kg: KnowledgeGraph, doc_id: str) -> KnowledgeGraph:
    quotes = tuple(q.model_copy(update={"sources": tuple(s for s in q.sources if s.doc_id != doc_id)})
                   for q in kg.quotes)  # a quote found only there stays, in no document
    return kg.model_copy(update={"documents": tuple(d for d in kg.documents if d.id != doc_id), "quotes": quotes,
                                 "relations": tuple(r for r in kg.relations if r.evidence.doc_id != doc_id)})


def _update_cases(sample_kg) -> dict[str, tuple[KnowledgeGraph, KnowledgeGraph]]:
    awkward = _awkward_kg()
    relabelled = awkward.model_copy(update={"documents": tuple(
        d.model_copy(update={"name": "Renamed review"}) if d.id == awkward.documents[0].id else d
        for d in awkward.documents)})
    zed = Entity(id=entity_id("Zed"), name="Zed", type="Product")
    return {
        "an entity renamed (no document changed)": (awkward, _renamed(awkward, "Qdrant 1.12", "Qdrant v1.12")),
        "a document relabelled": (awkward, relabelled),
        "an unknown far end became an entity": (awkward, awkward.model_copy(update={
            "entities": (*awkward.entities, zed)})),
        "an entity went": (awkward, awkward.model_copy(update={
            "entities": tuple(e for e in awkward.entities if e.name != "Rust")})),
        "a document went": (awkward, _dropped_document(awkward, awkward.documents[0].id)),
        "a document came": (_dropped_document(awkward, awkward.documents[0].id), awkward),
        "everything replaced": (awkward, sample_kg),
        "everything replaced, the other way": (sample_kg, awkward),
    }


@pytest.mark.parametrize("case", range(8))
def test_an_updated_index_holds_what_a_fresh_one_holds(tmp_path, sample_kg, case, monkeypatch):
    from kg import relation_index

    name, (before, after) = list(_update_cases(sample_kg).items())[case]
    write_store(before, tmp_path / "old")
    write_store(after, tmp_path / "fresh")
    assert _tables(tmp_path / "old") != _tables(tmp_path / "fresh"), name
    gathered: list[set | None] = []
    add = IndexRows.add

    def counted(self, kg, entities=None, quotes=None, documents=None):
        gathered.append(entities)
        return add(self, kg, entities, quotes, documents)

    monkeypatch.setattr(relation_index, "write_index", lambda *a, **k: pytest.fail("the index was written afresh"))
    monkeypatch.setattr(IndexRows, "add", counted)
    update_store(after, tmp_path / "old" / ".store", tmp_path / "new")
    monkeypatch.undo()
    assert _tables(tmp_path / "new") == _tables(tmp_path / "fresh"), name
    assert assert_index_answers_as_the_store(open_store(tmp_path / "new")) > 0
    assert len(gathered) == 1 and gathered[0] is not None
    if name.startswith("an entity renamed"):  # only the rows that show the release: not every entity's
        assert entity_id("Qdrant 1.12") in gathered[0] and entity_id("Rust") not in gathered[0]


def test_an_update_of_an_index_of_another_format_writes_it_afresh(tmp_path, sample_kg):
    write_store(sample_kg, tmp_path / "old")
    with sqlite3.connect(tmp_path / "old" / ".store" / FILE) as db:
        db.execute("UPDATE meta SET value = '0' WHERE key = 'format'")
    db.close()
    after = _awkward_kg()
    (tmp_path / "new" / ".store").mkdir(parents=True)
    assert update_index(tmp_path / "new" / ".store", tmp_path / "old" / ".store", after, []) is not None
    write_store(after, tmp_path / "fresh")
    assert _tables(tmp_path / "new") == _tables(tmp_path / "fresh")
    twice = after.model_copy(update={"relations": (*after.relations, after.relations[0])})
    assert update_index(tmp_path / "new" / ".store", tmp_path / "old" / ".store", twice, []) is None
    assert not (tmp_path / "new" / ".store" / FILE).exists()  # a graph that cannot be indexed has no index


def test_opening_a_store_does_not_open_the_index(tmp_path, sample_kg):
    write_store(sample_kg, tmp_path)
    code = ("import sys\nfrom kg.store import open_store\nfrom kg import query\n"
            f"store = open_store({str(tmp_path)!r})\n"
            "assert 'kg.relation_index' not in sys.modules\n"
            "assert query.competitor_records(store, 'Qdrant')\n"
            "assert 'kg.relation_index' in sys.modules and 'pydantic' not in sys.modules\n")
    done = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True, cwd=ROOT,
                          timeout=120)
    assert done.returncode == 0, done.stderr
