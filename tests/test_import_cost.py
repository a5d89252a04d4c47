"""The query side stays light: importing the CLI, the API, the queries or the store never loads spaCy or rdflib.

``kg query`` and ``kg sparql`` should start fast, so only extraction and the rdflib-based exporters and
checks may load those two. pandas is loaded only by the API's DataFrame answers, never by an import or by
the CLI. Each import runs in a fresh interpreter: this process has loaded all three already.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("spacy", "rdflib")
WITH_PANDAS = (*HEAVY, "pandas")
_REPORT = "import json, sys; print(json.dumps(sorted({m.split('.')[0] for m in sys.modules} & set(%r))))"


def _heavy_after(code: str, heavy: tuple[str, ...] = HEAVY) -> list[str]:
    """Run ``code`` in a fresh interpreter and return which of ``heavy`` it left in sys.modules."""
    script = f"{code}\n{_REPORT % (heavy,)}"
    done = subprocess.run([sys.executable, "-c", script], check=False, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("module", ["kg.cli", "kg.api", "kg.answers", "kg.query", "kg.query_overview", "kg.query_rank",
                                    "kg.store"])
def test_import_does_not_load_spacy_rdflib_or_pandas(module: str) -> None:
    assert _heavy_after(f"import {module}", WITH_PANDAS) == [], f"`import {module}` loads {WITH_PANDAS}; import lazily"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> str:
    import kg.api

    out = tmp_path_factory.mktemp("store")
    kg.api.build([Path(__file__).resolve().parent.parent / "examples" / "reviews"], out=out)
    return str(out)


def test_querying_a_built_store_does_not_load_spacy_or_rdflib(store: str) -> None:
    code = (f"import kg.api as kg\n"
            f"assert len(kg.competitors('Qdrant', store={store!r})), 'no competitors of Qdrant in the sample'\n"
            f"kg.threats('Qdrant', store={store!r}); kg.claims('Qdrant', store={store!r})\n"
            f"kg.entities(store={store!r}); kg.stats(store={store!r})\n"
            f"kg.sparql('ASK {{ ?s ?p ?o }}', store={store!r})")
    assert _heavy_after(code) == []


@pytest.mark.parametrize(("command", "fmt"), [
    (["query", "competitors", "Qdrant"], "json"), (["query", "competitors", "Qdrant", "--aggregate"], "table"),
    (["query", "claims", "Qdrant"], "csv"), (["entities"], "table"), (["stats"], "csv"),
])
def test_kg_query_command_does_not_load_spacy_rdflib_or_pandas(store: str, command: list[str], fmt: str) -> None:
    # what `kg query competitors Qdrant --store S` runs; main() exits, so report from an atexit hook
    code = ("import atexit, json, sys\n"
            f"atexit.register(lambda: print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}} & {set(WITH_PANDAS)!r}))))\n"
            f"sys.argv = ['kg', *{command!r}, '--store', {store!r}, '--format', {fmt!r}]\n"
            "from kg.cli import main\n"
            "main()")
    done = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []


@pytest.mark.parametrize("command", [["query", "competitors", "Qdrant"], ["query", "threats", "Cursor", "-f", "csv"],
                                     ["query", "dependencies", "Zep", "--incoming", "--format", "json"]])
def test_kg_query_relation_questions_load_neither_typer_nor_pydantic(store: str, command: list[str]) -> None:
    """``python -m kg query competitors X`` pays for the store and the question, not for the command framework."""
    light = (*WITH_PANDAS, "typer", "click", "rich", "pydantic")
    code = ("import atexit, json, runpy, sys\n"
            f"atexit.register(lambda: print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}} & {set(light)!r}))))\n"
            f"sys.argv = ['kg', *{command!r}, '--store', {store!r}]\n"
            "runpy.run_module('kg', run_name='__main__')")
    done = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []
