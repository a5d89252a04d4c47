"""The ``kg`` command: thin wrappers over ``kg.api``; errors are printed once, with a non-zero exit."""

from __future__ import annotations

import json
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from kg import __version__
from kg.cli_output import (
    Format,
    _columns,
    _err,
    _fields,
    _log,
    _print,
    _rows,
    _say,
    answer_relation,
)

__all__ = ["app", "main"]

app = typer.Typer(help="Turn review quotes about software products into a knowledge graph.",
                  epilog="Example: kg build examples/reviews --out exports/ && kg query competitors Qdrant",
                  no_args_is_help=True, add_completion=True, pretty_exceptions_enable=False)
query_app = typer.Typer(help="Ask the stored graph a question (no extraction, no spaCy).", no_args_is_help=True,
                        epilog="Example: kg query competitors Qdrant --aggregate --format csv")
app.add_typer(query_app, name="query")


StoreOpt = Annotated[Path, typer.Option("--store", help="Folder that `kg build --out` wrote.")]
EndpointOpt = Annotated[str | None, typer.Option(
    "--endpoint", help="Ask this SPARQL endpoint (URL; `kg push` loaded it) instead of --store.")]
FormatOpt = Annotated[Format, typer.Option("--format", "-f", help="Output format.")]
CatalogOpt = Annotated[str | None, typer.Option("--catalog", help="Entity catalog JSONL file, or 'none'.")]
ModelOpt = Annotated[str | None, typer.Option(
    "--model", help="Installed spaCy pipeline with a dependency parser (en_core_web_sm): relation candidates read its "
                    "dependency paths.")]
JobsOpt = Annotated[int | None, typer.Option("--jobs", "-j", min=1,
                                             help="Worker processes for extraction [default: one per core].")]
SchedulerOpt = Annotated[str | None, typer.Option("--scheduler", metavar="tcp://HOST:PORT",
                                                  help="Run extraction on a Dask cluster (pip install 'kg[dask]').")]


ProgressOpt = Annotated[bool, typer.Option("--progress/--no-progress",
                                           help="Show progress on stderr: a bar on a terminal, plain lines elsewhere.")]


def _formats(value: str | None) -> tuple[tuple[str, str], ...] | None:
    """``--formats graphml,ttl,html`` → the build's (file, exporter) pairs; an unknown name is a usage error."""
    if value is None:
        return None
    from kg import api
    from kg.errors import UnknownPluginError

    try:
        return api.select_formats(value.split(","))
    except UnknownPluginError as err:
        raise typer.BadParameter(str(err), param_hint="--formats") from None


@app.command()
def build(inputs: Annotated[list[Path], typer.Argument(help="Review files or folders.")],
          out: Annotated[Path, typer.Option("--out", "-o", help="Folder for exports and the store.")] = Path("exports"),
          catalog: CatalogOpt = None, model: ModelOpt = None,
          formats: Annotated[str | None, typer.Option(
              "--formats", help="Comma-separated exports to write: ttl, jsonld, nt, trig, nq, graphml, yed.graphml, "
                                "neo4j.graphml, gexf, cyjs, html, tables, or all (see `kg export --list`). Default: "
                                "ttl,graphml,html. The store and report.json are always written; `kg export FILE` "
                                "writes any other format later from the store.")] = None,
          progress: ProgressOpt = True,
          allow_empty: Annotated[bool, typer.Option("--allow-empty",
                                                    help="Write an empty graph when no document can be read.")] = False,
          follow_links: Annotated[bool, typer.Option("--follow-links",
                                                     help="Follow links that lead out of an input folder.")] = False,
          jobs: JobsOpt = None, scheduler: SchedulerOpt = None,
          ) -> None:
    """Extract the graph and write the store, the exports and the run report into --out, as one transaction.

    Example: kg build examples/reviews --out exports/ --formats all
    """
    from kg import api
    from kg.console import progress_display

    chosen = _formats(formats)
    with progress_display(progress) as callback:
        result = api.build(inputs, out=out, catalog=catalog, model=model, progress=callback,
                           allow_empty=allow_empty, follow_links=follow_links, jobs=jobs, scheduler=scheduler,
                           **({"formats": chosen} if chosen is not None else {}))
    _say(result.summary())
    exports = [f for f in result.files if f.name != "report.json"]
    _say(f"wrote {len(exports)} export{'s' if len(exports) != 1 else ''}, report.json and the store to {out}/")
    _end_quickly(result)


@app.command()
def add(files: Annotated[list[Path], typer.Argument(help="Review files or folders to add.")],
        store: StoreOpt = Path("exports"),
        exports: Annotated[bool, typer.Option(
            "--exports/--no-exports", help="Also write the exports the build wrote (as long as a build takes to "
                                           "write them). Default: the store, report and cache only; the old "
                                           "exports are removed, as they would be out of date.")] = False,
        progress: ProgressOpt = True, jobs: JobsOpt = None, scheduler: SchedulerOpt = None) -> None:
    """Add files to a build: only new or changed quotes are extracted and only their documents' graphs are
    replaced in the store; store, graph, report and cache equal those of a full build of all inputs.

    The exports (kg.ttl, kg.html, …) are written again only with --exports; without it they are removed from
    the folder (they would describe the graph before the addition): `kg export FILE` writes one from the
    store, or `kg add … --exports` writes them all.

    Example: kg add new-reviews/ --store exports/ && kg export exports/kg.ttl
    """
    from kg import api
    from kg.console import progress_display

    with progress_display(progress) as callback:
        result = api.add(files, store=store, progress=callback, exports=exports, jobs=jobs, scheduler=scheduler)
    _say(result.summary())
    _say(f"extracted {result.extracted} of {result.graph.run.quotes} quotes; the others came from the cache")
    written = [f for f in result.files if f.name != "report.json"]
    if exports:
        _say(f"wrote {len(written)} export{'s' if len(written) != 1 else ''}, report.json and the store to {store}/")
    else:
        _say(f"updated the store and report.json in {store}/; exports are not written without --exports "
             f"(`kg export {store}/kg.ttl` writes one)")
    _end_quickly(result)


@app.command()
def extract(inputs: Annotated[list[Path], typer.Argument(help="Review files or folders.")],
            jsonl: Annotated[bool, typer.Option("--jsonl", help="One evaluation record per quote.")] = False,
            catalog: CatalogOpt = None, model: ModelOpt = None, progress: ProgressOpt = True,
            jobs: JobsOpt = None, scheduler: SchedulerOpt = None) -> None:
    """Extract and print: per-quote JSON Lines (--jsonl) or the whole graph as JSON.

    Example: kg extract examples/reviews --jsonl > pred.jsonl
    """
    from itertools import chain

    from kg import api
    from kg.console import progress_display

    with progress_display(progress) as callback:
        graph = api.extract(inputs, catalog=catalog, model=model, progress=callback, jobs=jobs, scheduler=scheduler)
    # written as made: neither text is ever whole in memory
    pieces = (json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in api.extract_records(graph)) \
        if jsonl else chain(graph.json_pieces(indent=1), ["\n"])
    for piece in pieces:
        sys.stdout.write(piece)
    skipped = [r.message for r in graph.report if r.kind == "skipped_file"]
    _say(f"{graph.run.documents} documents, {graph.run.quotes} quotes, {graph.run.skipped} skipped"
         + (": " + "; ".join(skipped) if skipped else ""))
    _end_quickly(graph)


@app.command("eval")
def eval_(gold: Annotated[Path, typer.Argument(help="Annotated gold file (the format of the evaluation README).")],
          inputs: Annotated[list[Path], typer.Argument(help="The corpus the gold annotates: files or folders.")],
          errors: Annotated[bool, typer.Option("--errors", help="List misses and false positives per quote (with "
                                                             "--against: the ones gained and lost).")] = False,
          as_json: Annotated[bool, typer.Option("--json", help="The figures as one JSON object.")] = False,
          against: Annotated[Path | None, typer.Option(
              "--against", help="Another run's `kg extract --jsonl` records of the same corpus (another catalog, "
                                "model or version): each headline figure's difference, with a paired bootstrap "
                                "interval.")] = None,
          catalog: CatalogOpt = None, model: ModelOpt = None, progress: ProgressOpt = True) -> None:
    """How good is kg on my reviews? Extract INPUTS and score them against GOLD.

    The headline figures come with 95 % bootstrap intervals over the gold's documents.

    Example: kg eval gold.json reviews/ --errors

    Example: kg eval gold.json reviews/ --catalog none --against with-catalog.jsonl
    """
    from kg import api, eval_report
    from kg.console import progress_display

    other = api.evaluate_file(gold, against) if against is not None else None  # a bad file fails before extracting
    with progress_display(progress) as callback:
        scores = api.evaluate(gold, inputs, catalog=catalog, model=model, progress=callback)
    _end_quickly(scores)  # the process ends once the figures below are printed and flushed
    ranges = api.intervals(scores)
    differences = api.compare_runs(scores, other) if other is not None else None
    if as_json:
        extra: dict = {"intervals": {k: list(v) for k, v in ranges.items()}}
        if differences is not None:
            extra["against"] = {k: vars(d) for k, d in differences.items()}
            if errors:
                extra["error_changes"] = eval_report.error_changes(scores.errors, other.errors)  # type: ignore[union-attr]
        typer.echo(json.dumps({**scores.as_dict(), **extra, **({"errors": scores.errors} if errors else {})},
                              ensure_ascii=False, sort_keys=True))
        return
    typer.echo(eval_report.score_table(scores))
    typer.echo("\n" + eval_report.interval_table(ranges, len(scores.documents)))
    if differences is not None:
        typer.echo("\n" + eval_report.comparison_table(differences, str(against), len(scores.documents)))
    if errors and other is not None:
        typer.echo("\n" + eval_report.error_changes_text(eval_report.error_changes(scores.errors, other.errors)))
    elif errors:
        for where, items in sorted(scores.errors.items()):
            typer.echo(f"\n{where}")
            typer.echo("".join(f"  {e}\n" for e in items), nl=False)
    typer.echo(scores.headline())


@app.command()
def export(path: Annotated[Path | None, typer.Argument(help="File (or folder, for csv) to write.")] = None,
           format: Annotated[str | None, typer.Option("--format", help="Exporter name; guessed from the suffix.")] = None,
           store: StoreOpt = Path("exports"),
           list_: Annotated[bool, typer.Option("--list", help="List the formats, their suffixes and what reads them.")]
           = False,
           progress: ProgressOpt = True) -> None:
    """Write one export of the stored graph (turtle, json-ld, graphml, graphml-yed, gexf, csv, html, …).

    Example: kg export graph.graphml --store exports/

    Example: kg export --list
    """
    from kg import api

    if list_:
        _print(api.export_formats(), Format.table, ["format", "build_file", "default", "suffixes", "readers", "description"])
        return
    if path is None:
        raise typer.BadParameter("name the file to write (its suffix tells the format), or pass --list",
                                 param_hint="PATH")
    from kg.console import progress_display

    with progress_display(progress) as callback:
        written = api.export(path, format=format, store=store, progress=callback)
    _say(f"wrote {written}")


AggregateOpt = Annotated[bool, typer.Option("--aggregate", "-a",
                                            help="One ranked row per entity: quotes, documents, best evidence.")]


@query_app.command("competitors")
def q_competitors(name: str, store: StoreOpt = Path("exports"), format: FormatOpt = Format.table,
                  aggregate: AggregateOpt = False,
        endpoint: EndpointOpt = None) -> None:
    """Who competes with NAME, with the quotes that say so.

    Example: kg query competitors Qdrant --aggregate
    """
    answer_relation("competitors", name, store, endpoint, format, aggregate)


@query_app.command("threats")
def q_threats(name: str, store: StoreOpt = Path("exports"), format: FormatOpt = Format.table,
              aggregate: AggregateOpt = False,
        endpoint: EndpointOpt = None) -> None:
    """Who threatens NAME, with the horizon.

    Example: kg query threats Cursor --aggregate
    """
    answer_relation("threats", name, store, endpoint, format, aggregate)


@query_app.command("claims")
def q_claims(name: str, type: Annotated[str | None, typer.Option("--type", help="metric, pricing, license, …")] = None,
             store: StoreOpt = Path("exports"), format: FormatOpt = Format.table,
        endpoint: EndpointOpt = None) -> None:
    """Claims about NAME: metrics with their values and units, prices, licences, predictions, ….

    Example: kg query claims Qdrant --type metric
    """
    from kg import api
    from kg.query_rows import ClaimRow

    lead = ["type", "text", "value", "unit", "horizon", "credibility", "doc"]
    _print(_rows(api.claims(name, type=type, store=_where(store, endpoint), as_rows=True)), format, _columns(format, lead), lead,
           _fields(ClaimRow))


@query_app.command("contradictions")
def q_contradictions(name: str, store: StoreOpt = Path("exports"), format: FormatOpt = Format.table,
        endpoint: EndpointOpt = None) -> None:
    """Claims about NAME that contradict each other; in a table or CSV the two claims sit side by side (a_*, b_*).

    Example: kg query contradictions E2B --format csv
    """
    from kg import api
    from kg.query_rows import ContradictionRow

    found = api.contradictions(name, store=_where(store, endpoint), as_rows=True)
    if format is Format.json:
        _print(_rows(found), format)
        return
    empty = ContradictionRow(id="", entity="", entity_id="", topic="", rule="", claims=())
    lead = ["topic", "a_text", "a_doc", "b_text", "b_doc"]
    _print([r.flat() for r in found], format, _columns(format, lead), lead, list(empty.flat()))


@app.command()
def version() -> None:
    """Print kg's version.

    Example: kg version
    """
    typer.echo(__version__)


@query_app.command("dependencies")
def q_dependencies(name: str, store: StoreOpt = Path("exports"), format: FormatOpt = Format.table,
                   aggregate: AggregateOpt = False,
                   incoming: Annotated[bool, typer.Option("--incoming", help="Also what depends on NAME.")] = False
                   ,
        endpoint: EndpointOpt = None) -> None:
    """What NAME depends on (is built on, runs on, requires), with the quotes that say so.

    Example: kg query dependencies LangGraph --incoming
    """
    answer_relation("dependencies", name, store, endpoint, format, aggregate, include_incoming=incoming)


@app.command()
def entities(store: StoreOpt = Path("exports"), format: FormatOpt = Format.table,
             type: Annotated[str | None, typer.Option("--type", help="Product, Organization, Technology, …")] = None,
             top: Annotated[int | None, typer.Option("--top", "-n", help="Only the N most connected.")] = None
             ) -> None:
    """What is in the graph: every entity with its degree and its relation, claim and mention counts.

    Example: kg entities --type Product --top 20
    """
    from kg import api
    from kg.query_rows import EntityOverviewRow

    rows = _rows(api.entities(store=store, type=type, as_rows=True))[:top]
    lead = ["name", "type", "degree", "competitors", "threats", "dependencies", "claims", "mentions", "documents"]
    _print(rows, format, _columns(format, lead), lead, _fields(EntityOverviewRow))


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
def _options(ctx: typer.Context,
             version: Annotated[bool, typer.Option("--version", callback=_print_version, is_eager=True,
                                                   help="Print kg's version and exit.")] = False,
             verbose: Annotated[int, typer.Option("--verbose", "-v", count=True,
                                                  help="Say more on stderr: timings per stage (-vv: other "
                                                       "libraries' debug logs too).")] = 0,
             quiet: Annotated[bool, typer.Option("--quiet", "-q",
                                                 help="Only errors on stderr: no progress, no summaries.")] = False,
             ) -> None:
    """Turn review quotes about software products into a knowledge graph.

    Logging goes through the standard ``logging`` module (logger ``kg``); -v and -q set its level.
    """
    if verbose and quiet:
        raise typer.BadParameter("pass -v or -q, not both", param_hint="--verbose/--quiet")
    from kg.console import configure_logging, reset_logging

    configure_logging(verbose, quiet)
    ctx.call_on_close(reset_logging)


class _Ending:
    """How the ``kg`` process ends. :func:`main` sets ``entry``; a command that leaves a large heap behind (a
    build's graph, the caches of its extraction) hands it to :func:`_end_quickly`, and ``main`` then ends the
    process with ``os._exit`` once its output is flushed: freeing millions of objects one by one and tearing
    down the interpreter took about a second after a 10 k-quote build, when every file was written already."""

    entry = False  # running as the ``kg`` program (not in-process, e.g. under typer's CliRunner)
    quick = False
    held: object = None


def _end_quickly(*held: object) -> None:
    """Called by a command as it finishes (its files written and closed): when it runs as the ``kg`` program, the
    process ends without tearing down ``held`` and the interpreter (:func:`main`). In-process it does nothing."""
    if _Ending.entry:
        _Ending.quick = True
        _Ending.held = held  # kept alive: not freed object by object when the command returns


def _exit_now(code: object) -> None:
    """End the process now with ``code`` (as ``SystemExit`` reads it), once logging and the streams are flushed."""
    import logging
    import os

    if code is None:
        code = 0
    elif not isinstance(code, int):
        sys.stderr.write(f"{code}\n")  # what the interpreter prints for SystemExit("message")
        code = 1
    for handler in logging.getLogger("kg").handlers + logging.getLogger().handlers:
        handler.flush()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            code = code or 120  # the interpreter's own exit code when it cannot flush stdout
    os._exit(code)


def main() -> None:
    """Entry point: run the app; print kg's own errors without a traceback. After a command that asked for it
    (:func:`_end_quickly`: build, add, extract, eval) the process ends without the interpreter's teardown."""
    from kg.errors import KgError

    _Ending.entry = True
    try:
        try:
            app(prog_name="kg")  # also under `python -m kg`: help and the completion script name `kg`
        except KgError as err:
            _err(f"error: {err}")
            raise SystemExit(err.exit_code) from None
        if _Ending.quick:
            _exit_now(0)
    except SystemExit as done:
        if _Ending.quick:
            _exit_now(done.code)
        raise
    finally:  # reached only when the process goes on (a caller that catches SystemExit)
        _Ending.entry = _Ending.quick = False
        _Ending.held = None


def _where(store: Path, endpoint: str | None) -> Path | str:
    """What a query reads: the endpoint's URL if one was given, else the store folder."""
    return endpoint if endpoint else store


class SparqlFormat(str, Enum):
    table = "table"
    json = "json"
    csv = "csv"
    tsv = "tsv"
    xml = "xml"
    ttl = "ttl"
    nt = "nt"


def _query_text(query: str | None, file: Path | None) -> str:
    """The query: the argument, ``@FILE``, ``-`` (stdin) or --file."""
    if file is not None and query is not None:
        raise typer.BadParameter("give the query as an argument or with --file, not both", param_hint="QUERY")
    if file is None and query is None:
        raise typer.BadParameter("give a query, @FILE.rq, - (stdin) or --file FILE", param_hint="QUERY")
    if query == "-":
        return sys.stdin.read()
    path = file if file is not None else Path(query[1:]) if query.startswith("@") else None
    if path is None:
        return query
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise typer.BadParameter(f"cannot read {path}: {err}", param_hint="--file") from err


@app.command()
def sparql(query: Annotated[str | None, typer.Argument(
               help="A SPARQL query, @FILE.rq to read one from a file, or - to read stdin.")] = None,
           file: Annotated[Path | None, typer.Option("--file", help="Read the query from this file.")] = None,
           store: StoreOpt = Path("exports"), endpoint: EndpointOpt = None,
           format: Annotated[SparqlFormat, typer.Option(
               "--format", "-f", help="table; W3C results json, csv, tsv, xml (SELECT, ASK); "
                                      "ttl or nt (CONSTRUCT, DESCRIBE).")] = SparqlFormat.table,
           allow_service: Annotated[bool, typer.Option("--allow-service",
                                                       help="Let SERVICE query other endpoints.")] = False,
           timeout: Annotated[float, typer.Option("--timeout", help="Seconds the query may run.")] = 60.0,
           max_rows: Annotated[int, typer.Option("--max-rows", help="Most rows the query may give.")] = 1_000_000,
           ) -> None:
    """Run a SPARQL query over every graph of the store; answers stream out as they come.

    The prefixes kg, schema, oa, prov, skos, dcterms, rdf, rdfs and xsd are predefined, and so are kg's id
    prefixes ent, rel, claim, contra, q, doc, mention, run and agent (ent:qdrant).
    W3C CSV, meant for spreadsheets, starts formula-like values with ' (as the table does);
    TSV, JSON and XML keep every value exact, with its type.

    Example: kg sparql @who.rq --format json    (or: kg sparql - < who.rq; kg sparql --file who.rq)
    """
    from kg import api

    text = _query_text(query, file)
    where = _where(store, endpoint)
    if format is SparqlFormat.table:
        columns, rows = api.sparql_stream(text, store=where, allow_service=allow_service, timeout=timeout,
                                          max_rows=max_rows)
        _print([dict(zip(columns, r)) for r in rows], Format.table, columns)
        return
    from kg.sparql_results import write_answer

    kind, columns, rows = api.sparql_terms(text, store=where, allow_service=allow_service, timeout=timeout,
                                           max_rows=max_rows)
    out = sys.stdout.buffer
    try:
        write_answer(kind, columns, rows, format.value, out)
    finally:
        out.flush()
    if format.value in ("json", "xml"):
        out.write(b"\n")
        out.flush()


@app.command()
def push(endpoint: Annotated[str, typer.Option(
             "--endpoint", help="The store's Graph Store Protocol URL (an Oxigraph server's root also works).")],
         store: StoreOpt = Path("exports"),
         timeout: Annotated[float, typer.Option("--timeout", help="Seconds each request may take.")] = 300.0,
         ) -> None:
    """Load the built graph into a SPARQL 1.1 store: one named graph per document, replaced on every push.

    Example: kg push --endpoint http://localhost:7878/store   (Fuseki: http://HOST:3030/DATASET/data)
    """
    from kg import api

    _say(api.push(endpoint, store=store, timeout=timeout).summary())


@app.command()
def serve(store: StoreOpt = Path("exports"),
          port: Annotated[int, typer.Option("--port", "-p", help="Port on 127.0.0.1 (0: any free port).")] = 7878,
          allow_service: Annotated[bool, typer.Option("--allow-service",
                                                      help="Let SERVICE query other endpoints.")] = False,
          timeout: Annotated[float, typer.Option("--timeout", help="Seconds a query may run.")] = 60.0,
          ) -> None:
    """Serve the store as a read-only SPARQL 1.1 endpoint on 127.0.0.1 (GET/POST /query; updates refused).

    Answers in the W3C formats the client's Accept header asks for. Stop it with Ctrl-C.

    Example: kg serve --store exports --port 7878   then   curl 'http://127.0.0.1:7878/query?query=ASK{?s?p?o}'
    """
    from kg import api

    server = api.serve(store, port=port, timeout=timeout, allow_service=allow_service,
                       log=lambda line: _log.debug("%s", line))
    _err(f"kg serve: SPARQL endpoint at {server.url} (read-only; Ctrl-C stops it)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
