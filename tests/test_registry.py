"""The exporter registry: the registered names are exactly the committed list, and suffixes map to them."""

from __future__ import annotations

import importlib

import pytest

from kg.errors import UnknownPluginError
from kg.models import KnowledgeGraph, RunInfo
from kg.registry import exporters, get_exporter, guess_format

# module → the exporter names it registers (the committed list)
EXPORTERS = {
    "kg.export.rdf": {"turtle", "json-ld", "n-triples", "trig", "n-quads"},
    "kg.export.graphml": {"graphml", "graphml-yed", "graphml-neo4j"},
    "kg.export.gexf": {"gexf"},
    "kg.export.cytoscape": {"cytoscape"},
    "kg.export.tables": {"csv"},
    "kg.export.html": {"html"},
}
SUFFIXES = {
    "kg.export.graphml": {"out.graphml": "graphml", "OUT.GRAPHML": "graphml", "x.yed.graphml": "graphml-yed",
                          "x.neo4j.graphml": "graphml-neo4j"},
    "kg.export.gexf": {"out.gexf": "gexf"},
    "kg.export.cytoscape": {"out.cyjs": "cytoscape", "out.cytoscape.json": "cytoscape"},
    "kg.export.html": {"out.html": "html", "dir/view.htm": "html"},
    "kg.export.rdf": {"out.ttl": "turtle", "out.nt": "n-triples", "out.nq": "n-quads", "out.trig": "trig",
                      "out.jsonld": "json-ld"},
}


def _importable(module: str) -> bool:
    try:
        importlib.import_module(module)
    except ModuleNotFoundError as err:
        if err.name == module:
            return False
        raise
    return True


PRESENT = [m for m in EXPORTERS if _importable(m)]


def test_registered_names_are_the_committed_list():
    get_exporter("graphml")  # loads the built-in exporter modules
    expected = set().union(*(EXPORTERS[m] for m in PRESENT))
    assert set(exporters.get_all()) == expected


@pytest.mark.parametrize("path,name", [(p, n) for m in PRESENT for p, n in SUFFIXES.get(m, {}).items()])
def test_guess_format(path, name):
    assert guess_format(path) == name


def test_unknown_suffix_and_name():
    assert guess_format("notes.docx") is None
    assert guess_format("tables") is None  # the csv exporter writes a folder: never guessed
    with pytest.raises(UnknownPluginError, match="graphml"):
        get_exporter("graphmll")


def test_only_tables_write_a_folder():
    get_exporter("graphml")
    folders = {name for name, exporter in exporters.get_all().items() if exporter.directory}
    assert folders == ({"csv"} if "kg.export.tables" in PRESENT else set())


@pytest.mark.parametrize("name", ["graphml", "graphml-yed", "graphml-neo4j", "gexf", "cytoscape", "csv", "html"])
def test_property_graph_exporters_write_an_empty_graph(tmp_path, name):
    run = RunInfo(kg_version="0.1.0", catalog=None, model="blank:en", inputs=(), documents=0, quotes=0, skipped=0)
    target = tmp_path / "out"
    get_exporter(name).write(KnowledgeGraph(run=run), target)
    assert target.exists() and (target.is_dir() or target.stat().st_size > 0)
