"""Name discovery for resolution: product and company names that no catalog lists, from their shape and place."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from kg.ids import spelling
from kg.lexicon import Lexicon
from kg.spans import SpanIndex
from kg.stopwords import STOP_WORDS
from kg.words import RARE, is_common, is_vocabulary, zipf

__all__ = ["CAPITALS", "SIZE", "VERSION", "NameHit", "find_cue_names", "find_link_names", "find_names", "not_prose",
           "opens_clause", "split_release"]

# a "word": letters/digits with inner . + - / ' ; leading '.' kept for file formats like .smolmachine
# a plus before a letter, or a slash before a capitalised word, parts two names ("FCM+APNs", "Arnold/PrMan");
# "C++", "TCP/IP" and "shadcn/ui" stay one word
_WORD = re.compile(r"[.]?\w(?:[\w.\-'’]|\+(?![A-Za-z])|/(?![A-Z][a-z]))*(?:\w|\+(?![A-Za-z]))['’]?|\w['’]?")
VERSION = re.compile(r"^(?:v?\d+(?:\.\d+)+[a-z]?|v\d+|\d+\.x)$", re.IGNORECASE)
SIZE = re.compile(r"^\d+(?:\.\d+)?[BMK]$")
_MAJOR = re.compile(r"[1-9]\d?")  # "Drupal 7", "Windows 11": a major version; "Fusion 360" is a name
# words a number labels, not versions: "OWASP Top 10", "Formula 1", "Stage 4"
_NUMBERED_LABELS = frozenset({"top", "formula", "stage", "phase", "step", "part", "level", "tier", "round", "season",
                              "episode", "chapter", "section", "day", "week", "page", "type", "class", "grade", "group",
                              "table", "track", "unit", "figure", "item", "row", "column", "plan", "web", "industry"})
_RELEASE_WORDS = {"wave", "version", "release", "build", "update", "gen", "series", "edition"}
_QUANTITY = re.compile(r"^[~<>]?\$?\d[\d.,]*(?:[kKmMbBxX%]|ms|s|[kmgt]i?b|[kmg]bps|fps|[kmg]?hz|k\+)?$|^\d+(?:st|nd|rd|th)$"
                       r"|^FY['’]?(?:\d{2}|\d{4})$|^(?:Q[1-4]|H[12])['’]\d{2}$", re.IGNORECASE)  # "FY24", "Q3'25" (not H100)
_UNIT_END = re.compile(r"^(?:sub|under|over|about|approx|near|up)?-?[~<>]?\d[\d.,]*(?:ms|s|k|m|b|[kmgt]i?b|[kmg]bps|fps|[kmg]?hz|x|%|k\+)$",
                       re.IGNORECASE)  # "Sub-200ms", "2.2k": quantities, not names
_LOWER_MODEL = re.compile(r"[a-z]{2,}[a-z0-9]*(?:-[a-z0-9.]+)*-(?:v?\d[\w.]*|[a-z]+\d[\w.]*)(?:-[a-z0-9.]+)*")
_UNIT_TAIL = re.compile(r"-(?:\d+(?:\.\d+)?)?(?:months?|years?|days?|weeks?|hours?|minutes?|seconds?|x|ms|s|bit|bits|core|cores|node|nodes|"
                        r"page|pages|point|points|step|steps|token|tokens|line|lines|gb|mb|k|m|b)$")
_CAMEL_INNER = re.compile(r"[a-z][A-Z]")
_CAMEL_LEAD = re.compile(r"^[A-Z]{2,}[a-z]{2,}")
_LETTERS_DIGIT = re.compile(r"^[A-Za-z]{2,}\d")
_PREFIX_NUMBER = re.compile(r"^([A-Za-z]+)-\d")
_YEAR = re.compile(r"(?:19|20)\d\d")
_RECORD_PREFIXES = frozenset({"CVE", "CWE", "GHSA", "RFC", "PEP", "JSR", "KEP", "RUSTSEC", "PYSEC", "ISO", "IEC"})
_DOTTED = re.compile(r"[A-Za-z][a-z0-9]+\.(?:cpp|js|ts|py|rs|ai|io|dev|new|sh|so|diy|app|co|gg|xyz|tech|cloud)")
# a code identifier: "pg_duckdb", "coc.nvim", "llama_index"; a name only where the document's title names it too
_IDENTIFIER = re.compile(r"[a-z][a-z0-9]*(?:[_.][a-z0-9]+)*_[a-z0-9]+(?:[_.][a-z0-9]+)*|[a-z][a-z0-9]{1,}\.[a-z]{2,5}")
_PLUS_PLUS = re.compile(r"[A-Za-z][\w.-]*\+\+")
# an English word in capitals names a product ("GRUB", "BIND", "JAWS") where its document writes it so more than once;
# words more common than this are shouting ("HUGE", "NEVER")
CAPITALS = "discovery.capitals"
_SHOUTED_ZIPF = 4.0
_THREE_CAPITALS = re.compile(r"[A-Z]{3,}")
# "VC-flush", "PHP-FPM", "LÖVE"
_ACRONYM = re.compile(r"[A-Z][A-Z0-9À-ÖØ-Þ]{1,6}(?:-[a-z]+|(?:-[A-Z][A-Z0-9]{0,6})+)?")
_BATCH = re.compile(r"[WSF]\d{2}")
# "Wi-Fi", "V-Ray", "Kathará": Latin letters beyond ASCII too
_CAPITALIZED = re.compile(r"[A-ZÀ-ÖØ-Þ](?:[a-z0-9'’ß-öø-ÿ]+|(?=-[A-Z][a-z]))(?:-[A-Za-z0-9]+)*")
_CONTRACTION = re.compile(r"[a-z](?:n't|'re|'ve|'ll|'d|'m)$", re.IGNORECASE)
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
    initial: bool = False  # opens a sentence or clause, where English capitalises any word


def _shape(word: str, lexicon: Lexicon) -> str | None:
    """Why a single word looks like a name, or None (remembered per lexicon: words recur)."""
    memo = lexicon.memo.setdefault("shape", {})
    if word not in memo:
        memo[word] = _word_shape(word, lexicon)
    return memo[word]


def _word_shape(word: str, lexicon: Lexicon) -> str | None:
    word = word.replace("’", "'")  # "I’ve" is "I've"
    if lexicon.is_generic(word) or word in lexicon.common_capitalized:
        return None
    if word.startswith("."):
        return None  # file names and extensions (.cursorrules) are not products
    if _CONTRACTION.search(word):
        return None  # "Doesn't", "We're": a contraction is English, not a name
    if _QUANTITY.match(word) or SIZE.match(word) or VERSION.match(word) or _UNIT_END.search(word):
        return None
    if _CAMEL_INNER.search(word) or _CAMEL_LEAD.match(word):
        return "discovery.camelcase"
    if _PLUS_PLUS.fullmatch(word):
        return "discovery.plus_plus"  # "AFL++", "afl++": as C++ is to C, another product than the one it extends
    if _LETTERS_DIGIT.match(word):
        return "discovery.digits"
    m = _PREFIX_NUMBER.match(word)
    if m and m.group(1).lower() in _PREFIXES:
        return None  # "Top-3", "Sub-200ms": a quantity, not a name
    if m and _YEAR.fullmatch(word, m.end(1) + 1) and is_common(m.group(1)):
        return None  # "end-2024", "Mid-2023", "Post-2020": a date
    if m and m.group(1) in _RECORD_PREFIXES:
        return None  # "CVE-2019-5736", "CWE-79": a catalogued issue, not a product
    if m and word[0].isupper():
        return "discovery.digits"
    if _DOTTED.fullmatch(word):
        return "discovery.dotted"
    if _LOWER_MODEL.fullmatch(word) and word.split("-")[0] not in _PREFIXES and not _UNIT_TAIL.search(word):
        return "discovery.model_name"  # "bge-m3", "text-embedding-3-large", "nomic-embed-text-v1.5"
    if _IDENTIFIER.fullmatch(word):
        return "discovery.identifier"
    if _ACRONYM.fullmatch(word):
        if lexicon.is_generic(word.split("-")[0]) or _BATCH.fullmatch(word):
            return None  # "VC-flush" a generic, "W23" a batch
        if is_common(word):  # "AND" is shouting; "GRUB", "BIND", "JAWS" may be names (confirmed per document)
            return CAPITALS if _THREE_CAPITALS.fullmatch(word) and zipf(word.lower()) < _SHOUTED_ZIPF \
                and word.lower() not in STOP_WORDS else None
        return "discovery.acronym"
    if _CAPITALIZED.fullmatch(word):
        return "discovery.capitalized"
    return None


# prepositions spaCy's stop list lacks, which open a clause before a name: "Unlike Pandas, Polars …"
_OPENING_PREPOSITIONS = frozenset({"like", "unlike", "versus", "via", "despite", "besides", "including", "compared"})
_PREPOSITIONS = frozenset({"from", "to", "into", "onto", "with", "without", "for", "of", "at", "by", "over", "than",
                           "against", "towards", "toward", "via", "versus", "vs"})


def _opener(text: str, words: list, i: int, core: str, rule: str, lexicon: Lexicon) -> bool:
    """A capitalised ordinary word opening the sentence ("Testing MemoryForge", "Realistically, Modal"), or a
    capitalised preposition before a name anywhere ("move From Transifex to Weblate")."""
    if rule != "discovery.capitalized":
        return False
    if core.lower() in _PREPOSITIONS and i + 1 < len(words) and _shape(words[i + 1][2], lexicon) is not None:
        return True
    if not opens_clause(text, words[i][0]):
        return False
    if core.endswith("ly") and text[words[i][1]:words[i][1] + 1] == ",":
        return True  # a sentence adverb
    if core.lower() in STOP_WORDS or core.lower() in _OPENING_PREPOSITIONS or core in lexicon.opening_verbs:
        return True  # "As Borg works …", "However Evolution …", "Like Crashlytics, Sentry …", "Use Badger": not a name
    if i + 1 >= len(words):
        return False
    nxt = _strip_possessive(words[i + 1][2])[0]
    return is_common(core) and _shape(nxt, lexicon) not in (None, "discovery.capitalized")


_WORDISH = re.compile(r"(?:ive|able|ible|ous|al|ic|ing|ed|ly|ness|ment|tion|sion|ity|ism|ist|ize|ise|ful|less)$", re.IGNORECASE)
_TIER = re.compile(r"\s+(?:plan|plans|tier|tiers|edition|package|subscription|seat|seats|license)\b")
_SMALL_NUMBER = re.compile(r"\d{1,3}")
_DIMENSIONS = re.compile(r"[234]D")
_LABEL_END = re.compile(r"[*_]*\s*:")
_EMPHASIS_MARKS = {"*", "_", "`"}


def _is_continuation(word: str, lexicon: Lexicon) -> bool:
    if VERSION.match(word) or SIZE.match(word) or _SMALL_NUMBER.fullmatch(word) or word in lexicon.name_tails \
            or _DIMENSIONS.fullmatch(word):  # "Cinema 4D"
        return True
    return _shape(word, lexicon) not in (None, CAPITALS)  # "WinRar HANDLES it": shouting ends the name


_LINE_OPENER = re.compile(r"(?:^|\n)[ \t]*(?:[-*•+>]|\d{1,2}[.)]|@[\w.-]+,?)$")  # a bullet, a number, an @reply


def opens_clause(text: str, start: int) -> bool:
    """True if a word at ``start`` opens a sentence, a clause or a line's item ("- More control", "@ana Would
    it …"), where English capitalises anyway, or stands in a URL's query ("?text=You%20can")."""
    end = min(start, len(text))  # where ``text[:start].rstrip(…)`` ends, found without copying the text before it
    if 0 < start <= len(text) and text[start - 1] in "“‘\"" and (start == 1 or text[start - 2] in _OPENS_QUOTE):
        return True  # quoted words start as speech does: 'says "Nope"', '(assuming "Search and store …'
    while end and text[end - 1] in _MARKS_BEFORE:
        end -= 1
    # a line opener stands right after the last newline (or at the start): only there can the pattern match
    return not end or text[end - 1] in ".!?:;\n—–=" or (end >= 2 and text[end - 2:end] == " -") \
        or _LINE_OPENER.match(text, max(0, text.rfind("\n", 0, end)), end) is not None


_MARKS_BEFORE = frozenset(" \t\"'“‘(*_")  # what may stand between a clause's start and its first word
_OPENS_QUOTE = frozenset(" \t\n([—–")  # what stands before a quotation mark that opens a quotation


def _readings(lexicon: Lexicon) -> dict[str, tuple[str, bool, str | None]]:
    """Per word, its name core, whether it is possessive and the core's shape (kept per lexicon: words recur)."""
    return lexicon.memo.setdefault("readings", {})  # type: ignore[return-value]


def _reading(word: str, lexicon: Lexicon) -> tuple[str, bool, str | None]:
    core, possessive = _strip_possessive(word)
    return core, possessive, _shape(core, lexicon)


_NOT_PROSE = re.compile(r"(?:https?://|www\.|(?<![\w@.-])(?:[\w-]+\.)+(?:com|org|io|dev|net|app|ai|co|sh)/)"
                        r"[^\s<>\"'`)\]]*|(?<![\w.])@[\w-]+(?:\.[\w-]+)*")  # a URL, an @handle


def not_prose(text: str) -> list[tuple[int, int]]:
    """Where ``text`` holds URLs and @handles ("https://dev.to/a/solidjs-meets-svelte", "@har00ga"): addresses
    and people, not prose."""
    if "/" not in text and "@" not in text and "www." not in text:
        return []
    return [(m.start(), m.end()) for m in _NOT_PROSE.finditer(text)]


def find_names(text: str, lexicon: Lexicon) -> list[NameHit]:
    """Every name-shaped stretch of ``text``, multi-word names joined ("Hugging Face", "Gemma 3 4B"); none inside
    a URL or an @handle (:func:`not_prose`)."""
    words = [(m.start(), m.end(), m.group()) for m in _WORD.finditer(text)]
    masked = not_prose(text)
    if masked:
        words = [w for w in words if not any(s <= w[0] < e for s, e in masked)]
    read = _readings(lexicon)
    hits: list[NameHit] = []
    i = 0
    while i < len(words):
        start, _end, word = words[i]
        found = read.get(word)
        if found is None:
            found = read[word] = _reading(word, lexicon)
        core, possessive, rule = found
        if rule is None or _opener(text, words, i, core, rule, lexicon) or lexicon.is_title(core):
            i += 1
            continue
        j, last_end, last_word = i, start + len(core), core
        while not possessive and j + 1 < len(words):
            n_start, _n_end, n_word = words[j + 1]
            n_core, n_poss = _strip_possessive(n_word)
            if text[last_end:n_start] != " " or not _is_continuation(n_core, lexicon) \
                    or lexicon.is_title(n_core):  # "Redis Labs CEO Rowan Trollope": two names
                break
            if rule == "discovery.acronym" and n_core[0].isupper() and not _shape(n_core, lexicon):
                break
            j, last_end, last_word, possessive = j + 1, n_start + len(n_core), n_core, n_poss
        if j == i and rule == "discovery.capitalized" and _TIER.match(text, last_end):
            i += 1
            continue  # "the Growth plan", "a Basic tier": a price tier, not a product
        if _LABEL_END.match(text, last_end) and all(is_common(w[2]) for w in words[i:j + 1]):
            i = j + 1
            continue  # "**Cost Savings:**", "Actual Behavior:": a label of ordinary words, not a name
        if j == i and core in lexicon.name_tails and i > 0 and not possessive:  # "dbt Labs", "n8n Cloud": a tail
            # after a brand written in lower case
            p_start, p_end, p_word = words[i - 1]
            if text[p_end:start] == " " and re.fullmatch(r"[a-z][a-z0-9.-]{1,15}", p_word) \
                    and p_word not in STOP_WORDS and not is_common(p_word, RARE):
                start = p_start
            else:
                i += 1
                continue  # a bare "Cloud" or "Labs" names nothing
        if i > 0 and words[i - 1][2] == "The" and text[words[i - 1][1]:start] == " " \
                and not opens_clause(text, words[i - 1][0]):
            start = words[i - 1][0]  # "stewarded by The Document Foundation": a capital "The" mid-sentence is named
        name = text[start:last_end]
        initial = opens_clause(text, start)
        strong = rule != "discovery.capitalized" or not initial or j > i and _shape(last_word, lexicon) is not None \
            or (not is_common(core, RARE) and not _WORDISH.search(core))  # "Figma is …": no English word, a name
        strong = strong and rule != "discovery.identifier"  # "shared_buffers", "config.yaml": code, unless titled
        strong = strong and rule != CAPITALS  # a word in capitals is a name where its document repeats it
        marks = text[max(0, start - 1):start], text[last_end:last_end + 1]
        if strong and j == i and rule == "discovery.capitalized" and set(marks) <= _EMPHASIS_MARKS \
                and (is_common(core, RARE) or _WORDISH.search(core)):
            strong = False  # "called **Rasterization**", "the `System` tab": an emphasised word, not a name
        hits.append(NameHit(start, last_end, name, rule, strong and not _all_generic(name, lexicon), possessive,
                            initial and j == i))
        i = j + 1
    return _promote_listed(text, hits)


_LIST_GOES_ON = re.compile(r"\s*(?:,|and\b|or\b|&)")


def _promote_listed(text: str, hits: list[NameHit]) -> list[NameHit]:
    """A weak name listed next to a strong one ("Apple, Qualcomm, and Google") is a name too."""
    out = list(hits)
    for _ in range(2):
        for k, hit in enumerate(out):
            if hit.strong or is_common(hit.text):  # "Realistically, Modal …" is no list
                continue
            for other in (out[k - 1] if k else None, out[k + 1] if k + 1 < len(out) else None):
                if other is None or not other.strong:
                    continue
                gap = text[min(hit.end, other.end):max(hit.start, other.start)]
                if hit.initial and gap.strip() == "," and other.start > hit.start \
                        and not _LIST_GOES_ON.match(text, other.end):
                    continue  # "Furthermore, Forgejo has …": an opening word, not "Apple, Qualcomm and"
                if re.fullmatch(r"\s*(?:,|,?\s*and|,?\s*or|&)\s*", gap):
                    out[k] = NameHit(hit.start, hit.end, hit.text, hit.rule, True, hit.possessive, hit.initial)
                    break
    return out


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


@lru_cache(maxsize=1 << 16)  # resolution asks about the same names over and over
def split_release(name: str) -> tuple[str, str | None]:
    """Split "SmolAgents 1.0" or "Windsurf Wave 10" into (product, release); sizes fold away.

    >>> split_release("SmolAgents 1.0")
    ('SmolAgents', '1.0')
    >>> split_release("Windsurf Wave 10")
    ('Windsurf', 'Wave 10')
    >>> split_release("Drupal 7 4B")
    ('Drupal', '7')
    >>> split_release("Fusion 360"), split_release("OWASP Top 10")
    (('Fusion 360', None), ('OWASP Top 10', None))

    A major version is a number of one or two digits ("Vue 3", "Windows 11"); the catalog names the model
    generations that are products of their own ("Gemma 3"), and those match before a name is split.
    """
    words = name.split()
    while len(words) > 1 and SIZE.match(words[-1]):
        words.pop()
    if len(words) > 2 and words[-2].lower() in _RELEASE_WORDS and re.fullmatch(r"\d+(?:\.\d+)*", words[-1]):
        return " ".join(words[:-2]), " ".join(words[-2:])
    if len(words) > 1 and (VERSION.match(words[-1]) or _MAJOR.fullmatch(words[-1])
                           and words[-2].lower() not in _NUMBERED_LABELS):
        return " ".join(words[:-1]), words[-1]
    return " ".join(words), None


_LEAD = re.compile(r"^(?:(?:probably|maybe|possibly|arguably|perhaps|even|also|likely|then|now|mostly|plain|"
                   r"the likes of|something like|stuff like|things like)\s+)+", re.IGNORECASE)
# words that never start a name in a list: English function words (spaCy's list) plus abbreviations and the
# genre's generic nouns
_NOT_NAME = frozenset(STOP_WORDS) | {"i.e", "i.e.", "e.g", "e.g.", "etc", "ie", "eg", "vs", "yes", "like", "same",
                                     "different", "lot", "lots", "kind", "sort", "way", "thing", "things", "stuff",
                                     "people", "folks", "teams", "team", "users", "tools", "tool"}


_CUE_LISTS = {"competition_list": False, "competition_choice": False, "depends_verb": True}  # list → first item only


_KIND_BEFORE_LIST = re.compile(r",?\s+(?:like|such\s+as|including|e\.g\.)\s")


def find_cue_names(text: str, lexicon: Lexicon, taken: list[tuple[int, int]],
                   known=lambda word: False) -> list[NameHit]:
    """Lowercase or unusual names in places where English puts names: "alternatives are portkey and helicone".

    Items of the list after a competition or dependency cue become names when they are short, do not start
    with a function word, and have at least one word that is not ordinary English (a lowercase word also not
    technical vocabulary: "needs concurrency" names nothing), or when ``known`` says the word is a product's
    name ("migrated from kafka").
    """
    hits: list[NameHit] = []
    index = lexicon.index_of(*_CUE_LISTS)  # resolution reads these lists only: open the text for them alone
    held = SpanIndex(taken)
    for key, first_only in _CUE_LISTS.items():
        for m in index.matches(key, text):  # ``lexicon.finditer(key, text)``
            stop = re.compile(r"[.;:!?](?:\s|$)|\s[—–]\s|\(|$").search(text, m.end())
            end = min(stop.start() if stop else len(text), m.end() + 160)
            for a, b in _items(text, m.end(), end):
                name = _name_in(text, a, b, lexicon)
                if name is None:
                    break
                s, e = name
                word = text[s:e]
                if " " in word and word[0].islower() and is_common(word.split()[0], RARE) and not known(word):
                    break  # "you will need a good GPU": an ordinary word opens no name
                if word.islower() and _KIND_BEFORE_LIST.match(text, e):
                    break  # "an alternative to bootloaders like GRUB": the kind, not a name
                dotted = "." in word and not re.search(r"\.(?:ai|io|dev|js|cpp|new|sh|so|app|diy)$", word)
                vocabulary = word.islower() and is_vocabulary(word)  # "you need concurrency", "requires workarounds"
                if not held.overlaps(s, e) and \
                        (not is_common(word, RARE) and not dotted and not vocabulary or known(word)):
                    hits.append(NameHit(s, e, word, "discovery.cue_position", True,
                                        text[e:e + 2] in ("'s", "’s")))
                    taken.append((s, e))
                    held.add(s, e)
                if first_only:
                    break
    return sorted(hits, key=lambda h: h.start)


# one word standing as an item of a comma list: ", io-ts, ", ", and react-vis"
_LISTED_BETWEEN = re.compile(r",\s*(?P<word>[A-Za-z][\w.+#-]*[\w+#])\s*,\s*(?:(?:and|or)\s+)?")
_LISTED_LAST = re.compile(r",\s*(?:and|or)\s+(?P<word>[A-Za-z][\w.+#-]*[\w+#])(?=[\s.,;:!?)]|$)")
_LIST_JOIN = re.compile(r",\s*(?:(?:and|or)\s+)?")


def find_listed_names(text: str, taken: list[tuple[int, int]]) -> list[NameHit]:
    """Words that stand as items of a comma list of names: "Zod, ArkType, Yup, Superstruct, io-ts, Runtypes" (each
    between two names) and "D3, Highcharts, and react-vis" (the last item, after two names). A lowercase word of
    ordinary English or technical vocabulary is no name ("Zod, Valibot, and more", "…, etc")."""
    spans = sorted(taken)
    hits: list[NameHit] = []
    for i, (_, end) in enumerate(spans):
        nxt = spans[i + 1][0] if i + 1 < len(spans) else None
        if nxt is not None:
            m = _LISTED_BETWEEN.fullmatch(text, end, nxt)
        else:
            m = _LISTED_LAST.match(text, end) if i and _LIST_JOIN.fullmatch(text, spans[i - 1][1], spans[i][0]) \
                else None
        if m is None:
            continue
        word = m.group("word")
        if word.islower() and (is_common(word, RARE) or "-" not in word and is_vocabulary(word)):
            continue  # "and more", "etc"; a hyphenated word between names is one ("io-ts"), not its two parts
        hits.append(NameHit(m.start("word"), m.end("word"), word, "discovery.listed", True))
    return hits


# one word in backticks, as a package or a command is written: "`dayjs`", "`null-ls`", "`coc.nvim`", "`Wasmtime`"
_CODE_WORD = re.compile(r"(?<![`\w])`(?P<name>[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:\.(?:js|nvim|io|py|rs|cpp))?|"
                        r"[A-Z][a-z0-9]+(?:-[a-z0-9]+)*)`(?![`\w])")


def find_code_names(text: str, taken: list[tuple[int, int]], known=lambda word: False) -> list[NameHit]:
    """Words written as code that name a package or a tool: "`dayjs` is a drop in replacement", "`ranger`, `lfm`
    and `nnn` come to mind". An ordinary English word in backticks is an identifier ("`service`", "`query`")
    unless ``known`` says it is a product's name ("`moment`")."""
    hits = []
    for m in _CODE_WORD.finditer(text):
        start, end = m.span("name")
        word = m.group("name")
        if any(x < end and start < y for x, y in taken) or (is_common(word) and not known(word)):
            continue
        hits.append(NameHit(start, end, word, "discovery.code", True))
    return hits


# a markdown link to a code host's repository or a registry's package: "[ruby-vips](https://github.com/jcupitt/ruby-vips)"
_LINK = re.compile(r"\[`?(?P<name>[^\]`\n]{2,60}?)`?\]\(https?://(?:www\.)?(?:"
                   r"(?:github\.com|gitlab\.com|codeberg\.org|bitbucket\.org)/[\w.-]+/(?P<repo>[\w.-]+)|"
                   r"(?:pypi\.org/project|npmjs\.com/package|crates\.io/crates)/(?P<package>[\w.@/-]+?))/?(?:[?#)][^)\s]*)?\)")


# a bare address of a repository or package, not a markdown link's: "is https://github.com/myshell-ai/MeloTTS good?"
_BARE_LINK = re.compile(r"(?<!\]\()https?://(?:www\.)?(?:(?:github\.com|gitlab\.com|codeberg\.org)/[\w.-]+/|"
                        r"(?:pypi\.org/project|npmjs\.com/package|crates\.io/crates)/)"
                        r"(?P<name>[A-Za-z][\w.-]*?[A-Za-z0-9])(?:\.git)?(?=[/?#)\]\s,;:]|\.(?:\s|$)|$)")
# repositories that hold no product of their own name: an awesome list, a site, docs, an organisation's profile
_NOT_A_PRODUCT_REPO = re.compile(r"(?i:awesome(?:[-_.].*)?|docs?|documentation|website|site|blog|\.github|"
                                 r".*\.github\.io|examples?|samples?|dotfiles|homebrew-.*|issues|discussions)")


def find_link_names(text: str, taken: list[tuple[int, int]]) -> list[NameHit]:
    """Names that a link gives by pointing at their own repository or package: a markdown link's text that spells
    the repository's name ("[rmagick](https://github.com/rmagick/rmagick)", "[`owner/scrapy-pyppeteer`](…)"), and
    the repository or package a bare address names ("https://github.com/myshell-ai/MeloTTS"), found in the address."""
    hits = _bare_link_names(text, taken) if "://" in text else []
    for m in _LINK.finditer(text):
        start = m.start("name")
        name = m.group("name").strip()
        start += m.group("name").index(name)
        if "/" in name:  # "owner/repository"
            start += name.rindex("/") + 1
            name = name[name.rindex("/") + 1:]
        target = (m.group("repo") or m.group("package") or "").removesuffix(".git").rsplit("/", 1)[-1]
        if spelling(name) != spelling(target) or any(x < start + len(name) and start < y for x, y in taken):
            continue
        hits.append(NameHit(start, start + len(name), name, "discovery.link", True))
        taken.append((start, start + len(name)))
    return sorted(hits, key=lambda n: n.start)


def _bare_link_names(text: str, taken: list[tuple[int, int]]) -> list[NameHit]:
    """The repositories and packages that bare addresses name, where nothing else was found (``taken``)."""
    hits = []
    for m in _BARE_LINK.finditer(text):
        start, end = m.span("name")
        if end - start < 3 or _NOT_A_PRODUCT_REPO.fullmatch(m.group("name")) \
                or any(x < end and start < y for x, y in taken):  # "shadcn/ui": a part's short name, no product
            continue
        hits.append(NameHit(start, end, m.group("name"), "discovery.link", True))
        taken.append((start, end))
    return hits


# a comma inside a number ("$6,000") separates no items
_ITEM_SEPARATOR = re.compile(r"\s*(?:,\s*(?:and|or)\s+|,(?!\d{3}\b)|\s+and\s+|\s+or\s+|\s*&\s*|\s+vs\.?\s+|\s*/\s*)\s*")


def _items(text: str, start: int, end: int) -> list[tuple[int, int]]:
    out, cursor = [], start
    for sep in _ITEM_SEPARATOR.finditer(text[start:end]):
        out.append((cursor, start + sep.start()))
        cursor = start + sep.end()
    out.append((cursor, end))
    return out


def _name_in(text: str, a: int, b: int, lexicon: Lexicon) -> tuple[int, int] | None:
    """The leading name-like words of one list item, or None if the item does not start with a name."""
    lead = _LEAD.match(text[a:b])
    a += lead.end() if lead else 0
    words = list(re.finditer(r"[\w][\w.+'’-]*", text[a:b]))
    if not words or words[0].start() > 1:
        return None
    keep = []
    for w in words[:3]:
        token = w.group().rstrip("'’").removesuffix("'s").removesuffix("’s")
        if token.lower() in _NOT_NAME or (lexicon.is_generic(token) and not keep) or re.search(r"['’]", token) \
                or token.replace(".", "").isdigit() or _QUANTITY.match(token) or _UNIT_END.match(token):
            # "000", "2.5": a number is no name, nor "120ms" or "36GB" ("compared to 36GB on consoles")
            break
        if keep and token.islower():  # lowercase names are one word; "agentic workloads" is a phrase
            return None
        keep.append((a + w.start(), a + w.start() + len(token)))
        if token != w.group():  # possessive ends the name
            break
    if not keep or (len(keep) == 1 and len(text[keep[0][0]:keep[0][1]]) < 2):
        return None
    return keep[0][0], keep[-1][1]
