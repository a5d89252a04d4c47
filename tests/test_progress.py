"""Progress reports: what ``track`` tells a callback, and the plain lines ``logged`` writes."""

from __future__ import annotations

import logging

from kg.progress import logged, report, track


def test_track_reports_start_each_item_and_end():
    calls = []
    items = list(track(["a", "b", "c"], "extracting", lambda *args: calls.append(args)))
    assert items == ["a", "b", "c"]
    assert calls == [("extracting", 0, 3), ("extracting", 1, 3), ("extracting", 2, 3), ("extracting", 3, 3)]


def test_track_of_a_generator_ends_with_done_equal_total():
    calls = []
    assert list(track((i for i in range(2)), "reading", lambda *args: calls.append(args))) == [0, 1]
    assert calls[0] == ("reading", 0, None) and calls[-1] == ("reading", 2, 2)


def test_track_and_report_without_a_callback_pass_through():
    assert list(track(range(3), "x", None)) == [0, 1, 2]
    report(None, "x", 1, 2)  # nothing to call, nothing raised


def test_logged_writes_the_start_then_at_most_one_line_per_interval_then_the_end(caplog):
    now = [0.0]
    callback = logged(interval=5, clock=lambda: now[0])
    with caplog.at_level(logging.INFO, logger="kg.progress"):
        callback("extracting", 0, 5000)
        for done, at in ((100, 1.0), (200, 4.9), (1200, 5.1), (1300, 6.0), (5000, 7.0)):
            now[0] = at
            callback("extracting", done, 5000)
    assert [r.getMessage() for r in caplog.records] == [
        "extracting: 0/5,000 (0%)", "extracting: 1,200/5,000 (24%)", "extracting: 5,000/5,000 done"]
    assert all(r.name == "kg.progress" for r in caplog.records)
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="kg.progress"):
        callback("loading the store", 0, None)  # a stage that cannot count ahead
        callback("loading the store", 10365, 10365)
    assert [r.getMessage() for r in caplog.records] == ["loading the store: started",
                                                        "loading the store: 10,365/10,365 done"]
