"""The Python API the notebooks use: extract, build, load, export, queries, networkx."""

from __future__ import annotations

import json

import pytest
from conftest import EXAMPLES

import kg.api as kg
from kg.errors import ExportError, StoreError, UnknownEntityError


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return kg.build([EXAMPLES], out=tmp_path_factory.mktemp("built"))


def test_api_build_then_load_gives_the_same_graph(built):
    assert kg.load(built.out) == built.graph
    assert "6 documents, 48 quotes, 0 skipped" in built.summary()
    assert built.skipped_formats == ()


def test_api_every_fact_points_at_its_quote(built):
    texts = {q.id: q.text for q in built.graph.quotes}
    for fact in (*built.graph.relations, *built.graph.claims):
        ev = fact.evidence
        assert texts[ev.quote_id][ev.start:ev.end] == ev.text
        assert ev.rule and 0 < ev.confidence <= 1


def test_api_queries(built):
    assert {r.competitor for r in kg.competitors("Qdrant", store=built.out, as_rows=True)} >= {"Weaviate", "Milvus"}
    assert set(kg.competitors("Qdrant", store=built.out)["competitor"]) >= {"Weaviate", "Milvus"}
    assert kg.threats("E2B", store=built.out)["horizon"].notna().all()
    assert len(kg.claims("Qdrant", type="license", store=built.out))
    with pytest.raises(UnknownEntityError, match="Qdrant"):
        kg.competitors("Qdrnat", store=built.out)


def test_api_export_guesses_and_refuses(built, tmp_path):
    path = kg.export(tmp_path / "g.ttl", store=built.out)
    assert "competesWith" in path.read_text(encoding="utf-8")
    with pytest.raises(ExportError, match="--format"):
        kg.export(tmp_path / "g.unknown", store=built.out)


def test_api_load_without_a_build(tmp_path):
    with pytest.raises(StoreError, match="kg build"):
        kg.load(tmp_path)


def test_api_run_report_lists_rejections_and_discoveries(built):
    report = kg.run_report(built.graph)
    kinds = report["counts"]["report"]
    assert kinds.get("rejected_relation", 0) >= 3
    assert any(i["kind"] == "rejected_relation" and "negated" in i["message"] for i in report["items"])


def test_api_to_networkx(built):
    g = kg.to_networkx(built.graph)
    assert g.number_of_nodes() >= len(built.graph.entities)
    assert any(d.get("type") == "competes_with" or d.get("rel") == "competes_with" for _, _, d in g.edges(data=True))


def test_api_committed_exports_match_a_fresh_build(built):
    """exports/ is the deterministic output of the sample corpus: rebuilding gives the same bytes."""
    from conftest import ROOT

    committed = ROOT / "exports"
    for name, _ in kg.DEFAULT_FORMATS:
        assert (committed / name).read_bytes() == (built.out / name).read_bytes(), name
    # report.json is the same but for its "timings" block: wall-clock seconds differ between runs
    old, new = (json.loads((folder / "report.json").read_text(encoding="utf-8")) for folder in (committed, built.out))
    assert old.pop("timings").keys() == new.pop("timings").keys()
    assert old == new


def test_api_build_writes_the_default_formats_only(built):
    """One RDF syntax, GraphML and the page by default (the README's command), nothing else but report and store."""
    from conftest import ROOT

    names = {p.name for p in built.out.iterdir()}
    assert names == {name for name, _ in kg.DEFAULT_FORMATS} | {"report.json", ".store", "cache"}
    assert {p.name for p in built.files} == {name for name, _ in kg.DEFAULT_FORMATS} | {"report.json"}
    committed = {p.name for p in (ROOT / "exports").iterdir()} - {".store", "cache"}  # git-ignored
    assert committed == {name for name, _ in kg.DEFAULT_FORMATS} | {"report.json"}


def test_api_build_report_records_stage_timings(built):
    timings = json.loads((built.out / "report.json").read_text(encoding="utf-8"))["timings"]
    stages = {"ingest", "setup", "nlp", "resolve", "extract", "contradictions", "rdf", "graph", "store"}
    stages |= {f"export {name}" for name, _ in kg.DEFAULT_FORMATS}
    for clock in ("wall_s", "cpu_s", "peak_rss_mb"):
        assert stages <= set(timings[clock])
        assert all(isinstance(s, float) and s >= 0 for s in timings[clock].values())
    assert "timings" not in kg.run_report(built.graph)  # the API's report stays deterministic


@pytest.fixture
def small_build(tmp_path):
    from helpers import small_corpus

    out = tmp_path / "out"
    kg.build([small_corpus(tmp_path / "corpus")], out=out)
    return tmp_path, out


@pytest.mark.parametrize("case", ["typo", "empty folder", "only bad files"])
def test_api_build_that_reads_nothing_is_refused_and_keeps_the_old_outputs(small_build, case):
    from helpers import snapshot

    from kg.errors import EmptyBuildError

    tmp_path, out = small_build
    before = snapshot(out)
    source = tmp_path / "reveiws"
    if case != "typo":
        source.mkdir()
    if case == "only bad files":
        (source / "bad.txt").write_bytes(b"\x00\x01binary")
        (source / "empty.md").write_text("")
    with pytest.raises(EmptyBuildError, match="nothing to build.*--allow-empty") as info:
        kg.build([source], out=out)
    assert info.value.exit_code != 0
    assert snapshot(out) == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".out.kg-")]


def test_api_build_that_reads_nothing_writes_nothing_into_a_new_folder(tmp_path):
    from kg.errors import EmptyBuildError

    with pytest.raises(EmptyBuildError):
        kg.build([tmp_path / "missing"], out=tmp_path / "new")
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_api_allow_empty_writes_an_empty_graph(small_build):
    tmp_path, out = small_build
    result = kg.build([tmp_path / "missing"], out=out, allow_empty=True)
    assert result.graph.run.documents == 0
    assert kg.load(out).entities == ()


def test_api_summary_counts_bad_rows(tmp_path):
    (tmp_path / "rows.jsonl").write_text('{"text": "Qdrant competes with Weaviate."}\n{"text": ["a"]}\n')
    result = kg.build([tmp_path], out=tmp_path / "out")
    assert "1 documents, 1 quotes, 0 skipped; 1 bad rows (see report.json)" in result.summary()


@pytest.mark.parametrize(("ask", "options"), [
    (kg.competitors, {}), (kg.competitors, {"aggregate": True}), (kg.threats, {"include_outgoing": True}),
    (kg.threats, {"aggregate": True}), (kg.dependencies, {"include_incoming": True, "aggregate": True}),
    (kg.claims, {}), (kg.claims, {"type": "metric"}), (kg.contradictions, {}),
])
@pytest.mark.parametrize("name", ["Qdrant", "E2B", "Cursor"])
def test_api_a_graph_in_memory_answers_as_its_store(built, ask, options, name):
    from_store = ask(name, store=built.out, **options)
    in_memory = ask(name, graph=built.graph, **options)
    assert from_store.equals(in_memory)
    assert ask(name, store=built.out, as_rows=True, **options) == ask(name, graph=built.graph, as_rows=True, **options)


def test_api_entities_and_stats_in_memory_and_stored(built):
    assert kg.entities(store=built.out).equals(kg.entities(graph=built.graph))
    assert kg.stats(store=built.out).equals(kg.stats(graph=built.graph))
    stats = kg.stats(graph=built.graph).set_index(["kind", "type"])["count"]
    assert stats.loc[("relation", "competes_with")] == sum(r.type == "competes_with" for r in built.graph.relations)
    assert len(kg.claims(graph=built.graph)) == len(built.graph.claims)
    assert kg.claims(type="pricing", store=built.out).equals(kg.claims(type="pricing", graph=built.graph))
    assert len(kg.contradictions(graph=built.graph)) == len(built.graph.contradictions)
    products = kg.entities(graph=built.graph, type="Product")
    assert set(products["type"]) == {"Product"} and products["degree"].is_monotonic_decreasing


def test_api_extract_then_ask_without_writing_files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    graph = kg.extract([EXAMPLES / "qdrant-vs-pgvector.txt"])
    ranked = kg.competitors("Qdrant", graph=graph, aggregate=True)
    assert list(ranked["rank"]) == list(range(1, len(ranked) + 1))
    assert {"Weaviate", "Milvus"} <= set(ranked["competitor"])
    assert list(tmp_path.iterdir()) == []


def test_api_store_or_graph_not_both(built):
    with pytest.raises(TypeError, match="not both"):
        kg.competitors("Qdrant", store=built.out, graph=built.graph)


def test_api_ranked_competitors_count_every_document_a_quote_is_in():
    from rdf_fixtures import make_two_doc_kg

    ranked = kg.competitors("Qdrant", graph=make_two_doc_kg(), aggregate=True).set_index("competitor")
    # "Qdrant competes with pgvector and Weaviate" is one quote, found in both documents
    assert ranked.loc["pgvector", ["quotes", "documents"]].tolist() == [1, 2]
    assert ranked.loc["Milvus", ["quotes", "documents"]].tolist() == [1, 1]
    assert ranked.index[:2].tolist() == ["pgvector", "Weaviate"]


def test_api_select_formats_by_name_file_short_name_or_suffix():
    from kg.errors import UnknownPluginError

    assert kg.select_formats(["ttl", "graphml", "html"]) == (("kg.ttl", "turtle"), ("kg.graphml", "graphml"),
                                                             ("kg.html", "html"))
    assert kg.select_formats(["turtle", "kg.ttl", ".ttl", " TTL "]) == (("kg.ttl", "turtle"),)
    assert kg.select_formats(["yed.graphml", "tables", "cytoscape"]) == (
        ("kg.yed.graphml", "graphml-yed"), ("kg.cyjs", "cytoscape"), ("tables", "csv"))
    assert kg.select_formats(["all"]) == kg.BUILD_FORMATS
    with pytest.raises(UnknownPluginError, match=r"unknown export format 'pdf'; known: .*ttl \(turtle\)"):
        kg.select_formats(["ttl", "pdf"])


def test_api_export_formats_lists_every_exporter_with_suffixes_and_readers():
    rows = {r["format"]: r for r in kg.export_formats()}
    assert set(rows) >= {name for _, name in kg.BUILD_FORMATS}
    assert rows["turtle"]["build_file"] == "kg.ttl" and rows["turtle"]["suffixes"] == ".ttl"
    assert {name for name, r in rows.items() if r["default"]} == {name for _, name in kg.DEFAULT_FORMATS}
    assert all(r["readers"] and r["description"] for r in rows.values())


def test_api_build_some_formats_reports_progress(tmp_path):
    seen: dict[str, list[tuple[int, int | None]]] = {}
    corpus = tmp_path / "in"
    corpus.mkdir()
    (corpus / "q.txt").write_text("Qdrant vs pgvector\n\n\u201cQdrant competes with Weaviate.\u201d\n", encoding="utf-8")
    result = kg.build([corpus], out=tmp_path / "out", formats=["graphml", "ttl"],
                      progress=lambda stage, done, total: seen.setdefault(stage, []).append((done, total)))
    assert sorted(p.name for p in result.files) == ["kg.graphml", "kg.ttl", "report.json"]
    assert callable(kg.log_progress())
    assert list(seen) == ["parsing quotes", "extracting", "preparing exports", "writing exports", "loading the store"]
    for stage, calls in seen.items():
        assert calls[0][0] == 0 and calls[-1][0] == calls[-1][1] > 0, stage  # each stage starts at 0, ends done
    assert seen["writing exports"] == [(0, 2), (1, 2), (2, 2)]
