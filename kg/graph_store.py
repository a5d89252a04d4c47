"""An in-memory store of a KnowledgeGraph, so the queries run on a graph that was never written to disk."""

from __future__ import annotations

from pathlib import Path

from pyoxigraph import Store

from kg.models import KnowledgeGraph
from kg.rdf import iter_quads
from kg.store import KgStore, StoredEntity
from kg.store import _name_index as name_index  # the index a build writes: names resolve the same way

__all__ = ["graph_store"]

_CACHE_SIZE = 4
# recently used graphs and their stores; the graph itself is kept so its id() cannot be reused
_cache: dict[int, tuple[KnowledgeGraph, KgStore]] = {}


def graph_store(graph: KnowledgeGraph) -> KgStore:
    """The graph's quads in an in-memory Oxigraph store with its name index, as ``open_store`` would give.

    The store of the last few graphs is kept, so asking one graph several questions converts it once.
    """
    cached = _cache.get(id(graph))
    if cached is not None and cached[0] is graph:
        return cached[1]
    database = Store()
    database.bulk_extend(iter_quads(graph))
    index = name_index(graph)
    entities = {eid: StoredEntity(id=eid, iri=e["iri"], name=e["name"], type=e["type"],
                                  aliases=tuple(e["aliases"]), part_of=e["part_of"])
                for eid, e in index["entities"].items()}
    names = {form: tuple(ids) for form, ids in index["names"].items()}
    info = {k: v for k, v in index.items() if k not in ("entities", "names")}
    store = KgStore(path=Path("<memory>"), oxigraph=database, entities=entities, names=names, info=info)
    while len(_cache) >= _CACHE_SIZE:
        _cache.pop(next(iter(_cache)))
    _cache[id(graph)] = (graph, store)
    return store
