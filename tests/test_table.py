"""Plain-text tables: text wrapped at words into the given widths, long words folded, boxes aligned."""

from __future__ import annotations

import pytest
from rich.cells import cell_len as rich_cell_len

from kg.table import cell_len, render, render_records, wrap


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


def test_render_records_puts_each_field_on_its_own_line_within_the_width():
    text = render_records(["competitor", "exact"], [["Weaviate", "Qdrant competes with Weaviate and Milvus"],
                                                     ["数据库", "x"]], 30)
    assert text.splitlines() == [
        "-[ 1 ]------------------------",
        "competitor Weaviate",
        "exact      Qdrant competes",
        "           with Weaviate and",
        "           Milvus",
        "-[ 2 ]------------------------",
        "competitor 数据库",
        "exact      x",
    ]
    assert max(cell_len(line) for line in text.splitlines()) <= 30
    assert render_records(["a"], [], 30) == "" and render_records([], [["x"]], 30) == ""
    narrow = render_records(["competitor"], [["Weaviate"]], 12)  # too narrow: values keep 10 cells
    assert "competitor Weaviate" in narrow
