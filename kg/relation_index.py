"""The relation questions' rows, pre-rendered per entity at build time into an SQLite file beside the store.

Answering ``kg query competitors X`` from the store reads every statement and quote with index scans of
pyoxigraph, about 0.25 ms a row. A build therefore also writes ``.store/relations.sqlite``: for each entity,
relation (competes_with, threatens, depends_on) and side of the statement (``subject``/``object``), the rows the
store's look-ups would give, rendered once (names, evidence, the quote), and for each quote the documents it was
found in (what a ranked answer counts). A question then reads a few SQLite rows. The file is made from the same graph as the store's quads, in the same generation, and listed with the
database's files in ``names.json`` (size and SHA-256), so a damaged file is refused like a damaged database.
``kg.query`` uses it when it is there and falls back on the store's look-ups when it is not (older stores,
SPARQL endpoints, graphs in memory).

The rows are what ``kg.query._relations`` and ``_relation_fields`` make of the quads ``kg.rdf.iter_quads``
writes: each value goes through the same literal and IRI functions, so an index row equals the store's row
(``tests/test_relation_index.py`` compares them on the sample corpus and on hand-built graphs).
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kg.rdf import id_from_iri, iri
from kg.rdf_terms import string_literal

if TYPE_CHECKING:
    from kg.models import KnowledgeGraph

__all__ = ["COLUMNS", "FILE", "INDEXED", "IndexRows", "RelationIndex", "open_index", "write_index"]

FILE = "relations.sqlite"
_FORMAT = 2
INDEXED = ("competes_with", "threatens", "depends_on")  # the relations `kg query` asks about
# one row: the entity on the indexed side, the other end, the statement and its evidence (the store's fields)
COLUMNS = ("entity", "entity_id", "other", "other_id", "other_type", "relation_id", "hedged", "horizon", "quote",
           "exact", "start", "end", "doc", "doc_id", "quote_id", "rule", "confidence")
_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE answers (entity TEXT NOT NULL, relation TEXT NOT NULL, side TEXT NOT NULL, rows TEXT NOT NULL,
                      PRIMARY KEY (entity, relation, side)) WITHOUT ROWID;
CREATE TABLE quotes (id TEXT PRIMARY KEY, documents TEXT NOT NULL) WITHOUT ROWID;
"""


class IndexRows:
    """The rows of one or more graphs, grouped by (entity, relation, side); ``None`` once a graph cannot be indexed.

    A graph whose relation, quote or document ids repeat is not indexed: the store merges the properties of a
    repeated node, which a per-row file cannot mirror, so the questions read the store instead.
    """

    def __init__(self) -> None:
        self.rows: dict[tuple[str, str, str], list[list[Any]]] | None = {}
        self.quotes: dict[str, list[str]] = {}  # quote id → the documents it was found in (ranked answers count them)
        self._facts: set[str] = set()

    def add(self, kg: KnowledgeGraph) -> None:
        """Add the rows of ``kg`` (its entities name the ends of its relations)."""
        if self.rows is None:
            return
        quotes = {q.id: q for q in kg.quotes}
        documents = {d.id: d for d in kg.documents}
        facts = [r.id for r in kg.relations]
        if len(quotes) != len(kg.quotes) or len(documents) != len(kg.documents) or len(set(facts)) != len(facts) \
                or not self._facts.isdisjoint(facts) or not self.quotes.keys().isdisjoint(quotes):
            self.rows = None
            return
        self._facts.update(facts)
        entities = {e.id: e for e in kg.entities}
        ids: dict[str, str] = {}

        def model_id(value: str) -> str:  # what the store gives back for a node made from ``value``
            found = ids.get(value)
            if found is None:
                found = ids[value] = id_from_iri(iri(value))
            return found

        def end(value: str) -> tuple[str, str, str | None]:
            eid = model_id(value)
            known = entities.get(eid)
            return (known.name, eid, known.type) if known else (eid, eid, None)

        for quote in kg.quotes:
            self.quotes[quote.id] = sorted({model_id(source.doc_id) for source in quote.sources})
        for rel in kg.relations:
            if rel.type not in INDEXED:
                continue
            ev = rel.evidence
            quote = quotes.get(ev.quote_id)
            if quote is None:  # no text in the store: the statement has no evidence there, hence no row
                continue
            text = string_literal(quote.text).value
            exact = text[ev.start:ev.end] if quote.text[ev.start:ev.end] == ev.text else string_literal(ev.text).value
            doc_id = model_id(ev.doc_id)
            doc = documents.get(ev.doc_id)
            horizon = None if rel.horizon is None else string_literal(str(rel.horizon)).value
            tail = [model_id(rel.id), bool(rel.hedged), horizon, text, exact, ev.start, ev.end,
                    (string_literal(doc.name).value if doc else None) or doc_id, doc_id, model_id(ev.quote_id),
                    string_literal(ev.rule).value, float(rel.confidence)]
            source, target = end(rel.source), end(rel.target)
            for side, near, far in (("subject", source, target), ("object", target, source)):
                if near[1] in entities:  # only a known entity is asked about
                    self.rows.setdefault((near[1], rel.type, side), []).append([*near[:2], *far, *tail])


def write_index(root: Path, graphs: Iterable[KnowledgeGraph] | IndexRows) -> Path | None:
    """Write ``root/relations.sqlite`` from ``graphs`` (or rows already gathered); remove it if they cannot be
    indexed. Returns the file, or None.

    The file is written under a temporary name, synced and renamed into place.
    """
    if isinstance(graphs, IndexRows):
        gathered = graphs
    else:
        gathered = IndexRows()
        for graph in graphs:
            gathered.add(graph)
    target = root / FILE
    if gathered.rows is None:
        target.unlink(missing_ok=True)
        return None
    building = root / f".{FILE}.new"
    building.unlink(missing_ok=True)
    db = sqlite3.connect(building, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode = OFF")
        db.execute("PRAGMA synchronous = OFF")
        db.executescript(_SCHEMA)
        db.execute("BEGIN")
        db.executemany("INSERT INTO meta VALUES (?, ?)", (("format", str(_FORMAT)), ("columns", json.dumps(COLUMNS))))
        db.executemany("INSERT INTO answers VALUES (?, ?, ?, ?)",
                       ((*key, json.dumps(rows, separators=(",", ":"))) for key, rows in sorted(gathered.rows.items())))
        db.executemany("INSERT INTO quotes VALUES (?, ?)",
                       ((quote, json.dumps(docs, separators=(",", ":"))) for quote, docs in sorted(gathered.quotes.items())))
        db.execute("COMMIT")
    finally:
        db.close()
    fd = os.open(building, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(building, target)
    return target


class RelationIndex:
    """An opened ``relations.sqlite``, read-only."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def rows(self, entities: Iterable[str], relation: str, side: str) -> Iterator[list[Any]]:
        """The rows of each entity in turn (in the order given) with ``relation`` on ``side``: lists of
        :data:`COLUMNS`."""
        ask = self._db.execute
        for entity in entities:
            for (found,) in ask("SELECT rows FROM answers WHERE entity = ? AND relation = ? AND side = ?",
                                (entity, relation, side)):
                yield from json.loads(found)

    def documents(self, quotes: Iterable[str]) -> dict[str, tuple[str, ...]]:
        """The documents each of ``quotes`` was found in, sorted; a quote the graph does not hold is left out."""
        ask, found = self._db.execute, {}
        for quote in quotes:
            for (docs,) in ask("SELECT documents FROM quotes WHERE id = ?", (quote,)):
                found[quote] = tuple(json.loads(docs))
        return found

    def close(self) -> None:
        self._db.close()


def open_index(path: Path) -> RelationIndex | None:
    """Open the index at ``path`` read-only; None if it is missing or of another format.

    Raises:
        sqlite3.DatabaseError: if the file is not a database.
    """
    try:
        db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro&immutable=1", uri=True, check_same_thread=False)
    except sqlite3.OperationalError:
        return None
    found = dict(db.execute("SELECT key, value FROM meta"))
    if found.get("format") != str(_FORMAT) or json.loads(found.get("columns", "null")) != list(COLUMNS):
        db.close()
        return None
    return RelationIndex(db)
