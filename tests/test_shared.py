"""What a build makes once: the quads (one N-Quads file) and the property graph, shared by every exporter."""

from __future__ import annotations

import pytest

import kg.graph
import kg.rdf
from kg import api
from kg.shared import sharing, views


def test_a_build_makes_the_quads_and_the_property_graph_once(tmp_path, sample_kg, monkeypatch):
    calls = {"quads": 0, "networkx": 0}
    iter_quads, to_networkx = kg.rdf.iter_quads, kg.graph.to_networkx

    def counted_quads(graph, part=0, parts=1):  # with two jobs or more a forked process writes the other part
        calls["quads"] += 1
        return iter_quads(graph, part, parts)

    def counted_networkx(graph):
        calls["networkx"] += 1
        return to_networkx(graph)

    monkeypatch.setattr(kg.rdf, "iter_quads", counted_quads)
    monkeypatch.setattr(kg.graph, "to_networkx", counted_networkx)
    written, skipped = api._write_all(sample_kg, tmp_path, api.BUILD_FORMATS)
    assert skipped == [] and len(written) == len(api.BUILD_FORMATS) + 1
    assert calls == {"quads": 1, "networkx": 1}  # five RDF formats + store; seven property-graph exports
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".kg-work-")]  # the shared file is gone


def test_views_are_shared_inside_sharing_and_fresh_outside(tmp_path, sample_kg):
    with sharing(sample_kg, tmp_path / "work") as shared:
        with views(sample_kg) as a, views(sample_kg) as b:
            assert a is b is shared and a.networkx is b.networkx
            assert a.quads_path.parent == tmp_path / "work" and a.quads_path.is_file()
        shared.release()
        assert shared.networkx is not None  # made again on demand
    assert not (tmp_path / "work").exists()
    with views(sample_kg) as fresh:
        folder = fresh.quads_path.parent
        assert fresh is not shared and folder.is_dir()
    assert not folder.exists()


def test_the_shared_quads_are_every_quad_once(sample_kg):
    with views(sample_kg) as view:
        lines = view.quads_path.read_bytes().splitlines()
        parsed = list(view.quads())
    assert len(lines) == len(set(lines)) == len(parsed) == len(kg.rdf.to_quads(sample_kg))


@pytest.mark.parametrize("format", ["graphml", "graphml-yed", "graphml-neo4j", "gexf", "cytoscape", "csv"])
def test_property_graph_exports_stream_from_the_shared_graph(tmp_path, format):
    """Writing an export holds a small fraction of the file in memory: it streams from the one networkx graph
    (the writers used to build the whole text, an element tree, a JSON document or the tables first: 3-9x the
    file)."""
    import tracemalloc

    from large_graph import large_kg

    from kg.registry import get_exporter

    graph = large_kg(2_000)
    path = tmp_path / "out"
    with sharing(graph, tmp_path / "work") as shared:
        _ = shared.networkx
        tracemalloc.start()
        tracemalloc.reset_peak()  # pytest may be tracing already: count from here
        try:
            get_exporter(format).write(graph, path)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
    size = sum(p.stat().st_size for p in path.iterdir()) if path.is_dir() else path.stat().st_size
    assert size > 1_000_000
    # the tables also keep every node's labels and the columns in use per label and type, for the load scripts
    assert peak < (size * 1.5 if format == "csv" else size / 2.5), (peak, size)
