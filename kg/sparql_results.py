"""SPARQL answers in the W3C formats (results as JSON, XML, CSV, TSV; graphs as Turtle, N-Triples), written by
pyoxigraph's own serializers while the rows are still coming."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import BinaryIO

from pyoxigraph import Literal, QueryResultsFormat, RdfFormat, Triple, parse_query_results, serialize

from kg.cells import csv_cell
from kg.errors import StoreError
from kg.rdf_terms import PREFIXES

__all__ = ["GRAPH_FORMATS", "RESULT_FORMATS", "write_answer"]

RESULT_FORMATS = {"json": QueryResultsFormat.JSON, "xml": QueryResultsFormat.XML, "csv": QueryResultsFormat.CSV,
                  "tsv": QueryResultsFormat.TSV}
GRAPH_FORMATS = {"ttl": RdfFormat.TURTLE, "nt": RdfFormat.N_TRIPLES}


class _TsvRows(io.RawIOBase):
    """The rows as W3C TSV (terms in N-Triples syntax), read lazily: pyoxigraph's TSV parser reads it and its
    serializers write the chosen format, one row after another. An error raised by the rows is kept in
    ``error`` (the parser would turn it into a syntax error)."""

    def __init__(self, columns: list[str], rows: Iterator[list], spreadsheet: bool) -> None:
        super().__init__()
        self._lines = self._encode(columns, rows, spreadsheet)
        self._pending = b""
        self.error: Exception | None = None

    @staticmethod
    def _encode(columns: list[str], rows: Iterator[list], spreadsheet: bool) -> Iterator[bytes]:
        yield ("\t".join(f"?{c}" for c in columns) + "\n").encode("utf-8")
        for row in rows:
            cells = []
            for term in row:
                if term is None:
                    cells.append("")
                    continue
                if spreadsheet and isinstance(term, Literal) and csv_cell(term.value) != term.value:
                    term = Literal(csv_cell(term.value))
                cells.append(str(term))
            yield ("\t".join(cells) + "\n").encode("utf-8")

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # type: ignore[override]
        try:
            while self.error is None and len(self._pending) < len(buffer):
                line = next(self._lines, None)
                if line is None:
                    break
                self._pending += line
        except Exception as err:  # noqa: BLE001 - handed back to write_answer, which re-raises it after the rows
            self.error = err
        size = min(len(buffer), len(self._pending))
        buffer[:size] = self._pending[:size]
        self._pending = self._pending[size:]
        return size


def write_answer(kind: str, columns: list[str], rows: Iterator[list], fmt: str, out: BinaryIO) -> None:
    """Write a query's answer to ``out`` in format ``fmt`` (json, xml, csv, tsv for solutions and ASK; ttl, nt
    for CONSTRUCT and DESCRIBE).

    In CSV, the format meant for spreadsheets (and lossy by its definition: no types, no language tags), a
    literal that a spreadsheet would run as a formula gets a leading ``'``, as kg's other CSV does; TSV, JSON and
    XML keep every term exact.

    Args:
        kind: ``solutions``, ``boolean`` or ``triples`` (what :func:`kg.sparql.sparql_terms` says).
        rows: lists of pyoxigraph terms (None when unbound); for triples, subject, predicate, object.

    Raises:
        StoreError: if the format does not fit the answer, or the rows stop with an error (a bound).
    """
    if kind == "triples":
        if fmt not in GRAPH_FORMATS:
            raise StoreError(f"CONSTRUCT and DESCRIBE answer with triples: use --format ttl or nt (not {fmt})")
        prefixes = PREFIXES if fmt == "ttl" else None
        serialize((Triple(*row) for row in rows), out, GRAPH_FORMATS[fmt], prefixes=prefixes)
        return
    if fmt not in RESULT_FORMATS:
        raise StoreError(f"SELECT and ASK answer with solutions: use --format json, xml, csv or tsv (not {fmt})")
    if kind == "boolean":
        (answer,) = next(rows)
        value = "true" if answer else "false"
        parse_query_results(f'{{"head":{{}},"boolean":{value}}}', QueryResultsFormat.JSON).serialize(
            out, RESULT_FORMATS[fmt])
        return
    source = _TsvRows(columns, rows, spreadsheet=fmt == "csv")
    try:
        parse_query_results(source, QueryResultsFormat.TSV).serialize(out, RESULT_FORMATS[fmt])
    except SyntaxError as err:
        if source.error is None:
            raise StoreError(f"cannot write the results as {fmt}: {err}") from err
    if source.error is not None:
        raise source.error
