"""A large store without a large build: copies of one extracted graph, renamed, loaded into a kg store.

Extraction of 100 k quotes takes far longer than a query benchmark should wait, and the queries only need a
store of the right size and shape. So a base corpus is extracted once (default: ``examples/reviews`` and the
project's annotated sets, ≈ 570 quotes), and the store is filled with copies of its graph:

- every document, quote, relation, claim and contradiction id gets the copy's suffix (``-c7``), so each copy
  adds its own documents, quotes, facts, evidence and mentions (≈ 200 quads per quote);
- entities are shared by groups of ``--share`` copies (default 10): copy ``c`` renames every entity to
  ``NAME gG`` (``G = c % groups``), group 0 keeping the real names. A product is thus talked about ``share``
  times as often as in the base corpus, whatever the store's size, and ``Qdrant`` is one of them;
- the name index and the relation index are those a build writes, so ``kg query`` and ``kg sparql`` open the
  store as usual.

    python benchmarks/big_store.py --quotes 10000 --out /tmp/kg10k
    kg query competitors Qdrant --store /tmp/kg10k
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASE_INPUTS = ("examples/reviews", "tests/data/real/dev/corpus", "tests/data/heldout", "tests/data/dev2",
               "tests/data/dev3", "tests/data/dev4")
_ID_KEYS = {"id", "doc_id", "quote_id", "quote_ids", "subject", "maker", "part_of", "entity_id", "source",
            "target", "about", "claim_a", "claim_b"}
_COPIED_KINDS = ("doc:", "q:", "rel:", "claim:", "contra:")


def base_graph(inputs: list[str], cache: Path | None = None):
    """The graph of the base corpus (extracted once; ``cache`` keeps it as JSON between runs)."""
    from kg.models import KnowledgeGraph

    if cache is not None and cache.is_file():
        return KnowledgeGraph.model_validate_json(cache.read_bytes())
    import kg.api

    graph = kg.api.extract([ROOT / p if not Path(p).is_absolute() else Path(p) for p in inputs])
    if cache is not None:
        cache.write_text(graph.model_dump_json(), encoding="utf-8")
    return graph


def _rename(value: object, key: str, copy: int, group: int) -> object:
    if isinstance(value, dict):
        return {k: _rename(v, k, copy, group) for k, v in value.items()}
    if isinstance(value, list):
        return [_rename(v, key, copy, group) for v in value]
    if isinstance(value, str) and key in _ID_KEYS:
        if value.startswith(_COPIED_KINDS):
            return f"{value}-c{copy}"
        if value.startswith("ent:") and group:
            return f"{value}-g{group}"
    return value


def copy_graph(base: dict, copy: int, group: int):
    """Copy ``copy`` of the base graph (a ``model_dump``), its entities those of ``group``."""
    from kg.models import KnowledgeGraph

    data = _rename(base, "", copy, group)
    for doc in data["documents"]:
        doc["name"] = f"c{copy}/{doc['name']}"
    if group:
        for e in data["entities"]:
            e["name"] = f"{e['name']} g{group}"
            e["aliases"] = [f"{a} g{group}" for a in e["aliases"]]
    return KnowledgeGraph.model_validate(data)


def make_store(out: Path, quotes: int, base, share: int = 10, progress=None) -> dict:
    """Write a store of about ``quotes`` quotes into ``out/.store`` (copies of ``base``); returns its figures."""
    from pyoxigraph import Store

    from kg.models import KnowledgeGraph
    from kg.rdf import to_quads
    from kg.relation_index import IndexRows, write_index
    from kg.store import _DATABASE, STORE_DIR, _name_index, seal

    copies = max(1, math.ceil(quotes / max(1, len(base.quotes))))
    groups = max(1, math.ceil(copies / share))
    root = out / STORE_DIR
    (root / _DATABASE).mkdir(parents=True, exist_ok=False)
    dumped = base.model_dump(mode="json")
    store = Store(str(root / _DATABASE))
    entities: dict[str, object] = {}
    rows = IndexRows()  # the relation index a build writes beside the store, gathered copy by copy
    written = loaded = 0
    for copy in range(copies):
        graph = copy_graph(dumped, copy, copy % groups)
        quads = to_quads(graph)
        store.bulk_extend(quads)
        written += len(quads)
        loaded += len(graph.quotes)
        entities.update((e.id, e) for e in graph.entities)
        rows.add(graph)
        if progress:
            progress(copy + 1, copies)
    store.flush()
    store.optimize()
    del store
    index_graph = KnowledgeGraph.model_construct(run=base.run, entities=tuple(entities.values()))
    write_index(root, rows)
    seal(root, _name_index(index_graph) | {"quads": written})
    return {"quotes": loaded, "copies": copies, "groups": groups, "quads_written": written,
            "entities": len(entities)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quotes", type=int, default=10_000, help="about how many quotes the store holds")
    parser.add_argument("--out", type=Path, required=True, help="a new folder for the store")
    parser.add_argument("--share", type=int, default=10, help="copies that share each entity")
    parser.add_argument("--base", nargs="*", default=list(BASE_INPUTS), help="the base corpus")
    parser.add_argument("--cache", type=Path, default=None, help="keep the base graph here as JSON")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    base = base_graph(args.base, args.cache)
    figures = make_store(args.out, args.quotes, base, args.share,
                         progress=lambda i, n: print(f"copy {i}/{n}", file=sys.stderr) if i % 10 == 0 else None)
    figures["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
