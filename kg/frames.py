"""Query rows as pandas DataFrames: one typed column per field (numbers as numbers, lists as lists).

Only ``kg.answers`` imports this module, inside its functions, so the CLI and ``import kg.api`` never load pandas.
"""

from __future__ import annotations

import math
import types
import typing
from collections.abc import Sequence
from typing import Any

import pandas as pd
from pydantic import BaseModel

from kg.query_rows import CONTRADICTION_SIDE_FIELDS as _SIDE_FIELDS
from kg.query_rows import ClaimRow, ContradictionRow

__all__ = ["claim_frame", "contradiction_frame", "frame", "value_text"]

_STR = "str" if int(pd.__version__.split(".")[0]) >= 3 else object


def _dtype(annotation: Any) -> Any:
    """The pandas dtype for a field annotation: int64/Int64, float64, bool/boolean, str, or object for the rest."""
    args = typing.get_args(annotation)
    optional = typing.get_origin(annotation) in (typing.Union, types.UnionType) and type(None) in args
    inner = [a for a in args if a is not type(None)] if optional else [annotation]
    base = inner[0] if len(inner) == 1 else object
    if typing.get_origin(base) is typing.Literal:
        base = type(typing.get_args(base)[0])
    if base is bool:
        return "boolean" if optional else "bool"
    if base is int:
        return "Int64" if optional else "int64"
    if base is float:
        return "float64"
    if base is str:
        return _STR
    return object


def _cell(value: Any) -> Any:
    """Tuples become lists, so a list-valued field is one column of Python lists."""
    if isinstance(value, tuple):
        return [_cell(v) for v in value]
    return value


def _columns(row_type: type[BaseModel]) -> list[str]:
    """``rank`` if there is one, the row's own fields, then what it inherits (the evidence, the support)."""
    own = list(vars(row_type).get("__annotations__", {}))
    names = list(row_type.model_fields)
    lead = [n for n in ("rank",) if n in names]
    return lead + [n for n in own if n not in lead] + [n for n in names if n not in own and n not in lead]


def frame(rows: Sequence[BaseModel], row_type: type[BaseModel],
          extra: dict[str, tuple[Any, list[Any]]] | None = None) -> pd.DataFrame:
    """A DataFrame with one column per field of ``row_type``, typed from its annotation, even when empty.

    Args:
        rows: rows of ``row_type``.
        row_type: the pydantic row model; its field annotations give the column dtypes.
        extra: more columns, name → (dtype, values), appended after the row's own fields.
    """
    fields = row_type.model_fields
    data = {name: pd.Series([_cell(getattr(r, name)) for r in rows], dtype=_dtype(fields[name].annotation),
                            name=name) for name in _columns(row_type)}
    for name, (dtype, values) in (extra or {}).items():
        data[name] = pd.Series(values, dtype=dtype, name=name)
    return pd.DataFrame(data, index=pd.RangeIndex(len(rows)))


def _numbers(value: Any) -> list[float]:
    items = value if isinstance(value, list | tuple) else [value]
    return [float(v) for v in items if isinstance(v, int | float) and not isinstance(v, bool)]


def _number_text(number: float) -> str:
    """12 → '12', 0.25 → '0.25', 40000000 → '40,000,000' (never '4e+07')."""
    if math.isfinite(number) and number == int(number):
        return f"{int(number):,}"
    return f"{number:,.6f}".rstrip("0").rstrip(".")


def value_text(row: ClaimRow) -> str | None:
    """A claim's value as an analyst writes it: '< 15 ms', '2–3 x', '40,000,000 USD', 'Apache-2.0'."""
    if row.value is None:
        return None
    numbers = _numbers(row.value)
    unit = f" {row.unit}" if row.unit else ""
    if row.comparator == "range" and len(numbers) == 2:
        return f"{_number_text(min(numbers))}–{_number_text(max(numbers))}{unit}"
    if len(numbers) == 1 and not isinstance(row.value, list | tuple | dict):
        comparator = f"{row.comparator} " if row.comparator and row.comparator not in ("=", "range") else ""
        return f"{comparator}{_number_text(numbers[0])}{unit}"
    if isinstance(row.value, list | tuple):
        return ", ".join(_number_text(v) if isinstance(v, float) else str(v) for v in row.value) + unit
    return f"{row.value}{unit}"


def claim_frame(rows: Sequence[ClaimRow]) -> pd.DataFrame:
    """Claims with, besides ``value`` as read, ``value_min``/``value_max`` (floats) and ``value_text``."""
    numbers = [_numbers(r.value) if r.value is not None else [] for r in rows]
    return frame(rows, ClaimRow, extra={
        "value_min": ("float64", [min(n) if n else math.nan for n in numbers]),
        "value_max": ("float64", [max(n) if n else math.nan for n in numbers]),
        "value_text": (_STR, [value_text(r) for r in rows]),
    })


def contradiction_frame(rows: Sequence[ContradictionRow]) -> pd.DataFrame:
    """One row per contradiction: its topic and rule, then the two claims side by side (``a_*``, ``b_*``)."""
    own = [n for n in ContradictionRow.model_fields if n != "claims"]
    data = {name: pd.Series([getattr(r, name) for r in rows], dtype=_STR, name=name) for name in own}
    for side, index in (("a", 0), ("b", 1)):
        for field in _SIDE_FIELDS:
            values = [_cell(getattr(r.claims[index], field)) if len(r.claims) > index else None for r in rows]
            dtype = _dtype(ClaimRow.model_fields[field].annotation)
            data[f"{side}_{field}"] = pd.Series(values, dtype=dtype, name=f"{side}_{field}")
    return pd.DataFrame(data, index=pd.RangeIndex(len(rows)))
