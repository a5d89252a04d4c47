"""The garbage collector during a build: off, with what each stage leaves alive frozen as it ends.

A build holds millions of long-lived objects (the corpus, each quote's parse and context, the jobs, the graph).
CPython's cyclic collector walks every tracked object in its oldest generation each time that generation is
collected, which happens over and over while a build allocates: at 10,000 quotes about a dozen full collections
cost 3.5 s of the main process's one-core build, all of it time with no other work on the second core; and every
object that lives through a stage is walked again by the young collections it survives. Inside :func:`settling`
(a build, an extraction) the collector does not run on its own (``gc.disable``), and :func:`settle` moves every
object alive into its permanent generation (``gc.freeze``) as each stage of :mod:`kg.timings` ends, without
walking them.

That holds because a build makes almost no reference cycles, and none per quote: the few hundred objects in cycles
it makes (closures and classes made once, spaCy's configuration as a pipeline loads: 3,000 objects) are frozen with
the rest and collected after the build. ``tests/test_heap.py`` checks that a corpus twice as large leaves no more.
Leaving the outermost block unfreezes everything and turns the collector back on (if it was on), so a long-lived
caller (a notebook) gets it back as it was. A worker process collects, then freezes, once its pipeline is built
(``settle(always=True)``, ``kg.parallel``), and keeps its collector. Processes forked later (the exports, a part of
the quads) inherit the frozen objects, and the collector does not touch their pages: fewer pages copied.
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
    """Within this block the collector does not run on its own and :func:`settle` freezes what is alive; the
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
    """Inside :func:`settling`: freeze everything alive. With ``always`` (a worker once its state is built, inside a
    build or not): collect the young generations first."""
    if always:
        gc.collect(1)
        gc.freeze()
    elif _depth:
        gc.freeze()
