"""Free SPARQL over the store: offline (no SERVICE), bounded in time and rows, rows streamed."""

from __future__ import annotations

import itertools
import queue
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pyoxigraph import BlankNode, NamedNode, QueryBoolean, QuerySolutions
from pyoxigraph import Literal as RdfLiteral

from kg.errors import StoreError
from kg.rdf import NAMESPACES
from kg.store import KgStore, open_store

__all__ = ["SPARQL_MAX_ROWS", "SPARQL_TIMEOUT", "sparql", "sparql_stream", "sparql_terms", "uses_service"]

SPARQL_TIMEOUT = 60.0  # seconds a `kg sparql` query may run
SPARQL_MAX_ROWS = 1_000_000
# what cannot hold a keyword: long and short strings, IRIs, comments
_NOT_CODE = re.compile(r'''"{3}(?:[^"\\]|\\.|"(?!""))*"{3}|'{3}(?:[^'\\]|\\.|'(?!''))*'{3}'''
                       r'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|<[^<>"{}|^`\\\s]*>|#[^\n]*''')
_SERVICE = re.compile(r"(?<![\w?$:])SERVICE(?![\w:])", re.IGNORECASE)


def _as_store(store: KgStore | str | Path) -> KgStore:
    if isinstance(store, KgStore):
        return store
    if isinstance(store, str) and store.startswith(("http://", "https://")):
        from kg.endpoint import open_endpoint

        return open_endpoint(store, index=False)
    return open_store(store)


def _cell(term: object) -> str | None:
    if term is None:
        return None
    if isinstance(term, NamedNode | RdfLiteral):
        return term.value
    if isinstance(term, BlankNode):
        return f"_:{term.value}"
    return str(term)


def uses_service(query: str) -> bool:
    """True if the query has a SERVICE clause (outside strings, IRIs and comments)."""
    return bool(_SERVICE.search(_NOT_CODE.sub(" ", query)))


def _produce(store: KgStore, query: str, out: queue.Queue, stop: threading.Event) -> None:
    """Evaluate ``query`` and put ("head", (kind, columns)), ("row", terms)… ("end", None) or ("error", …)."""
    def put(item: tuple) -> bool:
        while not stop.is_set():
            try:
                out.put(item, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    try:
        result = store.oxigraph.query(query, prefixes=NAMESPACES, use_default_graph_as_union=True)
        if isinstance(result, QueryBoolean):
            kind, columns, rows = "boolean", ["result"], iter([[bool(result)]])
        elif isinstance(result, QuerySolutions):
            kind, columns = "solutions", [v.value for v in result.variables]
            rows = ([s[c] for c in columns] for s in result)
        else:
            kind, columns = "triples", ["subject", "predicate", "object"]
            rows = ([t.subject, t.predicate, t.object] for t in result)
        if put(("head", (kind, columns))) and all(put(("row", row)) for row in rows):
            put(("end", None))
    except (SyntaxError, OSError, ValueError, RuntimeError, StoreError) as err:
        put(("error", err.with_traceback(None)))  # pyoxigraph's results must be dropped in this thread


def sparql_terms(store: KgStore | str | Path, query: str, *, allow_service: bool = False,
                 timeout: float = SPARQL_TIMEOUT,
                 max_rows: int = SPARQL_MAX_ROWS) -> tuple[str, list[str], Iterator[list]]:
    """As :func:`sparql_stream`, with the rows as pyoxigraph terms (a bool for ASK).

    Returns:
        The kind of answer (``solutions``, ``boolean``, ``triples``), the column names, and the rows.
    """
    if not allow_service and uses_service(query):
        raise StoreError("the query uses SERVICE, which would send it to another endpoint; kg works offline. "
                         "Pass --allow-service (allow_service=True) to let it")
    kg_store = _as_store(store)
    out: queue.Queue = queue.Queue(maxsize=256)
    stop = threading.Event()
    threading.Thread(target=_produce, args=(kg_store, query, out, stop), daemon=True).start()
    deadline = time.monotonic() + timeout

    def take() -> tuple[str, Any]:
        try:
            kind, value = out.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            stop.set()
            raise StoreError(f"the query ran longer than {timeout:g} s and was stopped; narrow it or add LIMIT "
                             "(or allow more time with --timeout)") from None
        if kind == "error":
            stop.set()
            if isinstance(value, StoreError):
                raise value
            raise StoreError(f"SPARQL query failed: {value}") from value
        return kind, value

    _, (answer, columns) = take()

    def rows() -> Iterator[list]:
        try:
            for count in itertools.count(1):
                kind, value = take()
                if kind == "end":
                    return
                if count > max_rows:
                    raise StoreError(f"the query gives more than {max_rows:,} rows; add LIMIT "
                                     "(or allow more with --max-rows)")
                yield value
        finally:
            stop.set()

    return answer, columns, rows()


def sparql_stream(store: KgStore | str | Path, query: str, *, allow_service: bool = False,
                  timeout: float = SPARQL_TIMEOUT,
                  max_rows: int = SPARQL_MAX_ROWS) -> tuple[list[str], Iterator[list[str | None]]]:
    """Run a read-only SPARQL query, bounded in time and size; rows come one at a time.

    The query runs in a worker thread, so a slow query is abandoned at ``timeout`` seconds (counted
    from the start, until the last row) instead of hanging; more than ``max_rows`` rows is an error.
    kg is offline: a ``SERVICE`` clause (a query to another endpoint) is refused unless ``allow_service``.

    Returns:
        Column names, and an iterator of rows of cell strings (None when unbound).

    Raises:
        StoreError: if the query is not valid SPARQL, uses SERVICE, or runs over a bound (also while
            the rows are read).
    """
    answer, columns, rows = sparql_terms(store, query, allow_service=allow_service, timeout=timeout,
                                         max_rows=max_rows)
    if answer == "boolean":
        return columns, (["true" if value else "false"] for (value,) in rows)
    return columns, ([_cell(term) for term in row] for row in rows)


def sparql(store: KgStore | str | Path, query: str, *, allow_service: bool = False, timeout: float = SPARQL_TIMEOUT,
           max_rows: int = SPARQL_MAX_ROWS) -> tuple[list[str], list[list[str | None]]]:
    """Run a read-only SPARQL query over all graphs, with kg's prefixes (kg:, schema:, oa:, …) predefined.

    Returns:
        Column names and rows of cell strings (IRIs and literal values; None when unbound). ASK gives one
        ``result`` column; CONSTRUCT and DESCRIBE give ``subject``, ``predicate``, ``object``.

    Raises:
        StoreError: as :func:`sparql_stream`.
    """
    columns, rows = sparql_stream(store, query, allow_service=allow_service, timeout=timeout, max_rows=max_rows)
    return columns, list(rows)
