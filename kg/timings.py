"""Stage timings: wall-clock and CPU seconds per stage of a run, recorded only while a build asks for them."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from time import perf_counter, process_time

__all__ = ["recording", "stage"]

_record: ContextVar[dict[str, list[float]] | None] = ContextVar("kg_timings", default=None)


@contextmanager
def stage(name: str) -> Iterator[None]:
    """Add the time this block takes to stage ``name`` of the current recording (nothing if none)."""
    record = _record.get()
    if record is None:
        yield
        return
    wall, cpu = perf_counter(), process_time()
    try:
        yield
    finally:
        seconds = record.setdefault(name, [0.0, 0.0])
        seconds[0] += perf_counter() - wall
        seconds[1] += process_time() - cpu


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
