"""Stage timings: wall-clock and CPU seconds and peak memory per stage, recorded only while a build asks for them."""

from __future__ import annotations

import logging
import resource
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from time import perf_counter, process_time

__all__ = ["add_stage", "peak_rss_mb", "recording", "silence", "stage"]

_record: ContextVar[dict[str, list[float]] | None] = ContextVar("kg_timings", default=None)
_log = logging.getLogger(__name__)


@contextmanager
def stage(name: str) -> Iterator[None]:
    """Add the time this block takes to stage ``name`` of the current recording, and log it at DEBUG
    (``kg -v``); nothing is measured when neither asks for it. Inside ``kg.heap.settling`` (a build), what the
    block leaves alive is frozen as it ends (``kg.heap.settle``)."""
    from kg.heap import settle

    record = _record.get()
    if record is None and not _log.isEnabledFor(logging.DEBUG):
        yield
        settle()
        return
    wall, cpu = perf_counter(), process_time()
    try:
        yield
        settle()  # what outlives the stage is frozen (kg.heap), timed with it
    finally:
        wall, cpu = perf_counter() - wall, process_time() - cpu
        if record is not None:
            seconds = record.setdefault(name, [0.0, 0.0, 0.0])
            seconds[0] += wall
            seconds[1] += cpu
            seconds[2] = peak_rss_mb()
        _log.debug("%s: %.2f s (%.2f s CPU)", name, wall, cpu)


def add_stage(name: str, wall: float, cpu: float, peak_mb: float) -> None:
    """Add a stage another process ran (and timed) to the current recording, and log it as :func:`stage` does."""
    record = _record.get()
    if record is not None:
        seconds = record.setdefault(name, [0.0, 0.0, 0.0])
        seconds[0] += wall
        seconds[1] += cpu
        seconds[2] = peak_mb
    _log.debug("%s: %.2f s (%.2f s CPU)", name, wall, cpu)


def silence() -> None:
    """Log no stage in this process (a forked helper whose stages its parent logs with :func:`add_stage`)."""
    _log.disabled = True


def peak_rss_mb() -> float:
    """The most memory this process has held so far (resident set, MB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux counts KB


@contextmanager
def recording() -> Iterator[dict[str, list[float]]]:
    """Record the stages run inside this block, in the order they first ran.

    Each stage maps to [wall seconds, CPU seconds, peak RSS in MB at its end]. On a shared machine the
    wall-clock time of a stage can be many times its CPU time: both are kept.
    """
    record: dict[str, list[float]] = {}
    token = _record.set(record)
    try:
        yield record
    finally:
        _record.reset(token)
