"""The embedded store: written atomically under OUT/.store, opened read-only, light to import."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pyoxigraph import NamedNode
from rdf_fixtures import make_two_doc_kg

from kg.errors import StoreError
from kg.ids import normalize_name
from kg.rdf import iri, to_quads
from kg.store import open_store, store_path, write_store


def _sha256(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_write_then_open(tmp_path, sample_kg):
    root = write_store(sample_kg, tmp_path)
    assert root == store_path(tmp_path) == tmp_path / ".store"
    assert sorted(p.name for p in root.iterdir()) == ["graphs.json", "names.json", "names.sqlite", "oxigraph", "relations.sqlite", "verified.json"]
    store = open_store(tmp_path)
    assert len(store.oxigraph) == len(to_quads(sample_kg))
    assert set(store.entities) == {e.id for e in sample_kg.entities}
    assert store.names[normalize_name("Postgres")] == ("ent:postgresql",)
    assert store.entities["ent:qdrant"].iri == iri("ent:qdrant").value
    assert iri("doc:000000000001") in set(store.oxigraph.named_graphs())
    assert open_store(root).path == root  # the .store folder itself works too


def test_missing_store_says_how_to_build_one(tmp_path):
    with pytest.raises(StoreError, match=r"no store in .*kg build"):
        open_store(tmp_path)
    with pytest.raises(StoreError, match="no store"):
        open_store(tmp_path / "does-not-exist")


def test_rewrite_replaces_the_store_and_leaves_no_temporary_folders(tmp_path, sample_kg):
    write_store(make_two_doc_kg(), tmp_path)
    assert "ent:milvus" in open_store(tmp_path).entities
    write_store(sample_kg, tmp_path)
    store = open_store(tmp_path)
    assert "ent:milvus" not in store.entities
    milvus = NamedNode(iri("ent:milvus").value)
    assert not list(store.oxigraph.quads_for_pattern(milvus, None, None, None))
    assert sorted(p.name for p in (tmp_path / ".store").iterdir()) == ["graphs.json", "names.json", "names.sqlite", "oxigraph", "relations.sqlite", "verified.json"]


def test_store_from_another_format_version_is_refused(tmp_path, sample_kg):
    root = write_store(sample_kg, tmp_path)
    index = json.loads((root / "names.json").read_text(encoding="utf-8"))
    (root / "names.json").write_text(json.dumps(index | {"format": 0}), encoding="utf-8")
    with pytest.raises(StoreError, match="kg build"):
        open_store(tmp_path)


def test_corrupt_index_raises_store_error(tmp_path, sample_kg):
    root = write_store(sample_kg, tmp_path)
    (root / "names.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(StoreError, match="is damaged.*kg build"):
        open_store(tmp_path)


def test_canonical_names_win_over_other_entities_aliases(tmp_path, sample_kg):
    entities = tuple(e.model_copy(update={"aliases": ("Qdrant",)}) if e.id == "ent:pinecone" else e
                     for e in sample_kg.entities)
    clash = sample_kg.model_copy(update={"entities": entities})
    store = open_store(write_store(clash, tmp_path))
    assert store.names["qdrant"][0] == "ent:qdrant"


def test_importing_store_and_query_loads_neither_spacy_nor_rdflib():
    code = ("import sys, kg.store, kg.query; "
            "print(','.join(sorted({m.split('.')[0] for m in sys.modules} & {'spacy', 'rdflib'})))")
    root = Path(__file__).resolve().parent.parent
    path = os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")]))
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            cwd=root, env=os.environ | {"PYTHONPATH": path})
    assert result.stdout.strip() == ""


def _sst(root: Path) -> Path:
    return max((root / "oxigraph").glob("*.sst"), key=lambda p: p.stat().st_size)


@pytest.mark.parametrize("damage", ["truncated", "flipped", "deleted"])
def test_a_damaged_database_is_refused_before_any_query(tmp_path, sample_kg, damage):
    root = write_store(sample_kg, tmp_path)
    sst = _sst(root)
    data = sst.read_bytes()
    if damage == "truncated":
        sst.write_bytes(data[: len(data) // 2])
    elif damage == "flipped":
        sst.write_bytes(data[:100] + bytes([data[100] ^ 0xFF]) + data[101:])
    else:
        sst.unlink()
    with pytest.raises(StoreError, match=r"the store in .* is damaged .*rebuild it with `kg build"):
        open_store(tmp_path)


@pytest.mark.parametrize("damage", ["a byte changed", "truncated", "removed", "not listed", "another format"])
def test_a_damaged_name_index_is_a_store_error(tmp_path, sample_kg, damage):
    """The name index lives in names.sqlite, listed in names.json and checked like the database's files."""
    import sqlite3

    root = write_store(sample_kg, tmp_path)
    open_store(tmp_path)  # checked once and noted: the next opening trusts unchanged stats only
    path, manifest = root / "names.sqlite", json.loads((root / "names.json").read_text(encoding="utf-8"))
    data = path.read_bytes()
    if damage == "removed":
        path.unlink()
    elif damage == "not listed":
        del manifest["beside"]["names.sqlite"]
        (root / "names.json").write_text(json.dumps(manifest), encoding="utf-8")
    elif damage == "another format":  # an intact file of another layout, listed as the build wrote it
        with sqlite3.connect(path) as db:
            db.execute("UPDATE meta SET value = '0' WHERE key = 'format'")
        db.close()
        manifest["beside"]["names.sqlite"] = [path.stat().st_size, _sha256(path)]
        (root / "names.json").write_text(json.dumps(manifest), encoding="utf-8")
    else:
        path.write_bytes(data[:-10] if damage == "truncated" else data[:200] + bytes([data[200] ^ 0xFF]) + data[201:])
    expected = {"another format": "another kg version.*kg build", "not listed": r"is damaged \(names.json does not list"}
    with pytest.raises(StoreError, match=expected.get(damage, r"is damaged \(names.sqlite")):
        open_store(tmp_path)


def test_the_name_index_is_not_in_names_json(tmp_path, sample_kg):
    """names.json is the store's manifest only: opening a store parses no index of every entity."""
    root = write_store(sample_kg, tmp_path)
    manifest = json.loads((root / "names.json").read_text(encoding="utf-8"))
    assert "entities" not in manifest and "names" not in manifest
    assert set(manifest["beside"]) == {"names.sqlite", "relations.sqlite"}
    store = open_store(tmp_path)
    assert dict(store.entities) == {e.id: store.entities[e.id] for e in sample_kg.entities}


def test_the_store_load_reports_its_start_and_end(tmp_path, sample_kg):
    calls = []
    write_store(sample_kg, tmp_path, progress=lambda *args: calls.append(args))
    total = len(to_quads(sample_kg))
    assert calls == [("loading the store", 0, None), ("loading the store", total, total)]
    assert len(open_store(tmp_path).oxigraph) == total


def test_the_store_is_loaded_in_chunks_of_whole_lines(tmp_path):
    """The bulk loader holds what one call gives it: the N-Quads file goes in a few lines at a time."""
    from kg.shared import views
    from kg.store import _bulk_load

    class Recorder:
        def __init__(self) -> None:
            self.chunks: list[bytes] = []

        def bulk_load(self, data: bytes, format: object, lenient: bool = False) -> None:
            self.chunks.append(data)

    graph, recorder = make_two_doc_kg(), Recorder()
    with views(graph) as view:
        _bulk_load(recorder, view.quads_path, chunk_bytes=2000)  # type: ignore[arg-type]
        data = view.quads_path.read_bytes()
    assert len(recorder.chunks) > 5 and b"".join(recorder.chunks) == data
    assert all(chunk.endswith(b" .\n") and len(chunk) < 2000 + 1000 for chunk in recorder.chunks)
    write_store(graph, tmp_path)
    assert len(open_store(tmp_path).oxigraph) == data.count(b"\n") == len(to_quads(graph))


def test_chunks_loaded_by_several_threads_make_the_store_of_one(tmp_path):
    """Each chunk is its own bulk load: threads loading chunks side by side give the same quads."""
    import threading

    from pyoxigraph import Store

    from kg.shared import views
    from kg.store import _bulk_load

    graph, seen = make_two_doc_kg(), set()

    class Watched:
        def __init__(self, store: Store) -> None:
            self.store = store

        def bulk_load(self, data: bytes, format: object, lenient: bool = False) -> None:
            seen.add(threading.current_thread().name)
            threading.Event().wait(0.01)  # long enough for the other thread to take a chunk meanwhile
            self.store.bulk_load(data, format=format, lenient=lenient)

    one, many = Store(str(tmp_path / "one")), Store(str(tmp_path / "many"))
    with views(graph) as view:
        _bulk_load(one, view.quads_path, chunk_bytes=2000)
        _bulk_load(Watched(many), view.quads_path, chunk_bytes=2000, threads=3)  # type: ignore[arg-type]
    assert len(seen) > 1 and all(name.startswith("kg-bulk") for name in seen)
    assert set(many) == set(one) and len(one) == len(to_quads(graph))


def _count_hashing(monkeypatch) -> list[Path]:
    from kg import store as store_module

    real, hashed = store_module._sha256, []
    monkeypatch.setattr(store_module, "_sha256", lambda path: hashed.append(path) or real(path))
    return hashed


def test_an_unchanged_store_opens_without_hashing_its_files(tmp_path, sample_kg, monkeypatch):
    write_store(sample_kg, tmp_path)
    hashed = _count_hashing(monkeypatch)
    for _ in range(2):
        assert len(open_store(tmp_path).oxigraph) == len(to_quads(sample_kg))
    assert hashed == []


def test_a_copied_store_is_hashed_once_then_remembered(tmp_path, sample_kg, monkeypatch):
    import shutil

    write_store(sample_kg, tmp_path / "a")
    shutil.copytree(tmp_path / "a", tmp_path / "b")  # new inodes and times: the stats noted by the build differ
    hashed = _count_hashing(monkeypatch)
    open_store(tmp_path / "b")
    index = json.loads((tmp_path / "b" / ".store" / "names.json").read_text(encoding="utf-8"))
    files = index["files"] | index["beside"]  # the database's files and the relation index beside it
    assert "relations.sqlite" in files and len(hashed) == len(files)
    open_store(tmp_path / "b")
    assert len(hashed) == len(files)  # the second opening trusts the check the first one noted


@pytest.mark.parametrize("damage", ["same size, same mtime", "truncated, same mtime", "memo forged"])
def test_damage_that_keeps_size_or_times_is_still_found(tmp_path, sample_kg, damage):
    root = write_store(sample_kg, tmp_path)
    open_store(tmp_path)
    sst = _sst(root)
    before = sst.stat()
    data = sst.read_bytes()
    if damage == "memo forged":  # a reader's note written for other files cannot vouch for these
        sst.write_bytes(data[:100] + bytes([data[100] ^ 0xFF]) + data[101:])
        memo = json.loads((root / "verified.json").read_text(encoding="utf-8"))
        memo["stats"][sst.name][1] = sst.stat().st_mtime_ns
        (root / "verified.json").write_text(json.dumps(memo), encoding="utf-8")
    else:
        cut = data[:100] + bytes([data[100] ^ 0xFF]) + data[101:] if damage.startswith("same size") else data[:-10]
        sst.write_bytes(cut)
        os.utime(sst, ns=(before.st_atime_ns, before.st_mtime_ns))  # the mtime set back: the ctime still moved
    with pytest.raises(StoreError, match="is damaged"):
        open_store(tmp_path)


def test_a_concurrent_store_write_loads_in_a_thread_and_writes_the_same_store(tmp_path, sample_kg, monkeypatch):
    import threading

    from kg import store as store_module

    load, threads = store_module._load, []

    def recorded(kg, folder, loaders=1):
        threads.append((threading.current_thread().name, loaders))
        return load(kg, folder, loaders)

    monkeypatch.setattr(store_module, "_load", recorded)
    one = write_store(sample_kg, tmp_path / "one")
    both = write_store(sample_kg, tmp_path / "both", concurrent=True)
    assert threads[0] == (threading.current_thread().name, 1)
    assert threads[1][0].startswith("kg-load") and threads[1][1] == 2  # two chunks at a time
    assert set(open_store(one).oxigraph) == set(open_store(both).oxigraph)
    for name in ("graphs.json", "names.sqlite", "relations.sqlite"):
        assert (one / name).read_bytes() == (both / name).read_bytes(), name
    manifests = [json.loads((root / "names.json").read_text(encoding="utf-8")) for root in (one, both)]
    assert [{k: v for k, v in m.items() if k not in ("generation", "files")} for m in manifests] == \
        [{k: v for k, v in manifests[0].items() if k not in ("generation", "files")}] * 2
