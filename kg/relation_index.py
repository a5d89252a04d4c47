"""The relation questions' rows, pre-rendered per entity at build time into an SQLite file beside the store.

Answering ``kg query competitors X`` from the store reads every statement and quote with index scans of
pyoxigraph, about 0.25 ms a row. A build therefore also writes ``.store/relations.sqlite``: for each entity,
relation (competes_with, threatens, depends_on) and side of the statement (``subject``/``object``), the rows the
store's look-ups would give, rendered once (names, evidence, the quote), and for each quote the documents it was
found in (what a ranked answer counts). A question then reads a few SQLite rows. The file is made from the same graph as the store's quads, in the same generation, and listed with the
database's files in ``names.json`` (size and SHA-256), so a damaged file is refused like a damaged database.
``kg.query`` uses it when it is there and falls back on the store's look-ups when it is not (older stores,
SPARQL endpoints, graphs in memory).

``kg add`` updates a copy of the previous generation's file (:func:`update_index`) instead of writing it whole:
besides the answers, the file keeps what a row is rendered from outside its own document (each entity's name and
type, each document's label) and, per document, the entities its rows are filed under and its quotes. The rows
of an entity are written again when a document behind them changed, when it or the far end of one of its
statements changed name or type, or when a quote they show changed; the rest are kept. The tables then hold what
a fresh build's hold (``tests/test_relation_index.py`` and ``tests/test_cache.py`` compare them).

The rows are what ``kg.query._relations`` and ``_relation_fields`` make of the quads ``kg.rdf.iter_quads``
writes: each value goes through the same literal and IRI functions, so an index row equals the store's row
(``tests/test_relation_index.py`` compares them on the sample corpus and on hand-built graphs).
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kg.atomic import building_sqlite, replace_synced
from kg.rdf import id_from_iri, iri
from kg.rdf_terms import string_literal

if TYPE_CHECKING:
    from kg.models import KnowledgeGraph

__all__ = ["COLUMNS", "FILE", "INDEXED", "IndexRows", "RelationIndex", "open_index", "update_index", "write_index"]

FILE = "relations.sqlite"
_FORMAT = 3
INDEXED = ("competes_with", "threatens", "depends_on")  # the relations `kg query` asks about
# one row: the entity on the indexed side, the other end, the statement and its evidence (the store's fields)
COLUMNS = ("entity", "entity_id", "other", "other_id", "other_type", "relation_id", "hedged", "horizon", "quote",
           "exact", "start", "end", "doc", "doc_id", "quote_id", "rule", "confidence")
_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE answers (entity TEXT NOT NULL, relation TEXT NOT NULL, side TEXT NOT NULL, rows TEXT NOT NULL,
                      PRIMARY KEY (entity, relation, side)) WITHOUT ROWID;
CREATE TABLE quotes (id TEXT PRIMARY KEY, documents TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE ends (id TEXT PRIMARY KEY, name TEXT NOT NULL, type TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE labels (id TEXT PRIMARY KEY, label TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE sources (doc TEXT PRIMARY KEY, entities TEXT NOT NULL, quotes TEXT NOT NULL) WITHOUT ROWID;
"""
_LOOSE = ""  # the sources row of the quotes found in no document


class IndexRows:
    """The rows of one or more graphs, grouped by (entity, relation, side); ``None`` once a graph cannot be indexed.

    A graph whose relation, quote or document ids repeat is not indexed: the store merges the properties of a
    repeated node, which a per-row file cannot mirror, so the questions read the store instead.
    """

    def __init__(self) -> None:
        self.rows: dict[tuple[str, str, str], list[list[Any]]] | None = {}
        self.quotes: dict[str, list[str]] = {}  # quote id → the documents it was found in (ranked answers count them)
        self.ends: dict[str, tuple[str, str]] = {}  # entity id → its name and type, as the rows show them
        self.labels: dict[str, str] = {}  # document id → its label, as the rows show it
        self.sources: dict[str, tuple[set[str], set[str]]] = {}  # document id → (entities filed, its quotes)
        self._facts: set[str] = set()

    def add(self, kg: KnowledgeGraph, entities: set[str] | None = None, quotes: set[str] | None = None,
            documents: set[str] | None = None) -> None:
        """Add the rows of ``kg`` (its entities name the ends of its relations).

        ``entities``, ``quotes``, ``documents`` (an update's): only the rows filed under these entities, the
        documents of these quotes and the sources of these documents; None: all of them.
        """
        if self.rows is None:
            return
        by_id = _unique(kg)
        if by_id is None or not self._facts.isdisjoint(by_id[2]) or not self.quotes.keys().isdisjoint(by_id[0]):
            self.rows = None
            return
        in_quotes, in_docs, _ = by_id
        self._facts.update(by_id[2])
        known = {e.id: e for e in kg.entities}
        model_id = _model_ids()

        def end(value: str) -> tuple[str, str, str | None]:
            eid = model_id(value)
            found = known.get(eid)
            return (found.name, eid, found.type) if found else (eid, eid, None)

        self.ends.update((e.id, (e.name, e.type)) for e in kg.entities)
        self.labels.update(_labels(kg, model_id))
        for quote in kg.quotes:
            if quotes is None or quote.id in quotes:
                self.quotes[quote.id] = sorted({model_id(source.doc_id) for source in quote.sources})
            for doc_id in [s.doc_id for s in quote.sources] or [_LOOSE]:
                if documents is None or doc_id in documents:
                    self.sources.setdefault(doc_id, (set(), set()))[1].add(quote.id)
        for rel in kg.relations:
            if rel.type not in INDEXED:
                continue
            ev = rel.evidence
            quote = in_quotes.get(ev.quote_id)
            if quote is None:  # no text in the store: the statement has no evidence there, hence no row
                continue
            ends = (model_id(rel.source), model_id(rel.target))
            if documents is None or ev.doc_id in documents:
                self.sources.setdefault(ev.doc_id, (set(), set()))[0].update(e for e in ends if e in known)
            if entities is not None and not any(e in entities for e in ends):
                continue
            text = string_literal(quote.text).value
            exact = text[ev.start:ev.end] if quote.text[ev.start:ev.end] == ev.text else string_literal(ev.text).value
            doc_id = model_id(ev.doc_id)
            doc = in_docs.get(ev.doc_id)
            horizon = None if rel.horizon is None else string_literal(str(rel.horizon)).value
            tail = [model_id(rel.id), bool(rel.hedged), horizon, text, exact, ev.start, ev.end,
                    (string_literal(doc.name).value if doc else None) or doc_id, doc_id, model_id(ev.quote_id),
                    string_literal(ev.rule).value, float(rel.confidence)]
            source, target = end(rel.source), end(rel.target)
            for side, near, far in (("subject", source, target), ("object", target, source)):
                if near[1] in known and (entities is None or near[1] in entities):  # only a known entity is asked about
                    self.rows.setdefault((near[1], rel.type, side), []).append([*near[:2], *far, *tail])


def _unique(kg: KnowledgeGraph) -> tuple[dict, dict, list[str]] | None:
    """The graph's quotes and documents by id and its relation ids; None if any of these ids repeats."""
    quotes = {q.id: q for q in kg.quotes}
    documents = {d.id: d for d in kg.documents}
    facts = [r.id for r in kg.relations]
    if len(quotes) != len(kg.quotes) or len(documents) != len(kg.documents) or len(set(facts)) != len(facts):
        return None
    return quotes, documents, facts


def _model_ids():
    """``id → what the store gives back for a node made from it``, remembered."""
    ids: dict[str, str] = {}

    def model_id(value: str) -> str:
        found = ids.get(value)
        if found is None:
            found = ids[value] = id_from_iri(iri(value))
        return found

    return model_id


def _labels(kg: KnowledgeGraph, model_id) -> dict[str, str]:
    """Document id → the label its rows show (its name, else its id)."""
    return {d.id: string_literal(d.name).value or model_id(d.id) for d in kg.documents}


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _insert(db: sqlite3.Connection, gathered: IndexRows) -> None:
    """Insert the gathered rows of every table, each in key order."""
    db.executemany("INSERT INTO answers VALUES (?, ?, ?, ?)",
                   ((*key, _dumps(rows)) for key, rows in sorted(gathered.rows.items())))  # type: ignore[union-attr]
    db.executemany("INSERT INTO quotes VALUES (?, ?)", sorted((q, _dumps(docs)) for q, docs in gathered.quotes.items()))
    db.executemany("INSERT INTO ends VALUES (?, ?, ?)", sorted((e, *nt) for e, nt in gathered.ends.items()))
    db.executemany("INSERT INTO labels VALUES (?, ?)", sorted(gathered.labels.items()))
    db.executemany("INSERT INTO sources VALUES (?, ?, ?)", sorted(
        (doc, _dumps(sorted(ents)), _dumps(sorted(qs))) for doc, (ents, qs) in gathered.sources.items()))


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
    with building_sqlite(target, _SCHEMA) as db:
        db.executemany("INSERT INTO meta VALUES (?, ?)", (("format", str(_FORMAT)), ("columns", json.dumps(COLUMNS))))
        _insert(db, gathered)
    return target


def update_index(root: Path, previous: Path, kg: KnowledgeGraph, changed: Iterable[str]) -> Path | None:
    """Write ``root/relations.sqlite`` for ``kg`` from the index in ``previous`` (a ``.store`` folder), whose
    graph differs from ``kg`` only in the facts of the documents ``changed`` (those whose named graph changed or
    went) and in its entities and documents. Returns the file, or None if ``kg`` cannot be indexed.

    The previous file is copied and the rows that may differ are written again (see the module's note); with no
    usable previous file the index is written afresh. The tables hold what :func:`write_index` would write.
    """
    old, target, building = previous / FILE, root / FILE, root / f".{FILE}.new"
    if _unique(kg) is None or not old.is_file():
        return write_index(root, [kg])
    building.unlink(missing_ok=True)
    shutil.copyfile(old, building)
    db = sqlite3.connect(building, isolation_level=None)
    try:
        meta = dict(db.execute("SELECT key, value FROM meta"))
        if meta.get("format") != str(_FORMAT) or json.loads(meta.get("columns", "null")) != list(COLUMNS):
            db.close()
            building.unlink()
            return write_index(root, [kg])
        db.execute("PRAGMA journal_mode = OFF")
        db.execute("PRAGMA synchronous = OFF")
        _update(db, kg, set(changed))
    finally:
        db.close()
    return replace_synced(building, target)


def _update(db: sqlite3.Connection, kg: KnowledgeGraph, changed: set[str]) -> None:
    model_id = _model_ids()
    new_ends = {e.id: (e.name, e.type) for e in kg.entities}
    old_ends = {eid: (name, type_) for eid, name, type_ in db.execute("SELECT id, name, type FROM ends")}
    renamed = {e for e in old_ends.keys() | new_ends.keys() if old_ends.get(e) != new_ends.get(e)}
    new_labels, old_labels = _labels(kg, model_id), dict(db.execute("SELECT id, label FROM labels"))
    relabelled = {d for d in old_labels.keys() | new_labels.keys() if old_labels.get(d) != new_labels.get(d)}
    docs = changed | relabelled | {_LOOSE}
    entities, quotes = set(renamed), set()
    for doc in sorted(docs):  # what the previous rows of these documents were filed under, and their quotes
        for filed, held in db.execute("SELECT entities, quotes FROM sources WHERE doc = ?", (doc,)):
            entities.update(json.loads(filed))
            quotes.update(json.loads(held))
    quotes.update(q.id for q in kg.quotes if not q.sources or any(s.doc_id in docs for s in q.sources))
    touched = set(docs)
    for rel in kg.relations:
        if rel.type not in INDEXED:
            continue
        ends = (model_id(rel.source), model_id(rel.target))
        if rel.evidence.doc_id in docs or rel.evidence.quote_id in quotes or not renamed.isdisjoint(ends):
            entities.update(e for e in ends if e in new_ends)
    for rel in kg.relations:  # the documents whose sources list may name other entities now
        if rel.type in INDEXED and (model_id(rel.source) in entities or model_id(rel.target) in entities):
            touched.add(rel.evidence.doc_id)
    gathered = IndexRows()
    gathered.add(kg, entities=entities, quotes=quotes, documents=touched)
    gathered.ends = {e: new_ends[e] for e in renamed if e in new_ends}
    gathered.labels = {d: new_labels[d] for d in relabelled if d in new_labels}
    db.execute("BEGIN")
    for table, column, keys in (("answers", "entity", entities), ("quotes", "id", quotes), ("ends", "id", renamed),
                                ("labels", "id", relabelled), ("sources", "doc", touched)):
        db.executemany(f"DELETE FROM {table} WHERE {column} = ?", ((key,) for key in sorted(keys)))
    _insert(db, gathered)
    db.execute("COMMIT")


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
