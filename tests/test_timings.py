"""Stage timings: recorded only inside ``recording()``, summed per stage, with wall, CPU and peak memory."""

from __future__ import annotations

import time

from kg.timings import peak_rss_mb, recording, stage


def test_stages_outside_a_recording_cost_nothing_and_record_nothing():
    with stage("alone"):
        pass
    with recording() as record:
        pass
    assert record == {}


def test_a_stage_sums_its_runs_and_keeps_wall_cpu_and_memory():
    with recording() as record:
        for _ in range(2):
            with stage("work"):
                sum(range(200_000))
        with stage("sleep"):
            time.sleep(0.05)
    assert list(record) == ["work", "sleep"]
    wall, cpu, rss = record["sleep"]
    assert wall >= 0.05 and cpu < wall and 0 < rss <= peak_rss_mb()
    assert record["work"][1] > 0


def test_nested_recordings_do_not_mix():
    with recording() as outer, stage("a"), recording() as inner, stage("b"):
        pass
    assert list(outer) == ["a"] and list(inner) == ["b"]


def test_a_stage_another_process_timed_joins_the_recording_and_the_log(caplog):
    import logging

    from kg.timings import add_stage, recording, stage

    with caplog.at_level(logging.DEBUG, logger="kg.timings"), recording() as record:
        with stage("export kg.ttl"):
            pass
        add_stage("export kg.ttl", 2.0, 1.5, 300.0)
        add_stage("graph", 1.0, 0.5, 200.0)
    assert record["export kg.ttl"][0] >= 2.0 and record["export kg.ttl"][1] >= 1.5
    assert record["export kg.ttl"][2] == 300.0 and record["graph"] == [1.0, 0.5, 200.0]
    assert "graph: 1.00 s (0.50 s CPU)" in caplog.text
