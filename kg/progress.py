"""Progress of long work: stages report ``(stage, done, total)`` to a callback; nothing here prints.

The library calls a :data:`ProgressCallback` (``kg.api.build(..., progress=cb)``); the CLI draws it as a bar
or as plain lines (``kg.console``). :func:`logged` is a callback for notebooks and scripts: it writes a line
through the ``kg.progress`` logger every few seconds.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

__all__ = ["ProgressCallback", "logged", "report", "track"]

T = TypeVar("T")
ProgressCallback = Callable[[str, int, "int | None"], None]
"""Called with (stage, how many done, how many in all or None) as work moves; ``done == total`` ends a stage."""

_log = logging.getLogger("kg.progress")


def report(progress: ProgressCallback | None, stage: str, done: int, total: int | None) -> None:
    """Tell ``progress`` (if any) where ``stage`` is."""
    if progress is not None:
        progress(stage, done, total)


def track(items: Iterable[T], stage: str, progress: ProgressCallback | None,
          total: int | None = None) -> Iterator[T]:
    """Yield ``items``, reporting the stage's start (0), each item taken and its end to ``progress``.

    ``total`` defaults to ``len(items)`` when the items have a length.
    """
    if progress is None:
        yield from items
        return
    if total is None and hasattr(items, "__len__"):
        total = len(items)  # type: ignore[arg-type]
    progress(stage, 0, total)
    done = 0
    for item in items:
        yield item
        done += 1
        progress(stage, done, total)
    if total is None or done != total:
        progress(stage, done, done)


def logged(interval: float = 5.0, logger: logging.Logger | None = None,
           clock: Callable[[], float] = time.monotonic) -> ProgressCallback:
    """A callback that logs plain lines: a stage's start, then at most one line per ``interval`` seconds, its end.

    For places where a bar cannot draw (CI logs, notebooks, pipes): ``extracting: 1,200/5,000 (24%)``.
    """
    log = logger or _log
    last: dict[str, float] = {}

    def callback(stage: str, done: int, total: int | None) -> None:
        now = clock()
        finished = total is not None and done >= total
        if done == 0 or finished or now - last.get(stage, now) >= interval:
            last[stage] = now
            log.info("%s: %s", stage, _count(done, total, finished))

    return callback


def _count(done: int, total: int | None, finished: bool) -> str:
    if total is None:
        return f"{done:,}" if done else "started"
    if finished:
        return f"{done:,}/{total:,} done"
    percent = 100 * done // total if total else 100
    return f"{done:,}/{total:,} ({percent}%)"
