"""What the CLI shows on stderr: log handlers for ``-v``/``-q`` and progress as a bar or as plain lines."""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from kg.progress import ProgressCallback, logged

__all__ = ["configure_logging", "progress_display", "reset_logging"]

_INTERVAL_ENV = "KG_PROGRESS_INTERVAL"  # seconds between plain progress lines (default 5)


class _Handler(logging.StreamHandler):
    """kg's stderr handler; it writes to the stderr of the moment (a test runner may swap it)."""

    def __init__(self) -> None:
        super().__init__(sys.stderr)

    def emit(self, record: logging.LogRecord) -> None:
        self.stream = sys.stderr  # not setStream: that would flush the previous stream, maybe closed by now
        super().emit(record)


class _Formatter(logging.Formatter):
    """Plain messages; ``warning:``/``error:`` in front of problems; logger name and time with ``-v``."""

    def __init__(self, verbose: bool) -> None:
        super().__init__()
        self.verbose = verbose

    def format(self, record: logging.LogRecord) -> str:
        text = record.getMessage()
        if record.exc_info and self.verbose:
            text += "\n" + self.formatException(record.exc_info)
        if record.levelno >= logging.WARNING:
            text = f"{record.levelname.lower()}: {text}"
        if self.verbose:
            text = f"{record.relativeCreated / 1000:7.2f}s {record.name}: {text}"
        return text


def configure_logging(verbose: int = 0, quiet: bool = False) -> int:
    """Send kg's log records to stderr: INFO by default, DEBUG with ``-v`` (every library too with ``-vv``),
    errors only with ``-q``. Returns the level set on the ``kg`` logger; :func:`reset_logging` undoes it.
    """
    reset_logging()
    level = logging.ERROR if quiet else logging.DEBUG if verbose else logging.INFO
    logger = logging.getLogger("kg")
    _saved.update(kg=logger.level, root=logging.getLogger().level)
    handler = _Handler()
    handler.setFormatter(_Formatter(verbose > 0))
    logger.addHandler(handler)
    logger.setLevel(level)
    if verbose > 1:
        root = logging.getLogger()
        other = _Handler()
        other.setFormatter(_Formatter(True))
        other.addFilter(lambda record: not record.name.startswith("kg"))
        root.addHandler(other)
        root.setLevel(logging.DEBUG)
    return level


_saved: dict[str, int] = {}


def reset_logging() -> None:
    """Take kg's stderr handlers off again and restore the levels (a command run in-process leaves no trace)."""
    for name in ("kg", ""):
        logger = logging.getLogger(name or None)
        for handler in [h for h in logger.handlers if isinstance(h, _Handler)]:
            logger.removeHandler(handler)
        if (name or "root") in _saved:
            logger.setLevel(_saved.pop(name or "root"))


def _interval() -> float:
    try:
        return max(0.0, float(os.environ.get(_INTERVAL_ENV, "5")))
    except ValueError:
        return 5.0


@contextmanager
def progress_display(enabled: bool = True, stream: TextIO | None = None) -> Iterator[ProgressCallback | None]:
    """A progress callback for the duration of a command, or None when progress is off.

    On a terminal it draws a rich bar per stage (removed when the command ends); elsewhere (CI, pipes,
    notebooks) it logs plain lines through ``kg.progress`` at most every ``KG_PROGRESS_INTERVAL`` seconds.
    Nothing is shown when ``enabled`` is false or kg's log level is above INFO (``-q``).
    """
    stream = stream if stream is not None else sys.stderr
    if not enabled or not logging.getLogger("kg.progress").isEnabledFor(logging.INFO):
        yield None
        return
    if not _is_terminal(stream):
        yield logged(_interval())
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(file=stream, force_terminal=True)
    with Progress(TextColumn("{task.description:<18}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console, transient=True) as bar:
        tasks: dict[str, int] = {}

        def callback(stage: str, done: int, total: int | None) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(stage, total=total)
            bar.update(tasks[stage], completed=done, total=total)

        yield callback


def _is_terminal(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
