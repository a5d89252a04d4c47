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


def test_the_collector_runs_only_as_stages_settle_within_a_build_and_is_restored_after():
    gc.unfreeze()
    assert gc.isenabled()
    with settling():
        assert not gc.isenabled()
        with settling():
            assert not gc.isenabled()
        assert not gc.isenabled()  # a nested block leaves it off
    assert gc.isenabled()
    gc.disable()  # a caller that turned it off keeps it off
    try:
        with settling():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_corpus_twice_as_large_leaves_no_more_garbage_cycles(tmp_path):
    """A build's stages freeze what they leave without collecting it: that is sound only while a build makes no
    reference cycles per quote (what it makes once, loading spaCy or defining classes, is the same either way)."""
    import shutil

    from conftest import EXAMPLES

    import kg.api

    reviews = sorted(EXAMPLES.glob("*.txt"))
    half, whole = tmp_path / "half", tmp_path / "whole"
    for folder, files in ((half, reviews[:3]), (whole, reviews)):
        folder.mkdir()
        for file in files:
            shutil.copy(file, folder)
    kg.api.extract([half], jobs=1)  # what is made once per process (the pipeline, the tables) is made here
    left = []
    gc.disable()
    try:
        for folder in (half, whole):
            gc.collect()
            graph = kg.api.extract([folder], jobs=1)
            left.append(gc.collect())  # the cycles the extraction made, unfrozen as it ended
            assert graph.quotes
    finally:
        gc.enable()
    assert left[1] <= left[0] + 10, left  # 48 quotes against 24: not one cycle a quote
