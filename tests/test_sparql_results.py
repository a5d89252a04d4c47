"""`kg sparql` habits: the query from a file or stdin, the W3C result formats, Turtle and N-Triples graphs."""

from __future__ import annotations

import json

import pytest
from pyoxigraph import Literal, QueryResultsFormat, parse_query_results
from rdf_fixtures import build_store, make_two_doc_kg
from typer.testing import CliRunner

from kg.cli import app

runner = CliRunner()
COMPETES = "SELECT ?a ?b WHERE { ?a kg:competesWith ?b } ORDER BY ?a ?b"


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    out = tmp_path_factory.mktemp("sparql")
    build_store(make_two_doc_kg(), out)
    return out


def _sparql(folder, *args, stdin: str | None = None):
    result = runner.invoke(app, ["sparql", *args, "--store", str(folder)], input=stdin)
    return result


@pytest.mark.parametrize("fmt", ["json", "xml", "tsv", "csv"])
def test_select_in_each_w3c_format_reads_back_with_typed_values(folder, fmt):
    result = _sparql(folder, "SELECT ?c ?conf WHERE { ?c kg:confidence ?conf } ORDER BY ?c LIMIT 3", "--format", fmt)
    assert result.exit_code == 0, result.output
    solutions = list(parse_query_results(result.stdout_bytes, getattr(QueryResultsFormat, fmt.upper()))) if fmt != "csv" \
        else result.stdout.splitlines()
    assert len(solutions) == (4 if fmt == "csv" else 3)
    if fmt != "csv":
        assert solutions[0]["conf"].datatype.value.endswith("#double")


def test_query_from_a_file_at_sign_option_and_stdin(folder, tmp_path):
    path = tmp_path / "who.rq"
    path.write_text(COMPETES, encoding="utf-8")
    outputs = {_sparql(folder, f"@{path}", "-f", "tsv").stdout, _sparql(folder, "--file", str(path), "-f", "tsv").stdout,
               _sparql(folder, "-", "-f", "tsv", stdin=COMPETES).stdout}
    assert len(outputs) == 1 and next(iter(outputs)).count("\n") == 4
    assert _sparql(folder, "@/nonexistent.rq").exit_code == 2


def test_ask_and_construct(folder):
    ask = _sparql(folder, "ASK { ?a kg:threatens ?b }", "--format", "json")
    assert json.loads(ask.stdout)["boolean"] is True
    turtle = _sparql(folder, "CONSTRUCT { ?b kg:competesWith ?a } WHERE { ?a kg:competesWith ?b }", "-f", "ttl")
    assert turtle.exit_code == 0 and "@prefix kg:" in turtle.stdout and "ent:qdrant" in turtle.stdout
    triples = _sparql(folder, "CONSTRUCT { ?b kg:competesWith ?a } WHERE { ?a kg:competesWith ?b }", "-f", "nt")
    assert triples.stdout.count(" .\n") == 3
    wrong = _sparql(folder, "CONSTRUCT { ?b kg:competesWith ?a } WHERE { ?a kg:competesWith ?b }", "-f", "json")
    assert wrong.exit_code != 0


def test_w3c_csv_neutralises_formulas_and_tsv_keeps_them(folder):
    query = 'SELECT ?x WHERE { VALUES ?x { "=HYPERLINK(1)" -5 } }'
    csv_out = _sparql(folder, query, "-f", "csv").stdout
    assert "'=HYPERLINK(1)" in csv_out and "\n-5" in csv_out
    tsv = list(parse_query_results(_sparql(folder, query, "-f", "tsv").stdout_bytes, QueryResultsFormat.TSV))
    assert tsv[0]["x"] == Literal("=HYPERLINK(1)")


def test_bounds_hold_in_the_w3c_formats(folder):
    result = _sparql(folder, "SELECT ?s WHERE { ?s ?p ?o }", "-f", "json", "--max-rows", "2")
    assert result.exit_code == 1 and "more than 2 rows" in str(result.exception)
    assert result.stdout.count('"type":"uri"') >= 2, "the rows before the bound are written"
    refused = _sparql(folder, "SELECT * { SERVICE <http://example.org/sparql> { ?s ?p ?o } }", "-f", "tsv")
    assert refused.exit_code == 1 and "SERVICE" in str(refused.exception)
