"""JSON documents whose long lists are made item by item as they are written, so no export holds them whole."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["Lazy", "dumps", "materialize", "pieces"]


class Lazy:
    """A list (or, with ``pairs``, an object of ``(key, value)`` pairs in the order to write them) made on demand.

    ``items`` is called once, when the document reaches this value, so a lazy part may read what parts written
    before it (in sorted key order) have gathered.
    """

    def __init__(self, items: Callable[[], Iterator[Any]], pairs: bool = False) -> None:
        self.items, self.pairs = items, pairs


def dumps(value: Any) -> str:
    """Compact JSON with sorted keys, characters kept as they are, no NaN."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False)


def _has_lazy(value: Any) -> bool:
    return isinstance(value, Lazy) or (isinstance(value, dict) and any(map(_has_lazy, value.values())))


def pieces(value: Any) -> Iterator[str]:
    """``dumps(value)`` piece by piece, with each item of a ``Lazy`` part on a line of its own.

    ``json.loads`` of the joined text equals :func:`materialize` of ``value``.
    """
    if isinstance(value, Lazy):
        items = value.items() if value.pairs else ((None, item) for item in value.items())
        opening, closing = ("{", "}") if value.pairs else ("[", "]")
        first = True
        for key, item in items:
            yield (opening + "\n" if first else ",\n") + ("" if key is None else dumps(key) + ":")
            yield from pieces(item)
            first = False
        yield opening + closing if first else "\n" + closing
    elif isinstance(value, dict) and _has_lazy(value):
        for index, (key, item) in enumerate(sorted(value.items())):
            yield ("{" if index == 0 else ",") + dumps(key) + ":"
            yield from pieces(item)
        yield "}"
    else:
        yield dumps(value)


def materialize(value: Any) -> Any:
    """``value`` with every ``Lazy`` part made into its list or dict, in the order :func:`pieces` writes them."""
    if isinstance(value, Lazy):
        if value.pairs:
            return {key: materialize(item) for key, item in value.items()}
        return [materialize(item) for item in value.items()]
    if isinstance(value, dict) and _has_lazy(value):
        return {key: materialize(value[key]) for key in sorted(value)}
    return value
