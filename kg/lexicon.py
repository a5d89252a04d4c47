"""Cue patterns and word lists from ``ontology/``: loaded once, validated, errors name file and key."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from kg.catalog import ontology_dir
from kg.errors import PatternError
from kg.facts import fact_types
from kg.paths import shipped_ontology_dir
from kg.prefilter import LiteralIndex

__all__ = ["CueFamily", "Cues", "Lexicon", "either_apostrophe", "load_lexicon"]

Cues = dict[str, list[re.Pattern[str]]]


@dataclass(frozen=True)
class CueFamily:
    """A cue family: how a match becomes relation or claim findings (see ``_about_records`` in cues.json)."""

    key: str
    reader: str
    emits: str
    rule: str
    confidence: float
    dated: bool = False
    hedged: bool | re.Pattern[str] | None = None
    reverse: bool = False
    user_named: bool = False
    needs_subject: bool = False
    checked: bool = True
    also: tuple[str, str, str] | None = None  # (words in the match, relation type, rule)
    claim: str | None = None  # a claim family: the claim type it emits (then ``emits`` is empty)
    polarity: str | None = None  # a claim family: the polarity of its claims
    patterns_of: str | None = None  # read the matches of another family's patterns
    target_types: frozenset[str] | None = None  # the entity types a target may have (None: any the relation allows)

    @property
    def scans(self) -> str:
        """The key whose pattern scan this family reads."""
        return self.patterns_of or self.key

    def hedged_for(self, m: re.Match[str]) -> bool | None:
        """Whether a finding of match ``m`` is hedged, or None to read it from the text."""
        if isinstance(self.hedged, re.Pattern):
            return bool(self.hedged.search(m.group()))
        return self.hedged


@dataclass(frozen=True)
class Lexicon:
    """Everything rule-shaped that kg knows about review prose, as data."""

    cues: _Patterns  # key → compiled patterns, and "labels"
    generic_terms: frozenset[str]
    common_capitalized: frozenset[str]
    licenses: dict[str, str]  # lowercased surface form → canonical name
    platforms: dict[str, str]
    label_nouns: frozenset[str] = frozenset()  # "Series", "Plan": a one-letter name after one is a label
    org_suffixes: frozenset[str] = frozenset()  # "Labs", "Capital": a discovered name ending in one is an organization
    editions: frozenset[str] = frozenset()  # "Build", "Edition": a product's build, edition or plan, no name of its own
    name_tails: frozenset[str] = frozenset()  # "Cloud", "OS", "Pro": generic words that go on a name before them
    title_genres: frozenset[str] = frozenset()  # "review", "faq": what a headline says follows a name, lowercase
    opening_verbs: frozenset[str] = frozenset()  # "Use", "Running": a verb opening a sentence, no part of a name after it
    person_titles: frozenset[str] = frozenset()  # "ceo", "analyst", lower case: a title before a person's name
    families: dict[str, CueFamily] = field(default_factory=dict)  # in file order
    memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)  # pure functions' results

    @cached_property
    def lists(self) -> dict[str, list[re.Pattern[str]]]:
        """Every pattern list by key (``key.sub`` for a list inside an object): each pattern compiled."""
        return {k: v for key in self.cues.pattern_keys() for k, v in _lists(key, self.cues[key]).items()}

    @cached_property
    def index(self) -> LiteralIndex:
        """The prefilters of every pattern list, built on first use (then an attribute like any other): a process
        that resolves names and assembles the graph but extracts nothing (an add's main process) never pays for
        them."""
        return LiteralIndex(self.lists)

    def finditer(self, key: str, text: str, pos: int = 0, endpos: int | None = None) -> Iterable[re.Match[str]]:
        """The matches of every pattern under ``key`` in [pos, endpos), pattern by pattern, as
        ``pattern.finditer`` gives them; patterns whose literal prefilter fails are skipped.

        Over the whole text this is the index's cached list of matches (iterate it, do not change it)."""
        if pos <= 0 and (endpos is None or endpos >= len(text)):
            return self.index.matches(key, text)
        return self._finditer_in(key, text, pos, len(text) if endpos is None else endpos)

    def index_of(self, *keys: str) -> LiteralIndex:
        """A literal index of the pattern lists under ``keys`` alone, kept for the run: its ``matches`` are those
        of :attr:`index` (the same patterns, each with its own prefilter), and a text opens in it with fewer
        literals to find. For a stage that reads a few lists of texts the other stages open later."""
        name = "index_of:" + "\x00".join(keys)
        found = self.memo.get(name)
        if found is None:  # from these lists alone: a process that only parses compiles no other pattern
            found = self.memo[name] = LiteralIndex({k: self._list(k) for k in keys})  # type: ignore[assignment]
        return found  # type: ignore[return-value]

    def _list(self, key: str) -> list[re.Pattern[str]]:
        """One pattern list of :attr:`lists` (``key.sub`` inside an object), compiling that entry alone."""
        head = key.partition(".")[0]
        return _lists(head, self.cues[head])[key]

    def _finditer_in(self, key: str, text: str, pos: int, endpos: int) -> Iterator[re.Match[str]]:
        for pattern, number in self.index.passing(key, text):
            if self.index.in_range(number, text, pos, endpos):
                yield from self.index.finditer(pattern, number, text, pos, endpos)

    def emitting(self, relation: str | None = None, claim: str | None = None) -> list[CueFamily]:
        """The cue families that emit ``relation`` (or, given ``claim``, that claim type), in file order; kept for
        the run, so that each quote's engines need not walk every family."""
        key = f"emitting:{relation}:{claim}"
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = [f for f in self.families.values()  # type: ignore[assignment]
                                      if (f.claim == claim if claim is not None else f.emits == relation)]
        return found  # type: ignore[return-value]

    def search(self, key: str, text: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        """The first match of the first pattern under ``key`` that matches in [pos, endpos), or None."""
        endpos = len(text) if endpos is None else endpos
        for pattern, number in self.index.passing(key, text):
            if self.index.in_range(number, text, pos, endpos):
                m = next(self.index.finditer(pattern, number, text, pos, endpos), None)
                if m:
                    return m
        return None

    def patterns(self, key: str) -> list[re.Pattern[str]]:
        """The compiled patterns stored under ``key`` (``credibility.disputed``: a list inside an object)."""
        head, _, sub = key.partition(".")
        value = self.cues[head][sub] if sub else self.cues[key]  # type: ignore[index]
        if not isinstance(value, list):
            raise PatternError(f"cues.json: {key!r} is not a list of patterns")
        return value  # type: ignore[return-value]

    def pattern(self, key: str) -> re.Pattern[str]:
        """The single compiled pattern stored under ``key``."""
        value = self.cues[key]
        if not isinstance(value, re.Pattern):
            raise PatternError(f"cues.json: {key!r} is not a single pattern")
        return value

    def is_title(self, word: str) -> bool:
        """True for a word of a person's title ("CEO", "Analyst"; ``lexicons/person_titles.txt``), in any case."""
        return word.lower() in self.person_titles

    def is_generic(self, token: str) -> bool:
        """True for words like 'API', 'IDEs' or 'I'm' that look like names but are not, and for a generic word
        after lower-case ones ("single-vCPU", "multi-GPU")."""
        head, _, last = token.rpartition("-")
        if head and last and re.fullmatch(r"[a-z]+(?:-[a-z]+)*", head):
            token = last
        return any(t in self.generic_terms or (t.endswith("s") and t[:-1] in self.generic_terms)
                   for t in (token, token.upper()))


def _lists(key: str, value: object) -> dict[str, list[re.Pattern[str]]]:
    """Every pattern list: ``key`` for a list, ``key.sub`` for a list inside an object."""
    if isinstance(value, list):
        return {key: value}
    if isinstance(value, dict):
        return {k: v for sub, inner in value.items() for k, v in _lists(f"{key}.{sub}", inner).items()}
    return {}


_FAMILY_FIELDS = {"patterns", "reader", "emits", "rule", "confidence", "dated", "hedged", "reverse", "user_named",
                  "needs_subject", "checked", "also", "claim", "polarity", "patterns_of", "target_types"}
_CLAIM_FIELDS = {"patterns", "patterns_of", "reader", "claim", "rule", "confidence", "dated", "hedged", "polarity"}


def _family(key: str, record: dict, where: str) -> CueFamily:
    """Check one relation cue record and turn it into a :class:`CueFamily`."""
    if "claim" in record:
        return _claim_family(key, record, where)
    unknown = (set(record) - _FAMILY_FIELDS) | ({"polarity", "patterns_of"} & set(record))  # claim-only fields
    if unknown:
        raise PatternError(f"{where}: unknown field(s) {sorted(unknown)}; known: {sorted(_FAMILY_FIELDS)}")
    for name in ("patterns", "reader", "emits", "rule", "confidence"):
        if name not in record:
            raise PatternError(f"{where}: a cue record needs {name!r}")
    relation_types = fact_types().relation_types  # ontology/facts.json
    if record["emits"] not in relation_types:
        raise PatternError(f"{where}: emits {record['emits']!r}, not a relation type ({', '.join(relation_types)})")
    if not isinstance(record["confidence"], (int, float)) or not 0 <= record["confidence"] <= 1:
        raise PatternError(f"{where}: confidence must be a number in [0, 1]")
    hedged = record.get("hedged")
    if isinstance(hedged, str):
        hedged = _compile(hedged, f"{where}.hedged")
    also = record.get("also")
    if also is not None:
        if set(also) != {"if_words", "emits", "rule"} or also["emits"] not in relation_types:
            raise PatternError(f"{where}.also: needs if_words, emits (a relation type) and rule")
        also = (also["if_words"], also["emits"], also["rule"])
    target_types = record.get("target_types")
    if target_types is not None:
        known = fact_types().allowed_types[record["emits"]][1]  # the relation's target types
        if not isinstance(target_types, list) or not target_types or not set(target_types) <= known:
            raise PatternError(f"{where}.target_types: a list of entity types among {sorted(known)}")
        target_types = frozenset(target_types)
    return CueFamily(key, str(record["reader"]), record["emits"], str(record["rule"]), float(record["confidence"]),
                     bool(record.get("dated", False)), hedged, bool(record.get("reverse", False)),  # type: ignore[arg-type]
                     bool(record.get("user_named", False)), bool(record.get("needs_subject", False)),
                     bool(record.get("checked", True)), also, target_types=target_types)


def _claim_family(key: str, record: dict, where: str) -> CueFamily:
    """Check one claim cue record (``claim`` instead of ``emits``) and turn it into a :class:`CueFamily`."""
    unknown = set(record) - _CLAIM_FIELDS
    if unknown:
        raise PatternError(f"{where}: unknown field(s) {sorted(unknown)} in a claim cue record; known: "
                           f"{sorted(_CLAIM_FIELDS)}")
    for name in ("reader", "claim", "rule", "confidence"):
        if name not in record:
            raise PatternError(f"{where}: a claim cue record needs {name!r}")
    if ("patterns" in record) == ("patterns_of" in record):
        raise PatternError(f"{where}: a claim cue record needs either 'patterns' or 'patterns_of' (another family)")
    claim_types = list(fact_types().claims)  # ontology/facts.json
    if record["claim"] not in claim_types:
        raise PatternError(f"{where}: claim {record['claim']!r} is not a claim type ({', '.join(claim_types)})")
    if not isinstance(record["confidence"], (int, float)) or not 0 <= record["confidence"] <= 1:
        raise PatternError(f"{where}: confidence must be a number in [0, 1]")
    if record.get("polarity") not in (None, "positive", "negative"):
        raise PatternError(f"{where}: polarity must be 'positive', 'negative' or absent")
    hedged = record.get("hedged")
    if isinstance(hedged, str):
        hedged = _compile(hedged, f"{where}.hedged")
    return CueFamily(key, str(record["reader"]), "", str(record["rule"]), float(record["confidence"]),
                     bool(record.get("dated", False)), hedged, claim=record["claim"],  # type: ignore[arg-type]
                     polarity=record.get("polarity"), patterns_of=record.get("patterns_of"))


class _Patterns(Mapping[str, object]):
    """The entries of ``cues.json`` by key, each compiled on first use (:func:`_compile`), and entries that hold
    no patterns (``plain``: "labels").

    A process that resolves names and assembles the graph reads a few of them (an add's main process): compiling
    all took 0.4 CPU s there. :meth:`compile_all` compiles every one, so that a bad pattern is reported at once.
    """

    def __init__(self, raw: dict[str, object], where: str, plain: dict[str, object]) -> None:
        self._raw = raw
        self._where = where
        self._plain = plain
        self._done: dict[str, object] = {}

    def __getitem__(self, key: str) -> object:
        found = self._done.get(key)
        if found is None:
            if key in self._plain:
                return self._plain[key]
            found = self._done[key] = _compile(self._raw[key], f"{self._where}: {key}")
        return found

    def __iter__(self) -> Iterator[str]:
        return iter([*self._raw, *self._plain])

    def __len__(self) -> int:
        return len(self._raw) + len(self._plain)

    def __contains__(self, key: object) -> bool:
        return key in self._raw or key in self._plain

    def pattern_keys(self) -> list[str]:
        """The keys that hold patterns, in file order."""
        return list(self._raw)

    def compile_all(self) -> None:
        for key in self._raw:
            self[key]  # compiled and kept


def either_apostrophe(pattern: str) -> str:
    """``pattern`` with each apostrophe it matches standing for either way of writing one: "doesn't" in a cue
    matches "doesn’t" too (outside a character class ' and ’ become ``['’]``; inside one, each adds the other)."""
    out: list[str] = []
    i, in_class = 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            out.append(pattern[i:i + 2])
            i += 2
            continue
        if ch in "'\u2019":
            out.append("'\u2019" if in_class else "['\u2019]")
        elif in_class:
            in_class = ch != "]"
            out.append(ch)
        else:
            in_class = ch == "["
            out.append(ch)
            if in_class:  # a ']' (after an optional '^') that opens the class is one of its characters
                j = i + 1 + (pattern[i + 1:i + 2] == "^")
                out.append(pattern[i + 1:j + (pattern[j:j + 1] == "]")])
                i = j + (pattern[j:j + 1] == "]") - 1
        i += 1
    return "".join(out)


def _compile(value: object, where: str) -> object:
    if isinstance(value, str):
        try:
            return re.compile(either_apostrophe(value), re.IGNORECASE)
        except re.error as err:
            raise PatternError(f"{where}: invalid pattern ({err})") from err
    if isinstance(value, list):
        return [_compile(v, f"{where}[{i}]") for i, v in enumerate(value)]
    if isinstance(value, dict):
        return {k: _compile(v, f"{where}.{k}") for k, v in value.items()}
    raise PatternError(f"{where}: expected a pattern, a list or an object")


def _words(path: Path) -> list[tuple[int, str]]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as err:
        raise PatternError(f"{path}: cannot read ({err.strerror or err})") from err
    return [(n, line.strip()) for n, line in enumerate(lines, 1) if line.strip() and not line.startswith("#")]


def _synonyms(path: Path) -> dict[str, str]:
    table: dict[str, str] = {}
    for number, line in _words(path):
        forms = [f.strip() for f in line.split("|")]
        if not all(forms):
            raise PatternError(f"{path}:{number}: empty name in {line!r}")
        for form in forms:
            table[form.casefold()] = forms[0]
    return table


def load_lexicon(folder: str | None = None) -> Lexicon:
    """Load ``cues.json`` and ``lexicons/*.txt`` from ``folder`` (default: the ontology folder in use, which
    ``KG_ONTOLOGY`` may name); cached per folder."""
    return _load_lexicon(str(folder) if folder else str(ontology_dir()))


@lru_cache(maxsize=4)
def _load_lexicon(folder: str) -> Lexicon:
    root = Path(folder)
    cue_file = root / "cues.json"
    try:
        raw = json.loads(cue_file.read_text(encoding="utf-8"))
    except OSError as err:
        raise PatternError(f"{cue_file}: cannot read ({err.strerror or err})") from err
    except json.JSONDecodeError as err:
        raise PatternError(f"{cue_file}:{err.lineno}: not valid JSON ({err.msg})") from err
    labels = raw.pop("labels", {})
    families = {k: _family(k, v, f"{cue_file.name}: {k}") for k, v in raw.items()
                if isinstance(v, dict) and {"patterns", "patterns_of", "emits", "claim"} & set(v)}
    for family in families.values():
        if family.patterns_of is not None and "patterns" not in raw.get(family.patterns_of, {}):
            raise PatternError(f"{cue_file.name}: {family.key}: patterns_of {family.patterns_of!r} names no family "
                               "with patterns")
    cues = _Patterns({k: v["patterns"] if k in families else v for k, v in raw.items()
                      if not k.startswith("_") and not (k in families and families[k].patterns_of)},
                     cue_file.name, {"labels": labels})
    if root.resolve() != shipped_ontology_dir().resolve():  # a folder of one's own: a bad pattern is reported now
        cues.compile_all()  # (the shipped patterns are compiled by the tests, and here as they are first used)
    lex = root / "lexicons"
    return Lexicon(
        cues=cues,
        generic_terms=frozenset(w for _, w in _words(lex / "generic_terms.txt")),
        common_capitalized=frozenset(w for _, w in _words(lex / "common_capitalized.txt")),
        label_nouns=frozenset(w for _, w in _words(lex / "label_nouns.txt")),
        org_suffixes=frozenset(w for _, w in _words(lex / "org_suffixes.txt")) if (lex / "org_suffixes.txt").is_file()
        else frozenset(),  # an ontology folder copied before the file existed reads on without it
        editions=frozenset(w for _, w in _words(lex / "editions.txt")) if (lex / "editions.txt").is_file()
        else frozenset(),
        name_tails=frozenset(w for _, w in _words(lex / "name_tails.txt")) if (lex / "name_tails.txt").is_file()
        else frozenset(),
        title_genres=frozenset(w.lower() for _, w in _words(lex / "title_genres.txt"))
        if (lex / "title_genres.txt").is_file() else frozenset(),
        opening_verbs=frozenset(w for _, w in _words(lex / "opening_verbs.txt"))
        if (lex / "opening_verbs.txt").is_file() else frozenset(),
        person_titles=frozenset(w.lower() for _, w in _words(lex / "person_titles.txt"))
        if (lex / "person_titles.txt").is_file() else frozenset(),
        licenses=_synonyms(lex / "licenses.txt"),
        platforms=_synonyms(lex / "platforms.txt"),
        families=families,
    )
