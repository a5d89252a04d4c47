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


def _heavy_after(code: str, cwd: Path | None = None) -> list[str]:
    """Run ``code`` in a fresh interpreter and return which of HEAVY it left in sys.modules."""
    script = f"{code}\n{_REPORT % (HEAVY,)}"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=cwd, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("module", ["kg.cli", "kg.api", "kg.query", "kg.store"])
def test_import_does_not_load_spacy_or_rdflib(module: str) -> None:
    assert _heavy_after(f"import {module}") == [], f"`import {module}` loads {HEAVY}; import them lazily"


def test_querying_a_built_store_does_not_load_spacy_or_rdflib(tmp_path: Path) -> None:
    import kg.api

    examples = Path(__file__).resolve().parent.parent / "examples" / "reviews"
    kg.api.build([examples], out=tmp_path)
    code = (f"import kg.api as kg\n"
            f"rows = kg.competitors('Qdrant', store={str(tmp_path)!r})\n"
            f"kg.threats('Qdrant', store={str(tmp_path)!r}); kg.claims('Qdrant', store={str(tmp_path)!r})\n"
            f"kg.sparql('ASK {{ ?s ?p ?o }}', store={str(tmp_path)!r})\n"
            f"assert rows, 'no competitors of Qdrant in the sample corpus'")
    assert _heavy_after(code) == []
