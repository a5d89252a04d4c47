"""Plain-text tables: text wrapped at words into the given widths, long words folded, boxes aligned."""

from __future__ import annotations

import pytest
from rich.cells import cell_len as rich_cell_len

from kg.table import cell_len, render, wrap


@pytest.mark.parametrize(("text", "width", "lines"), [
    ("Qdrant competes with Weaviate", 12, ["Qdrant", "competes", "with", "Weaviate"]),
    ("Qdrant competes with Weaviate", 15, ["Qdrant competes", "with Weaviate"]),
    ("competitor_type", 7, ["competi", "tor_typ", "e"]),  # a word longer than the column folds
    ("a\nb c", 10, ["a", "b c"]),  # line breaks are kept
    ("", 5, [""]),
    ("数据库数据库", 5, ["数据", "库数", "据库"]),  # wide characters take two cells
])
def test_wrap(text, width, lines):
    assert wrap(text, width) == lines
    assert all(cell_len(line) <= width for line in lines)


@pytest.mark.parametrize("text", ["plain", "数据库", "café", "e\u0301", "Ｑdrant"])
def test_cell_len_agrees_with_rich(text):
    assert cell_len(text) == rich_cell_len(text)


def test_render_draws_every_line_the_same_width():
    text = render(["name", "exact"], [["Weaviate", "Qdrant competes with Weaviate and Milvus"], ["数据库", "x"]],
                  [8, 12])
    lines = text.splitlines()
    assert lines[0].startswith("┏") and lines[-1].startswith("└") and lines[2].startswith("┡")
    assert {cell_len(line) for line in lines} == {8 + 12 + 3 * 2 + 1}
    assert "│ Weaviate │ Qdrant       │" in lines and any("数据库" in line for line in lines)
    assert render([], [], []) == ""
