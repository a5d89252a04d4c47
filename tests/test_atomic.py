"""Atomic writes: the target holds the old bytes or the new ones, and no temp file survives."""

from __future__ import annotations

import os
import stat

import pytest

from kg import atomic
from kg.atomic import write_bytes, write_text


def _leftovers(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_write_creates_missing_directories(tmp_path):
    target = tmp_path / "exports" / "deep" / "kg.ttl"
    assert write_text(target, "@prefix kg: <x> .\n") == target
    assert target.read_bytes() == b"@prefix kg: <x> .\n"


def test_write_replaces_the_old_content(tmp_path):
    target = tmp_path / "report.json"
    target.write_text('{"old": true, "padding": "xxxxxxxxxxxxxxxxxxxxxxxx"}')
    write_text(target, '{"new": 1}')
    assert target.read_text() == '{"new": 1}'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.json"]


@pytest.mark.parametrize("text,expected", [
    ("caf\u00e9 \u2014 \U0001F680\n", "caf\u00e9 \u2014 \U0001F680\n".encode()),
    ("a\nb\n", b"a\nb\n"),
    ("", b""),
])
def test_write_text_is_utf8_with_unix_newlines(tmp_path, text, expected):
    target = write_text(tmp_path / "out.txt", text)
    assert target.read_bytes() == expected


def test_write_bytes_accepts_a_string_path(tmp_path):
    target = write_bytes(str(tmp_path / "blob.bin"), b"\x00\x01")
    assert target.read_bytes() == b"\x00\x01"


@pytest.mark.parametrize("step", ["fsync", "replace"])
def test_failure_mid_write_keeps_the_old_file_and_leaves_no_temp_file(tmp_path, monkeypatch, step):
    target = tmp_path / "kg.graphml"
    target.write_text("old graph")

    def boom(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, step, boom)
    with pytest.raises(OSError, match="No space left"):
        write_text(target, "new graph " * 1000)
    monkeypatch.undo()
    assert target.read_text() == "old graph"
    assert _leftovers(tmp_path) == []


def test_interrupt_mid_write_leaves_no_temp_file(tmp_path, monkeypatch):
    def interrupt(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(atomic.os, "fsync", interrupt)
    with pytest.raises(KeyboardInterrupt):
        write_bytes(tmp_path / "new.bin", b"payload")
    monkeypatch.undo()
    assert not (tmp_path / "new.bin").exists()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("mask,mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_written_file_respects_the_umask(tmp_path, mask, mode):
    old = os.umask(mask)
    try:
        target = write_text(tmp_path / "kg.ttl", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE(target.stat().st_mode) == mode


def test_write_text_pieces_writes_utf8_in_batches(tmp_path):
    pieces = ["caf\u00e9 ", "\U0001f600", "x" * 10, "", "end\n"]
    sizes = []

    class Recorder:
        def write(self, data: bytes) -> None:
            sizes.append(len(data))
            chunks.append(data)

    chunks: list[bytes] = []
    atomic.write_text_pieces(Recorder(), iter(pieces), buffer_chars=8)
    assert b"".join(chunks) == "".join(pieces).encode("utf-8")
    assert len(sizes) == 2  # one write once 8 or more characters have gathered, one for the rest at the end
    with atomic.open_atomic(tmp_path / "f.txt") as handle:
        atomic.write_text_pieces(handle, pieces)
    assert (tmp_path / "f.txt").read_text(encoding="utf-8") == "".join(pieces)


def test_building_sqlite_replaces_the_file_only_when_the_block_ends_well(tmp_path):
    import sqlite3

    from kg.atomic import building_sqlite

    target = tmp_path / "index.sqlite"
    with building_sqlite(target, "CREATE TABLE t (x INTEGER);") as db:
        db.execute("INSERT INTO t VALUES (1)")
    with pytest.raises(RuntimeError), building_sqlite(target, "CREATE TABLE t (x INTEGER);") as db:
        db.execute("INSERT INTO t VALUES (2)")
        raise RuntimeError("a build that fails")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index.sqlite"]  # no half-written file left beside it
    assert sqlite3.connect(target).execute("SELECT x FROM t").fetchall() == [(1,)]
