"""The ``kg`` command as a user runs it: build, query, sparql, export, extract, and its error messages."""

from __future__ import annotations

import csv
import io
import json

import pytest
from conftest import EXAMPLES
from typer.testing import CliRunner

from kg.cli import app

runner = CliRunner()


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    out = tmp_path_factory.mktemp("store")
    result = runner.invoke(app, ["build", str(EXAMPLES), "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    return out


def _invoke(*args: str):
    result = runner.invoke(app, list(args))
    return result


@pytest.mark.parametrize("command", [[], ["build"], ["extract"], ["export"], ["query"], ["query", "competitors"],
                                     ["query", "threats"], ["query", "claims"], ["query", "contradictions"], ["sparql"]])
def test_cli_every_command_has_help(command):
    result = _invoke(*command, "--help")
    assert result.exit_code == 0
    assert "Usage" in result.output and len(result.output) > 200


def test_cli_build_writes_exports_report_and_store(store):
    for name in ("kg.ttl", "kg.graphml", "kg.html", "report.json"):
        assert (store / name).stat().st_size > 0, name
    for name in ("kg.jsonld", "kg.nt", "kg.trig", "kg.nq", "kg.gexf", "kg.cyjs", "tables"):  # on request only
        assert not (store / name).exists(), name
    assert (store / ".store" / "kg.json").is_file()
    report = json.loads((store / "report.json").read_text(encoding="utf-8"))
    assert report["counts"]["documents"] == 6
    assert report["counts"]["relations"]["competes_with"] > 5


def test_cli_query_competitors_json_is_symmetric(store):
    result = _invoke("query", "competitors", "Qdrant", "--store", str(store), "--format", "json")
    assert result.exit_code == 0, result.output
    names = {row["competitor"] for row in json.loads(result.stdout)}
    assert {"Weaviate", "Milvus", "Pinecone"} <= names
    back = _invoke("query", "competitors", "Weaviate", "--store", str(store), "--format", "json")
    assert "Qdrant" in {row["competitor"] for row in json.loads(back.stdout)}


def test_cli_query_resolves_aliases_and_case(store):
    lower = _invoke("query", "competitors", "qdrant", "--store", str(store), "--format", "json")
    assert lower.exit_code == 0
    assert json.loads(lower.stdout)


def test_cli_unknown_name_suggests_close_names(store):
    result = _invoke("query", "competitors", "Qdrnt", "--store", str(store))
    assert result.exit_code != 0
    assert "Qdrant" in str(result.exception) or "Qdrant" in result.output


def test_cli_threats_carry_horizons_and_csv_has_a_header(store):
    result = _invoke("query", "threats", "E2B", "--store", str(store), "--format", "csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert rows and all(r["threat"] for r in rows)
    assert any(r["horizon"] == "18 months" for r in rows)


def test_cli_claims_filter_by_type(store):
    # the sample's prices are Qdrant Cloud's ("The free tier of Qdrant Cloud gives you a 1GB cluster")
    result = _invoke("query", "claims", "Qdrant Cloud", "--type", "pricing", "--store", str(store), "--format", "json")
    rows = json.loads(result.stdout)
    assert rows and {r["type"] for r in rows} == {"pricing"}


def test_cli_sparql_answers_who_competes(store):
    query = ("PREFIX kg: <https://w3id.org/kg/ontology#> PREFIX skos: <http://www.w3.org/2004/02/skos/core#> "
             "SELECT DISTINCT ?name WHERE { ?a skos:prefLabel 'Qdrant' . { ?a kg:competesWith ?b } UNION "
             "{ ?b kg:competesWith ?a } ?b skos:prefLabel ?name } ORDER BY ?name")
    result = _invoke("sparql", query, "--store", str(store), "--format", "json")
    assert result.exit_code == 0, result.output
    bindings = json.loads(result.stdout)["results"]["bindings"]  # the W3C SPARQL JSON results format
    assert "Weaviate" in {r["name"]["value"] for r in bindings}


def test_cli_export_guesses_the_format_from_the_suffix(store, tmp_path):
    target = tmp_path / "graph.graphml"
    result = _invoke("export", str(target), "--store", str(store))
    assert result.exit_code == 0, result.output
    assert target.read_text(encoding="utf-8").startswith("<?xml")


def test_cli_export_without_a_known_suffix_asks_for_format(store, tmp_path):
    result = _invoke("export", str(tmp_path / "graph.xyz"), "--store", str(store))
    assert result.exit_code != 0


def test_cli_query_without_a_store_says_how_to_make_one(tmp_path):
    result = _invoke("query", "competitors", "Qdrant", "--store", str(tmp_path / "nowhere"))
    assert result.exit_code != 0
    assert "kg build" in str(result.exception)


def test_cli_extract_jsonl_keeps_going_past_a_broken_file(tmp_path):
    good = tmp_path / "good.txt"
    good.write_text("Qdrant vs pgvector\n\n\u201cQdrant competes with Weaviate and Milvus.\u201d\n", encoding="utf-8")
    (tmp_path / "broken.txt").write_bytes(b"\x00\x01\x02binary")
    (tmp_path / "latin1.txt").write_bytes("caf\xe9 vs th\xe9".encode("latin-1"))
    result = runner.invoke(app, ["extract", str(tmp_path), "--jsonl"])
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert len(records) == 1 and records[0]["doc"] == "good.txt"
    assert {r["target"] for r in records[0]["relations"]} == {"Weaviate", "Milvus"}
    assert "2 skipped" in result.stderr and "broken.txt" in result.stderr and "latin1.txt" in result.stderr


def _main(monkeypatch, capsys, *args: str) -> tuple[int, str]:
    """Run ``kg`` as the console script does (kg's errors become exit codes); (exit code, stderr)."""
    from kg.cli import main

    monkeypatch.setattr("sys.argv", ["kg", *args])
    try:
        main()
        code = 0
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else 1
    return code, capsys.readouterr().err


def test_cli_build_of_a_mistyped_folder_exits_non_zero_and_keeps_the_exports(store, tmp_path, monkeypatch, capsys):
    before = {p: p.read_bytes() for p in store.rglob("*") if p.is_file()}
    code, err = _main(monkeypatch, capsys, "build", str(tmp_path / "reveiws"), "--out", str(store), "--no-progress")
    assert code == 4
    assert "nothing to build" in err and "reveiws (no such file)" in err and "--allow-empty" in err
    assert {p: p.read_bytes() for p in store.rglob("*") if p.is_file()} == before


def test_cli_sparql_on_a_damaged_store_says_rebuild(tmp_path, sample_kg, monkeypatch, capsys):
    from kg.store import write_store

    root = write_store(sample_kg, tmp_path)
    sst = max((root / "oxigraph").glob("*.sst"), key=lambda p: p.stat().st_size)
    sst.write_bytes(sst.read_bytes()[:100])
    code, err = _main(monkeypatch, capsys, "sparql", "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }", "--store",
                      str(tmp_path))
    assert code == 1
    assert "is damaged" in err and "kg build" in err and "Traceback" not in err


def test_cli_query_csv_neutralises_formulas(store):
    result = _invoke("query", "claims", "Qdrant", "--store", str(store), "--format", "csv")
    assert result.exit_code == 0, result.output
    cells = [c for row in csv.reader(io.StringIO(result.stdout)) for c in row]
    assert cells and not [c for c in cells if c[:1] in ("=", "@", "+") or (c[:1] == "-" and not c[1:2].isdigit())]


def test_cli_table_output_shows_terminal_escapes_instead_of_running_them(tmp_path, sample_kg):
    from kg.store import write_store

    evil = "Evil\x1b]0;pwned\x07Co\x1b[2J\u202e"
    entities = tuple(e.model_copy(update={"name": evil}) if e.id == "ent:qdrant" else e for e in sample_kg.entities)
    write_store(sample_kg.model_copy(update={"entities": entities}), tmp_path)
    result = _invoke("sparql", "SELECT ?n WHERE { ?e rdfs:label ?n }", "--store", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.stdout and "\u202e" not in result.stdout
    assert "Evil\\x1b]0;pwned" in result.stdout and "\\x1b[2J\\u202e" in result.stdout


def test_cli_sparql_streams_json_and_csv_and_refuses_service(store):
    text = "SELECT ?a ?b WHERE { ?a kg:competesWith ?b } ORDER BY ?a ?b"
    as_json = _invoke("sparql", text, "--store", str(store), "--format", "json")
    rows = json.loads(as_json.stdout)["results"]["bindings"]
    as_csv = _invoke("sparql", text, "--store", str(store), "--format", "csv")
    assert len(list(csv.DictReader(io.StringIO(as_csv.stdout)))) == len(rows) > 5
    service = _invoke("sparql", "SELECT * { SERVICE <http://127.0.0.1:9/> { ?s ?p ?o } }", "--store", str(store))
    assert service.exit_code != 0 and "--allow-service" in str(service.exception)
    capped = _invoke("sparql", text, "--store", str(store), "--format", "csv", "--max-rows", "2")
    assert capped.exit_code != 0 and "more than 2 rows" in str(capped.exception)


@pytest.mark.parametrize("command", [["entities"], ["stats"], ["query", "dependencies"]])
def test_cli_new_commands_have_help_with_an_example(command):
    result = _invoke(*command, "--help")
    assert result.exit_code == 0 and "Example: kg" in result.output


def test_cli_version():
    from kg import __version__

    result = _invoke("--version")
    assert result.exit_code == 0 and result.stdout.strip() == f"kg {__version__}"


def test_cli_competitors_aggregate_ranks_one_row_per_competitor(store):
    result = _invoke("query", "competitors", "Qdrant", "--aggregate", "--store", str(store), "--format", "json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    names = [r["competitor"] for r in rows]
    assert len(names) == len(set(names)) and {"Weaviate", "Milvus"} <= set(names)
    assert [r["rank"] for r in rows] == list(range(1, len(rows) + 1))
    assert all(r["quotes"] >= 1 and r["best_exact"] for r in rows)


def test_cli_threats_aggregate_lists_horizons(store):
    result = _invoke("query", "threats", "E2B", "-a", "--store", str(store), "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert rows and any("18 months" in r["horizons"] for r in rows)


def test_cli_dependencies(store):
    result = _invoke("query", "dependencies", "Zep", "--store", str(store), "--format", "json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert rows and {r["direction"] for r in rows} == {"depends_on"} and all(r["exact"] for r in rows)


def test_cli_entities_and_stats(store):
    result = _invoke("entities", "--store", str(store), "--type", "Product", "--top", "5", "--format", "json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert len(rows) == 5 and {r["type"] for r in rows} == {"Product"}
    assert [r["degree"] for r in rows] == sorted((r["degree"] for r in rows), reverse=True)
    result = _invoke("stats", "--store", str(store), "--format", "csv")
    counts = {(r["kind"], r["type"]): int(r["count"]) for r in csv.DictReader(io.StringIO(result.stdout))}
    assert counts[("document", "")] == 6 and counts[("quote", "")] == 48
    assert counts[("relation", "competes_with")] > 5
    table = _invoke("entities", "--store", str(store))
    assert table.exit_code == 0 and "Qdrant" in table.stdout


ALL_COMMANDS = [["build"], ["extract"], ["eval"], ["export"], ["query", "competitors"], ["query", "threats"],
                ["query", "claims"], ["query", "contradictions"], ["query", "dependencies"], ["sparql"],
                ["entities"], ["stats"], ["version"], ["push"], ["serve"]]


@pytest.mark.parametrize("command", ALL_COMMANDS)
def test_cli_every_command_shows_an_example(command):
    result = _invoke(*command, "--help")
    assert result.exit_code == 0 and "Example: kg" in result.output


def test_cli_shell_completion_script(monkeypatch, capsys):
    from kg.cli import main

    # the shell is detected from the process's ancestors (shellingham); a test run under sh, nohup or a
    # service manager has no bash among them, so say which shell this is
    monkeypatch.setattr("typer.completion._get_shell_name", lambda: "bash")
    monkeypatch.setattr("sys.argv", ["kg", "--show-completion"])
    with pytest.raises(SystemExit) as done:
        main()
    script = capsys.readouterr().out
    assert done.value.code == 0
    assert "_KG_COMPLETE=complete_bash" in script and "complete -o default -F _kg_completion kg" in script


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tiny")
    (folder / "q.txt").write_text("Qdrant vs pgvector\n\n\u201cQdrant competes with Weaviate and Milvus.\u201d\n",
                                  encoding="utf-8")
    return folder


def test_cli_build_formats_writes_only_those_plus_report_and_store(tiny, tmp_path):
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(tiny), "--out", str(out), "--formats", "graphml,ttl,html"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == [".store", "cache", "kg.graphml", "kg.html", "kg.ttl", "report.json"]
    assert "wrote 3 exports" in result.stderr


def test_cli_build_formats_all_writes_every_format(tiny, tmp_path):
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(tiny), "--out", str(out), "--formats", "all", "--no-progress"])
    assert result.exit_code == 0, result.output
    from kg.api import BUILD_FORMATS

    assert {p.name for p in out.iterdir()} == {name for name, _ in BUILD_FORMATS} | {".store", "cache", "report.json"}
    assert f"wrote {len(BUILD_FORMATS)} exports" in result.stderr


def test_cli_build_help_says_how_to_get_every_format():
    result = runner.invoke(app, ["build", "--help"], env={"COLUMNS": "200"})
    text = " ".join(result.output.split())
    for name in ("ttl", "jsonld", "nt", "trig", "nq", "graphml", "yed.graphml", "neo4j.graphml", "gexf", "cyjs",
                 "html", "tables", "all", "Default: ttl,graphml,html", "kg export"):
        assert name in text, name


def test_cli_build_formats_unknown_name_lists_the_known_ones(tiny, tmp_path):
    result = runner.invoke(app, ["build", str(tiny), "--out", str(tmp_path / "out"), "--formats", "graphml,pdf"])
    assert result.exit_code == 2
    assert "'pdf'" in result.output and "ttl (turtle)" in result.output and "graphml" in result.output
    assert not (tmp_path / "out").exists()  # refused before any extraction


def test_cli_build_with_a_model_that_is_not_installed_names_it_and_writes_nothing(tiny, tmp_path, capsys,
                                                                                 monkeypatch):
    from kg.cli import main

    out = tmp_path / "out"
    monkeypatch.setattr("sys.argv", ["kg", "build", str(tiny), "--out", str(out), "--model", "en_core_web_nonexistent"])
    with pytest.raises(SystemExit) as ended:
        main()
    assert ended.value.code != 0
    assert "error: spaCy pipeline 'en_core_web_nonexistent' is not installed" in capsys.readouterr().err
    assert not out.exists()


def test_cli_build_progress_lines_verbose_timings_and_quiet(tiny, tmp_path):
    plain = runner.invoke(app, ["build", str(tiny), "--out", str(tmp_path / "a"), "--formats", "ttl"])
    assert plain.exit_code == 0, plain.output
    for line in ("parsing quotes: 0/1 (0%)", "extracting: 1/1 done", "writing exports: 1/1 done",
                 "loading the store: started", "preparing exports: 2/2 done", "1 documents, 1 quotes"):
        assert line in plain.stderr, line
    verbose = runner.invoke(app, ["-v", "build", str(tiny), "--out", str(tmp_path / "b"), "--formats", "ttl"])
    assert verbose.exit_code == 0 and "kg.timings: export kg.ttl: " in verbose.stderr
    quiet = runner.invoke(app, ["-q", "build", str(tiny), "--out", str(tmp_path / "c"), "--formats", "ttl"])
    assert quiet.exit_code == 0 and quiet.stderr == "" and (tmp_path / "c" / "kg.ttl").is_file()
    off = runner.invoke(app, ["build", str(tiny), "--out", str(tmp_path / "d"), "--formats", "ttl", "--no-progress"])
    assert "extracting" not in off.stderr and "1 documents" in off.stderr
    both = runner.invoke(app, ["-v", "-q", "stats"])
    assert both.exit_code == 2


def test_cli_export_list_names_suffixes_and_readers():
    result = runner.invoke(app, ["export", "--list"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    lines = {line.split("│")[1].strip(): line for line in result.stdout.splitlines() if line.count("│") > 3}
    assert {"turtle", "graphml", "graphml-yed", "gexf", "cytoscape", "html", "csv", "json-ld", "trig"} <= set(lines)
    assert ".ttl" in lines["turtle"] and "kg.ttl" in lines["turtle"] and "pyshacl" in lines["turtle"]
    assert "Gephi" in lines["gexf"] and "yEd" in lines["graphml-yed"] and "networkx" in lines["cytoscape"]
    assert _invoke("export").exit_code == 2  # neither a file nor --list


def test_cli_empty_csv_still_has_its_header(store):
    result = _invoke("query", "claims", "Google", "--store", str(store), "--format", "csv")
    assert result.exit_code == 0, result.output
    header, *rows = result.stdout.splitlines()
    assert rows == [] and header.startswith("type,text,value,unit") and "exact" in header
    result = _invoke("query", "threats", "Google", "--aggregate", "--store", str(store), "--format", "csv")
    assert result.stdout.startswith("rank,threat,horizons,quotes,documents")


@pytest.fixture(scope="module")
def contradicting_store(tmp_path_factory):
    from helpers import write_doc

    folder, out = tmp_path_factory.mktemp("contra-in"), tmp_path_factory.mktemp("contra-out")
    write_doc(folder, "Zed vs Cursor", ["Real-time collaboration in Zed works out of the box for pair programming.",
                                        "The collaboration panel in Zed still lacks voice chat, which hurts pairing."])
    result = runner.invoke(app, ["build", str(folder), "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    return out


def test_cli_contradictions_flatten_the_two_claims_into_columns(contradicting_store):
    store = contradicting_store
    result = _invoke("query", "contradictions", "Zed", "--store", str(store), "--format", "csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert rows and all(r["a_text"] and r["b_text"] and r["a_claim_id"] != r["b_claim_id"] for r in rows)
    assert not any(cell.startswith(("[", "{")) for r in rows for cell in r.values())
    table = runner.invoke(app, ["query", "contradictions", "Zed", "--store", str(store)], env={"COLUMNS": "100"})
    assert "a_text" in table.stdout and "b_text" in table.stdout and "claim:" not in table.stdout


@pytest.mark.parametrize("width", [60, 100, 180])
def test_cli_table_fits_the_terminal_width(store, width):
    from rich.cells import cell_len

    for args in (["query", "competitors", "Qdrant"], ["entities", "--top", "5"], ["query", "claims", "Qdrant"]):
        result = runner.invoke(app, [*args, "--store", str(store)], env={"COLUMNS": str(width)})
        assert result.exit_code == 0, result.output
        lines = result.stdout.splitlines()
        assert lines and max(cell_len(line) for line in lines) <= width, args
    competitors = runner.invoke(app, ["query", "competitors", "Qdrant", "--store", str(store)],
                                env={"COLUMNS": str(width)}).stdout
    assert all(name in competitors for name in ("Weaviate", "Milvus", "Pinecone"))  # names are never cut


def test_cli_table_too_narrow_shows_records_and_a_wide_one_keeps_headers_whole(store):
    narrow = runner.invoke(app, ["query", "competitors", "Qdrant", "--aggregate", "--store", str(store)],
                           env={"COLUMNS": "80"}).stdout
    assert narrow.startswith("-[ 1 ]") and "\ncompetitor_type " in narrow and "┏" not in narrow
    assert {"Weaviate", "Milvus", "Pinecone"} <= {line.split()[1] for line in narrow.splitlines()
                                                  if line.startswith("competitor ")}
    wide = runner.invoke(app, ["query", "competitors", "Qdrant", "--aggregate", "--store", str(store)],
                         env={"COLUMNS": "180"}).stdout
    assert wide.startswith("┏") and "┃ competitor_type ┃" in wide


def test_cli_table_is_cramped_when_it_cuts_a_name_or_squeezes_text():
    from kg.cli_output import _cramped

    cells = [["Weaviate", "x" * 40]]
    assert not _cramped(cells, [8, 16]) and _cramped(cells, [7, 30]) and _cramped(cells, [8, 15])
    assert not _cramped(cells, [8, 40]) and not _cramped([], [3, 3])


def test_cli_table_widths_keep_short_columns_whole_and_wrap_text():
    from kg.cli_output import _widths

    headers = ["name", "competitors", "exact"]
    cells = [["Weaviate", "3", "x" * 200], ["Milvus", "12", "y" * 50]]
    widths = _widths(headers, cells, 60)
    assert sum(widths) + 3 * 3 + 1 <= 60
    assert widths[0] == 8 and widths[1] >= 2 and widths[2] >= 10
    assert _widths(headers, cells, 400) == [8, 11, 200]  # room enough: every column at its natural width
    assert _widths(headers, cells, 100)[:2] == [8, 11]  # the text wraps before a header folds
