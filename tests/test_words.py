"""Word frequencies tell product names from ordinary English."""

from __future__ import annotations

import random
import re
import sys

import pytest

from kg.words import (find_name, frequency, is_common, is_plain_compound, is_unheard, is_vocabulary, name_pattern,
                      stands_alone, zipf)


def test_frequency_orders_words_and_names():
    assert frequency("the") > frequency("trigger") > frequency("qdrant") == 0


@pytest.mark.parametrize("word,common", [("trigger", True), ("Temporal", True), ("Inngest", False),
                                         ("helicone", False), ("multi-repo", False), ("Top-3", True),
                                         ("I’m", True), ("we’ve", True)])  # typographic apostrophes
def test_is_common(word, common):
    assert is_common(word) is common


@pytest.mark.parametrize("word,vocabulary,unheard", [
    ("workflows", True, False), ("timestamps", True, False), ("concurrency", True, False), ("serverless", True, False),
    ("the", True, False), ("libvips", False, True), ("tldraw", False, True), ("helicone", False, True),
    ("pgvector", False, True), ("multi-repo", True, False),
])
def test_technical_vocabulary_is_english_and_names_nobody_writes_are_unheard(word, vocabulary, unheard):
    assert is_vocabulary(word) is vocabulary and is_unheard(word) is unheard


@pytest.mark.parametrize("word,plain", [
    ("self-hostable", True), ("cloud-hostable", True), ("self-hosted", True),  # suffixed ordinary words
    ("kube-dns", False), ("date-fns", False), ("libvips", False), ("hostable", False),  # names; one word is no compound
])
def test_a_compound_of_ordinary_or_suffixed_ordinary_words_is_plain(word, plain):
    assert is_plain_compound(word) is plain


def test_zipf_reads_typographic_apostrophes_as_straight_ones():
    assert zipf("don’t") == zipf("don't") > 5


@pytest.mark.parametrize("text,form,any_case,spans", [
    ("Zed, zed and zed-like; get.zed", "Zed", True, [(0, 3), (5, 8)]),  # not in a hyphenated or dotted name
    ("Zed, zed and Zed", "Zed", False, [(0, 3), (13, 16)]),
    ("aaa aa", "aa", True, [(4, 6)]),  # "aa" inside "aaa" is part of a longer word
    ("the Kubernetes' API", "kubernetes", True, [(4, 14)]),
    ("İstanbul and ıstanbul", "istanbul", True, None),  # letters str.lower() folds otherwise
])
def test_find_name_finds_what_the_name_pattern_matches(text, form, any_case, spans):
    expected = [m.span() for m in name_pattern(form, any_case).finditer(text)]
    assert list(find_name(text, form, any_case)) == expected
    if spans is not None:
        assert expected == spans


def test_find_name_agrees_with_the_pattern_on_random_text():
    rng = random.Random(7)
    alphabet = "aAbB.-_ 1’ıſK"
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14)))
        form = "".join(rng.choice("aAbB1.-ſ") for _ in range(rng.randint(1, 3)))
        for any_case in (True, False):
            expected = [m.span() for m in name_pattern(form, any_case).finditer(text)]
            assert list(find_name(text, form, any_case)) == expected, (text, form, any_case)


def test_stands_alone_agrees_with_the_name_patterns_lookarounds_on_every_character():
    before, after = re.compile(r"[\w.-]"), re.compile(r"[\w-]")  # name_pattern's lookbehind and lookahead
    astral = random.Random(0).sample(range(0x10000, sys.maxunicode + 1), 20000)
    for c in map(chr, [*range(0x10000), *astral]):  # every character of the basic plane, a sample of the others
        assert stands_alone(c + "y", 1, 2) is not bool(before.match(c)), hex(ord(c))
        assert stands_alone("y" + c, 0, 1) is not bool(after.match(c)), hex(ord(c))


def test_stands_alone():
    assert stands_alone("use Zed now", 4, 7)
    assert not stands_alone("use Zed-like", 4, 7) and not stands_alone("see get.zed", 8, 11)
    assert not stands_alone("a.Zed", 2, 5)


def test_word_tables_read_from_the_user_cache_equal_those_built_from_the_packages(tmp_path, monkeypatch):
    """The frequencies, places and given names a later process reads from ``kg.user_cache`` are the ones the
    packages give (a new folder: the first call builds and writes them, the second reads them back)."""
    from kg import words
    from kg.user_cache import ENV

    monkeypatch.setenv(ENV, str(tmp_path))
    words._tables.cache_clear()
    try:
        built = words._tables()
        assert len(list(tmp_path.iterdir())) == 1
        words._tables.cache_clear()
        read = words._tables()
    finally:
        words._tables.cache_clear()
    assert read is not built and read == built == words._build_tables()
    assert list(read[0]) == list(built[0])  # in the dictionary's order: common_words lists them so
    assert words.is_place("Berlin") and words.is_person("Willy Tarreau") and words.frequency("trigger") >= 1000


def test_a_plain_words_zipf_frequency_is_the_one_wordfreq_gives():
    """A word of ASCII letters is read from the plain words' table (``kg.words._plain_zipfs``), any other word is
    asked of wordfreq: the values are wordfreq's in every case, for listed words in three casings and for letters
    the list does not hold."""
    from wordfreq import zipf_frequency

    from kg.words import _plain_zipfs, zipf

    rng = random.Random(5)
    listed = rng.sample(sorted(_plain_zipfs()), 3000)
    unlisted = ["".join(rng.choice("bcdfgxzqaeiou") for _ in range(rng.randint(3, 12))) for _ in range(500)]
    for word in [*listed, *unlisted]:
        for written in (word, word.capitalize(), word.upper()):
            assert _plain_zipfs().get(written.lower(), 0.0) == zipf(written) == zipf_frequency(written, "en"), written
    assert zipf("zero-dependency") == zipf_frequency("zero-dependency", "en") > 0  # two tokens: wordfreq's sum
    assert zipf("I’m") == zipf_frequency("I'm", "en") > 0


def test_a_process_that_asks_only_plain_words_does_not_load_wordfreq():
    """Name resolution asks plain words (``zipf`` of "Kafka", "libvips"): with the tables in the user's cache, an
    add's main process reads them instead of importing wordfreq and reading its list."""
    import subprocess

    from kg import words
    from kg.user_cache import can_keep

    if not can_keep():
        pytest.skip("the user's cache folder cannot be written here")
    words._tables(), words._plain_zipfs()  # in the user's cache folder now, if they were not
    code = ("import sys; from kg.words import zipf, is_unheard; "
            "print(zipf('Kafka') > 0, is_unheard('libvips'), 'wordfreq' in sys.modules)")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.split() == ["True", "True", "False"]


def test_without_a_cache_to_keep_it_the_plain_words_table_is_not_built(monkeypatch):
    """Built for one process only, the table would cost more than wordfreq: with the cache off every word is asked
    of wordfreq, with the same values."""
    from wordfreq import zipf_frequency

    from kg import words
    from kg.user_cache import ENV

    monkeypatch.setenv(ENV, "")
    words._plain_zipfs.cache_clear()
    words.zipf.cache_clear()
    monkeypatch.setattr(words, "_WORDFREQ", None)
    try:
        assert words._plain_zipfs() is None
        assert words.zipf("Kafka") == zipf_frequency("Kafka", "en") > 0 and words._WORDFREQ is not None
    finally:
        words._plain_zipfs.cache_clear()
        words.zipf.cache_clear()


def test_a_country_geonames_writes_with_its_article_is_a_place_without_it():
    from kg import words

    assert words.is_place("The Netherlands") and words.is_place("Netherlands") and words.is_place("Bahamas")


def test_a_large_city_is_a_place_spelled_without_its_accents_and_a_small_one_is_not():
    from kg import words

    assert words.is_place("Montréal") and words.is_place("Montreal") and words.is_place("Sao Paulo")
    assert not words.is_place("Maturin") and not words.is_place("Hue")  # products' names: Maturín, Huế are cities
