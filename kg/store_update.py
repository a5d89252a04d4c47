"""``kg add``'s store: a snapshot of the previous database with only the changed documents' named graphs replaced.

A build keeps, next to the database, a digest of what each document's named graph is made of (``graphs.json``).
``kg add`` extracts the union of the old and new inputs (cached quotes are not extracted again), then, instead
of loading every quad into a new database:

1. snapshots the previous database into the new generation (RocksDB checkpoint: its immutable table files are
   hard links, so this costs no copy and leaves the previous generation as it was);
2. drops the named graphs of documents that are gone or whose facts changed, and in the default graph (the run,
   documents, entities and contradictions) the quads of the items that changed or went: each quad there has the
   run, its agent or one item as its subject, and ``graphs.json`` keeps a digest of each item;
3. adds the quads of the changed documents' graphs, made by ``kg.rdf.iter_quads`` from a graph that holds only
   their facts, and of the changed items (``kg.rdf.default_item_quads``); a default graph that holds quotes found
   in no document, or a store whose ``graphs.json`` has no item digests, has its default graph rewritten whole;
4. updates a copy of the previous relation index (``kg.relation_index.update_index``) where those documents,
   or the entities and documents their rows show, changed.

The result holds the same quads as a fresh build of the union (``tests/test_add.py`` checks this).
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections import defaultdict
from functools import cache
from pathlib import Path

from pydantic import TypeAdapter
from pyoxigraph import DefaultGraph, NamedNode, Store

from kg.atomic import write_text
from kg.models import KnowledgeGraph, Quote
from kg.progress import ProgressCallback, report

__all__ = ["GRAPHS", "default_record", "graph_digests", "update_store", "write_digests"]

GRAPHS = "graphs.json"  # document id → digest of its named graph's facts
_FORMAT = 2  # 2: a document's digest hashes each kind of fact as one JSON list, or its quotes' keys


def _members(kg: KnowledgeGraph, only: set[str] | None = None) -> dict[str, list]:
    """The models each document's named graph is made from (of the documents in ``only``, when given), grouped as
    :func:`kg.rdf.iter_quads` groups them.

    A quote is described in the graph of every document it was found in; a relation or claim in the graph of
    its evidence's document; a mention in the graph of its quote's first document. Facts of quotes found in no
    document go to the default graph, which is rewritten whole.
    """
    members: dict[str, list] = defaultdict(list)
    quotes = {q.id: q for q in kg.quotes}
    for quote in kg.quotes:
        for doc_id in dict.fromkeys(s.doc_id for s in quote.sources):
            if only is None or doc_id in only:
                members[doc_id].append(quote)
    for fact in (*kg.relations, *kg.claims):
        if only is None or fact.evidence.doc_id in only:
            members[fact.evidence.doc_id].append(fact)
    for mention in kg.mentions:
        quote = quotes.get(mention.quote_id)
        if quote is not None and quote.sources and (only is None or quote.sources[0].doc_id in only):
            members[quote.sources[0].doc_id].append(mention)
    return members


@cache
def _as_list(model: type) -> TypeAdapter:
    return TypeAdapter(list[model])  # type: ignore[valid-type]


def graph_digests(kg: KnowledgeGraph, keys: dict[str, str] | None = None) -> dict[str, str]:
    """Document id → SHA-256 of the facts its named graph is made of: the JSON of its quotes, relations, claims
    and mentions, each kind as one list in the graph's order (one serialisation a kind, not one a model).

    With ``keys`` (quote id → the cache key of its extraction: ``kg.cache.ExtractionCache.fact_keys``) covering
    every quote found in a document, a quote's relations, claims and mentions are hashed as that key instead:
    the key holds everything the quote's extraction and its mentions are made from (the cache hands a quote
    the facts of its key), so it stands for them without their JSON. Such a digest never equals one of facts.
    """
    if _kind(kg, keys) == "keys":
        return _keyed_digests(kg, keys)  # type: ignore[arg-type]
    out = {}
    for doc_id, models in sorted(_members(kg).items()):
        kinds: dict[type, list] = {}
        for model in models:
            kinds.setdefault(type(model), []).append(model)
        digest = hashlib.sha256()
        for kind, items in kinds.items():
            digest.update(kind.__name__.encode() + b"\0" + _as_list(kind).dump_json(items) + b"\n")
        out[doc_id] = digest.hexdigest()
    return out


def _kind(kg: KnowledgeGraph, keys: dict[str, str] | None) -> str:
    """Which digests :func:`graph_digests` makes of ``kg`` with ``keys``: "keys" or "facts"."""
    return "keys" if keys is not None and all(q.id in keys for q in kg.quotes if q.sources) else "facts"


def _keyed_digests(kg: KnowledgeGraph, keys: dict[str, str]) -> dict[str, str]:
    """:func:`graph_digests` with ``keys``: per document the JSON of its quotes, then the keys of the quotes whose
    facts its graph holds (those it is the first document of), in the graph's order."""
    placed: dict[str, list] = defaultdict(list)
    owned: dict[str, list[str]] = defaultdict(list)
    for quote in kg.quotes:
        for doc_id in dict.fromkeys(s.doc_id for s in quote.sources):
            placed[doc_id].append(quote)
        if quote.sources:
            owned[quote.sources[0].doc_id].append(keys[quote.id])
    out = {}
    for doc_id in sorted(placed):
        digest = hashlib.sha256(b"keys\0Quote\0" + _as_list(Quote).dump_json(placed[doc_id]) + b"\n")
        digest.update("\n".join(owned[doc_id]).encode())
        out[doc_id] = digest.hexdigest()
    return out


def default_record(kg: KnowledgeGraph) -> dict:
    """What the default graph of ``kg`` is made of: the run's and its agent's IRIs, a digest of the run's quads (its
    IRI, its agent, the documents it used), whether quotes found in no document are there, and a digest of each
    document, entity and contradiction (a contradiction's with the run's IRI, which its quads name)."""
    from kg.rdf import agent_iri, run_iri

    run, agent = run_iri(kg.run).value, agent_iri(kg.run).value
    parts: dict[str, list[bytes]] = defaultdict(list)
    for model in (*kg.documents, *kg.entities):
        parts[model.id].append(model.model_dump_json().encode())
    for contra in kg.contradictions:
        parts[contra.id].append(contra.model_dump_json().encode() + run.encode())
    placed = {q.id for q in kg.quotes if q.sources}
    loose = len(placed) != len(kg.quotes) or any(m.quote_id not in placed for m in kg.mentions)
    ran = hashlib.sha256("\n".join([run, agent, *sorted(d.id for d in kg.documents)]).encode()).hexdigest()
    return {"run": run, "agent": agent, "run_digest": ran, "loose": loose,
            "items": {key: hashlib.sha256(b"\n".join(found)).hexdigest() for key, found in sorted(parts.items())}}


def write_digests(kg: KnowledgeGraph, root: Path, digests: dict[str, str] | None = None,
                  keys: dict[str, str] | None = None, default: dict | None = None) -> None:
    """Write ``root/graphs.json``: what :func:`update_store` compares the next graph with (``keys``: see
    :func:`graph_digests`; ``default``: :func:`default_record`)."""
    digests = graph_digests(kg, keys=keys) if digests is None else digests
    default = default_record(kg) if default is None else default
    write_text(root / GRAPHS, json.dumps({"format": _FORMAT, "kind": _kind(kg, keys), "graphs": digests,
                                          "default": default}, indent=0, sort_keys=True) + "\n")


def _read_digests(root: Path) -> tuple[str, dict[str, str], dict | None] | None:
    """(their kind, the digests, the default graph's record or None) of ``root/graphs.json`` (one written before
    there were two kinds: "facts"; before the default graph's record: None)."""
    try:
        data = json.loads((root / GRAPHS).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != _FORMAT or not isinstance(data.get("graphs"), dict):
        return None
    default = data.get("default")
    return data.get("kind", "facts"), data["graphs"], default if isinstance(default, dict) else None


def _replace_default(store: Store, old: dict | None, new: dict) -> tuple[set[str], bool, int] | None:
    """Remove from ``store``'s default graph the quads of the items (and the run) whose digests differ between the
    ``old`` and ``new`` records: (the ids of the items whose quads are to be added, whether the run's are, how many
    quads went). None where the default graph is to be rewritten whole (no old record, quotes in no document)."""
    from kg.rdf import iri

    if old is None or old.get("loose", True) or new["loose"] or not isinstance(old.get("items"), dict) \
            or not all(isinstance(old.get(key), str) for key in ("run", "agent", "run_digest")):
        return None  # (a record kg did not write whole is not trusted either)
    before, after = old["items"], new["items"]
    changed = {key for key, found in after.items() if before.get(key) != found}
    subjects = [iri(key) for key in sorted(changed | (before.keys() - after.keys()))]
    run = old.get("run_digest") != new["run_digest"]
    if run:
        subjects += [NamedNode(old["run"]), NamedNode(old["agent"])]
    removed = 0
    for subject in subjects:
        for quad in list(store.quads_for_pattern(subject, None, None, DefaultGraph())):
            store.remove(quad)
            removed += 1
    return changed, run, removed


def _quads_in(store: Store, graph: NamedNode | DefaultGraph) -> int:
    """How many quads one graph of ``store`` holds, counted by the database (iterating them in Python took 0.2 s
    for the default graph of a 10 k-quote build)."""
    where = "?s ?p ?o" if isinstance(graph, DefaultGraph) else f"GRAPH {graph} {{ ?s ?p ?o }}"
    solutions = store.query(f"SELECT (COUNT(*) AS ?n) WHERE {{ {where} }}")  # the default graph alone: not a union
    return int(next(iter(solutions))["n"].value)


def update_store(kg: KnowledgeGraph, previous: Path, out_dir: Path,
                 progress: ProgressCallback | None = None, keys: dict[str, str] | None = None) -> Path | None:
    """Write the store of ``kg`` into ``out_dir/.store`` from the store in ``previous`` (a ``.store`` folder);
    ``keys``: the quotes' extraction cache keys, which the documents' digests then hash (:func:`graph_digests`).

    Returns:
        The new ``.store`` folder, or None when ``previous`` cannot be updated (no digests, digests of the other
        kind, another format, a database that cannot be opened): the caller then writes the store afresh.
    """
    from kg.errors import StoreError
    from kg.rdf import default_item_quads, iri, iter_quads
    from kg.relation_index import update_index
    from kg.store import _DATABASE, _check, _name_index, _read_count, _read_index, seal

    recorded = _read_digests(previous)
    count = _read_count(previous)
    if recorded is None or count is None:
        return None
    try:  # what the snapshot shares with the previous store must be what that store's build wrote
        _check(previous, _read_index(previous, previous), previous)
    except StoreError:
        return None
    kind, old, old_default = recorded
    if kind != _kind(kg, keys):  # every graph would differ (a store of an earlier kg): one bulk load is faster
        return None
    new, new_default = graph_digests(kg, keys=keys), default_record(kg)
    changed = sorted(d for d in new if old.get(d) != new[d])
    gone = sorted(set(old) - set(new))
    members = _members(kg, set(changed))
    root = out_dir / ".store"
    root.mkdir(parents=True, exist_ok=True)
    database = root / _DATABASE
    try:
        Store.read_only(str(previous / _DATABASE)).backup(str(database))
    except (OSError, ValueError):
        shutil.rmtree(database, ignore_errors=True)
        return None
    report(progress, "updating the store", 0, len(changed) + len(gone))
    store = Store(str(database))
    for doc_id in (*changed, *gone):
        graph = iri(doc_id)
        if store.contains_named_graph(graph):
            count -= _quads_in(store, graph)
            store.remove_graph(graph)
    items = _replace_default(store, old_default, new_default)
    if items is None:  # the default graph rewritten whole
        count -= _quads_in(store, DefaultGraph())
        store.clear_graph(DefaultGraph())
    else:
        count -= items[2]
    part = {id(m) for d in changed for m in members[d]}
    placed = {q.id for q in kg.quotes if q.sources}
    whole = items is None
    subset = KnowledgeGraph.model_construct(  # the changed documents' facts, and the default graph's if rewritten
        run=kg.run, documents=kg.documents if whole else (), entities=kg.entities if whole else (),
        contradictions=kg.contradictions if whole else (),
        quotes=tuple(q for q in kg.quotes if not q.sources or id(q) in part),
        relations=tuple(r for r in kg.relations if id(r) in part), claims=tuple(c for c in kg.claims if id(c) in part),
        mentions=tuple(m for m in kg.mentions if id(m) in part or m.quote_id not in placed), report=())
    wanted = {iri(d) for d in changed}
    quads = [q for q in iter_quads(subset) if q.graph_name in wanted or whole and isinstance(q.graph_name, DefaultGraph)]
    if items is not None:
        quads += default_item_quads(kg, items[0], items[1])
    store.bulk_extend(quads)
    store.flush()
    count += len(quads)
    report(progress, "updating the store", len(changed) + len(gone), len(changed) + len(gone))
    del store  # closes the database
    write_digests(kg, root, new, keys, new_default)
    update_index(root, previous, kg, [*changed, *gone])  # the relation questions' rows that may have changed
    seal(root, _name_index(kg) | {"quads": count}, previous=previous)
    return root

