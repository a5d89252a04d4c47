"""The collector during a build: stages freeze what outlives them inside ``settling``, and leaving it unfreezes."""

from __future__ import annotations

import gc

from kg.heap import settle, settling
from kg.timings import stage


def test_settle_outside_a_build_leaves_the_collector_alone():
    gc.unfreeze()
    settle()
    assert gc.get_freeze_count() == 0


def test_a_stage_freezes_what_it_leaves_alive_and_the_outermost_block_unfreezes():
    gc.unfreeze()
    with settling():
        with stage("made"):
            kept = [[i] for i in range(1000)]
        frozen = gc.get_freeze_count()
        assert frozen >= len(kept)  # the lists the stage made are exempt from later collections
        with settling():  # nested (a build's extraction): still frozen when it ends
            settle()
        assert gc.get_freeze_count() >= frozen
    assert gc.get_freeze_count() == 0


def test_cycles_made_before_a_settle_are_collected_once_the_build_is_over():
    import weakref

    class Node:
        pass

    gc.unfreeze()
    with settling():
        node = Node()
        node.me = node  # a cycle: only the cyclic collector frees it
        ref = weakref.ref(node)
        settle(always=True)
        del node
        gc.collect()
        assert ref() is not None  # frozen: not collected while the build runs
    gc.collect()
    assert ref() is None


def test_settle_always_freezes_in_a_worker():
    gc.unfreeze()
    try:
        settle(always=True)
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
