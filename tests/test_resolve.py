"""Resolution: titles, releases, features, discovered names and company-prefixed products."""

from __future__ import annotations

import pytest
from helpers import run_docs


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return run_docs(tmp_path_factory.mktemp("resolve"), [
        ("Acmebase 2.1 vs Widgetly (Turbo Mode + Sync)", [
            "Acmebase 2.1 is fast, and Turbo Mode makes Widgetly faster still.",
            "AWS Step Functions is what we compared it against; our lead is ex-Google.",
            "We also tried gpt-4o-transcribe for the call notes.",
        ]),
    ])


def _names(graph):
    return {e.name: e for e in graph.entities}


def test_title_release_folds_into_its_product(graph):
    names = _names(graph)
    release = names["Acmebase 2.1"]
    assert release.part_kind == "release" and names["Acmebase"].id == release.part_of


def test_subtitle_names_are_features_of_the_product_they_follow(graph):
    names = _names(graph)
    assert names["Turbo Mode"].part_kind == "feature" and names["Turbo Mode"].part_of == names["Widgetly"].id


def test_company_prefixed_product_is_its_own_product(graph):
    names = _names(graph)
    assert names["AWS Step Functions"].type == "Product"
    assert names["AWS Step Functions"].maker == names["AWS"].id if "AWS" in names else True


def test_former_employer_is_not_a_mention(graph):
    assert "Google" not in _names(graph)


def test_hyphenated_sibling_is_not_the_catalog_product(graph):
    names = _names(graph)
    assert "gpt-4o-transcribe" in names and "GPT-4o" not in names


def test_discovered_names_are_reported(graph):
    discovered = {r.message.split(" (")[0] for r in graph.report if r.kind == "discovered_entity"}
    assert {"Acmebase", "Widgetly"} <= discovered


def test_title_form_patterns_are_compiled_once_per_form_not_per_quote(tmp_path):
    from kg.resolve import _form_pattern

    _form_pattern.cache_clear()
    quotes = [f"Acmebase handles case {n} well, and Widgetly does not." for n in range(40)]
    graph = run_docs(tmp_path, [("Acmebase vs Widgetly", quotes)])
    assert {"Acmebase", "Widgetly"} <= {e.name for e in graph.entities}
    info = _form_pattern.cache_info()
    assert info.misses <= 4 and info.hits >= 40  # a handful of forms, looked up for every quote


def test_resolution_imports_no_extraction_stage():
    """Stages import downward only: name resolution (and its name discovery) never imports kg.extract."""
    import ast
    from pathlib import Path

    import kg

    for module in ("resolve.py", "names.py", "lexicon.py", "prefilter.py"):
        tree = ast.parse((Path(kg.__file__).parent / module).read_text(encoding="utf-8"))
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        assert not any(name.startswith("kg.extract") for name in imported), (module, imported)
