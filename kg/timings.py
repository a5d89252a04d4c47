"""Stage timings: wall-clock and CPU seconds per stage of a run, recorded only while a build asks for them."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from time import perf_counter, process_time

__all__ = ["recording", "stage"]

_record: ContextVar[dict[str, list[float]] | None] = ContextVar("kg_timings", default=None)
_log = logging.getLogger(__name__)


@contextmanager
def stage(name: str) -> Iterator[None]:
    """Add the time this block takes to stage ``name`` of the current recording, and log it at DEBUG
    (``kg -v``); nothing is measured when neither asks for it."""
    record = _record.get()
    if record is None and not _log.isEnabledFor(logging.DEBUG):
        yield
        return
    wall, cpu = perf_counter(), process_time()
    try:
        yield
    finally:
        wall, cpu = perf_counter() - wall, process_time() - cpu
        if record is not None:
            seconds = record.setdefault(name, [0.0, 0.0])
            seconds[0] += wall
            seconds[1] += cpu
        _log.debug("%s: %.2f s (%.2f s CPU)", name, wall, cpu)


@contextmanager
def recording() -> Iterator[dict[str, list[float]]]:
    """Record the stages run inside this block: stage → [wall, CPU] seconds, in the order they first ran.

    On a shared machine the wall-clock time of a stage can be many times its CPU time: both are kept.
    """
    record: dict[str, list[float]] = {}
    token = _record.set(record)
    try:
        yield record
    finally:
        _record.reset(token)
