"""The store's name index in SQLite beside the database: entities and the names that resolve to them, read by key.

A question resolves one name and looks up a few entities; parsing the whole index as JSON on every ``kg query``
cost about 0.15 s at 100 k quotes (10 k entities, 2.4 MB). ``names.sqlite`` holds the same index as tables, so
opening a store reads nothing of it and a question reads a few rows. :class:`Entities`, :class:`Names` and
:class:`Parts` are read-only mappings over the opened file with the shapes ``KgStore`` had as dicts (entity id →
:class:`~kg.store.StoredEntity`, normalised form → entity ids, entity id → ids of its releases and features), in
the same orders (ids and forms sorted, a form's ids in the order of :func:`kg.store.name_forms`).

The file is written from the name index a build makes (``kg.store._name_index``), under a temporary name, and
renamed into place; its bytes depend only on that index, and ``names.json`` lists it with the database's files.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kg.atomic import building_sqlite

if TYPE_CHECKING:
    from kg.store import StoredEntity

__all__ = ["FILE", "Entities", "Names", "Parts", "open_names", "write_names"]

FILE = "names.sqlite"
_FORMAT = 1
_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE entities (id TEXT PRIMARY KEY, iri TEXT NOT NULL, name TEXT NOT NULL, type TEXT NOT NULL,
                       aliases TEXT NOT NULL, part_of TEXT) WITHOUT ROWID;
CREATE INDEX entity_parts ON entities (part_of, id);
CREATE TABLE names (form TEXT PRIMARY KEY, ids TEXT NOT NULL) WITHOUT ROWID;
"""


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def write_names(root: Path, entities: Mapping[str, Mapping[str, Any]], names: Mapping[str, list[str]]) -> Path:
    """Write ``root/names.sqlite`` from a name index's ``entities`` (id → iri, name, type, aliases, part_of) and
    ``names`` (normalised form → entity ids). Returns the file."""
    target = root / FILE
    with building_sqlite(target, _SCHEMA) as db:
        db.execute("INSERT INTO meta VALUES ('format', ?)", (str(_FORMAT),))
        db.executemany("INSERT INTO entities VALUES (?, ?, ?, ?, ?, ?)",
                       ((eid, e["iri"], e["name"], e["type"], _dumps(list(e["aliases"])), e["part_of"])
                        for eid, e in sorted(entities.items())))
        db.executemany("INSERT INTO names VALUES (?, ?)", ((form, _dumps(list(ids))) for form, ids in sorted(names.items())))
    return target


class _Table:
    """Shared by the mappings: the connection and the rows already read."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db
        self._seen: dict[str, Any] = {}

    def _one(self, key: object, query: str) -> Any:
        if not isinstance(key, str):
            return None
        if key not in self._seen:
            self._seen[key] = self._make(self._db.execute(query, (key,)).fetchone())
        return self._seen[key]

    def _make(self, row: tuple | None) -> Any:  # pragma: no cover - overridden
        raise NotImplementedError


class Entities(_Table, Mapping[str, "StoredEntity"]):
    """Entity id → :class:`~kg.store.StoredEntity`, sorted by id."""

    def _make(self, row: tuple | None) -> StoredEntity | None:
        from kg.store import StoredEntity

        if row is None:
            return None
        eid, iri, name, type_, aliases, part_of = row
        return StoredEntity(id=eid, iri=iri, name=name, type=type_, aliases=tuple(json.loads(aliases)), part_of=part_of)

    def __getitem__(self, key: str) -> StoredEntity:
        found = self._one(key, "SELECT * FROM entities WHERE id = ?")
        if found is None:
            raise KeyError(key)
        return found

    def __contains__(self, key: object) -> bool:
        return self._one(key, "SELECT * FROM entities WHERE id = ?") is not None

    def __iter__(self) -> Iterator[str]:
        return (eid for (eid,) in self._db.execute("SELECT id FROM entities ORDER BY id"))

    def __len__(self) -> int:
        return self._db.execute("SELECT count(*) FROM entities").fetchone()[0]

    def values(self):  # one query, not one a key
        return [self._make(row) for row in self._db.execute("SELECT * FROM entities ORDER BY id")]

    def items(self):
        return [(e.id, e) for e in self.values()]


class Names(_Table, Mapping[str, tuple[str, ...]]):
    """Normalised name or alias → the ids of the entities it names (canonical names first), sorted by form."""

    def _make(self, row: tuple | None) -> tuple[str, ...] | None:
        return None if row is None else tuple(json.loads(row[0]))

    def __getitem__(self, key: str) -> tuple[str, ...]:
        found = self._one(key, "SELECT ids FROM names WHERE form = ?")
        if found is None:
            raise KeyError(key)
        return found

    def __contains__(self, key: object) -> bool:
        return self._one(key, "SELECT ids FROM names WHERE form = ?") is not None

    def __iter__(self) -> Iterator[str]:
        return (form for (form,) in self._db.execute("SELECT form FROM names ORDER BY form"))

    def __len__(self) -> int:
        return self._db.execute("SELECT count(*) FROM names").fetchone()[0]


class Parts(_Table, Mapping[str, tuple[str, ...]]):
    """Entity id → the ids of the releases and features directly part of it, sorted; only entities that have some."""

    def _make(self, row: tuple | None) -> tuple[str, ...] | None:
        return row

    def _children(self, key: object) -> tuple[str, ...]:
        if not isinstance(key, str):
            return ()
        if key not in self._seen:
            self._seen[key] = tuple(child for (child,) in self._db.execute(
                "SELECT id FROM entities WHERE part_of = ? ORDER BY id", (key,)))
        return self._seen[key]

    def __getitem__(self, key: str) -> tuple[str, ...]:
        found = self._children(key)
        if not found:
            raise KeyError(key)
        return found

    def __contains__(self, key: object) -> bool:
        return bool(self._children(key))

    def __iter__(self) -> Iterator[str]:
        return (eid for (eid,) in self._db.execute(
            "SELECT DISTINCT part_of FROM entities WHERE part_of IS NOT NULL ORDER BY part_of"))

    def __len__(self) -> int:
        return self._db.execute("SELECT count(DISTINCT part_of) FROM entities").fetchone()[0]


def open_names(path: Path) -> tuple[Entities, Names, Parts] | None:
    """Open ``names.sqlite`` read-only: its three mappings; None if the file is of another format.

    Raises:
        sqlite3.DatabaseError: if the file is missing or not a database.
    """
    db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro&immutable=1", uri=True, check_same_thread=False)
    found = dict(db.execute("SELECT key, value FROM meta"))
    if found.get("format") != str(_FORMAT):
        db.close()
        return None
    return Entities(db), Names(db), Parts(db)
