"""JSON written piece by piece: lazy parts stream as ``json.dumps`` would write them, one item a line."""

from __future__ import annotations

import json

from kg.jsonstream import Lazy, dumps, materialize, pieces


def test_lazy_parts_stream_as_json_dumps_writes_them():
    value = {"b": [1, {"z": None}], "a": {"inner": Lazy(lambda: iter([{"x": "line\nbreak \u00e9"}, [], 2.5]))},
             "c": Lazy(lambda: iter([("k1", "\U0001f600"), ("k2", {"v": Lazy(lambda: iter([]))})]), pairs=True),
             "d": Lazy(lambda: iter([]), pairs=True)}
    plain = {"b": [1, {"z": None}], "a": {"inner": [{"x": "line\nbreak \u00e9"}, [], 2.5]},
             "c": {"k1": "\U0001f600", "k2": {"v": []}}, "d": {}}  # lazy pairs come sorted by their maker
    text = "".join(pieces(value))
    assert json.loads(text) == plain == materialize(value)
    assert text.replace(",\n", ",").replace("[\n", "[").replace("{\n", "{").replace("\n]", "]").replace(
        "\n}", "}") == dumps(plain)  # the same text but for the line breaks around lazy items


def test_a_lazy_part_may_read_what_earlier_parts_gathered():
    seen: list[str] = []

    def rows():
        for name in ("b", "a"):
            seen.append(name)
            yield name

    doc = {"a_rows": Lazy(rows), "b_names": Lazy(lambda: iter(sorted(seen)))}
    assert json.loads("".join(pieces(doc))) == {"a_rows": ["b", "a"], "b_names": ["a", "b"]}
    seen.clear()
    assert materialize(doc) == {"a_rows": ["b", "a"], "b_names": ["a", "b"]}
