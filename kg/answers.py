"""The analyst's questions answered as pandas DataFrames (or pydantic rows), from a store or a graph in memory.

Competitors, threats, dependencies (per statement or ranked), claims, contradictions, entities and stats.

``kg.api`` re-exports every function here; pandas is imported only inside them, when a DataFrame is asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

    from kg.models import KnowledgeGraph

__all__ = ["claims", "competitors", "contradictions", "dependencies", "entities", "records", "stats", "threats"]


def _source(store: str | Path | KnowledgeGraph | None, graph: KnowledgeGraph | None):
    """The opened store to ask: ``graph`` in memory, or the store a build wrote into ``store``."""
    from kg.api import DEFAULT_STORE
    from kg.query import as_store

    if graph is not None and store is not None:
        raise TypeError("pass store= or graph=, not both")
    return as_store(graph if graph is not None else DEFAULT_STORE if store is None else store)


def _answer(rows: list, row_type: str, as_rows: bool):
    """The rows themselves, or a DataFrame with one typed column per field of ``kg.query_rows.<row_type>``."""
    if as_rows:
        return rows
    from kg import query_rows
    from kg.frames import frame

    return frame(rows, getattr(query_rows, row_type))


def _relations(ask: Callable, types: tuple[str, str], name: str, store, graph, aggregate: bool, as_rows: bool,
               **options):
    """Ask a relation query; ``types`` name its row and ranked-row models; ``aggregate`` folds and ranks the rows."""
    from kg import query
    from kg.query_rank import rank

    kg_store = _source(store, graph)
    rows = ask(kg_store, name, **options)
    if aggregate:
        rows = rank(rows, entity=query.resolve_name(kg_store, name).name,
                    documents=query.quote_documents(kg_store, (r.quote_id for r in rows)))
    return _answer(rows, types[1] if aggregate else types[0], as_rows)


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

    return _relations(query.competitors, ("CompetitorRow", "CompetitorRank"), name, store, graph, aggregate, as_rows)


def threats(name: str, store: str | Path | None = None, *, graph: KnowledgeGraph | None = None,
            include_outgoing: bool = False, aggregate: bool = False, as_rows: bool = False) -> pd.DataFrame | list:
    """Who threatens ``name``, with the horizon ("12 months") when one was stated, and the evidence.

    Args:
        include_outgoing: also what ``name`` threatens (``direction`` = ``threatens``).
        aggregate: one row per threat, ranked, with every stated horizon (``horizons``).

    The other arguments and the errors are those of ``competitors``.
    """
    from kg import query

    return _relations(query.threats, ("ThreatRow", "ThreatRank"), name, store, graph, aggregate, as_rows,
                      include_outgoing=include_outgoing)


def dependencies(name: str, store: str | Path | None = None, *, graph: KnowledgeGraph | None = None,
                 include_incoming: bool = False, aggregate: bool = False, as_rows: bool = False) -> pd.DataFrame | list:
    """What ``name`` depends on (is built on, runs on, requires), with the evidence.

    Args:
        include_incoming: also what depends on ``name`` (``direction`` = ``dependency_of``).
        aggregate: one row per dependency, ranked.

    The other arguments and the errors are those of ``competitors``.
    """
    from kg import query

    return _relations(query.dependencies, ("DependencyRow", "DependencyRank"), name, store, graph, aggregate, as_rows,
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
    from kg import query_overview

    return _answer(query_overview.entities(_source(store, graph), type), "EntityOverviewRow", as_rows)


def stats(store: str | Path | None = None, *, graph: KnowledgeGraph | None = None,
          as_rows: bool = False) -> pd.DataFrame | list:
    """How many documents, quotes, entities, relations, claims, contradictions and mentions the graph holds.

    One row per ``kind`` and ``type`` (every known entity, relation and claim type, zero included), with
    ``count``. The arguments are those of ``competitors``.
    """
    from kg import query_overview

    return _answer(query_overview.stats(_source(store, graph)), "StatRow", as_rows)


_RECORDS = {"competitors": "competitor_records", "threats": "threat_records", "dependencies": "dependency_records"}


def records(question: str, name: str, store: str | Path | None = None, *, aggregate: bool = False,
            **options: Any) -> list[dict[str, Any]]:
    """The answer to ``question`` (``competitors``, ``threats`` or ``dependencies``) as JSON-ready dicts: what
    ``kg query`` prints. Per-statement answers are read from the store without pydantic or pandas (a
    command-line query pays only for what it prints); ``aggregate`` ranks them as :func:`competitors` does.

    ``options`` are the question's own (``include_outgoing``, ``include_incoming``); the errors are those of
    ``competitors``.
    """
    from kg import query

    if question not in _RECORDS:
        raise ValueError(f"records() answers {', '.join(_RECORDS)}, not {question!r}")
    if aggregate:
        ranked = globals()[question](name, store, aggregate=True, as_rows=True, **options)
        return [r.model_dump(mode="json") for r in ranked]
    from kg.api import DEFAULT_STORE

    return getattr(query, _RECORDS[question])(DEFAULT_STORE if store is None else store, name, **options)
