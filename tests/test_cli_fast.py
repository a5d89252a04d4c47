"""``kg query competitors|threats|dependencies`` without typer prints exactly what the typer commands print."""

from __future__ import annotations

import pytest

import kg.api as kg
from kg import cli as kg_cli
from kg import cli_fast

QUESTIONS = [
    ["competitors", "Qdrant"], ["competitors", "qdrant", "--aggregate"], ["competitors", "Qdrant", "-f", "csv"],
    ["competitors", "Qdrant", "--format=json"], ["threats", "Cursor"], ["threats", "Cursor", "-a", "-f", "csv"],
    ["dependencies", "Zep"], ["dependencies", "LangGraph", "--incoming", "--format", "json"],
    ["competitors", "Nothing-Known"], ["competitors", "Qdrant", "--format", "csv", "--aggregate"],
]


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    from conftest import EXAMPLES

    out = tmp_path_factory.mktemp("store")
    kg.build([EXAMPLES], out=out, jobs=1)
    return out


@pytest.mark.parametrize("args", QUESTIONS, ids=" ".join)
def test_the_fast_path_prints_what_the_typer_command_prints(store, args, capsys, monkeypatch):
    argv = ["query", *args, "--store", str(store)]
    assert cli_fast.parse(argv) is not None
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setattr("sys.argv", ["kg", *argv])
    fast, slow = _run(cli_fast.main, capsys), _run(kg_cli.main, capsys)  # kg.cli.main: the typer app
    assert fast == slow
    if fast[0]:
        assert fast[2].startswith("error: ") and "Nothing-Known" in fast[2]
    else:
        assert fast[1].strip()


def _run(main, capsys) -> tuple[int, str, str]:
    code = 0
    try:
        main()
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv", [
    ["query", "competitors", "--help"], ["query", "competitors"], ["query", "claims", "Qdrant"],
    ["query", "competitors", "Qdrant", "--stor", "x"], ["query", "competitors", "Qdrant", "-f", "xml"],
    ["-v", "query", "competitors", "Qdrant"], ["query", "threats", "Cursor", "--incoming"], ["build", "x"],
    ["query", "competitors", "Qdrant", "extra"],
])
def test_anything_else_goes_to_the_typer_app(argv):
    assert cli_fast.parse(argv) is None


@pytest.mark.parametrize("argv,expected", [
    (["add", "new/", "--store", "out", "-j", "3"], [("out", 3, None)]),
    (["add", "new/", "--jobs=1", "--no-progress"], [("exports", 1, None)]),
    (["add", "new/", "--scheduler", "tcp://h:1", "--exports"], [("exports", None, "tcp://h:1")]),
    (["add", "new/", "--jobs", "many"], []),  # typer reports it; nothing starts
    (["add", "--help"], []),
    (["build", "x", "--out", "out"], []),
])
def test_kg_add_starts_its_workers_fork_server_before_typer(argv, expected, monkeypatch):
    calls = []
    monkeypatch.setattr(kg, "start_add_workers", lambda *a: calls.append(a))
    monkeypatch.setattr(kg_cli, "main", lambda: None)  # what typer would do next is not this test's
    monkeypatch.setattr("sys.argv", ["kg", *argv])
    cli_fast.main()
    assert calls == expected
