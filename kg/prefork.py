"""Imported by multiprocessing's fork server: builds a worker's state once there; every worker forks with it.

Each of a build's worker processes would otherwise build the same state after it starts: the lexicon with its
compiled cue patterns, the spaCy pipeline with the catalog's matchers, and the word tables and name models its
first parse reads (1–3 CPU s each, by the machine, while this process reads the corpus on the other core).
:func:`kg.parallel.start_fork_server` names the catalog and model in the environment variable :data:`ENV`
when it starts the server; this module builds their state (:func:`kg.parallel.prefork`) as the server imports
it, and a worker forked later finds it under its setup's key. Without the variable, or if anything fails here,
the workers build their own state as before: the output never depends on it.
"""

from __future__ import annotations

import gc
import json
import os

__all__ = ["ENV"]

ENV = "KG_PREFORK"  # JSON: {"catalog": path, "none" or null, "model": name or null, "extract": bool}


def _build() -> None:
    wanted = os.environ.pop(ENV, None)
    if not wanted:
        return
    gc.disable()  # what is built here lives as long as the server: walked once, as prefork settles (kg.heap)
    try:
        spec = json.loads(wanted)
        from kg.parallel import prefork

        prefork(spec.get("catalog"), spec.get("model"), spec.get("extract", True))
    except Exception:  # noqa: BLE001  (any failure: the workers build their own state)
        return
    finally:
        gc.enable()  # the workers forked from the server collect as usual


_build()
