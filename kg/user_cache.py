"""Tables kg derives from the packages it reads, kept in the user's cache folder between runs.

Some of what kg reads takes a second to build from its package and a few hundredths to read back as it was built
(pyspellchecker's frequencies, GeoNames' places, faker's given names and surnames: ``kg.words``), in every process
that resolves or parses names: a build's or an add's main process, its fork server, a ``kg extract``. :func:`cached`
writes such a table once, under a key of everything it was built from, to ``KG_CACHE_DIR`` (by default the platform's
user cache folder, ``~/.cache/kg`` on Linux; an empty value turns the cache off) and reads it back later.

A missing, stale or damaged file is built again; a folder that cannot be written is left alone; the newest few files
of a table are kept (:data:`KEEP`), older ones removed. What the tables hold never depends on the cache: only how
long they take to load.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

__all__ = ["ENV", "KEEP", "cache_dir", "cached", "can_keep"]

ENV = "KG_CACHE_DIR"
T = TypeVar("T")


def cache_dir() -> Path | None:
    """Where kg keeps its tables: ``KG_CACHE_DIR``, or the platform's user cache folder; None when the variable
    is set to an empty value."""
    where = os.environ.get(ENV)
    if where is not None:
        return Path(where) if where else None
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("kg", appauthor=False))


def cached(name: str, parts: list[str], build: Callable[[], T], valid: Callable[[object], bool]) -> T:
    """The table ``build`` makes, read from the cache folder when a file of the same ``name`` and ``parts`` (what
    the table depends on: package versions, the code that builds it) is there and ``valid`` accepts what it
    holds; otherwise built, and written there for the next run. The table must be of types ``marshal`` writes
    (dicts, sets, tuples, strings, numbers)."""
    folder = cache_dir()
    if folder is None:
        return build()
    digest = hashlib.sha256("\0".join([*parts, sys.version, str(marshal.version)]).encode()).hexdigest()[:20]
    path = folder / f"{name}-{digest}.marshal"
    try:
        found = marshal.loads(path.read_bytes())
        if valid(found):
            return found  # type: ignore[no-any-return]
    except Exception:  # noqa: BLE001, S110  (a missing file, or one damaged in any way: built again)
        pass
    table = build()
    if _write(path, marshal.dumps(table)):
        _prune(folder, name)
    return table


def can_keep() -> bool:
    """Whether tables can be kept between runs: the cache is on, and its folder exists or can be made, and is
    writable (a table that only saves the time of something else it would load is not worth building otherwise)."""
    folder = cache_dir()
    if folder is None:
        return False
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return os.access(folder, os.W_OK)


KEEP = 4  # files of one table kept (other package versions, other Pythons): older ones are removed


def _prune(folder: Path, name: str) -> None:
    """Remove all but the :data:`KEEP` newest files of table ``name``, so upgrades do not pile them up."""
    try:
        files = sorted(folder.glob(f"{name}-*.marshal"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in files[KEEP:]:
            old.unlink()
    except OSError:  # another process removed one first, or the folder went away
        pass


def _write(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` whole or not at all (``kg.atomic``): whether it was written."""
    from kg.atomic import write_bytes

    try:
        write_bytes(path, data)
    except OSError:
        return False
    return True
