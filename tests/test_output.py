"""The output folder as one transaction: atomic switch, lock, leftovers, and builds killed at random points."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import EXAMPLES, ROOT
from helpers import snapshot

import kg.api as kg
from kg import output
from kg.errors import BuildLockedError, OutputError
from kg.output import leftovers, transaction

_VOLATILE = (".store/oxigraph/", ".store/names.json", ".store/verified.json")  # differ per build: database
# files, the generation id, the files' stats


def _files(folder: Path) -> dict[str, bytes]:
    files = {k: v for k, v in snapshot(folder).items() if not k.startswith(_VOLATILE)}
    if "report.json" in files:  # its "timings" block holds wall-clock seconds, which differ per build
        report = json.loads(files["report.json"])
        report.pop("timings", None)
        files["report.json"] = json.dumps(report, sort_keys=True).encode("utf-8")
    return files


def _answers(folder: Path) -> dict:
    """What a reader sees: queries, a SPARQL count, the stored graph and the name index."""
    from kg.store import open_store

    store = open_store(folder)
    index = json.loads((folder / ".store" / "names.json").read_text(encoding="utf-8"))
    index.pop("generation"), index.pop("files")  # differ per build: a random id, database file digests
    return {
        "competitors": [r.model_dump() for r in kg.competitors("Qdrant", store=folder, as_rows=True)],
        "count": kg.sparql("SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }", store=folder)[1],
        "quads": len(store.oxigraph), "index": index, "graph": kg.load(folder).model_dump_json(),
    }


def test_a_generation_replaces_the_folder_at_once(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "kg.ttl").write_text("old")
    (out / "report.json").write_text("old")
    with transaction(out) as new:
        assert new.parent == tmp_path and new.name.startswith(".out.kg-new-")
        (new / "kg.ttl").write_text("new")
        assert (out / "kg.ttl").read_text() == "old"  # nothing visible before the switch
    assert sorted(p.name for p in out.iterdir()) == ["kg.ttl"]
    assert (out / "kg.ttl").read_text() == "new"
    assert leftovers(out) == []


def test_a_failed_generation_leaves_the_folder_as_it_was(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "kg.ttl").write_text("old")
    with pytest.raises(RuntimeError), transaction(out) as new:
        (new / "kg.ttl").write_text("half")
        raise RuntimeError("killed")
    assert snapshot(out) == {"kg.ttl": b"old"}
    assert leftovers(out) == []


def test_a_second_build_into_the_same_folder_is_refused_while_the_first_runs(tmp_path):
    out = tmp_path / "out"
    with transaction(out) as new:
        (new / "kg.ttl").write_text("first")
        with pytest.raises(BuildLockedError, match="another kg build is writing"), transaction(out):
            pass
    assert (out / "kg.ttl").read_text() == "first"
    with transaction(out) as new:  # the lock goes with the build
        (new / "kg.ttl").write_text("second")
    assert (out / "kg.ttl").read_text() == "second"


def test_leftovers_of_a_killed_build_are_removed_by_the_next(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    stale = tmp_path / ".out.kg-new-abc123"
    stale.mkdir()
    (stale / "kg.ttl").write_text("half")
    with transaction(out) as new:
        (new / "kg.ttl").write_text("whole")
    assert leftovers(out) == []


def test_without_atomic_exchange_an_interrupted_switch_is_finished_by_the_next_build(tmp_path, monkeypatch):
    monkeypatch.setattr(output, "_exchange", lambda a, b: False)
    out = tmp_path / "out"
    with transaction(out) as new:
        (new / "kg.ttl").write_text("one")
    assert (out / "kg.ttl").read_text() == "one"
    # a kill between the two renames: the complete generation is "ready", the folder is gone
    out.rename(tmp_path / ".out.kg-ready-x")
    with transaction(out) as new:
        assert (out / "kg.ttl").read_text() == "one"
        (new / "kg.ttl").write_text("two")
    assert (out / "kg.ttl").read_text() == "two"
    assert leftovers(out) == []


@pytest.mark.parametrize("make", ["file", "dev/null"])
def test_an_output_that_is_not_a_folder_is_refused_before_extraction(tmp_path, monkeypatch, make):
    def no_extraction(*args, **kwargs):
        raise AssertionError("extraction ran before --out was checked")

    monkeypatch.setattr("kg.pipeline.extract_corpus", no_extraction)
    out = Path("/dev/null") if make == "dev/null" else tmp_path / "out.txt"
    if make == "file":
        out.write_text("mine")
    with pytest.raises(OutputError, match="not a folder"):
        kg.build([EXAMPLES], out=out)


@pytest.mark.parametrize("where", ["/proc/kg-out", "read-only"])
def test_an_output_that_cannot_be_written_is_refused_before_extraction(tmp_path, monkeypatch, where):
    monkeypatch.setattr("kg.pipeline.extract_corpus", lambda *a, **k: pytest.fail("extraction ran"))
    if where == "read-only":
        if os.geteuid() == 0:
            pytest.skip("root writes into read-only folders")
        parent = tmp_path / "ro"
        parent.mkdir()
        parent.chmod(0o555)
        out = parent / "out"
    else:
        out = Path(where)
    with pytest.raises(OutputError, match="cannot"):
        kg.build([EXAMPLES], out=out)


def test_an_output_folder_with_other_files_is_not_replaced(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "notes.docx").write_text("mine")
    with pytest.raises(OutputError, match=r"notes\.docx.*another --out"):
        kg.build([EXAMPLES], out=out)
    assert snapshot(out) == {"notes.docx": b"mine"}


def _kg_build(corpus: Path, out: Path) -> subprocess.Popen:
    env = os.environ | {"PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    return subprocess.Popen([sys.executable, "-m", "kg", "build", str(corpus), "--out", str(out), "--no-progress"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)


@pytest.mark.slow  # 35 s on an idle machine (2 minutes under load): 20 real builds started and killed
def test_builds_killed_at_random_points_leave_one_whole_generation(tmp_path):
    """Kill real ``kg build`` processes at random points: readers always see one whole build, old or new."""
    corpora = {"two": tmp_path / "two", "one": tmp_path / "one"}
    corpora["two"].mkdir()
    for name in ("qdrant-vs-pgvector.txt", "mem0-vs-zep.txt"):
        (corpora["two"] / name).write_bytes((EXAMPLES / name).read_bytes())
    corpora["one"].mkdir()
    (corpora["one"] / "qdrant.txt").write_bytes((EXAMPLES / "qdrant-vs-pgvector.txt").read_bytes())
    out = tmp_path / "out"
    refs, durations = {}, {}
    for name, corpus in corpora.items():  # the reference: one whole build of each corpus
        started = time.monotonic()
        assert _kg_build(corpus, out).wait(timeout=120) == 0
        durations[name] = time.monotonic() - started
        refs[name] = (_files(out), _answers(out))
    assert refs["one"][0] != refs["two"][0]
    rng = random.Random(20261201)
    kills, attempts, states = 0, 0, set()
    while kills < 10:
        assert attempts < 100, f"only {kills} of 100 builds were still running when their kill came"
        name = rng.choice(sorted(corpora))
        # half the kills anywhere, half in the last third of a build, where the files are written
        span = durations[name]
        delay = rng.uniform(0.0, span) if attempts % 2 else rng.uniform(0.66 * span, 1.05 * span)
        attempts += 1
        started = time.monotonic()
        process = _kg_build(corpora[name], out)
        time.sleep(delay)
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            kills += 1
        elif process.returncode == 0:  # it finished first: builds got faster (the machine's load fell)
            durations[name] = time.monotonic() - started
        process.wait(timeout=120)
        files = _files(out)
        state = next((n for n, (ref_files, _) in refs.items() if ref_files == files), None)
        assert state is not None, f"kill {kills}: the exports are not those of one whole build"
        assert _answers(out) == refs[state][1], f"kill {kills}: the store disagrees with the exports"
        states.add(state)
    assert _kg_build(corpora["two"], out).wait(timeout=120) == 0
    assert _files(out) == refs["two"][0] and leftovers(out) == []


def test_two_real_builds_at_once_one_is_refused_and_the_folder_is_one_whole_build(tmp_path):
    out = tmp_path / "out"
    first, second = _kg_build(EXAMPLES, out), _kg_build(EXAMPLES / "qdrant-vs-pgvector.txt", out)
    codes = sorted((first.wait(timeout=120), second.wait(timeout=120)))
    # usually one build is refused (exit 6); if one finished before the other took the lock, both succeed
    assert codes in ([0, 6], [0, 0])
    assert (out / "report.json").is_file() and leftovers(out) == []
    _answers(out)  # store and exports open together


def test_a_reader_retries_when_a_build_switches_generations_while_it_opens(tmp_path, sample_kg, monkeypatch):
    from kg import store as store_module

    store_module.write_store(sample_kg, tmp_path)
    real, calls = store_module._generation, []

    def switching(root):
        calls.append(root)
        return "another" if len(calls) == 2 else real(root)  # the index changed while the database was opened

    monkeypatch.setattr(store_module, "_generation", switching)
    opened = store_module.open_store(tmp_path)
    assert len(calls) == 4 and len(opened.oxigraph) > 0  # looked before and after, twice: it retried once


def test_every_file_a_build_writes_is_known_as_its_own():
    assert {name for name, _ in kg.BUILD_FORMATS} | {"report.json", ".store", "cache"} == set(output.OWN_NAMES)
