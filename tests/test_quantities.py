"""Metrics and prices: value, unit and comparator from review prose; years and horizons are not metrics."""

from __future__ import annotations

import pytest

from kg.extract.quantities import find_metrics, find_prices, parse_number


def _metrics(text, skip=()):
    return [(q.value, q.unit, q.comparator, text[q.start:q.end]) for q in find_metrics(text, list(skip))]


def _prices(text):
    return [(q.value, q.unit, q.comparator, text[q.start:q.end]) for q in find_prices(text)]


@pytest.mark.parametrize("text,expected", [
    ("p95 under 20 ms even with filters on", [(20.0, "ms", "<", "under 20 ms")]),
    ("sitting at ~12k GitHub stars", [(12000.0, "stars", "~", "~12k GitHub stars")]),
    ("it ships with 8B parameters", [(8e9, "parameters", "=", "8B parameters")]),
    ("the 70B model barely fits", [(7e10, "parameters", "=", "70B model")]),
    ("a 128k context window is standard now", [(128000.0, "tokens", "=", "128k context window")]),
    ("with 128k context it reads whole repos", [(128000.0, "tokens", "=", "128k context")]),
    ("3x faster than the last release", [(3.0, "x", "=", "3x")]),
    ("Sub-200ms cold starts", [(200.0, "ms", "<", "Sub-200ms")]),
    ("about 1.5 seconds per page", [(1.5, "s", "~", "about 1.5 seconds")]),
    ("north of 1,200 contributors", [(1200.0, "contributors", ">", "north of 1,200 contributors")]),
    ("needs at least 16 GB of RAM", [(16.0, "GB", ">=", "at least 16 GB")]),
    ("it serves 45 tok/s on an M2", [(45.0, "tokens/s", "=", "45 tok/s")]),
    ("over 40% cheaper per query", [(40.0, "%", ">", "over 40%")]),
    ("up to 32k tokens of history", [(32000.0, "tokens", "<=", "up to 32k tokens")]),
    ("p99 of 300ms and 2.2k stars", [(300.0, "ms", "=", "300ms"), (2200.0, "stars", "=", "2.2k stars")]),
    ("it takes 50k writes per second", [(50000.0, "writes/s", "=", "50k writes per second")]),  # a count per time
    ("it logs 2 GB per hour", [(2.0, "GB/h", "=", "2 GB per hour")]),
    ("north of 1.4M executions a month", [(1400000.0, "executions/month", ">", "north of 1.4M executions a month")]),
    ("about 1.5 seconds per page, 10 ms per request", [(1.5, "s", "~", "about 1.5 seconds"), (10.0, "ms", "=", "10 ms")]),
    ("it had 500 stars a year ago", [(500.0, "stars", "=", "500 stars")]),
    ("the loop runs at 8 kHz, the radio at 2.4 GHz", [(8.0, "kHz", "=", "8 kHz"), (2.4, "GHz", "=", "2.4 GHz")]),
])
def test_metrics(text, expected):
    assert _metrics(text) == expected


@pytest.mark.parametrize("text", [
    "founded in 2021 and profitable by 2027",
    "the 2025 release notes",
    "within 18 months the category consolidates",
    "expect it in 12-18 months",
    "three years of runway and 6 months of backlog",
    "version 1.12 is out",
    "Qwen2.5-7B and Phi-4 on one box",
])
def test_years_horizons_and_ranges_are_not_metrics(text):
    assert find_metrics(text) == []


def test_a_range_is_one_metric_not_two():
    assert _metrics("a 12-18 ms spread between runs") == [([12.0, 18.0], "ms", "range", "12-18 ms")]


def test_skip_spans_hide_numbers_inside_names():
    text = "Gemma 3 12B model ran at 30 tok/s"
    assert _metrics(text, skip=[(0, 11)]) == [(30.0, "tokens/s", "=", "30 tok/s")]
    assert [v for v, *_ in _metrics(text)] == [12e9, 30.0]


def test_between_range_is_not_a_single_value():
    assert [(q.value, q.comparator) for q in find_metrics("latency between 10 and 20 ms")] in (
        [], [([10.0, 20.0], "range")])


def test_plus_suffixed_count():
    assert [(q.value, q.unit) for q in find_metrics("already 50k+ downloads on PyPI")] == [(50000.0, "downloads")]


@pytest.mark.parametrize("digits,mult,expected", [
    ("2.2", "k", 2200.0), ("1,200", None, 1200.0), ("3", "B", 3e9), ("1.5", "M", 1.5e6), ("7", "bn", 7e9),
])
def test_parse_number(digits, mult, expected):
    assert parse_number(digits, mult) == expected


@pytest.mark.parametrize("text,expected", [
    ("$20/month per seat", [(20.0, "USD/month/seat", "=", "$20/month per seat")]),
    ("the team plan is $15\u201340/mo", [([15.0, 40.0], "USD/month", "range", "$15\u201340/mo")]),
    ("$15-40/mo per seat", [([15.0, 40.0], "USD/month/seat", "range", "$15-40/mo per seat")]),
    ("$0.10 per 1K queries", [(0.1, "USD/1K queries", "=", "$0.10 per 1K queries")]),
    ("$2 per million tokens", [(2.0, "USD/1M tokens", "=", "$2 per million tokens")]),
    ("it costs $49 a month", [(49.0, "USD/month", "=", "$49 a month")]),
    ("billed at $1.5k/year", [(1500.0, "USD/year", "=", "$1.5k/year")]),
    ("\u20ac9 a month for hobbyists", [(9.0, "EUR/month", "=", "\u20ac9 a month")]),
    ("$10 to $30 a month", [([10.0, 30.0], "USD/month", "range", "$10 to $30 a month")]),
    ("there is a free tier", [(0.0, "USD/month", "=", "a free tier")]),
    ("free for individuals, paid for teams", [(0.0, "USD/month", "=", "free for individuals")]),
    ("they raised $28M", [(28000000.0, "USD", "=", "$28M")]),
    ("a $2 billion valuation", [(2000000000.0, "USD", "=", "$2 billion")]),
    ("$15-40k per seat", [([15000.0, 40000.0], "USD/seat", "range", "$15-40k per seat")]),  # one scale for both
    ("Pro is $20/mo and there's a free plan",
     [(20.0, "USD/month", "=", "$20/mo"), (0.0, "USD/month", "=", "a free plan")]),
    ("paying $1,500 to $4,000 per month", [([1500.0, 4000.0], "USD/month", "range", "$1,500 to $4,000 per month")]),
    ("~$54,000/yr on it", [(54000.0, "USD/year", "=", "$54,000/yr")]),  # thousands written with commas
    ("$1,099.99 once, then $5, $10", [(1099.99, "USD", "=", "$1,099.99"), (5.0, "USD", "=", "$5"),
                                     (10.0, "USD", "=", "$10")]),
])
def test_prices(text, expected):
    assert _prices(text) == expected


@pytest.mark.parametrize("text", ["it costs nothing extra", "version 2.0 is free-form", "20 ms at p95",
                                  "it has no free tier", "they dropped the free plan", "there isn't a free tier"])
def test_no_price(text):
    assert find_prices(text) == []


def test_price_unit_does_not_depend_on_word_order():
    assert find_prices("$20 per seat per month")[0].unit == find_prices("$20/month per seat")[0].unit


@pytest.mark.parametrize("text,expected", [
    ("We rebuilt the same thing in 18 hours", [(18.0, "h", "=", "18 hours")]),
    ("Animations are silky smooth 60fps", [(60.0, "fps", "=", "60fps")]),
    ("a feedback loop 60 times faster than Jekyll", [(60.0, "x", "=", "60 times")]),
    ("pulled more than 112 million times", [(112e6, "x", ">", "more than 112 million times")]),
    ("the kernel gets hit with 300+ CVEs annually", [(300.0, "CVEs", "=", "300+ CVEs")]),
    ("Code score: 8/10", [(8.0, "/10", "=", "8/10")]),
    ("I'd rate it 4.5 out of 5", [(4.5, "/5", "=", "4.5 out of 5")]),
])
def test_hours_frames_times_acronym_counts_and_ratings(text, expected):
    assert _metrics(text) == expected


@pytest.mark.parametrize("text", ["open 24/7 for support", "released on 3/10/2024", "a 12/5 split of the team"])
def test_dates_and_fractions_off_a_rating_scale_are_not_ratings(text):
    assert find_metrics(text) == []


@pytest.mark.parametrize("text,expected", [
    ("cold starts are well under a second", [(1.0, "s", "<", "well under a second")]),  # no digit at all
    ("sub-second queries and 20 ms writes", [(1.0, "s", "<", "sub-second"), (20.0, "ms", "=", "20 ms")]),
    ("about ٣ seconds per page", [(3.0, "s", "~", "about ٣ seconds")]),  # \d is any decimal digit, as before
    ("nothing measured here", []),
])
def test_metrics_without_and_with_digits(text, expected):
    """Texts without a digit skip the digit patterns (only "under a second" and spelled numbers remain)."""
    assert _metrics(text) == expected


@pytest.mark.parametrize("text,expected", [
    ("Indexing took three hours, then forty minutes", [(3.0, "h", "=", "three hours"), (40.0, "min", "=", "forty minutes")]),
    ("it was twice as fast as the old one", [(2.0, "x", "=", "twice as fast")]),
    ("about twenty-five percent cheaper", [(25.0, "%", "~", "about twenty-five percent")]),
    ("over two million downloads", [(2e6, "downloads", ">", "over two million downloads")]),
    ("it took 3 hours and fifteen minutes", [(3.0, "h", "=", "3 hours"), (15.0, "min", "=", "fifteen minutes")]),
    # a spelled number counts things only with "thousand", "million" or "billion": these are prose
    ("two users complained and three models failed", []),
    ("I tried it twice, one day at a time", []),
])
def test_spelled_out_numbers(text, expected):
    assert _metrics(text) == expected


def test_prices_without_digits_still_find_free_tiers():
    assert _prices("free for individuals, paid for teams") == [(0.0, "USD/month", "=", "free for individuals")]
    assert _prices("no price given") == []


@pytest.mark.parametrize("text", [
    "Sub-200ms boot, about 3 GB, more than  40 users; up to\n12k rps, 10-20 ms",
    "v2 at 1,200ms or approximately 5 seconds; 3B parameters, ~60 upstream providers",
    "between 10 and 20 ms, north of 1.4M executions, over 14+ metrics, almost 2 TB",
    "no numbers at all", "42", "under 5", "about 7 things and 9 CVEs", "$5/mo and 8/10",
])
def test_metrics_and_counts_are_tried_only_near_numbers_with_the_same_matches(text):
    """The number-led scan gives exactly the matches of the patterns' own finditer."""
    from kg.extract.quantities import _COUNT, _COUNT_CMP, _comparator_width, _metric_pattern, _number_led

    for pattern, back in ((_metric_pattern(), _comparator_width()), (_COUNT, _COUNT_CMP)):
        assert [(m.span(), m.groupdict()) for m in _number_led(pattern, text, back)] == \
            [(m.span(), m.groupdict()) for m in pattern.finditer(text)]


def test_look_aheads_leave_the_matches_as_they_were():
    """The patterns that name their first letters in a look-ahead (to be tried at fewer places) match exactly
    where the same patterns without it match, in any case and with the letters IGNORECASE folds (ſ, İ, ı, K)."""
    import re

    from kg.extract import candidates, clauses, facets, quantities

    texts = ["Two hundred ms, twice as fast; THIRTY seconds, ſix hours, Forty-two users.",
             "It is not great, I'm sure we didn't, ISN'T it? Nothing, none, never; won't, instead of x.",
             "well under a second, Sub-second, just below an hour, less than a day; a free tier, The Free Plan",
             "free for individuals. Code score: 8/10, 4.5 out of 5, v2/10, I think my team and our users…",
             "İt ıs Kelvin \u212a, wıthout; nOt, aren’t, doesn’t, Eleven teen twelve fifteen 15/100"]
    patterns = [quantities._SPELLED_HINT, quantities._UNDER_A, quantities._FREE, candidates._NEGATION,
                clauses._NEGATION, facets._FIRST_PERSON]
    for pattern in patterns:
        plain = re.compile(re.sub(r"^\(\?=\[[^\]]+\]\)", "", pattern.pattern), pattern.flags)
        assert plain.pattern != pattern.pattern
        for text in texts:
            for start in range(len(text)):
                assert [m.span() for m in pattern.finditer(text, start)] == \
                    [m.span() for m in plain.finditer(text, start)], (pattern.pattern, text, start)


@pytest.mark.parametrize("text,value,unit", [
    ("Look at the CVEs: Total of **672** CVEs so far.", 672.0, "CVEs"),
    ("It is **3x** faster on static pages.", 3.0, "x"),
    ("Peak memory was *680Mb* for the old one.", 680.0, "MB"),
])
def test_a_number_in_markdown_emphasis_keeps_its_unit(text, value, unit):
    (q,) = find_metrics(text)
    assert (q.value, q.unit) == (value, unit)


@pytest.mark.parametrize("text,value,unit", [
    ("It has 25 million weekly npm downloads.", 25_000_000.0, "downloads"),
    ("We reached over 2 million monthly active users.", 2_000_000.0, "users"),
])
def test_a_unit_after_other_words_is_counted_in_its_own_unit(text, value, unit):
    (q,) = find_metrics(text)
    assert (q.value, q.unit) == (value, unit)


@pytest.mark.parametrize("text,said", [
    ("Affinity launches for free.", "for free"),
    ("AWS SAM is free.", "is free"),
    ("It ships as a free download.", "a free download"),
    ("CodePush always has been free of cost.", "free of cost"),
    ("Feel free to ask.", None), ("lock-free queues", None), ("It is free software.", None),
])
def test_free_is_a_price_of_nothing_where_it_prices_something(text, said):
    found = find_prices(text)
    assert [(text[q.start:q.end], q.value) for q in found] == ([(said, 0.0)] if said else [])
