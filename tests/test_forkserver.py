"""Starting the fork server early: ``kg.forkserver.start`` and ``kg.api.start_add_workers``."""

from __future__ import annotations

import json

import pytest

import kg.api
from kg import forkserver


@pytest.fixture
def started(monkeypatch):
    calls = []
    monkeypatch.setattr(forkserver, "start", lambda *a, **k: calls.append((a, k)))
    return calls


def _record(store, catalog, model):
    (store / ".store").mkdir(parents=True)
    (store / ".store" / "build.json").write_text(json.dumps({"inputs": [], "catalog": catalog, "model": model}))


def test_an_add_starts_the_fork_server_with_its_builds_catalog_and_model(tmp_path, started, monkeypatch):
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    _record(tmp_path, "/cat.jsonl", "en_core_web_sm")
    kg.api.start_add_workers(tmp_path)
    assert started == [(("/cat.jsonl", "en_core_web_sm"), {"extract": False})]


@pytest.mark.parametrize("jobs,scheduler", [(1, None), (None, "tcp://127.0.0.1:1")])
def test_nothing_starts_for_one_core_or_a_dask_cluster(tmp_path, started, jobs, scheduler):
    _record(tmp_path, None, None)
    kg.api.start_add_workers(tmp_path, jobs=jobs, scheduler=scheduler)
    assert started == []


def test_nothing_starts_without_a_build_record(tmp_path, started):
    kg.api.start_add_workers(tmp_path / "nothing-here", jobs=2)
    (tmp_path / "damaged" / ".store").mkdir(parents=True)
    (tmp_path / "damaged" / ".store" / "build.json").write_text("{")
    kg.api.start_add_workers(tmp_path / "damaged", jobs=2)
    assert started == []


def test_a_catalog_object_builds_no_worker_state_ahead(monkeypatch):
    """Only a catalog file, "none" or None tells the server what to build (it reads the file itself)."""
    import multiprocessing.forkserver as mp_forkserver

    from kg.prefork import ENV

    seen = []
    monkeypatch.setattr(mp_forkserver, "set_forkserver_preload", lambda names: seen.append(list(names)))
    monkeypatch.setattr(mp_forkserver, "ensure_running", lambda: seen.append(__import__("os").environ.get(ENV)))
    forkserver.start(object(), None)
    forkserver.start("none", "m", extract=False)
    assert seen[0] == forkserver.PRELOAD and seen[1] is None
    assert json.loads(seen[3]) == {"catalog": "none", "model": "m", "extract": False}
    assert ENV not in __import__("os").environ
