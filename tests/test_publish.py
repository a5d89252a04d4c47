"""Writing a built graph: with more than one core the store loads in a thread while the exports are written."""

from __future__ import annotations

import threading

import pytest

import kg.store
from kg import api
from kg.publish import write_all
from kg.store import open_store


def _watch(monkeypatch, concurrent: bool) -> dict:
    """Record which thread loads the store and whether an export was written while it loaded.

    The store, once started, waits for an export to start, so that a small graph's store cannot be loaded
    before the exports begin and pass unseen.
    """
    from kg.registry import get_exporter

    seen: dict = {"store_thread": None, "exported_while_loading": False}
    loading, exporting = threading.Event(), threading.Event()
    write_store = kg.store.write_store

    def watched_store(graph, folder, progress=None, *, concurrent=False):
        seen["store_thread"], seen["load_in_a_thread"] = threading.current_thread().name, concurrent
        loading.set()
        exporting.wait(5 if concurrent else 0)
        try:
            return write_store(graph, folder, progress, concurrent=concurrent)
        finally:
            loading.clear()

    def watched_exporter(name):
        found = get_exporter(name)

        class Watched:
            def write(self, graph, path):
                exporting.set()
                seen["exported_while_loading"] |= loading.wait(5 if concurrent else 0)
                found.write(graph, path)

        return Watched()

    monkeypatch.setattr(kg.store, "write_store", watched_store)
    monkeypatch.setattr("kg.registry.get_exporter", watched_exporter)
    return seen


@pytest.mark.parametrize("concurrent", [False, True])
def test_the_store_loads_alongside_the_exports_only_when_cores_allow(tmp_path, sample_kg, monkeypatch, concurrent):
    seen = _watch(monkeypatch, concurrent)
    written, skipped = write_all(sample_kg, tmp_path, api.DEFAULT_FORMATS, concurrent=concurrent)
    assert skipped == [] and written == ["kg.ttl", "kg.graphml", "kg.html", "report.json"]
    assert (seen["store_thread"] != threading.main_thread().name) is concurrent
    assert seen["exported_while_loading"] is concurrent
    assert seen["load_in_a_thread"] is concurrent  # and the database loads while its digests and index are made


def test_a_store_loaded_alongside_the_exports_is_the_store_loaded_after_them(tmp_path, sample_kg):
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    write_all(sample_kg, tmp_path / "one", api.DEFAULT_FORMATS, concurrent=False)
    write_all(sample_kg, tmp_path / "two", api.DEFAULT_FORMATS, concurrent=True)
    assert set(open_store(tmp_path / "two").oxigraph) == set(open_store(tmp_path / "one").oxigraph)
    for name in ("kg.ttl", "kg.graphml", "kg.html", ".store/kg.json", ".store/graphs.json"):
        assert (tmp_path / "two" / name).read_bytes() == (tmp_path / "one" / name).read_bytes(), name


def test_an_error_while_loading_the_store_reaches_the_caller(tmp_path, sample_kg, monkeypatch):
    def broken(*args, **kwargs):
        raise kg.store.StoreError("disk full")

    monkeypatch.setattr(kg.store, "write_store", broken)
    with pytest.raises(kg.store.StoreError, match="disk full"):
        write_all(sample_kg, tmp_path, api.DEFAULT_FORMATS, concurrent=True)


def test_cores_a_build_may_use():
    import os

    assert api._cores(1, None) == 1 and api._cores(3, None) == 3
    assert api._cores(None, None) == api._cores(1, "tcp://127.0.0.1:1") == (os.cpu_count() or 1)
