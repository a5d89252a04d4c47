"""``kg add``'s store update: a snapshot of the previous store with the changed documents' graphs replaced."""

from __future__ import annotations

import json

import pytest
from rdf_fixtures import make_two_doc_kg

from kg.models import KnowledgeGraph
from kg.rdf import to_quads
from kg.store import open_store, write_store
from kg.store_update import graph_digests, update_store


def _without(kg: KnowledgeGraph, doc_id: str) -> KnowledgeGraph:
    """``kg`` as if the document ``doc_id`` had never been read (its quotes' other places kept)."""
    quotes = []
    for q in kg.quotes:
        sources = tuple(s for s in q.sources if s.doc_id != doc_id)
        if sources:
            quotes.append(q.model_copy(update={"sources": sources}))
    kept = {q.id for q in quotes}
    return kg.model_copy(update={
        "documents": tuple(d for d in kg.documents if d.id != doc_id), "quotes": tuple(quotes),
        "relations": tuple(r for r in kg.relations if r.evidence.doc_id != doc_id),
        "claims": tuple(c for c in kg.claims if c.evidence.doc_id != doc_id),
        "mentions": tuple(m for m in kg.mentions if m.quote_id in kept),
        "run": kg.run.model_copy(update={"documents": kg.run.documents - 1})})


def _quads(folder) -> set:
    return set(open_store(folder).oxigraph)


def _pairs(sample_kg):
    both = make_two_doc_kg()
    second = both.documents[1].id
    one = _without(both, second)
    dropped = next(c for c in both.claims if c.evidence.doc_id == second)
    edited = both.model_copy(update={"claims": tuple(c for c in both.claims if c != dropped)})
    return [("a document added", one, both), ("a document removed", both, one), ("a claim dropped", both, edited),
            ("everything replaced", both, sample_kg)]


@pytest.mark.parametrize("case", range(4))
def test_the_updated_store_holds_the_quads_of_a_fresh_one(tmp_path, sample_kg, case):
    name, before, after = _pairs(sample_kg)[case]
    write_store(before, tmp_path / "old")
    calls = []
    root = update_store(after, tmp_path / "old" / ".store", tmp_path / "new", progress=lambda *a: calls.append(a))
    assert root == tmp_path / "new" / ".store", name
    fresh = json.loads((write_store(after, tmp_path / "fresh") / "names.json").read_text(encoding="utf-8"))
    assert _quads(tmp_path / "new") == _quads(tmp_path / "fresh"), name  # the store's literals, as it keeps them
    index = json.loads((root / "names.json").read_text(encoding="utf-8"))
    assert index["quads"] == len(to_quads(after))
    assert {k: v for k, v in index.items() if k not in ("generation", "files", "beside")} == \
        {k: v for k, v in fresh.items() if k not in ("generation", "files", "beside")}
    # the name index is written whole; the relation index is an updated copy (its rows compared in test_relation_index)
    assert index["beside"]["names.sqlite"] == fresh["beside"]["names.sqlite"]
    assert set(index["beside"]) == set(fresh["beside"]) == {"names.sqlite", "relations.sqlite"}
    old, new = graph_digests(before), graph_digests(after)
    rewritten = sum(1 for d in set(old) | set(new) if old.get(d) != new.get(d))
    assert calls[-1][1:] == (rewritten, rewritten)
    if name == "a claim dropped":
        assert rewritten == 1 < len(new)  # the other documents' graphs were kept as they were
    assert len(_quads(tmp_path / "old")) == len(to_quads(before)), "the previous store is left as it was"


def test_only_changed_documents_get_another_digest():
    kg = make_two_doc_kg()
    digests = graph_digests(kg)
    dropped = kg.claims[-1]
    edited = graph_digests(kg.model_copy(update={"claims": kg.claims[:-1]}))
    assert len(digests) == 2
    assert {d for d in digests if digests[d] != edited.get(d)} == {dropped.evidence.doc_id}


def test_a_damaged_previous_store_is_not_updated_but_written_afresh(tmp_path, sample_kg):
    root = write_store(sample_kg, tmp_path / "old")
    sst = max((root / "oxigraph").glob("*.sst"), key=lambda p: p.stat().st_size)
    data = sst.read_bytes()
    sst.write_bytes(data[:100] + bytes([data[100] ^ 0xFF]) + data[101:])
    assert update_store(sample_kg, root, tmp_path / "new") is None
    (root / "graphs.json").unlink()
    assert update_store(sample_kg, root, tmp_path / "new2") is None


def _keys(kg: KnowledgeGraph, changed: str | None = None) -> dict[str, str]:
    """A made-up extraction cache key per quote (``changed``'s another one)."""
    return {q.id: f"key-of-{q.id}" + ("-new" if q.id == changed else "") for q in kg.quotes}


def test_keyed_digests_change_with_a_quotes_key_in_its_first_document_only():
    kg = make_two_doc_kg()
    keyed = graph_digests(kg, keys=_keys(kg))
    assert keyed == graph_digests(kg, keys=_keys(kg)) and set(keyed) == set(graph_digests(kg))
    assert not set(keyed.values()) & set(graph_digests(kg).values())  # never equal to a digest of facts
    quote = next(q for q in kg.quotes if q.sources)
    moved = graph_digests(kg, keys=_keys(kg, changed=quote.id))
    assert {d for d in keyed if keyed[d] != moved[d]} == {quote.sources[0].doc_id}
    # the facts themselves are not read: the key stands for them
    assert graph_digests(kg.model_copy(update={"claims": kg.claims[:-1]}), keys=_keys(kg)) == keyed
    # a quote's own fields are
    retold = kg.model_copy(update={"quotes": tuple(q.model_copy(update={"subject": "ent:other"}) if q is quote else q
                                                   for q in kg.quotes)})
    assert graph_digests(retold, keys=_keys(kg))[quote.sources[0].doc_id] != keyed[quote.sources[0].doc_id]


def test_digests_fall_back_to_the_facts_when_a_quote_has_no_key():
    kg = make_two_doc_kg()
    partial = dict(list(_keys(kg).items())[1:])
    assert graph_digests(kg, keys=partial) == graph_digests(kg)


def test_an_update_with_keys_replaces_the_graphs_of_the_documents_whose_keys_changed(tmp_path):
    both = make_two_doc_kg()
    dropped = next(c for c in both.claims if c.evidence.doc_id == both.documents[1].id)
    edited = both.model_copy(update={"claims": tuple(c for c in both.claims if c != dropped)})
    write_store(both, tmp_path / "old", keys=_keys(both))
    calls = []
    root = update_store(edited, tmp_path / "old" / ".store", tmp_path / "new", progress=lambda *a: calls.append(a),
                        keys=_keys(both, changed=dropped.evidence.quote_id))
    assert calls[-1][1:] == (1, 1)  # the one document whose quote was extracted again
    assert _quads(root.parent) == _quads(write_store(edited, tmp_path / "fresh").parent)


def test_digests_of_the_other_kind_are_not_compared_the_store_is_written_afresh(tmp_path):
    kg = make_two_doc_kg()
    root = write_store(kg, tmp_path / "old")  # digests of facts, as a store of an earlier kg has
    assert json.loads((root / "graphs.json").read_text(encoding="utf-8"))["kind"] == "facts"
    assert update_store(kg, root, tmp_path / "new", keys=_keys(kg)) is None  # every graph would differ
    keyed = write_store(kg, tmp_path / "keyed", keys=_keys(kg))
    assert json.loads((keyed / "graphs.json").read_text(encoding="utf-8"))["kind"] == "keys"
    assert update_store(kg, keyed, tmp_path / "new2", keys=_keys(kg)) is not None


def _renamed(kg: KnowledgeGraph) -> KnowledgeGraph:
    """``kg`` with its first entity renamed (an entity item of the default graph changed: its old labels must go)."""
    first = kg.entities[0].model_copy(update={"name": "Another Name"})
    return kg.model_copy(update={"entities": (first, *kg.entities[1:])})


def _same_as_fresh(updated, graph: KnowledgeGraph, fresh) -> bool:
    """Whether an updated store holds the quads of a fresh one, and counts them as it does."""
    fresh_root = write_store(graph, fresh)
    count = json.loads((updated / "names.json").read_text(encoding="utf-8"))["quads"]
    return _quads(updated.parent) == _quads(fresh_root.parent) and count == len(_quads(fresh_root.parent))


def test_only_the_default_graph_items_that_changed_are_replaced(tmp_path):
    from pyoxigraph import DefaultGraph, Store

    from kg.store_update import _replace_default, default_record

    kg = make_two_doc_kg()
    after = _renamed(kg)
    old, new = default_record(kg), default_record(after)
    assert {k for k in new["items"] if old["items"][k] != new["items"][k]} == {kg.entities[0].id}
    assert old["run_digest"] == new["run_digest"] and not old["loose"]
    store = Store()
    store.bulk_extend(q for q in to_quads(kg) if isinstance(q.graph_name, DefaultGraph))
    size = len(store)
    changed, run, removed = _replace_default(store, old, new)
    assert changed == {kg.entities[0].id} and not run and 0 < removed < size
    root = write_store(kg, tmp_path / "old")
    assert _same_as_fresh(update_store(after, root, tmp_path / "new"), after, tmp_path / "fresh")


def test_a_store_without_item_digests_or_with_quotes_in_no_document_gets_its_default_graph_rewritten(tmp_path):
    from kg.store_update import GRAPHS, _replace_default, default_record

    kg = make_two_doc_kg()
    root = write_store(kg, tmp_path / "old")
    recorded = json.loads((root / GRAPHS).read_text(encoding="utf-8"))
    del recorded["default"]  # as a store of an earlier kg wrote it
    (root / GRAPHS).write_text(json.dumps(recorded), encoding="utf-8")
    after = _renamed(kg)
    assert _same_as_fresh(update_store(after, root, tmp_path / "new"), after, tmp_path / "fresh")
    loose = after.model_copy(update={"quotes": tuple(q.model_copy(update={"sources": ()}) if i == 0 else q
                                                     for i, q in enumerate(after.quotes))})
    assert default_record(loose)["loose"] and _replace_default(None, default_record(kg), default_record(loose)) is None
    damaged = {key: value for key, value in default_record(kg).items() if key != "agent"}
    assert _replace_default(None, damaged, default_record(after)) is None
    assert _same_as_fresh(update_store(loose, write_store(kg, tmp_path / "old2"), tmp_path / "new2"), loose,
                          tmp_path / "fresh2")
