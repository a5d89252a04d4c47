"""The CLI's stderr: log levels for -v/-q, and progress as plain lines or as a bar on a terminal."""

from __future__ import annotations

import io
import logging

import pytest

from kg.console import configure_logging, progress_display


@pytest.fixture(autouse=True)
def _restore_kg_logger():
    logger = logging.getLogger("kg")
    handlers, level = list(logger.handlers), logger.level
    yield
    logger.handlers[:] = handlers
    logger.setLevel(level)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_levels_default_verbose_quiet():
    from kg.console import reset_logging

    assert configure_logging() == logging.INFO
    assert configure_logging(verbose=1) == logging.DEBUG
    assert configure_logging(quiet=True) == logging.ERROR
    ours = [h for h in logging.getLogger("kg").handlers if type(h).__name__ == "_Handler"]
    assert len(ours) == 1  # configuring again replaces the handler, never stacks a second one
    reset_logging()
    assert not [h for h in logging.getLogger("kg").handlers if type(h).__name__ == "_Handler"]


def test_a_command_run_in_process_leaves_no_handler_behind(tmp_path):
    from typer.testing import CliRunner

    from kg.cli import app

    before = list(logging.getLogger("kg").handlers)
    CliRunner().invoke(app, ["-v", "stats", "--store", str(tmp_path)])
    assert logging.getLogger("kg").handlers == before
    logging.getLogger("kg.api").error("after the runner closed its stderr")  # must not raise


def test_records_go_to_the_stderr_of_the_moment(monkeypatch):
    configure_logging()
    first, second = io.StringIO(), io.StringIO()
    monkeypatch.setattr("sys.stderr", first)
    logging.getLogger("kg.api").info("hello")
    logging.getLogger("kg.api").debug("hidden")
    monkeypatch.setattr("sys.stderr", second)
    logging.getLogger("kg.api").warning("careful")
    assert first.getvalue() == "hello\n" and second.getvalue() == "warning: careful\n"


def test_plain_lines_when_stderr_is_not_a_terminal(monkeypatch):
    configure_logging()
    err = io.StringIO()
    monkeypatch.setattr("sys.stderr", err)
    with progress_display(True, stream=err) as callback:
        callback("extracting", 0, 48)
        callback("extracting", 48, 48)
    assert err.getvalue() == "extracting: 0/48 (0%)\nextracting: 48/48 done\n"


def test_a_bar_on_a_terminal():
    configure_logging()
    screen = _Terminal()
    with progress_display(True, stream=screen) as callback:
        callback("writing exports", 0, 12)
        callback("writing exports", 6, 12)
    drawn = screen.getvalue()
    assert "writing exports" in drawn and "━" in drawn and "\x1b[" in drawn  # a rich bar, drawn with escapes


def test_no_progress_when_off_or_quiet():
    configure_logging()
    with progress_display(False, stream=_Terminal()) as callback:
        assert callback is None
    configure_logging(quiet=True)
    with progress_display(True, stream=_Terminal()) as callback:
        assert callback is None
