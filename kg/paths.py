"""Where kg's data files live: the ``ontology/`` folder, or the folder ``KG_ONTOLOGY`` names."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["ONTOLOGY_ENV", "ontology_dir", "shipped_ontology_dir"]

ONTOLOGY_ENV = "KG_ONTOLOGY"


def ontology_dir() -> Path:
    """The folder of kg's data files (catalog, cue patterns, lexicons, fact types, RDF vocabulary, weights).

    ``KG_ONTOLOGY=/some/folder`` replaces the whole folder: copy the shipped ``ontology/`` and edit the copy.
    Otherwise a checkout (or editable install) reads the top-level ``ontology/``; an installed wheel carries
    the same files as ``kg/ontology/``.
    """
    chosen = os.environ.get(ONTOLOGY_ENV)
    return Path(chosen) if chosen else shipped_ontology_dir()


def shipped_ontology_dir() -> Path:
    """The ``ontology/`` folder kg ships: the checkout's top-level one, or an installed wheel's ``kg/ontology/``."""
    here = Path(__file__).resolve().parent
    checkout = here.parent / "ontology"
    return checkout if (checkout / "catalog.jsonl").is_file() else here / "ontology"
