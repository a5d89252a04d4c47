"""Name discovery: find product and company names that no catalog lists, from their shape and place."""

from __future__ import annotations

import re
from dataclasses import dataclass

from kg.lexicon import Lexicon

__all__ = ["SIZE", "VERSION", "NameHit", "find_names", "split_release"]

# a "word": letters/digits with inner . + - / ' ; leading '.' kept for file formats like .smolmachine
_WORD = re.compile(r"[.]?[\w][\w.+\-/'’]*[\w+]['’]?|[\w]['’]?")
VERSION = re.compile(r"^(?:v?\d+(?:\.\d+)+[a-z]?|v\d+|\d+\.x)$", re.IGNORECASE)
SIZE = re.compile(r"^\d+(?:\.\d+)?[BMK]$")
_RELEASE_WORDS = {"wave", "version", "release", "build", "update", "gen", "series", "edition"}
_QUANTITY = re.compile(r"^[~<>]?\$?\d[\d.,]*(?:[kKmMbBxX%]|ms|s|gb|mb|tb|k\+)?$|^\d+(?:st|nd|rd|th)$", re.IGNORECASE)
_PREFIXES = {"sub", "pre", "post", "multi", "non", "top", "under", "over", "half", "mid", "anti", "co", "re", "ex",
             "self", "x", "day", "first", "one", "two", "three", "level", "long", "short", "single", "n", "zero"}


@dataclass(frozen=True)
class NameHit:
    """A stretch of a quote that looks like a name.

    ``strong`` hits are names by their shape or place (CamelCase, digits, mid-sentence capital);
    weak ones (a capitalised word that opens a sentence) count only if the name is confirmed elsewhere.
    """

    start: int
    end: int
    text: str
    rule: str
    strong: bool
    possessive: bool = False


def _shape(word: str, lexicon: Lexicon) -> str | None:
    """Why a single word looks like a name, or None."""
    if lexicon.is_generic(word) or word in lexicon.common_capitalized:
        return None
    if word.startswith("."):
        return None  # file names and extensions (.cursorrules) are not products
    if _QUANTITY.match(word) or SIZE.match(word) or VERSION.match(word):
        return None
    if re.search(r"[a-z][A-Z]", word) or re.match(r"^[A-Z]{2,}[a-z]{2,}", word):
        return "discovery.camelcase"
    if re.match(r"^[A-Za-z]{2,}\d", word):
        return "discovery.digits"
    m = re.match(r"^([A-Za-z]+)-\d", word)
    if m and m.group(1).lower() not in _PREFIXES and word[0].isupper():
        return "discovery.digits"
    if re.fullmatch(r"[a-z][a-z0-9]*\.(?:cpp|js|ts|py|rs|ai|io|dev|new|sh|run|so)", word):
        return "discovery.dotted"
    if re.fullmatch(r"[A-Z][A-Z0-9]{1,6}(?:-[a-z]+)?", word):
        return "discovery.acronym"
    if re.fullmatch(r"[A-Z][a-z0-9'’]+(?:-[A-Za-z0-9]+)*", word):
        return "discovery.capitalized"
    return None


def _is_continuation(word: str, lexicon: Lexicon) -> bool:
    if VERSION.match(word) or SIZE.match(word) or re.fullmatch(r"\d{1,3}", word):
        return True
    return _shape(word, lexicon) is not None


def _clause_start(text: str, start: int) -> bool:
    """True if a word at ``start`` opens a sentence or a clause (where English capitalises anyway)."""
    before = text[:start].rstrip(" \t\"'“‘(")
    return not before or before[-1] in ".!?:;\n—–" or before.endswith(" -")


def find_names(text: str, lexicon: Lexicon) -> list[NameHit]:
    """Every name-shaped stretch of ``text``, multi-word names joined ("Hugging Face", "Gemma 3 4B")."""
    words = [(m.start(), m.end(), m.group()) for m in _WORD.finditer(text)]
    hits: list[NameHit] = []
    i = 0
    while i < len(words):
        start, _end, word = words[i]
        core, possessive = _strip_possessive(word)
        rule = _shape(core, lexicon)
        if rule is None:
            i += 1
            continue
        j, last_end, last_word = i, start + len(core), core
        while not possessive and j + 1 < len(words):
            n_start, _n_end, n_word = words[j + 1]
            n_core, n_poss = _strip_possessive(n_word)
            if text[last_end:n_start] != " " or not _is_continuation(n_core, lexicon):
                break
            if rule == "discovery.acronym" and n_core[0].isupper() and not _shape(n_core, lexicon):
                break
            j, last_end, last_word, possessive = j + 1, n_start + len(n_core), n_core, n_poss
        name = text[start:last_end]
        initial = _clause_start(text, start)
        strong = rule != "discovery.capitalized" or not initial or j > i and _shape(last_word, lexicon) is not None
        hits.append(NameHit(start, last_end, name, rule, strong and not _all_generic(name, lexicon), possessive))
        i = j + 1
    return hits


def _all_generic(name: str, lexicon: Lexicon) -> bool:
    return all(lexicon.is_generic(w) for w in name.split())


_AFFIX = re.compile(r"-(?:only|based|native|compatible|first|style|like|powered|backed|specific|centric|friendly)$")


def _strip_possessive(word: str) -> tuple[str, bool]:
    """The name inside a word: "Face's" → "Face", "Windows-based" → "Windows"; flags possessives."""
    if word[:1].isupper() and _AFFIX.search(word):
        return _AFFIX.sub("", word), False
    for suffix in ("'s", "’s", "'", "’"):
        if word.endswith(suffix) and len(word) > len(suffix):
            return word[: -len(suffix)], True
    if "/" in word:  # "macOS/Linux-only": keep the first name; the rest is found on its own
        return word.split("/")[0], False
    return word, False


def split_release(name: str) -> tuple[str, str | None]:
    """Split "SmolAgents 1.0" or "Windsurf Wave 10" into (product, release); sizes fold away.

    >>> split_release("SmolAgents 1.0")
    ('SmolAgents', '1.0')
    >>> split_release("Windsurf Wave 10")
    ('Windsurf', 'Wave 10')
    >>> split_release("Gemma 3 4B")
    ('Gemma 3', None)
    >>> split_release("Gemma 3")
    ('Gemma 3', None)
    """
    words = name.split()
    while len(words) > 1 and SIZE.match(words[-1]):
        words.pop()
    if len(words) > 1 and VERSION.match(words[-1]):
        return " ".join(words[:-1]), words[-1]
    if len(words) > 2 and words[-2].lower() in _RELEASE_WORDS and re.fullmatch(r"\d+(?:\.\d+)*", words[-1]):
        return " ".join(words[:-2]), " ".join(words[-2:])
    return " ".join(words), None
