"""Plain-text tables for the terminal: columns of given widths, text wrapped at words, boxed as rich draws them.

The CLI printed its tables with rich, whose layout engine took longer than the query for a few hundred rows
(0.55 s for 280 rows of ``kg query competitors``). The widths are chosen by the caller (``kg.cli_output._widths``);
this module only wraps and draws, in time linear in the characters shown. A table too wide for the terminal is
drawn as records instead (:func:`render_records`, as psql's expanded display): a block per row, a line per field.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from functools import lru_cache

__all__ = ["cell_len", "render", "render_records", "wrap"]

_WORD = re.compile(r"\S+")


@lru_cache(maxsize=4096)
def _char_len(char: str) -> int:
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def cell_len(text: str) -> int:
    """Terminal cells ``text`` takes: wide (East Asian) characters count two, combining marks none."""
    if text.isascii():
        return len(text)
    return sum(_char_len(c) for c in text)


def _fold(word: str, width: int) -> Iterator[str]:
    """A word longer than ``width`` cut into pieces that fit."""
    piece, used = [], 0
    for char in word:
        size = _char_len(char)
        if used + size > width and piece:
            yield "".join(piece)
            piece, used = [], 0
        piece.append(char)
        used += size
    if piece:
        yield "".join(piece)


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` cells: broken at spaces, a longer word folded; at least one line."""
    width = max(width, 1)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        if cell_len(paragraph) <= width:
            lines.append(paragraph.strip())
            continue
        line, used = "", 0
        for word in _WORD.findall(paragraph):
            size = cell_len(word)
            if line and used + 1 + size <= width:
                line, used = f"{line} {word}", used + 1 + size
                continue
            if line:
                lines.append(line)
                line, used = "", 0
            if size <= width:
                line, used = word, size
            else:
                *whole, line = _fold(word, width)
                lines += whole
                used = cell_len(line)
        lines.append(line)
    return lines or [""]


def _pad(text: str, width: int) -> str:
    return text + " " * (width - cell_len(text))


def _rule(left: str, fill: str, middle: str, right: str, widths: list[int]) -> str:
    return left + middle.join(fill * (w + 2) for w in widths) + right


def _rows(cells: list[str], widths: list[int], edge: str) -> Iterator[str]:
    wrapped = [wrap(cell, width) for cell, width in zip(cells, widths)]
    for i in range(max(len(lines) for lines in wrapped)):
        parts = [_pad(lines[i] if i < len(lines) else "", width) for lines, width in zip(wrapped, widths)]
        yield edge + " " + f" {edge} ".join(parts) + " " + edge


def render(headers: list[str], rows: list[list[str]], widths: list[int]) -> str:
    """The table as text (one line per row line, ending with a newline): a heavy header box, light rows."""
    if not headers:
        return ""
    out = [_rule("┏", "━", "┳", "┓", widths), *_rows(headers, widths, "┃"), _rule("┡", "━", "╇", "┩", widths)]
    for row in rows:
        out += _rows(row, widths, "│")
    out.append(_rule("└", "─", "┴", "┘", widths))
    return "\n".join(out) + "\n"


def render_records(headers: list[str], rows: list[list[str]], width: int) -> str:
    """The rows as records, each at most ``width`` cells wide where it can be: a rule naming the row's number,
    then a line per field, its name padded to the longest, its value wrapped beside it (ending with a newline)."""
    if not headers:
        return ""
    label = max(cell_len(h) for h in headers)
    room = max(width - label - 1, 10)
    out = []
    for n, row in enumerate(rows, 1):
        title = f"-[ {n} ]"
        out.append(title + "-" * max(width - len(title), 0))
        for header, cell in zip(headers, row):
            first, *rest = wrap(cell, room)
            out.append(f"{_pad(header, label)} {first}".rstrip())
            out += [f"{' ' * label} {line}".rstrip() for line in rest]
    return "\n".join(out) + "\n" if out else ""
