"""Starting multiprocessing's fork server for kg's workers, in a module light enough to do it first thing.

Workers start from the fork server, which imports spaCy and builds their state once (:mod:`kg.prefork`): about
three CPU seconds on a core of its own. A command that knows early that it will use workers (``kg add``: its
store's build record names the catalog and model) starts the server before it imports the rest of kg (0.3 s on
the main core), so that the server's seconds overlap that too. This module imports nothing heavy for that reason;
``kg.parallel`` uses the same list and function.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

__all__ = ["PRELOAD", "start"]

# what the fork server imports: workers fork with spaCy imported (and with their state, kg.prefork)
PRELOAD = ["kg.pipeline", "kg.nlp", "kg.prefork"]


def start(catalog: object = None, model: str | None = None, extract: bool = True) -> None:
    """Start multiprocessing's fork server now, where workers start by one: it imports spaCy and kg's pipeline
    (about a CPU second) while this process goes on, before the first worker waits for it. Nothing once a fork
    server runs.

    The server also builds the state of workers of this ``catalog`` (a file, ``"none"`` or None for the shipped
    one; another object, such as a loaded ``kg.catalog.Catalog``, builds nothing ahead) and ``model``
    (``kg.parallel.prefork``), once, before it forks any: they start with it. Without ``extract``, only what a
    parse reads (an add's one worker parses the new quotes first, and this process waits for them: it builds the
    rest while names are resolved, ``kg.parallel.Runner.warm``).
    """
    import multiprocessing
    from multiprocessing import forkserver

    from kg.prefork import ENV

    if "forkserver" not in multiprocessing.get_all_start_methods():
        return
    forkserver.set_forkserver_preload(PRELOAD)
    if catalog is None or isinstance(catalog, (str, os.PathLike)):
        where = catalog if catalog is None or str(catalog).lower() == "none" else str(Path(catalog).resolve())
        os.environ[ENV] = json.dumps({"catalog": where, "model": None if model is None else str(model),
                                      "extract": extract})
    try:
        forkserver.ensure_running()  # the server takes this environment
    finally:
        os.environ.pop(ENV, None)
