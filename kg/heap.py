"""The garbage collector during a build: what outlives a stage is frozen, so later collections do not walk it again.

A build holds millions of long-lived objects (the corpus, each quote's parse and context, the jobs, the graph).
CPython's cyclic collector walks every tracked object in its oldest generation each time that generation is
collected, which happens over and over while a build allocates: at 10,000 quotes about a dozen full collections
cost 3.5 s of the main process's one-core build, all of it time with no other work on the second core. Inside
:func:`settling` (a build, an extraction), :func:`settle` moves every object alive into the collector's permanent
generation (``gc.freeze``) after collecting the young generations, so a later collection walks only what was made
since. The stages of :mod:`kg.timings` settle as they end. Leaving the outermost block unfreezes everything, so a
long-lived caller (a notebook) gets its normal collector back; garbage cycles made before a settle are collected
then. A worker process settles once its pipeline is built (``kg.parallel``). Processes forked later (the exports,
a part of the quads) inherit the frozen objects, and the collector does not touch their pages: fewer pages copied.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["settle", "settling"]

_depth = 0  # nested settling blocks open in this process


@contextmanager
def settling() -> Iterator[None]:
    """Within this block, :func:`settle` freezes what is alive; the outermost block unfreezes it on exit."""
    global _depth
    _depth += 1
    try:
        yield
    finally:
        _depth -= 1
        if _depth == 0:
            gc.unfreeze()


def settle(*, always: bool = False) -> None:
    """Inside :func:`settling` (or with ``always``): collect the young generations, then freeze everything alive."""
    if _depth or always:
        gc.collect(1)
        gc.freeze()
