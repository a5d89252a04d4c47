"""The per-quote extraction cache and ``kg add``: reused results give the bytes of a fresh build."""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

import pytest
from conftest import EXAMPLES, SEEDS
from test_parallel import output_files

import kg.api as kg
import kg.pipeline as kg_pipeline
from kg.cache import CACHE_DIR, ExtractionCache, job_key
from kg.errors import StoreError
from kg.extract.subjects import Attribution
from kg.extract.text import QuoteContext
from kg.models import Evidence, Relation, ReportItem
from kg.names import NameHit
from kg.pipeline import Extracted, Job
from kg.resolve import Hit, Parsed


def _job(text: str = "Qdrant beats pgvector.", subject: str | None = "qdrant") -> Job:
    ctx = QuoteContext("q:1", "doc:1", text, [(0, len(text))],
                       [Hit(0, 6, "Qdrant", "qdrant", "qdrant", "Product", "catalog")], ["qdrant"], subject)
    from kg.resolve import _Info

    return Job(ctx, Attribution(subject, "subject.named", 0.75), {"qdrant": _Info("Qdrant", "Product", {"qdrant db"})})


def _extracted() -> Extracted:
    ev = Evidence(doc_id="doc:1", quote_id="q:1", start=0, end=6, text="Qdrant", rule="cue.x", confidence=0.123456789)
    rel = Relation(id="rel:1", type="competes_with", source="qdrant", target="pgvector", confidence=0.1 + 0.2,
                   evidence=ev)
    return Extracted((rel,), (), (ReportItem(kind="unmatched_cue", message="'beats' without a relation", evidence=ev),),
                     ("competition", "mixed", None))


def test_cache_round_trips_what_the_map_steps_found(tmp_path):
    parsed = Parsed(((0, 6, "Product", "Qdrant"),), ((0, 22),), (NameHit(10, 18, "pgvector", "discovery.x", True),))
    job, found = _job(), _extracted()
    cache = ExtractionCache()
    cache.open("fp")
    cache.keep_parsed(job.context.text, parsed)
    cache.keep_extracted(job, found)
    cache.write(tmp_path / CACHE_DIR)
    again = ExtractionCache(tmp_path / CACHE_DIR)
    again.open("fp")
    assert again.parsed(job.context.text) == parsed
    assert again.extracted(job) == found  # floats, tuples and None survive
    assert again.parsed("another text") is None and again.hits == {"parsed": 1, "extracted": 1, "attributed": 0}


def test_a_result_encoded_beside_its_key_is_kept_and_read_as_the_cache_keeps_it(tmp_path):
    """What a worker sends back (key and text) is what the cache would have worked out and kept itself."""
    from kg.cache import decoded_extracted, encoded_extracted

    job, found = _job(), _extracted()
    key, text = encoded_extracted(job, found, "fp")
    assert decoded_extracted(text) == found  # floats, tuples and None survive the trip
    by_hand, by_worker = ExtractionCache(), ExtractionCache()
    by_hand.open("fp")
    by_worker.open("fp")
    by_hand.keep_extracted(job, found)
    by_worker.keep_encoded(key, text)
    by_hand.write(tmp_path / "hand")
    by_worker.write(tmp_path / "worker")
    for name in ("parsed.jsonl.gz", "extracted.jsonl.gz", "attributed.jsonl.gz"):
        assert (tmp_path / "hand" / name).read_bytes() == (tmp_path / "worker" / name).read_bytes()
    assert encoded_extracted(job, found, "other")[0] != key  # the run's fingerprint is in the key


def test_a_fresh_cache_answers_without_working_out_keys(monkeypatch):
    cache = ExtractionCache()
    cache.open("fp")
    monkeypatch.setattr(ExtractionCache, "_job_key", lambda self, job: pytest.fail("a key was worked out"))
    assert not cache.has_extracted(_job()) and cache.extracted(_job()) is None
    assert cache.misses["extracted"] == 1


def test_job_key_is_the_repr_of_the_jobs_values_with_or_without_known_entities():
    import json
    from dataclasses import asdict, astuple

    job = _job()
    job.entities["qdrant"].maker = "acme"
    ctx, att = job.context, job.attribution
    entity = json.dumps({**asdict(job.entities["qdrant"]), "aliases": ["qdrant db"]}, ensure_ascii=True,
                        sort_keys=True, separators=(",", ":"))
    plain = repr((ctx.quote_id, ctx.doc_id, ctx.text, ((0, 22),), tuple(astuple(h) for h in ctx.hits), ("qdrant",),
                  ctx.subject, (att.subject, att.rule, att.confidence), (("qdrant", entity),)))
    known: dict = {}
    assert job_key(job) == plain == job_key(job, known) == job_key(job, known) and len(known) == 1
    listed = Job(QuoteContext(ctx.quote_id, ctx.doc_id, ctx.text, [[0, 22]], ctx.hits, list(ctx.candidates),
                              ctx.subject), att, job.entities)
    assert job_key(listed) == plain  # sentences as lists or tuples: the same key


def _attribution_inputs():
    from kg.catalog import Catalog
    from kg.resolve import EntityTable, _Info

    table = EntityTable(Catalog({}))
    table.info = {"qdrant": _Info("Qdrant", "Product"), "pgvector": _Info("pgvector", "Product")}
    ctx = _job().context
    return ctx, table


def test_attribution_key_changes_with_what_attribution_reads():
    from kg.cache import attribution_key

    ctx, table = _attribution_inputs()
    key = attribution_key("doc:1", [ctx], table, None, {"q:1": None}, None)
    assert attribution_key("doc:1", [ctx], table, None, {"q:1": None}, None) == key
    table.info["pgvector"].type = "Organization"  # an entity the document does not name
    assert attribution_key("doc:1", [ctx], table, None, {"q:1": None}, None) == key
    table.info["qdrant"].aliases.add("QD")  # aliases are not read by attribution
    assert attribution_key("doc:1", [ctx], table, None, {"q:1": None}, None) == key
    others = [attribution_key("doc:1", [ctx], table, "a subtitle", {"q:1": None}, None),
              attribution_key("doc:1", [ctx], table, None, {"q:1": "pgvector"}, None),
              attribution_key("doc:1", [ctx], table, None, {"q:1": None}, "qdrant"),
              attribution_key("doc:1", [ctx], table, None, {"q:1": None}, None, "Qdrant: a review")]
    table.info["qdrant"].maker = "acme"
    others.append(attribution_key("doc:1", [ctx], table, None, {"q:1": None}, None))
    table.info["qdrant"].type = "Organization"
    others.append(attribution_key("doc:1", [ctx], table, None, {"q:1": None}, None))
    assert len({key, *others}) == len(others) + 1


def test_cached_attributions_round_trip(tmp_path):
    cache = ExtractionCache()
    cache.open("fp")
    found = {"q:2": Attribution(None, "subject.none", 0.0), "q:1": Attribution("qdrant", "subject.named", 0.731)}
    cache.keep_attributed("the key", found)
    cache.write(tmp_path / CACHE_DIR)
    again = ExtractionCache(tmp_path / CACHE_DIR)
    again.open("fp")
    assert again.attributed("the key") == found and again.attributed("another key") is None


def test_cache_of_other_rules_or_another_job_is_not_used(tmp_path):
    cache = ExtractionCache()
    cache.open("fp")
    cache.keep_extracted(_job(), _extracted())
    cache.write(tmp_path / CACHE_DIR)
    other_rules = ExtractionCache(tmp_path / CACHE_DIR)
    other_rules.open("fp2")
    assert other_rules.extracted(_job()) is None
    same = ExtractionCache(tmp_path / CACHE_DIR)
    same.open("fp")
    assert same.extracted(_job(subject=None)) is None  # the subject changed: extract again
    changed = _job()
    changed.entities["qdrant"].type = "Organization"
    assert same.extracted(changed) is None  # an entity the quote names changed: extract again
    assert job_key(_job()) != job_key(changed)


def test_extraction_results_are_decoded_ahead_and_a_bad_one_fails_where_it_is_asked_for(tmp_path):
    from pydantic import ValidationError

    cache = ExtractionCache()
    cache.open("fp")
    good, bad = _job(), _job(subject=None)
    cache.keep_extracted(good, _extracted())
    cache.keep_extracted(bad, _extracted())
    cache._new["extracted"][cache._job_key(bad)] = '{"relations": "not a list"}'
    cache.write(tmp_path / CACHE_DIR)
    again = ExtractionCache(tmp_path / CACHE_DIR)
    again.open("fp")
    assert again.has_extracted(good) and again.has_extracted(bad)
    assert list(again._decoded) == [again._job_key(good)]  # read and decoded in the thread open started
    assert again.extracted(good) == _extracted() and again.extracted(good) == _extracted()  # asked twice
    with pytest.raises(ValidationError):
        again.extracted(bad)


def test_damaged_cache_is_ignored(tmp_path):
    folder = tmp_path / CACHE_DIR
    folder.mkdir()
    (folder / "extracted.jsonl.gz").write_bytes(b"not gzip")
    (folder / "parsed.jsonl.gz").write_bytes(gzip.compress(b'{"format": 1, "fingerprint": "fp"}\nbroken'))
    cache = ExtractionCache(folder)
    cache.open("fp")
    assert cache.extracted(_job()) is None


def test_cache_files_are_deterministic(tmp_path):
    for name in ("a", "b"):
        cache = ExtractionCache()
        cache.open("fp")
        for text in (["x", "y"] if name == "a" else ["y", "x"]):
            cache.keep_parsed(text, Parsed((), ((0, 1),), ()))
        cache.write(tmp_path / name)
    assert (tmp_path / "a" / "parsed.jsonl.gz").read_bytes() == (tmp_path / "b" / "parsed.jsonl.gz").read_bytes()


@pytest.fixture(scope="module")
def split(tmp_path_factory):
    """The sample corpus in two parts, plus the seeds as a third."""
    root = tmp_path_factory.mktemp("split")
    docs = sorted(EXAMPLES.glob("*.txt"))
    for part, names in (("old", docs[:4]), ("new", docs[4:])):
        (root / part).mkdir()
        for doc in names:
            shutil.copy(doc, root / part / doc.name)
    return root


def test_rebuild_reuses_every_cached_quote_and_writes_the_same_bytes(split, tmp_path):
    first = kg.build([split / "old"], out=tmp_path / "out", jobs=1)
    before = output_files(first.out)
    again = kg.build([split / "old"], out=tmp_path / "out", jobs=1)
    assert first.extracted == len(first.graph.quotes) and again.extracted == 0
    assert output_files(again.out) == before


def _stored_quads(folder: Path) -> set:
    from kg.store import open_store

    return set(open_store(folder).oxigraph)


def _without_exports(files: dict[str, bytes]) -> dict[str, bytes]:
    return {name: data for name, data in files.items() if name.startswith((".store/", "cache/", "report.json"))}


_INDEX = ".store/relations.sqlite"  # kg add updates a copy of it: the same rows as a build's, not the same bytes


def _without_index(files: dict[str, bytes]) -> dict[str, bytes]:
    assert _INDEX in files
    return {name: data for name, data in files.items() if name != _INDEX}


def _index_tables(folder: Path) -> dict[str, list]:
    import sqlite3

    with sqlite3.connect(folder / _INDEX) as db:
        names = [n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        found = {name: sorted(db.execute(f"SELECT * FROM {name}").fetchall()) for name in names}
    db.close()
    assert found["answers"] and found["sources"]
    return found


def test_add_equals_a_full_build_of_the_union(split, tmp_path, monkeypatch):
    store = tmp_path / "store"
    kg.build([split / "old"], out=store, jobs=1)
    monkeypatch.setattr("kg.store.write_store", lambda *a, **k: pytest.fail("the store was loaded afresh"))
    attributed, attribute = [0], kg_pipeline.attribute_subjects

    def counted(*args, **kwargs):
        attributed[0] += 1
        return attribute(*args, **kwargs)

    monkeypatch.setattr(kg_pipeline, "attribute_subjects", counted)
    added = kg.add([split / "new", SEEDS], store=store, jobs=1)
    monkeypatch.undo()
    full = kg.build([split / "old", split / "new", SEEDS], out=tmp_path / "full", jobs=1)
    assert 0 < added.extracted < len(full.graph.quotes)  # the old quotes came from the cache …
    assert 0 < attributed[0] < len(full.graph.documents)  # … and the subjects of documents the new ones left alone
    assert _without_index(output_files(store)) == _without_index(_without_exports(output_files(full.out)))
    assert _stored_quads(store) == _stored_quads(full.out)  # … and changed nothing
    assert _index_tables(store) == _index_tables(full.out)  # the relation index, updated by the add where it changed
    assert kg.competitors("Qdrant", store=store).equals(kg.competitors("Qdrant", store=full.out))
    assert not (store / "kg.ttl").exists() and (full.out / "kg.ttl").is_file()  # out of date: not kept


def test_add_on_two_cores_parses_the_new_quotes_in_a_worker_started_early_and_equals_a_full_build(split, tmp_path):
    """With two jobs an add starts one worker at once (``Runner.start``): the new quotes are parsed and extracted
    there, and the main process never loads spaCy (≈ 1.5 s of an add's start-up). A fresh interpreter, since this
    one has loaded spaCy already."""
    import json
    import subprocess
    import sys

    store = tmp_path / "store"
    kg.build([split / "old"], out=store, jobs=1)
    code = ("import json, sys\nimport kg.api as kg\n"
            f"added = kg.add([{str(split / 'new')!r}], store={str(store)!r}, jobs=2)\n"
            "print(json.dumps({'extracted': added.extracted, 'spacy': 'spacy' in sys.modules}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False,
                          cwd=Path(__file__).resolve().parent.parent)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    full = kg.build([split / "old", split / "new"], out=tmp_path / "full", jobs=1)
    assert seen["spacy"] is False and 0 < seen["extracted"] < len(full.graph.quotes)
    assert _without_index(output_files(store)) == _without_index(_without_exports(output_files(full.out)))
    assert _stored_quads(store) == _stored_quads(full.out) and _index_tables(store) == _index_tables(full.out)


def test_add_with_exports_and_changed_or_removed_documents_equals_a_full_build(split, tmp_path, monkeypatch):
    from kg import store as store_module

    old = tmp_path / "old"
    shutil.copytree(split / "old", old)
    store = tmp_path / "store"
    kg.build([old], out=store, jobs=1)
    first, second = sorted(old.iterdir())[:2]
    first.write_text(first.read_text(encoding="utf-8").replace("Qdrant", "Weaviate"), encoding="utf-8")
    second.unlink()
    monkeypatch.setattr("kg.store.write_store", lambda *a, **k: pytest.fail("the store was loaded afresh"))
    added = kg.add([split / "new"], store=store, exports=True, jobs=1)
    monkeypatch.undo()
    full = kg.build([old, split / "new"], out=tmp_path / "full", jobs=1)
    assert added.graph == full.graph and _without_index(output_files(store)) == _without_index(output_files(full.out))
    assert _stored_quads(store) == _stored_quads(full.out)
    assert _index_tables(store) == _index_tables(full.out)
    hashed = []
    monkeypatch.setattr(store_module, "_sha256", lambda path: hashed.append(path))
    store_module.open_store(store)
    assert hashed == []  # the updated store's files were noted as checked when the add ended


def test_add_from_the_command_line(split, tmp_path):
    from typer.testing import CliRunner

    from kg.cli import app

    store = tmp_path / "store"
    built = CliRunner().invoke(app, ["build", str(split / "old"), "--out", str(store), "--jobs", "1"])
    assert built.exit_code == 0, built.output
    added = CliRunner().invoke(app, ["add", str(split / "new"), "--store", str(store), "-j", "1"])
    assert added.exit_code == 0, added.output
    assert "6 documents, 48 quotes" in added.output and "quotes; the others came from the cache" in added.output
    assert kg.load(store).run.documents == 6


def test_add_needs_a_build_and_its_inputs(split, tmp_path):
    with pytest.raises(StoreError, match="no record of a build"):
        kg.add([split / "new"], store=tmp_path / "nothing")
    moved = tmp_path / "moved"
    shutil.copytree(split / "old", moved)
    kg.build([moved], out=tmp_path / "store", jobs=1)
    shutil.rmtree(moved)
    with pytest.raises(StoreError, match="no longer exist"):
        kg.add([split / "new"], store=tmp_path / "store")
    (tmp_path / "store" / ".store" / "build.json").write_text("[]")
    with pytest.raises(StoreError, match="damaged"):
        kg.add([split / "new"], store=tmp_path / "store")


def test_build_records_its_inputs_for_add(split, tmp_path):
    import json
    import os

    kg.build([split / "old", Path(split / "old")], out=tmp_path / "out", catalog="none", jobs=1)
    record = json.loads((tmp_path / "out" / ".store" / "build.json").read_text())
    assert record["inputs"] == [os.path.abspath(split / "old")] and record["catalog"] == "none"
    assert ["kg.ttl", "turtle"] in record["formats"]
