"""Stretches of a text already taken (by names, URLs, prices), asked whether a new stretch overlaps one of them.

Each stretch is kept under the pieces of :data:`WIDTH` characters it covers, so an ask reads only the stretches
near it: a long quote's names, each checked against all those taken before it, made resolution quadratic in a
quote's names.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["SpanIndex"]

WIDTH = 64  # characters per piece


class SpanIndex:
    """Stretches (start, end) of one text, each with an item (the stretch itself unless given), with
    :meth:`overlaps` as ``any(s < end and start < e for s, e in taken)`` over all of them says, and :meth:`near`
    the items of those that may overlap a stretch."""

    def __init__(self, spans: Iterable[tuple[int, int]] = ()) -> None:
        self._at: dict[int, list[tuple[int, int, object]]] = {}
        for start, end in spans:
            self.add(start, end)

    def add(self, start: int, end: int, item: object = None) -> None:
        """Keep the stretch [start, end), with ``item``."""
        kept = (start, end, (start, end) if item is None else item)
        for piece in _pieces(start, end):
            self._at.setdefault(piece, []).append(kept)

    def overlaps(self, start: int, end: int) -> bool:
        """Whether a kept stretch (s, e) has ``s < end and start < e``: the two share a character, or one holds
        the other's place strictly inside it (a stretch of no characters)."""
        return any(s < end and start < e for piece in _pieces(start, end) for s, e, _ in self._at.get(piece, ()))

    def near(self, start: int, end: int) -> list:
        """The items of the kept stretches in the pieces [start, end) covers (some more than once): every one that
        overlaps it, and maybe others."""
        return [item for piece in _pieces(start, end) for _, _, item in self._at.get(piece, ())]


def _pieces(start: int, end: int) -> range:
    """The pieces a stretch covers (the one of its place, for a stretch of no characters)."""
    return range(start // WIDTH, max(start, end - 1) // WIDTH + 1)
