"""The ``kg`` program ends without the interpreter's teardown after a build, an add or an extract: its output flushed,
its files complete, its exit code kept."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import kg.api
import kg.cli

ROOT = Path(__file__).resolve().parent.parent
TEXT = "Qdrant vs pgvector\n\n\u201cQdrant competes with Weaviate and Milvus.\u201d\n\n\u201cpgvector runs on PostgreSQL.\u201d\n"


def _kg(tmp_path: Path, *args: str) -> tuple[subprocess.CompletedProcess, bool]:
    """Run ``kg ARGS`` as the program does (``kg.cli.main``) in a fresh interpreter: (the process, whether the
    interpreter's teardown ran, as told by an ``atexit`` handler that writes a file)."""
    marker = tmp_path / "torn-down"
    marker.unlink(missing_ok=True)
    code = ("import atexit, sys\n"
            f"atexit.register(lambda: open({str(marker)!r}, 'w').close())\n"
            f"sys.argv = ['kg', *{list(args)!r}]\n"
            "from kg.cli_fast import main\nmain()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False,
                          cwd=ROOT)
    return done, marker.exists()


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("exit-corpus")
    (folder / "q.txt").write_text(TEXT, encoding="utf-8")
    return folder


def _files(out: Path) -> dict[str, bytes]:
    """A build's files but the database and the report's timings (which differ between runs)."""
    files = {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*"))
             if p.is_file() and "oxigraph" not in p.parts and p.name not in ("names.json", "verified.json")}
    report = json.loads(files.pop("report.json"))
    report.pop("timings")
    return {**files, "report.json": json.dumps(report).encode()}


def test_build_ends_without_teardown_and_writes_every_file(corpus, tmp_path):
    done, torn_down = _kg(tmp_path, "build", str(corpus), "--out", str(tmp_path / "out"), "--jobs", "1")
    assert done.returncode == 0, done.stderr
    assert not torn_down  # the process ended in os._exit, after the command
    assert "wrote 3 exports, report.json and the store" in done.stderr  # the last log line was flushed
    same = kg.api.build([corpus], out=tmp_path / "in-process", jobs=1)
    assert _files(tmp_path / "out") == _files(same.out)
    assert kg.api.load(tmp_path / "out") == same.graph


def test_extract_output_is_flushed_whole_before_the_quick_exit(corpus, tmp_path):
    done, torn_down = _kg(tmp_path, "extract", str(corpus), "--jsonl", "--jobs", "1", "--no-progress")
    assert done.returncode == 0, done.stderr
    assert not torn_down
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert records == kg.api.extract_records(kg.api.extract([corpus], jobs=1))


def test_a_failed_command_keeps_its_exit_code_and_the_normal_teardown(tmp_path):
    done, torn_down = _kg(tmp_path, "build", str(tmp_path / "missing"), "--out", str(tmp_path / "out"))
    assert done.returncode == 4 and "error:" in done.stderr  # EmptyBuildError's exit code
    assert torn_down


def test_other_commands_end_normally(tmp_path):
    done, torn_down = _kg(tmp_path, "--version")
    assert done.returncode == 0 and done.stdout.startswith("kg ")
    assert torn_down


def test_in_process_commands_never_end_the_process(corpus, tmp_path):
    from typer.testing import CliRunner

    result = CliRunner().invoke(kg.cli.app, ["build", str(corpus), "--out", str(tmp_path / "out"), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert not kg.cli._Ending.quick and kg.cli._Ending.held is None


@pytest.mark.parametrize(("code", "expected", "said"), [(None, 0, ""), (0, 0, ""), (3, 3, ""), ("boom", 1, "boom\n")])
def test_exit_now_reads_the_code_as_system_exit_does(monkeypatch, code, expected, said):
    ended, err = [], io.StringIO()
    monkeypatch.setattr(os, "_exit", ended.append)
    monkeypatch.setattr(sys, "stderr", err)
    kg.cli._exit_now(code)
    assert ended == [expected] and err.getvalue() == said


def test_exit_now_fails_like_the_interpreter_when_stdout_cannot_be_flushed(monkeypatch):
    class Broken(io.StringIO):
        def flush(self) -> None:
            raise BrokenPipeError(32, "Broken pipe")

    ended = []
    monkeypatch.setattr(os, "_exit", ended.append)
    monkeypatch.setattr(sys, "stdout", Broken())
    kg.cli._exit_now(0)
    assert ended == [120]
