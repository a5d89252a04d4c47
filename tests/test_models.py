"""The schema's own behaviour: a graph's JSON written piece by piece is its ``model_dump_json()``,
indented or not."""

from __future__ import annotations

import json

import pytest

from kg.models import Entity, KnowledgeGraph, ReportItem, RunInfo

RUN = RunInfo(kg_version="0", catalog=None, model="blank:en", inputs=("a.txt",), documents=1, quotes=1,
              skipped=0)


def _graph(entities: int) -> KnowledgeGraph:
    names = ["Café Déjà", "Zürich “DB”", "日本語", 'say "hi"\n', "plain"]
    return KnowledgeGraph(
        run=RUN,
        entities=tuple(Entity(id=f"ent:{i}", name=names[i % len(names)], type="Product", aliases=(f"a{i}",))
                       for i in range(entities)),
        report=(ReportItem(kind="discovered_entity", message="x — y"),),
    )


@pytest.mark.parametrize("entities", [0, 1, 5, 6, 11])
@pytest.mark.parametrize("batch", [1, 5, 2000])
@pytest.mark.parametrize("indent", [None, 1, 2])  # the store's kg.json; ``kg extract``'s JSON
def test_json_pieces_are_model_dump_json(entities: int, batch: int, indent: int | None) -> None:
    graph = _graph(entities)
    text = "".join(graph.json_pieces(batch=batch, indent=indent))
    assert text == graph.model_dump_json(indent=indent)  # byte for byte: empty lists, batch ends, escapes
    assert KnowledgeGraph.model_validate_json(text) == graph


def test_json_pieces_never_hold_a_whole_list() -> None:
    graph = _graph(11)
    pieces = list(graph.json_pieces(batch=5))
    entities = [json.loads(f"[{p.lstrip(',')}]") for p in pieces if p.lstrip(",").startswith('{"id":"ent:')]
    assert [len(e) for e in entities] == [5, 5, 1]
