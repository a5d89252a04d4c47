"""Writing a built graph: with more than one core the exports are written by a forked process while this one
loads the store."""

from __future__ import annotations

import json
import os
import threading

import pytest

import kg.store
from kg import api
from kg.errors import ExportError
from kg.publish import write_all
from kg.store import open_store
from kg.timings import recording


def _watch(monkeypatch, tmp_path, concurrent: bool) -> tuple[dict, object]:
    """Record which process and thread load the store, and (in a file: a forked process's memory is its own)
    which process wrote each export and whether the store was loading meanwhile.

    With ``concurrent``, each export waits for the store to start loading, and the store load waits until
    an export has logged itself, so that the overlap is certain on a loaded machine rather than a matter of
    timing (a small graph's store loads in a few milliseconds).
    """
    from kg.registry import get_exporter

    seen: dict = {}
    parent = os.getpid()
    log = tmp_path / "exports.log"
    loading = tmp_path / "loading"
    write_store = kg.store.write_store

    def watched_store(graph, folder, progress=None, *, concurrent=False, keys=None):
        seen.update(store_pid=os.getpid(), store_thread=threading.current_thread().name, load_in_a_thread=concurrent)
        loading.touch()
        try:
            for _ in range(600 if concurrent else 0):  # at most a minute: the exports process may start slowly
                if log.exists() and log.read_text().strip():
                    break
                threading.Event().wait(0.1)
            return write_store(graph, folder, progress, concurrent=concurrent, keys=keys)
        finally:
            loading.unlink()

    def watched_exporter(name):
        found = get_exporter(name)

        class Watched:
            def write(self, graph, path):
                for _ in range(0 if not concurrent else 50 if os.getpid() == parent else 600):
                    if loading.exists():
                        break
                    threading.Event().wait(0.1)
                with log.open("a") as out:
                    out.write(json.dumps([path.name, os.getpid(), loading.exists()]) + "\n")
                found.write(graph, path)

        return Watched()

    monkeypatch.setattr(kg.store, "write_store", watched_store)
    monkeypatch.setattr("kg.registry.get_exporter", watched_exporter)
    return seen, lambda: [json.loads(line) for line in log.read_text().splitlines()]


@pytest.mark.parametrize("concurrent", [False, True])
def test_the_exports_are_written_by_another_process_while_the_store_loads_only_when_cores_allow(
        tmp_path, sample_kg, monkeypatch, concurrent):
    (tmp_path / "out").mkdir()
    seen, exported = _watch(monkeypatch, tmp_path, concurrent)
    with recording() as timings:
        written, skipped = write_all(sample_kg, tmp_path / "out", api.DEFAULT_FORMATS, timings,
                                     concurrent=concurrent)
    assert skipped == [] and written == ["kg.ttl", "kg.graphml", "kg.html", "report.json"]
    assert seen["store_pid"] == os.getpid() and seen["store_thread"] == threading.main_thread().name
    assert seen["load_in_a_thread"] is concurrent  # and the database loads while its digests and index are made
    rows = exported()
    assert sorted(name for name, _, _ in rows) == ["kg.graphml", "kg.html", "kg.ttl"]
    assert all((pid != os.getpid()) is concurrent for _, pid, _ in rows)
    assert any(while_loading for _, _, while_loading in rows) is concurrent
    # the forked process's stage timings reach the report
    assert {"rdf", "graph", "export kg.ttl", "export kg.graphml", "export kg.html", "store"} <= set(timings)
    report = json.loads((tmp_path / "out" / "report.json").read_text())
    assert "export kg.html" in report["timings"]["cpu_s"]


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


def test_an_error_while_exporting_in_the_forked_process_reaches_the_caller(tmp_path, sample_kg, monkeypatch):
    """The forked process fails; this one writes the exports again and raises the exporter's own error."""
    from kg.registry import get_exporter

    parent = os.getpid()

    def broken_exporter(name):
        found = get_exporter(name)

        class Broken:
            def write(self, graph, path):
                if path.name == "kg.graphml":
                    raise ExportError(f"cannot write {path.name} (in {'this' if os.getpid() == parent else 'a forked'} process)")
                found.write(graph, path)

        return Broken()

    monkeypatch.setattr("kg.registry.get_exporter", broken_exporter)
    with pytest.raises(ExportError, match=r"cannot write kg.graphml \(in this process\)"):
        write_all(sample_kg, tmp_path, api.DEFAULT_FORMATS, concurrent=True)


def test_a_forked_exports_process_that_dies_has_its_exports_written_here(tmp_path, sample_kg, monkeypatch):
    from kg.registry import get_exporter

    parent = os.getpid()

    def dying_exporter(name):
        found = get_exporter(name)

        class Dying:
            def write(self, graph, path):
                if os.getpid() != parent and path.name == "kg.html":
                    os._exit(3)  # killed, say: no error, no message
                found.write(graph, path)

        return Dying()

    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    write_all(sample_kg, tmp_path / "one", api.DEFAULT_FORMATS, concurrent=False)
    monkeypatch.setattr("kg.registry.get_exporter", dying_exporter)
    written, _ = write_all(sample_kg, tmp_path / "two", api.DEFAULT_FORMATS, concurrent=True)
    assert written == ["kg.ttl", "kg.graphml", "kg.html", "report.json"]
    for name in ("kg.ttl", "kg.graphml", "kg.html"):
        assert (tmp_path / "two" / name).read_bytes() == (tmp_path / "one" / name).read_bytes(), name


def _written_by(path, log):
    """A side task: write ``path`` and log the process that did."""
    def task():
        path.write_text("done", encoding="utf-8")
        with open(log, "a", encoding="utf-8") as handle:
            handle.write(f"{path.name} {os.getpid()}\n")
    return task


def test_side_writing_runs_in_a_forked_process_and_its_timings_reach_the_caller(tmp_path):
    from kg.publish import _Side
    from kg.timings import stage

    log = tmp_path / "log"

    def timed():
        with stage("cache"):
            _written_by(tmp_path / "a", log)()

    side = _Side.start([timed, _written_by(tmp_path / "b", log)])
    with recording() as timings:
        side.finish()
    pids = {line.split()[0]: int(line.split()[1]) for line in log.read_text().splitlines()}
    assert set(pids) == {"a", "b"} and os.getpid() not in pids.values()
    assert "cache" in timings


def test_side_tasks_a_dying_process_did_not_finish_are_done_here(tmp_path):
    from kg.publish import _Side

    parent, log = os.getpid(), tmp_path / "log"

    def dies_in_the_child():
        if os.getpid() != parent:
            os._exit(3)  # killed, say: no error, no message
        _written_by(tmp_path / "b", log)()

    side = _Side.start([_written_by(tmp_path / "a", log), dies_in_the_child])
    side.finish()
    by = [(line.split()[0], int(line.split()[1]) == parent) for line in log.read_text().splitlines()]
    assert by == [("a", False), ("a", True), ("b", True)]  # all done again here: "a" may be half-written


def test_an_add_without_exports_writes_the_graph_and_cache_beside_the_store_update(tmp_path, sample_kg, monkeypatch):
    """``kg add`` on two cores: the graph's JSON and the cache are written by a forked process while this one
    updates the store; the files are those written in one process."""
    import kg.publish

    started = []
    real = kg.publish._Side.start
    monkeypatch.setattr(kg.publish._Side, "start", classmethod(lambda cls, tasks: started.append(len(tasks))
                                                               or real(tasks)))
    for name in ("base", "one", "two"):
        (tmp_path / name).mkdir()
    write_all(sample_kg, tmp_path / "base", (), concurrent=False)
    for name, concurrent in (("one", False), ("two", True)):
        write_all(sample_kg, tmp_path / name, (), concurrent=concurrent, previous=tmp_path / "base" / ".store",
                  first=lambda name=name: (tmp_path / name / "cache.txt").write_text(str(os.getpid())))
    assert started == [2]  # the second only: two tasks, the caller's writing and the graph's JSON
    assert int((tmp_path / "one" / "cache.txt").read_text()) == os.getpid()
    assert int((tmp_path / "two" / "cache.txt").read_text()) != os.getpid()
    for name in (".store/kg.json", ".store/graphs.json", ".store/relations.sqlite"):
        assert (tmp_path / "two" / name).read_bytes() == (tmp_path / "one" / name).read_bytes(), name
    assert set(open_store(tmp_path / "two").oxigraph) == set(open_store(tmp_path / "one").oxigraph)


def test_an_error_updating_the_store_stops_the_side_process(tmp_path, sample_kg, monkeypatch):
    import kg.publish
    import kg.store_update

    sides = []
    real = kg.publish._Side.start
    monkeypatch.setattr(kg.publish._Side, "start", classmethod(lambda cls, tasks: sides.append(real(tasks))
                                                               or sides[-1]))
    (tmp_path / "base").mkdir()
    (tmp_path / "out").mkdir()
    write_all(sample_kg, tmp_path / "base", (), concurrent=False)

    def broken(*args, **kwargs):
        raise kg.store.StoreError("disk full")

    monkeypatch.setattr(kg.store_update, "update_store", broken)
    with pytest.raises(kg.store.StoreError, match="disk full"):
        write_all(sample_kg, tmp_path / "out", (), concurrent=True, previous=tmp_path / "base" / ".store")
    assert len(sides) == 1 and not sides[0].process.is_alive()


def test_cores_a_build_may_use():
    import os

    assert api._cores(1, None) == 1 and api._cores(3, None) == 3
    assert api._cores(None, None) == api._cores(1, "tcp://127.0.0.1:1") == (os.cpu_count() or 1)
