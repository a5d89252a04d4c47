"""CSV cells a spreadsheet cannot run: formula-like text is neutralised as OWASP recommends."""

from __future__ import annotations

import re

__all__ = ["csv_cell"]

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")


def csv_cell(text: str) -> str:
    """``text`` with a leading ``'`` if a spreadsheet would read it as a formula; numbers stay numbers.

    >>> csv_cell('=HYPERLINK("http://x")'), csv_cell("="), csv_cell("-12.5"), csv_cell("Qdrant")
    ('\\'=HYPERLINK("http://x")', "'=", '-12.5', 'Qdrant')
    """
    if text.startswith(_FORMULA_START) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text
