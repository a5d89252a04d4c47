"""The public Python API: what the CLI and the notebooks call.

    >>> import kg.api as kg                                   # doctest: +SKIP
    >>> graph = kg.extract(["examples/reviews"])              # doctest: +SKIP
    >>> kg.build(["examples/reviews"], out="exports")         # doctest: +SKIP
    >>> kg.competitors("Qdrant", store="exports")             # doctest: +SKIP
    >>> kg.competitors("Qdrant", graph=graph, aggregate=True) # doctest: +SKIP

The queries (competitors, threats, dependencies, claims, contradictions, entities, stats) answer with a
pandas DataFrame, or with the pydantic rows when ``as_rows=True``; pandas is imported only then.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from kg.atomic import write_text
from kg.errors import StoreError
from kg.models import KnowledgeGraph

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "BUILD_FORMATS",
    "DEFAULT_STORE",
    "BuildResult",
    "build",
    "claims",
    "competitors",
    "contradictions",
    "dependencies",
    "entities",
    "export",
    "extract",
    "extract_records",
    "load",
    "run_report",
    "sparql",
    "stats",
    "threats",
    "to_networkx",
]

DEFAULT_STORE = Path("exports")
# what ``kg build`` writes next to the store: (file name, exporter name)
BUILD_FORMATS = (
    ("kg.ttl", "turtle"), ("kg.jsonld", "json-ld"), ("kg.nt", "n-triples"), ("kg.trig", "trig"), ("kg.nq", "n-quads"),
    ("kg.graphml", "graphml"), ("kg.yed.graphml", "graphml-yed"), ("kg.neo4j.graphml", "graphml-neo4j"),
    ("kg.gexf", "gexf"), ("kg.cyjs", "cytoscape"), ("kg.html", "html"), ("tables", "csv"),
)
GRAPH_FILE = "kg.json"


@dataclass(frozen=True)
class BuildResult:
    """What ``build`` wrote."""

    graph: KnowledgeGraph
    out: Path
    files: tuple[Path, ...]
    skipped_formats: tuple[str, ...]

    def summary(self) -> str:
        """'5 documents, 41 quotes, 1 skipped: …; 120 entities, 30 relations, 90 claims'."""
        g = self.graph
        skips = [r.message for r in g.report if r.kind == "skipped_file"]
        head = f"{g.run.documents} documents, {g.run.quotes} quotes, {g.run.skipped} skipped"
        head += (": " + "; ".join(skips)) if skips else ""
        return f"{head}; {len(g.entities)} entities, {len(g.relations)} relations, {len(g.claims)} claims"


def extract(inputs: Iterable[str | Path], catalog: str | Path | None = None, model: str | None = None,
            progress: Callable[[Iterable], Iterable] | None = None) -> KnowledgeGraph:
    """Read review files and folders and return their knowledge graph (nothing is written)."""
    from kg.pipeline import run

    return run(list(inputs), catalog=catalog, model=model, **({"progress": progress} if progress else {}))


def extract_records(graph: KnowledgeGraph) -> list[dict]:
    """The per-quote evaluation records (the ``kg extract --jsonl`` format)."""
    from kg.jsonl import records

    return records(graph)


def evaluate(gold: str | Path, inputs: Iterable[str | Path], catalog: str | Path | None = None,
             model: str | None = None):
    """Extract ``inputs`` and score them against an annotated gold file; returns ``kg.evaluate.Scores``.

    ``scores.as_dict()`` holds the figures (the shared scorer's names), ``scores.errors`` the misses and false
    positives per quote.
    """
    from kg.evaluate import evaluate as _evaluate

    return _evaluate(gold, list(inputs), catalog=catalog, model=model)


def run_report(graph: KnowledgeGraph) -> dict:
    """The run report: counts, skipped files, discovered names, rejected relations, unmatched cues."""
    kinds = Counter(r.kind for r in graph.report)
    return {
        "run": graph.run.model_dump(mode="json"),
        "counts": {
            "documents": len(graph.documents), "quotes": len(graph.quotes), "entities": len(graph.entities),
            "relations": dict(sorted(Counter(r.type for r in graph.relations).items())),
            "claims": dict(sorted(Counter(c.type for c in graph.claims).items())),
            "contradictions": len(graph.contradictions), "report": dict(sorted(kinds.items())),
        },
        "items": [r.model_dump(mode="json", exclude_none=True) for r in graph.report],
    }


def build(inputs: Iterable[str | Path], out: str | Path = DEFAULT_STORE, catalog: str | Path | None = None,
          model: str | None = None, progress: Callable[[Iterable], Iterable] | None = None,
          formats: tuple[tuple[str, str], ...] = BUILD_FORMATS) -> BuildResult:
    """Extract, then write the store, the exports and the run report into ``out``."""
    from kg.registry import get_exporter
    from kg.store import write_store

    graph = extract(inputs, catalog=catalog, model=model, progress=progress)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    files: list[Path] = []
    skipped: list[str] = []
    for name, fmt in formats:
        try:
            exporter = get_exporter(fmt)
        except KeyError:
            skipped.append(fmt)
            continue
        exporter.write(graph, out / name)
        files.append(out / name)
    files.append(write_text(out / "report.json", json.dumps(run_report(graph), indent=1, ensure_ascii=False) + "\n"))
    write_store(graph, out)
    write_text(out / ".store" / GRAPH_FILE, graph.model_dump_json())
    return BuildResult(graph, out, tuple(files), tuple(skipped))


def load(store: str | Path = DEFAULT_STORE) -> KnowledgeGraph:
    """The knowledge graph a ``build`` saved in ``store`` (no extraction, no spaCy)."""
    path = Path(store) / ".store" / GRAPH_FILE
    if not path.is_file():
        raise StoreError(f"no graph in {store}; run `kg build INPUTS --out {store}` first")
    from pydantic import ValidationError

    try:
        return KnowledgeGraph.model_validate_json(path.read_bytes())
    except ValidationError as err:
        raise StoreError(f"{path} was written by another version of kg ({err.error_count()} problems); "
                         f"run `kg build INPUTS --out {store}` again") from err


def export(path: str | Path, format: str | None = None, store: str | Path = DEFAULT_STORE,
           graph: KnowledgeGraph | None = None) -> Path:
    """Write one export of the stored graph (or of ``graph``); the format is guessed from the suffix."""
    from kg.errors import ExportError
    from kg.registry import get_exporter, guess_format

    name = format or guess_format(path)
    if name is None:
        raise ExportError(f"cannot tell the format of {path}; pass --format (e.g. graphml, turtle, csv)")
    exporter = get_exporter(name)
    exporter.write(graph or load(store), Path(path))
    return Path(path)


def _source(store: str | Path | KnowledgeGraph | None, graph: KnowledgeGraph | None):
    """The opened store to ask: ``graph`` in memory, or the store a build wrote into ``store``."""
    from kg.query import as_store

    if graph is not None and store is not None:
        raise TypeError("pass store= or graph=, not both")
    return as_store(graph if graph is not None else DEFAULT_STORE if store is None else store)


def _answer(rows: list, row_type: type, as_rows: bool):
    """The rows themselves, or a DataFrame with one typed column per field."""
    if as_rows:
        return rows
    from kg.frames import frame

    return frame(rows, row_type)


def _relations(ask: Callable, name: str, store, graph, aggregate: bool, as_rows: bool, **options):
    from kg import query, query_rows
    from kg.query_rank import rank

    kg_store = _source(store, graph)
    rows = ask(kg_store, name, **options)
    row_type = {query.competitors: query_rows.CompetitorRow, query.threats: query_rows.ThreatRow,
                query.dependencies: query_rows.DependencyRow}[ask]
    if aggregate:
        rows = rank(rows, entity=query.resolve_name(kg_store, name).name,
                    documents=query.quote_documents(kg_store, (r.quote_id for r in rows)))
        row_type = {query_rows.CompetitorRow: query_rows.CompetitorRank, query_rows.ThreatRow: query_rows.ThreatRank,
                    query_rows.DependencyRow: query_rows.DependencyRank}[row_type]
    return _answer(rows, row_type, as_rows)


def competitors(name: str, store: str | Path | None = None, *, graph: KnowledgeGraph | None = None,
                aggregate: bool = False, as_rows: bool = False) -> pd.DataFrame | list:
    """Who competes with ``name`` (either side of the statement, its releases and features included).

    Args:
        name: a name or alias in any case ("copilot"), or an entity id.
        store: the folder ``build`` wrote (default ``exports``).
        graph: ask this in-memory graph instead of a store (``extract``'s result): nothing is written.
        aggregate: one row per competitor instead of one per statement: ``quotes`` (distinct quotes that say
            so), ``documents`` (every document those quotes were found in), ``statements``, the strongest
            ``confidence``, ``hedged`` (only ever said with a hedge) and the best evidence (``best_exact``,
            ``best_quote``, ``best_doc``); ranked by quotes, then documents, then confidence.
        as_rows: return the pydantic rows (``CompetitorRow`` / ``CompetitorRank``) instead of a DataFrame.

    Returns:
        A DataFrame: ``competitor``, ``competitor_type``, ``hedged``, …, then the evidence (``quote``,
        ``exact``, ``start``, ``end``, ``doc``, ``rule``, ``confidence``).

    Raises:
        UnknownEntityError: if the name is unknown (with the closest names).
        StoreError: if ``store`` holds no store.
    """
    from kg import query

    return _relations(query.competitors, name, store, graph, aggregate, as_rows)


def threats(name: str, store: str | Path | None = None, *, graph: KnowledgeGraph | None = None,
            include_outgoing: bool = False, aggregate: bool = False, as_rows: bool = False) -> pd.DataFrame | list:
    """Who threatens ``name``, with the horizon ("12 months") when one was stated, and the evidence.

    Args:
        include_outgoing: also what ``name`` threatens (``direction`` = ``threatens``).
        aggregate: one row per threat, ranked, with every stated horizon (``horizons``).

    The other arguments and the errors are those of ``competitors``.
    """
    from kg import query

    return _relations(query.threats, name, store, graph, aggregate, as_rows, include_outgoing=include_outgoing)


def dependencies(name: str, store: str | Path | None = None, *, graph: KnowledgeGraph | None = None,
                 include_incoming: bool = False, aggregate: bool = False, as_rows: bool = False) -> pd.DataFrame | list:
    """What ``name`` depends on (is built on, runs on, requires), with the evidence.

    Args:
        include_incoming: also what depends on ``name`` (``direction`` = ``dependency_of``).
        aggregate: one row per dependency, ranked.

    The other arguments and the errors are those of ``competitors``.
    """
    from kg import query

    return _relations(query.dependencies, name, store, graph, aggregate, as_rows,
                      include_incoming=include_incoming)


def claims(name: str | None = None, type: str | None = None, store: str | Path | None = None, *,
           graph: KnowledgeGraph | None = None, as_rows: bool = False) -> pd.DataFrame | list:
    """Claims about ``name`` (every claim if ``None``), optionally of one type (metric, pricing, license, …).

    The DataFrame holds ``value`` as read (a number, a list, a string) and, for numbers, ``value_min`` and
    ``value_max`` as floats and ``value_text`` as an analyst writes it ("< 15 ms", "40,000,000 USD").

    Raises:
        UnknownPluginError: if ``type`` is not a claim type.

    The other arguments and errors are those of ``competitors``.
    """
    from kg import query

    rows = query.claims(_source(store, graph), name, type)
    if as_rows:
        return rows
    from kg.frames import claim_frame

    return claim_frame(rows)


def contradictions(name: str | None = None, store: str | Path | None = None, *,
                   graph: KnowledgeGraph | None = None, as_rows: bool = False) -> pd.DataFrame | list:
    """Pairs of claims about ``name`` (about anything if ``None``) that contradict each other.

    The DataFrame has one row per contradiction: ``topic`` and ``rule``, then the two claims side by side
    (``a_text``, ``a_polarity``, ``a_quote``, …, ``b_text``, …). The arguments and errors are those of
    ``competitors``.
    """
    from kg import query

    rows = query.contradictions(_source(store, graph), name)
    if as_rows:
        return rows
    from kg.frames import contradiction_frame

    return contradiction_frame(rows)


def entities(store: str | Path | None = None, *, graph: KnowledgeGraph | None = None, type: str | None = None,
             as_rows: bool = False) -> pd.DataFrame | list:
    """Every entity with its degree (distinct related entities) and its relation, claim and mention counts.

    Args:
        type: only entities of this type (Product, Organization, Technology, …).

    Most connected first. The other arguments are those of ``competitors``.

    Raises:
        UnknownPluginError: if ``type`` is not an entity type.
    """
    from kg import query_overview, query_rows

    return _answer(query_overview.entities(_source(store, graph), type), query_rows.EntityOverviewRow, as_rows)


def stats(store: str | Path | None = None, *, graph: KnowledgeGraph | None = None,
          as_rows: bool = False) -> pd.DataFrame | list:
    """How many documents, quotes, entities, relations, claims, contradictions and mentions the graph holds.

    One row per ``kind`` and ``type`` (every known entity, relation and claim type, zero included), with
    ``count``. The arguments are those of ``competitors``.
    """
    from kg import query_overview, query_rows

    return _answer(query_overview.stats(_source(store, graph)), query_rows.StatRow, as_rows)


def sparql(text: str, store: str | Path | None = None, *,
           graph: KnowledgeGraph | None = None) -> tuple[list[str], list[list]]:
    """Run a SPARQL query against the store (or an in-memory graph): (column names, rows)."""
    from kg import query

    return query.sparql(_source(store, graph), text)


def to_networkx(graph: KnowledgeGraph):
    """The graph as a networkx MultiDiGraph (entities and claims as nodes, relations as edges)."""
    from kg.graph import to_networkx as convert

    return convert(graph)
