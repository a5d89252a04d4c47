"""The ``kg`` entry point: ``kg query competitors|threats|dependencies`` answered without typer, the rest by kg.cli
(``kg add`` starts its worker's fork server here first).

typer builds its commands with pydantic, and together they cost a command more than the question does (on a
10 k-quote store about 0.2 s of a 0.3 s query). These three questions take a name and a few options, so they are
read here with argparse and answered by the same function the typer commands call (``kg.cli_output``). Anything
else — help, another command, global options, an option this parser does not know — goes to the typer app,
which gives the full interface and its messages.
"""

from __future__ import annotations

import argparse
import sys

from kg.cli_output import RELATION_QUESTIONS, Format, answer_relation

__all__ = ["main", "parse"]


class _NotMine(Exception):
    """The arguments are not a plain relation question: the typer app takes them."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # type: ignore[override]
        raise _NotMine(message)


def parse(args: list[str]) -> tuple[str, argparse.Namespace] | None:
    """``(question, options)`` when ``args`` (without the program name) ask a relation question; else None."""
    if len(args) < 3 or args[0] != "query" or args[1] not in RELATION_QUESTIONS:
        return None
    parser = _Parser(add_help=False, allow_abbrev=False)
    parser.add_argument("name")
    parser.add_argument("--store", default="exports")
    parser.add_argument("--format", "-f", choices=[f.value for f in Format], default=Format.table.value)
    parser.add_argument("--aggregate", "-a", action="store_true")
    parser.add_argument("--endpoint", default=None)
    if args[1] == "dependencies":
        parser.add_argument("--incoming", action="store_true")
    try:
        options = parser.parse_args(args[2:])
    except _NotMine:
        return None
    if options.name.startswith("-"):
        return None
    return args[1], options


def _start_add_workers(args: list[str]) -> None:
    """``kg add``: start the fork server its worker forks from before typer and the rest of kg are imported
    (``kg.api.start_add_workers``; its seconds then overlap theirs). Only --store, --jobs and --scheduler are read
    here; arguments this parser cannot read start nothing, and typer reports them."""
    if "--help" in args or "-h" in args:
        return
    parser = _Parser(add_help=False, allow_abbrev=False)
    parser.add_argument("--store", default="exports")
    parser.add_argument("--jobs", "-j", type=int)
    parser.add_argument("--scheduler")
    try:
        options, _ = parser.parse_known_args(args)
    except _NotMine:
        return
    from kg.api import start_add_workers

    start_add_workers(options.store, options.jobs, options.scheduler)


def main(argv: list[str] | None = None) -> None:
    """Run ``kg``: a relation question here, anything else through ``kg.cli.main``."""
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["add"]:
        _start_add_workers(args[1:])
    found = parse(args)
    if found is None:
        from kg.cli import main as full

        full()
        return
    from kg.console import configure_logging, reset_logging
    from kg.errors import KgError

    question, options = found
    extra = {"include_incoming": options.incoming} if question == "dependencies" else {}
    configure_logging(0, False)
    try:
        answer_relation(question, options.name, options.store, options.endpoint, Format(options.format),
                        options.aggregate, **extra)
    except KgError as err:
        sys.stderr.write(f"error: {err}\n")
        raise SystemExit(err.exit_code) from None
    finally:
        reset_logging()
