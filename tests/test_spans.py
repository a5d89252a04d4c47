"""kg.spans: a stretch overlaps a kept one exactly when a pass over all kept stretches says so."""

from __future__ import annotations

import random

from kg.spans import SpanIndex


def test_overlaps_as_a_pass_over_every_kept_stretch_says():
    rng = random.Random(3)
    for _ in range(200):
        kept: list[tuple[int, int]] = []
        index = SpanIndex()
        for _ in range(rng.randrange(1, 40)):
            start = rng.randrange(0, 400)
            end = start + rng.choice((0, 1, 2, 5, 63, 64, 65, 200))  # stretches of no characters, across pieces
            a, b = rng.randrange(-10, 420), rng.randrange(0, 140)
            assert index.overlaps(a, a + b) == any(s < a + b and a < e for s, e in kept)
            kept.append((start, end))
            index.add(start, end)
        built = SpanIndex(kept)
        for _ in range(50):
            a = rng.randrange(-10, 420)
            b = a + rng.choice((0, 1, 3, 64, 130))
            assert built.overlaps(a, b) == any(s < b and a < e for s, e in kept)


def test_a_stretch_of_no_characters_strictly_inside_another_overlaps_it():
    index = SpanIndex([(10, 20)])
    assert index.overlaps(15, 15) and not index.overlaps(10, 10) and not index.overlaps(20, 20)
    assert SpanIndex([(15, 15)]).overlaps(10, 20) and not SpanIndex([(10, 10)]).overlaps(10, 20)


def test_near_gives_the_item_of_every_kept_stretch_that_overlaps():
    rng = random.Random(4)
    index, kept = SpanIndex(), []
    for n in range(300):
        start = rng.randrange(0, 2000)
        end = start + rng.randrange(0, 150)
        index.add(start, end, n)
        kept.append((start, end, n))
    for _ in range(500):
        a = rng.randrange(-10, 2100)
        b = a + rng.randrange(0, 200)
        near = set(index.near(a, b))
        assert {n for s, e, n in kept if s < b and a < e} <= near
    assert SpanIndex([(3, 9)]).near(0, 5) == [(3, 9)]  # without an item, the stretch itself
