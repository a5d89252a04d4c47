"""Stretches of a text already taken (by names, URLs, prices), asked whether a new stretch overlaps one of them.

A few stretches are kept in a list and scanned. Past :data:`FEW` of them each is kept under the pieces of
:data:`WIDTH` characters it covers, so an ask reads only the stretches near it: a long quote's names, each checked
against all those taken before it, made resolution quadratic in a quote's names.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["SpanIndex"]

WIDTH = 64  # characters per piece
FEW = 16  # stretches scanned in a list; more are kept by piece


class SpanIndex:
    """Stretches (start, end) of one text, each with an item (the stretch itself unless given), with
    :meth:`overlaps` as ``any(s < end and start < e for s, e in taken)`` over all of them says, and :meth:`near`
    the items of those that may overlap a stretch."""

    __slots__ = ("_all", "_at")

    def __init__(self, spans: Iterable[tuple[int, int]] = ()) -> None:
        self._all: list[tuple[int, int, object]] = [(s, e, (s, e)) for s, e in spans]
        self._at: dict[int, list[tuple[int, int, object]]] | None = None
        if len(self._all) > FEW:
            self._by_piece()

    def add(self, start: int, end: int, item: object = None) -> None:
        """Keep the stretch [start, end), with ``item``."""
        kept = (start, end, (start, end) if item is None else item)
        self._all.append(kept)
        if self._at is not None:
            self._put(kept)
        elif len(self._all) > FEW:
            self._by_piece()

    def overlaps(self, start: int, end: int) -> bool:
        """Whether a kept stretch (s, e) has ``s < end and start < e``: the two share a character, or one holds
        the other's place strictly inside it (a stretch of no characters)."""
        if self._at is None:
            kept: Iterable[tuple[int, int, object]] = self._all
        else:
            at = self._at
            kept = [k for piece in _pieces(start, end) for k in at.get(piece, ())]
        for s, e, _ in kept:  # a loop, not any(): this runs for every name of every quote
            if s < end and start < e:
                return True
        return False

    def near(self, start: int, end: int) -> list:
        """The items of the kept stretches in the pieces [start, end) covers (some more than once): every one that
        overlaps it, and maybe others (all of them while there are few)."""
        if self._at is None:
            return [item for _, _, item in self._all]
        at = self._at
        return [item for piece in _pieces(start, end) for _, _, item in at.get(piece, ())]

    def _by_piece(self) -> None:
        self._at = {}
        for kept in self._all:
            self._put(kept)

    def _put(self, kept: tuple[int, int, object]) -> None:
        for piece in _pieces(kept[0], kept[1]):
            self._at.setdefault(piece, []).append(kept)  # type: ignore[union-attr]


def _pieces(start: int, end: int) -> range:
    """The pieces a stretch covers (the one of its place, for a stretch of no characters)."""
    return range(start // WIDTH, max(start, end - 1) // WIDTH + 1)
