"""The query side stays light: importing the CLI, the API, the queries or the store never loads spaCy or rdflib.

``kg query`` and ``kg sparql`` should start fast, so only extraction and the rdflib-based exporters and
checks may load those two. Each import runs in a fresh interpreter: this process has loaded both already.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("spacy", "rdflib")
_REPORT = "import json, sys; print(json.dumps(sorted({m.split('.')[0] for m in sys.modules} & set(%r))))"


def _heavy_after(code: str) -> list[str]:
    """Run ``code`` in a fresh interpreter and return which of HEAVY it left in sys.modules."""
    script = f"{code}\n{_REPORT % (HEAVY,)}"
    done = subprocess.run([sys.executable, "-c", script], check=False, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("module", ["kg.cli", "kg.api", "kg.query", "kg.store"])
def test_import_does_not_load_spacy_or_rdflib(module: str) -> None:
    assert _heavy_after(f"import {module}") == [], f"`import {module}` loads {HEAVY}; import them lazily"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> str:
    import kg.api

    out = tmp_path_factory.mktemp("store")
    kg.api.build([Path(__file__).resolve().parent.parent / "examples" / "reviews"], out=out)
    return str(out)


def test_querying_a_built_store_does_not_load_spacy_or_rdflib(store: str) -> None:
    code = (f"import kg.api as kg\n"
            f"assert kg.competitors('Qdrant', store={store!r}), 'no competitors of Qdrant in the sample'\n"
            f"kg.threats('Qdrant', store={store!r}); kg.claims('Qdrant', store={store!r})\n"
            f"kg.sparql('ASK {{ ?s ?p ?o }}', store={store!r})")
    assert _heavy_after(code) == []


def test_kg_query_command_does_not_load_spacy_or_rdflib(store: str) -> None:
    # what `kg query competitors Qdrant --store S` runs; main() exits, so report from an atexit hook
    code = ("import atexit, json, sys\n"
            f"atexit.register(lambda: print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}} & {set(HEAVY)!r}))))\n"
            f"sys.argv = ['kg', 'query', 'competitors', 'Qdrant', '--store', {store!r}, '--format', 'json']\n"
            "from kg.cli import main\n"
            "main()")
    done = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []
