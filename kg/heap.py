"""The garbage collector during a build: off between stages, which collect and freeze what outlives them.

A build holds millions of long-lived objects (the corpus, each quote's parse and context, the jobs, the graph).
CPython's cyclic collector walks every tracked object in its oldest generation each time that generation is
collected, which happens over and over while a build allocates: at 10,000 quotes about a dozen full collections
cost 3.5 s of the main process's one-core build, all of it time with no other work on the second core. Inside
:func:`settling` (a build, an extraction), :func:`settle` moves every object alive into the collector's permanent
generation (``gc.freeze``) after collecting the young generations, so a later collection walks only what was made
since. The stages of :mod:`kg.timings` settle as they end.

Within the outermost block the collector does not run on its own (``gc.disable``): each object a stage makes is
walked once, when the stage settles, rather than in every young collection it survives and every full collection
after that. A build makes few reference cycles (about a hundred objects in an add to a 10,000-quote store, about
three a quote where this process parses with spaCy itself), and those a stage makes are collected as it settles.
Leaving the outermost block unfreezes everything and turns the collector back on (if it was on), so a long-lived
caller (a notebook) gets it back as it was; garbage cycles made before a settle are collected then. A worker
process settles once its pipeline is built (``kg.parallel``) and keeps its collector. Processes forked later (the
exports, a part of the quads) inherit the frozen objects, and the collector does not touch their pages: fewer pages
copied.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["settle", "settling"]

_depth = 0  # nested settling blocks open in this process
_was_on = True  # whether the collector ran on its own when the outermost block began


@contextmanager
def settling() -> Iterator[None]:
    """Within this block the collector runs only when :func:`settle` collects (then freezes what is alive); the
    outermost block unfreezes it on exit and turns automatic collection back on if it was on."""
    global _depth, _was_on
    if _depth == 0:
        _was_on = gc.isenabled()
        gc.disable()
    _depth += 1
    try:
        yield
    finally:
        _depth -= 1
        if _depth == 0:
            gc.unfreeze()
            if _was_on:
                gc.enable()


def settle(*, always: bool = False) -> None:
    """Inside :func:`settling` (or with ``always``): collect the young generations, then freeze everything alive."""
    if _depth or always:
        gc.collect(1)
        gc.freeze()
