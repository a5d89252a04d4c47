"""Atomic file writes: a temp file next to the target, fsync, then rename over it."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

if TYPE_CHECKING:
    import sqlite3

__all__ = ["building_sqlite", "open_atomic", "replace_synced", "write_bytes", "write_text", "write_text_pieces"]


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextmanager
def open_atomic(path: str | Path) -> Iterator[BinaryIO]:
    """A binary file to stream into; it replaces ``path`` (synced) only when the block ends without error."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        os.fchmod(fd, 0o666 & ~_umask())  # mkstemp makes 0600; exports are ordinary files
        with os.fdopen(fd, "w+b") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_text_pieces(handle: BinaryIO, pieces: Iterable[str], buffer_chars: int = 1 << 18) -> None:
    """Write ``pieces`` to ``handle`` as UTF-8, about ``buffer_chars`` characters at a time: an export streams
    into its file without the whole text ever being in memory."""
    batch: list[str] = []
    size = 0
    for piece in pieces:
        batch.append(piece)
        size += len(piece)
        if size >= buffer_chars:
            handle.write("".join(batch).encode("utf-8"))
            batch, size = [], 0
    if batch:
        handle.write("".join(batch).encode("utf-8"))


def write_bytes(path: str | Path, data: bytes) -> Path:
    """Write ``data`` to ``path`` so readers see the old file or the new one, never a half-written one."""
    with open_atomic(path) as handle:
        handle.write(data)
    return Path(path)


def write_text(path: str | Path, text: str) -> Path:
    """Write UTF-8 text atomically, with ``\\n`` line endings on every platform."""
    return write_bytes(path, text.encode("utf-8"))


def replace_synced(built: Path, target: Path) -> Path:
    """Sync the finished file ``built`` to disk and rename it over ``target``. Returns ``target``."""
    fd = os.open(built, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(built, target)
    return target


@contextmanager
def building_sqlite(target: Path, schema: str) -> Iterator[sqlite3.Connection]:
    """A new SQLite file beside ``target`` with ``schema`` made and one transaction open for bulk inserts; when
    the block ends without error it is committed, synced and renamed over ``target`` (else removed)."""
    import sqlite3

    building = target.parent / f".{target.name}.new"
    building.unlink(missing_ok=True)
    db = sqlite3.connect(building, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode = OFF")  # a half-written file is never read: it is renamed only when done
        db.execute("PRAGMA synchronous = OFF")
        db.executescript(schema)
        db.execute("BEGIN")
        yield db
        db.execute("COMMIT")
    except BaseException:
        db.close()
        building.unlink(missing_ok=True)
        raise
    db.close()
    replace_synced(building, target)
