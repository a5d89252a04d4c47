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
    """Stretches (start, end) of one text, with :meth:`overlaps` as ``any(s < end and start < e for s, e in
    taken)`` over all of them says."""

    def __init__(self, spans: Iterable[tuple[int, int]] = ()) -> None:
        self._at: dict[int, list[tuple[int, int]]] = {}
        for start, end in spans:
            self.add(start, end)

    def add(self, start: int, end: int) -> None:
        """Keep the stretch [start, end)."""
        for piece in range(start // WIDTH, max(start, end - 1) // WIDTH + 1):
            self._at.setdefault(piece, []).append((start, end))

    def overlaps(self, start: int, end: int) -> bool:
        """Whether a kept stretch (s, e) has ``s < end and start < e``: the two share a character, or one holds
        the other's place strictly inside it (a stretch of no characters)."""
        for piece in range(start // WIDTH, max(start, end - 1) // WIDTH + 1):
            for s, e in self._at.get(piece, ()):
                if s < end and start < e:
                    return True
        return False
