"""The ``kg`` command: thin wrappers over ``kg.api``; errors are printed once, with a non-zero exit."""

from __future__ import annotations

import csv
import io
import json
import re
import sys
from collections.abc import Iterable
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from kg import __version__

__all__ = ["app", "main"]

app = typer.Typer(help="Turn review quotes about software products into a knowledge graph.",
                  no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)
query_app = typer.Typer(help="Ask the stored graph a question (no extraction, no spaCy).", no_args_is_help=True)
app.add_typer(query_app, name="query")


class Format(str, Enum):
    table = "table"
    json = "json"
    csv = "csv"


StoreOpt = Annotated[Path, typer.Option("--store", help="Folder that `kg build --out` wrote.")]
FormatOpt = Annotated[Format, typer.Option("--format", "-f", help="Output format.")]
CatalogOpt = Annotated[str | None, typer.Option("--catalog", help="Entity catalog JSONL file, or 'none'.")]
ModelOpt = Annotated[str | None, typer.Option("--model", help="Installed spaCy pipeline to start from.")]


def _err(message: str) -> None:
    typer.echo(message, err=True)


def _progress(enabled: bool):
    if not enabled or not sys.stderr.isatty():
        return None
    from rich.progress import track

    def wrap(items: Iterable) -> Iterable:
        items = list(items)
        return track(items, description="extracting", transient=True, console=_stderr_console())
    return wrap


def _stderr_console():
    from rich.console import Console

    return Console(stderr=True)


def _rows(items: list) -> list[dict]:
    return [i.model_dump(mode="json") if hasattr(i, "model_dump") else dict(i) for i in items]


def _flat(value: object) -> str:
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    return "" if value is None else str(value)


_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _visible(text: str) -> str:
    """Text safe to show on a terminal: escape sequences and bidi controls become visible ``\\x1b``-style escapes."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100 else f"\\u{ord(m.group()):04x}",
                        text)


def _columns(fmt: Format, table_columns: list[str]) -> list[str] | None:
    """The columns a table shows; CSV gets them first, then every other field."""
    return table_columns if fmt is Format.table else None


def _ordered(rows: list[dict], first: list[str] | None) -> list[str] | None:
    if not rows or not first:
        return None
    return first + [k for k in rows[0] if k not in first]


def _print(rows: list[dict], fmt: Format, columns: list[str] | None = None, lead: list[str] | None = None) -> None:
    columns = columns or _ordered(rows, lead) or (list(rows[0]) if rows else [])
    if fmt is Format.json:
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=1))
    elif fmt is Format.csv:
        from kg.cells import csv_cell

        buf = io.StringIO()
        writer = csv.DictWriter(buf, fieldnames=columns, extrasaction="ignore", lineterminator="\n")
        writer.writeheader()
        writer.writerows({k: csv_cell(_flat(r.get(k))) for k in columns} for r in rows)
        typer.echo(buf.getvalue(), nl=False)
    else:
        from rich.console import Console
        from rich.table import Table

        table = Table(show_lines=False)
        for c in columns:
            table.add_column(c, overflow="fold")
        for r in rows:
            table.add_row(*(_visible(_flat(r.get(c))) for c in columns))
        Console(width=160).print(table)
        if not rows:
            _err("(no results)")


@app.command()
def build(inputs: Annotated[list[Path], typer.Argument(help="Review files or folders.")],
          out: Annotated[Path, typer.Option("--out", "-o", help="Folder for exports and the store.")] = Path("exports"),
          catalog: CatalogOpt = None, model: ModelOpt = None,
          progress: Annotated[bool, typer.Option(help="Show a progress bar on stderr.")] = True,
          allow_empty: Annotated[bool, typer.Option("--allow-empty",
                                                    help="Write an empty graph when no document can be read.")] = False,
          follow_links: Annotated[bool, typer.Option("--follow-links",
                                                     help="Follow links that lead out of an input folder.")] = False,
          ) -> None:
    """Extract the graph and write the store, every export and the run report into --out, as one transaction."""
    from kg import api

    result = api.build(inputs, out=out, catalog=catalog, model=model, progress=_progress(progress),
                       allow_empty=allow_empty, follow_links=follow_links)
    _err(result.summary())
    exports = [f for f in result.files if f.name != "report.json"]
    _err(f"wrote {len(exports)} exports, report.json and the store to {out}/")


@app.command()
def extract(inputs: Annotated[list[Path], typer.Argument(help="Review files or folders.")],
            jsonl: Annotated[bool, typer.Option("--jsonl", help="One evaluation record per quote.")] = False,
            catalog: CatalogOpt = None, model: ModelOpt = None) -> None:
    """Extract and print: per-quote JSON Lines (--jsonl) or the whole graph as JSON."""
    from kg import api

    graph = api.extract(inputs, catalog=catalog, model=model)
    if jsonl:
        sys.stdout.write("".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n"
                                 for r in api.extract_records(graph)))
    else:
        sys.stdout.write(graph.model_dump_json(indent=1) + "\n")
    skipped = [r.message for r in graph.report if r.kind == "skipped_file"]
    _err(f"{graph.run.documents} documents, {graph.run.quotes} quotes, {graph.run.skipped} skipped"
         + (": " + "; ".join(skipped) if skipped else ""))


@app.command("eval")
def eval_(gold: Annotated[Path, typer.Argument(help="Annotated gold file (the format of the evaluation README).")],
          inputs: Annotated[list[Path], typer.Argument(help="The corpus the gold annotates: files or folders.")],
          errors: Annotated[bool, typer.Option("--errors", help="List misses and false positives per quote.")] = False,
          as_json: Annotated[bool, typer.Option("--json", help="The figures as one JSON object.")] = False,
          catalog: CatalogOpt = None, model: ModelOpt = None) -> None:
    """How good is kg on my reviews? Extract INPUTS and score them against GOLD.

    Example: kg eval gold.json reviews/ --errors
    """
    from kg import api

    scores = api.evaluate(gold, inputs, catalog=catalog, model=model)
    if as_json:
        typer.echo(json.dumps({**scores.as_dict(), **({"errors": scores.errors} if errors else {})},
                              ensure_ascii=False, sort_keys=True))
        return
    typer.echo(_score_table(scores))
    if errors:
        for where, items in sorted(scores.errors.items()):
            typer.echo(f"\n{where}")
            typer.echo("".join(f"  {e}\n" for e in items), nl=False)
    typer.echo(scores.headline())


def _score_table(scores) -> str:
    """Precision, recall and F1 per relation type, then the other figures, as aligned text."""
    lines = [f"{'':<16}{'precision':>10}{'recall':>8}{'F1':>7}{'tp':>6}{'fp':>5}{'fn':>5}"]
    rows = [(k, c) for k, c in scores.relations.items()] + [("relations", scores.main_relations()),
                                                            ("entities", scores.entities)]
    for label, c in rows:
        p, r, f = c.prf()
        lines.append(f"{label:<16}{p:>10.3f}{r:>8.3f}{f:>7.3f}{c.tp:>6}{c.fp:>5}{c.fn:>5}")
    d = scores.as_dict()
    lines.append("")
    for k in ("claim_recall", "claims_known_to_gold", "claim_value_accuracy", "horizon_accuracy",
              "subject_accuracy", "grounded_relations", "stance_accuracy", "perspective_accuracy"):
        if k in d:
            lines.append(f"{k:<24}{d[k]:>6.3f}")
    lines.append(f"{'quotes':<24}{scores.quotes:>6}")
    return "\n".join(lines)


@app.command()
def export(path: Annotated[Path, typer.Argument(help="File (or folder, for csv) to write.")],
           format: Annotated[str | None, typer.Option("--format", help="Exporter name; guessed from the suffix.")] = None,
           store: StoreOpt = Path("exports")) -> None:
    """Write one export of the stored graph (turtle, json-ld, graphml, graphml-yed, gexf, csv, html, …)."""
    from kg import api

    written = api.export(path, format=format, store=store)
    _err(f"wrote {written}")


AggregateOpt = Annotated[bool, typer.Option("--aggregate", "-a",
                                            help="One ranked row per entity: quotes, documents, best evidence.")]
_RANKED = ["rank", "quotes", "documents", "confidence", "hedged", "best_exact", "best_doc"]


@query_app.command("competitors")
def q_competitors(name: str, store: StoreOpt = Path("exports"), format: FormatOpt = Format.table,
                  aggregate: AggregateOpt = False) -> None:
    """Who competes with NAME, with the quotes that say so.

    Example: kg query competitors Qdrant --aggregate
    """
    from kg import api

    lead = (["rank", "competitor", "competitor_type", *_RANKED[1:]] if aggregate else
            ["competitor", "competitor_type", "confidence", "hedged", "exact", "doc"])
    _print(_rows(api.competitors(name, store=store, aggregate=aggregate, as_rows=True)), format,
           _columns(format, lead), lead)


@query_app.command("threats")
def q_threats(name: str, store: StoreOpt = Path("exports"), format: FormatOpt = Format.table,
              aggregate: AggregateOpt = False) -> None:
    """Who threatens NAME, with the horizon.

    Example: kg query threats Cursor --aggregate
    """
    from kg import api

    lead = (["rank", "threat", "horizons", *_RANKED[1:]] if aggregate else
            ["threat", "horizon", "confidence", "hedged", "exact", "doc"])
    _print(_rows(api.threats(name, store=store, aggregate=aggregate, as_rows=True)), format,
           _columns(format, lead), lead)


@query_app.command("claims")
def q_claims(name: str, type: Annotated[str | None, typer.Option("--type", help="metric, pricing, license, …")] = None,
             store: StoreOpt = Path("exports"), format: FormatOpt = Format.table) -> None:
    """Claims about NAME."""
    from kg import api

    _print(_rows(api.claims(name, type=type, store=store, as_rows=True)), format,
           _columns(format, ["type", "text", "value", "unit", "horizon", "credibility", "doc"]), ["type", "text", "value", "unit", "horizon", "credibility", "doc"])


@query_app.command("contradictions")
def q_contradictions(name: str, store: StoreOpt = Path("exports"), format: FormatOpt = Format.table) -> None:
    """Claims about NAME that contradict each other."""
    from kg import api

    _print(_rows(api.contradictions(name, store=store, as_rows=True)), format)


@app.command()
def sparql(query: Annotated[str, typer.Argument(help="A SPARQL SELECT/ASK query.")], store: StoreOpt = Path("exports"),
           format: FormatOpt = Format.table,
           allow_service: Annotated[bool, typer.Option("--allow-service",
                                                       help="Let SERVICE query other endpoints.")] = False,
           timeout: Annotated[float, typer.Option("--timeout", help="Seconds the query may run.")] = 60.0,
           max_rows: Annotated[int, typer.Option("--max-rows", help="Most rows the query may give.")] = 1_000_000,
           ) -> None:
    """Run a SPARQL query against the store; rows are printed as they come (csv, json)."""
    from kg import api

    columns, rows = api.sparql_stream(query, store=store, allow_service=allow_service, timeout=timeout,
                                      max_rows=max_rows)
    records = (dict(zip(columns, r)) for r in rows)
    if format is Format.table:
        _print(list(records), format, columns)
    else:
        _stream(records, format, columns)


def _stream(rows: Iterable[dict], fmt: Format, columns: list[str]) -> None:
    """CSV or JSON written row by row, so a large result is never held in memory."""
    out = sys.stdout
    if fmt is Format.csv:
        from kg.cells import csv_cell

        writer = csv.DictWriter(out, fieldnames=columns, extrasaction="ignore", lineterminator="\n")
        writer.writeheader()
        for r in rows:
            writer.writerow({k: csv_cell(_flat(r.get(k))) for k in columns})
        return
    out.write("[")
    for index, r in enumerate(rows):
        out.write(("," if index else "") + "\n " + json.dumps(r, ensure_ascii=False))
    out.write("\n]\n")


@app.command()
def version() -> None:
    """Print kg's version."""
    typer.echo(__version__)


@query_app.command("dependencies")
def q_dependencies(name: str, store: StoreOpt = Path("exports"), format: FormatOpt = Format.table,
                   aggregate: AggregateOpt = False,
                   incoming: Annotated[bool, typer.Option("--incoming", help="Also what depends on NAME.")] = False
                   ) -> None:
    """What NAME depends on (is built on, runs on, requires), with the quotes that say so.

    Example: kg query dependencies LangGraph --incoming
    """
    from kg import api

    lead = (["rank", "direction", "dependency", "dependency_type", *_RANKED[1:]] if aggregate else
            ["direction", "dependency", "dependency_type", "confidence", "hedged", "exact", "doc"])
    _print(_rows(api.dependencies(name, store=store, include_incoming=incoming, aggregate=aggregate,
                                  as_rows=True)), format, _columns(format, lead), lead)


@app.command()
def entities(store: StoreOpt = Path("exports"), format: FormatOpt = Format.table,
             type: Annotated[str | None, typer.Option("--type", help="Product, Organization, Technology, …")] = None,
             top: Annotated[int | None, typer.Option("--top", "-n", help="Only the N most connected.")] = None
             ) -> None:
    """What is in the graph: every entity with its degree and its relation, claim and mention counts.

    Example: kg entities --type Product --top 20
    """
    from kg import api

    rows = _rows(api.entities(store=store, type=type, as_rows=True))[:top]
    lead = ["name", "type", "degree", "competitors", "threats", "dependencies", "claims", "mentions", "documents"]
    _print(rows, format, _columns(format, lead), lead)


@app.command()
def stats(store: StoreOpt = Path("exports"), format: FormatOpt = Format.table) -> None:
    """How many documents, quotes, entities, relations and claims the graph holds, by type.

    Example: kg stats --format csv
    """
    from kg import api

    _print(_rows(api.stats(store=store, as_rows=True)), format, ["kind", "type", "count"])


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"kg {__version__}")
        raise typer.Exit()


@app.callback()
def _options(version: Annotated[bool, typer.Option("--version", callback=_print_version, is_eager=True,
                                                   help="Print kg's version and exit.")] = False) -> None:
    """Turn review quotes about software products into a knowledge graph."""


def main() -> None:
    """Entry point: run the app; print kg's own errors without a traceback."""
    from kg.errors import KgError

    try:
        app()
    except KgError as err:
        _err(f"error: {err}")
        raise SystemExit(err.exit_code) from None
