"""What the ``kg`` command prints: rows as JSON, CSV or a table that fits the terminal, and messages on stderr.

No typer here (it imports pydantic): ``kg.cli_fast`` answers the common questions with these functions alone.
"""

from __future__ import annotations

import csv
import io
import json
import logging
import re
import sys
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import Any

__all__ = ["RELATION_QUESTIONS", "Format", "answer_relation"]

_log = logging.getLogger("kg.cli")


class Format(str, Enum):
    table = "table"
    json = "json"
    csv = "csv"


_RANKED = ["rank", "quotes", "documents", "confidence", "hedged", "best_exact", "best_doc"]
# question → (table columns, ranked table columns, row model, ranked row model)
RELATION_QUESTIONS: dict[str, tuple[list[str], list[str], str, str]] = {
    "competitors": (["competitor", "competitor_type", "confidence", "hedged", "exact", "doc"],
                    ["rank", "competitor", "competitor_type", *_RANKED[1:]], "CompetitorRow", "CompetitorRank"),
    "threats": (["threat", "horizon", "confidence", "hedged", "exact", "doc"],
                ["rank", "threat", "horizons", *_RANKED[1:]], "ThreatRow", "ThreatRank"),
    "dependencies": (["direction", "dependency", "dependency_type", "confidence", "hedged", "exact", "doc"],
                     ["rank", "direction", "dependency", "dependency_type", *_RANKED[1:]], "DependencyRow",
                     "DependencyRank"),
}


def answer_relation(question: str, name: str, store: Path | str, endpoint: str | None, fmt: Format,
                    aggregate: bool, **options: Any) -> None:
    """Print the answer to a relation question (``competitors``, ``threats``, ``dependencies``)."""
    from kg import api

    lead, ranked, row, rank = RELATION_QUESTIONS[question]
    columns = ranked if aggregate else lead
    rows = api.records(question, name, store=endpoint if endpoint else store, aggregate=aggregate, **options)
    _print(rows, fmt, _columns(fmt, columns), columns, lambda: _fields(rank if aggregate else row))


def _echo(text: str, err: bool = False) -> None:
    stream = sys.stderr if err else sys.stdout  # the streams of the moment: a test runner swaps them
    stream.write(text)
    stream.flush()


def _err(message: str) -> None:
    _echo(message + "\n", err=True)


def _say(message: str) -> None:
    """An informational line on stderr (hidden by ``-q``)."""
    _log.info("%s", message)


def _rows(items: list) -> list[dict]:
    return [i.model_dump(mode="json") if hasattr(i, "model_dump") else dict(i) for i in items]


def _fields(row_type: type | str) -> list[str]:
    """The columns a row type (or the name of one in ``kg.query_rows``) gives, so an empty CSV still has its header."""
    if isinstance(row_type, str):
        from kg import query_rows

        row_type = getattr(query_rows, row_type)
    return list(row_type.model_fields)  # type: ignore[union-attr]


def _flat(value: object) -> str:
    if isinstance(value, list) and all(v is None or isinstance(v, (str, int, float, bool)) for v in value):
        return "; ".join("" if v is None else str(v) for v in value)
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    return "" if value is None else str(value)


_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _visible(text: str) -> str:
    """Text safe to show on a terminal: escape sequences and bidi controls become visible ``\\x1b``-style escapes."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100 else f"\\u{ord(m.group()):04x}",
                        text)


def _columns(fmt: Format, table_columns: list[str]) -> list[str] | None:
    """The columns a table shows; CSV gets them first, then every other field."""
    return table_columns if fmt is Format.table else None


def _ordered(rows: list[dict], first: list[str] | None,
             fields: list[str] | Callable[[], list[str]] | None = None) -> list[str] | None:
    """The columns: ``first``, then the rows' other fields (``fields``, or what it returns, when there are no rows)."""
    names = list(rows[0]) if rows else fields() if callable(fields) else fields
    if not names:
        return None
    first = [k for k in first or [] if k in names]
    return first + [k for k in names if k not in first]


def _print(rows: list[dict], fmt: Format, columns: list[str] | None = None, lead: list[str] | None = None,
           fields: list[str] | Callable[[], list[str]] | None = None) -> None:
    """Rows as JSON, CSV (a header even with no rows) or a table that fits the terminal."""
    columns = columns or _ordered(rows, lead, fields) or []
    if fmt is Format.json:
        text = json.dumps(rows, ensure_ascii=False, indent=1)
        _echo(text + "\n")
    elif fmt is Format.csv:
        from kg.cells import csv_cell

        buf = io.StringIO()
        writer = csv.DictWriter(buf, fieldnames=columns, extrasaction="ignore", lineterminator="\n")
        writer.writeheader()
        writer.writerows({k: csv_cell(_flat(r.get(k))) for k in columns} for r in rows)
        _echo(buf.getvalue())
    else:
        _table(rows, columns)
        if not rows:
            _say("(no results)")


_WRAP_AT = 24  # a column whose cells run longer than this is running text: it wraps
_READABLE = 16  # running text squeezed narrower than this reads badly: the rows are shown as records


def _shared(natural: list[int], text: list[int], left: int) -> list[int]:
    """``natural`` widths with the ``text`` columns sharing ``left`` cells in proportion to their length, none
    below ``_READABLE`` (or its own length) while the others can give."""
    widths = natural[:]
    weight = sum(natural[i] for i in text)
    for i in text:
        widths[i] = max(min(natural[i], _READABLE), min(natural[i], left * natural[i] // weight))
    while sum(widths[i] for i in text) > left:
        wide = [i for i in text if widths[i] > min(natural[i], _READABLE)]
        if not wide:
            break
        widths[max(wide, key=widths.__getitem__)] -= 1
    return widths


def _widths(headers: list[str], cells: list[list[str]], total: int) -> list[int]:
    """Column widths that fit ``total`` terminal cells: names and numbers kept whole, running text wrapped.

    Short columns keep their longest value whole (a longer header folds); the text columns share what is
    left, in proportion to their length, and wrap. Only a terminal too narrow even for that folds values.
    """
    from kg.table import cell_len

    count = len(headers)
    room = max(total - (3 * count + 1), count)  # borders and padding: 3 cells a column, plus the left edge
    longest = [max((cell_len(row[i]) for row in cells), default=0) for i in range(count)]
    natural = [max(longest[i], cell_len(headers[i]), 1) for i in range(count)]
    if sum(natural) <= room:
        return natural
    text = [i for i in range(count) if longest[i] > _WRAP_AT]
    short = [i for i in range(count) if i not in text]
    left = room - sum(natural[i] for i in short)
    if text and left >= sum(min(natural[i], _READABLE) for i in text):  # headers whole, the text gets the rest
        return _shared(natural, text, left)
    widths = natural[:]

    def squeeze(indices: list[int], floor) -> None:
        while sum(widths) > room:
            wide = [i for i in indices if widths[i] > floor(i)]
            if not wide:
                return
            widths[max(wide, key=widths.__getitem__)] -= 1

    squeeze(short, lambda i: max(longest[i], min(cell_len(headers[i]), 6), 1))  # long headers fold
    left = room - sum(widths[i] for i in short)
    weight = sum(natural[i] for i in text)
    for i in text:  # running text shares the rest, in proportion to its length
        widths[i] = max(10, min(natural[i], left * natural[i] // weight))
    squeeze(short, lambda i: max(longest[i], 1))
    squeeze(text, lambda i: 4)
    squeeze(list(range(count)), lambda i: 1)
    return widths


def _cramped(cells: list[list[str]], widths: list[int]) -> bool:
    """Whether a table of these widths cuts a short value (a name, a number) or leaves running text fewer than
    ``_READABLE`` cells."""
    from kg.table import cell_len

    for i, width in enumerate(widths):
        longest = max((cell_len(row[i]) for row in cells), default=0)
        if width < (longest if longest <= _WRAP_AT else _READABLE):
            return True
    return False


def _table(rows: list[dict], columns: list[str]) -> None:
    """A table as wide as the terminal (``COLUMNS`` when not a terminal): see :func:`_widths`; records (a block
    per row, a line per field) where the table would cut names or squeeze its text (:func:`_cramped`)."""
    import shutil

    from kg.table import render, render_records

    cells = [[_visible(_flat(r.get(c))) for c in columns] for r in rows]
    width = shutil.get_terminal_size().columns
    widths = _widths(columns, cells, width)
    _echo(render_records(columns, cells, width) if cells and _cramped(cells, widths) else render(columns, cells, widths))


