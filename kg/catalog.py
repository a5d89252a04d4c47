"""The entity catalog: canonical names, types, aliases and makers, read from a JSONL data file."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from kg.errors import CatalogError
from kg.ids import entity_id, normalize_name, spelling
from kg.models import EntityType
from kg.paths import ontology_dir

__all__ = ["Catalog", "CatalogEntry", "default_catalog_path", "load_catalog", "ontology_dir"]

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def default_catalog_path() -> Path:
    """Path of the catalog shipped with kg."""
    return ontology_dir() / "catalog.jsonl"


class CatalogEntry(BaseModel):
    """One line of the catalog file."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    type: EntityType
    aliases: tuple[str, ...] = ()
    maker: str | None = None
    part_of: str | None = None
    part_kind: Literal["release", "feature"] | None = None
    description: str | None = None
    category: str | None = None  # the job it is compared on ("vector-databases", "programming-language", "company")
    shared: tuple[str, ...] = ()  # names other entries also go by ("Flux": Flux CD and FLUX.1); the document decides
    # names that are this entry only where the document also names its maker or a product of its category ("Sheets"
    # beside Excel; sheets of paper otherwise); matched as written
    in_context: tuple[str, ...] = ()
    case_sensitive: bool = False  # match only as written ("Modal" the product, not "modal" the word)
    any_case: bool = False  # match in any case, though also an English word ("claude" in a dev's lowercase note)


@dataclass
class Catalog:
    """Entries by canonical name, and every surface form mapped to its canonical name."""

    entries: dict[str, CatalogEntry] = field(default_factory=dict)
    path: str | None = None

    @cached_property
    def digest(self) -> str:
        """SHA-256 of every entry (sorted by name, as JSON): what results read of the catalog, for cache keys."""
        import hashlib

        entries = [e.model_dump(mode="json") for _, e in sorted(self.entries.items())]
        return hashlib.sha256(json.dumps(entries, sort_keys=True).encode()).hexdigest()

    @cached_property
    def forms(self) -> dict[str, str]:
        """Normalised surface form → canonical name (a shared name: its first sense, see :attr:`senses`)."""
        table: dict[str, str] = {}
        for entry in self.entries.values():
            for form in (entry.name, *entry.aliases):
                table.setdefault(normalize_name(form), entry.name)
        for form, names in self.senses.items():
            table.setdefault(form, names[0])
        return table

    @cached_property
    def contextual(self) -> dict[str, str]:
        """Normalised name → the canonical name of the entry it means where the document's other names say so
        (:attr:`CatalogEntry.in_context`)."""
        return {normalize_name(form): e.name for e in self.entries.values() for form in e.in_context}

    @cached_property
    def senses(self) -> dict[str, tuple[str, ...]]:
        """Normalised shared name → the canonical names of the entries it may mean, the entry it is the name or
        alias of first, then the entries that share it in catalog order."""
        table: dict[str, list[str]] = {}
        for entry in self.entries.values():
            for form in entry.shared:
                table.setdefault(normalize_name(form), []).append(entry.name)
        owners = {normalize_name(f): e.name for e in self.entries.values() for f in (e.name, *e.aliases)}
        return {form: tuple(dict.fromkeys([owners[form], *names] if form in owners else names))
                for form, names in sorted(table.items())}

    def get(self, name: str) -> CatalogEntry | None:
        """The entry a surface form names, if any (a case-sensitive entry only for its forms as written:
        "README" names no ReadMe)."""
        canon = self.forms.get(normalize_name(name))
        entry = self.entries.get(canon) if canon else None
        if entry is not None and entry.case_sensitive and name not in (entry.name, *entry.aliases):
            return None
        return entry

    @cached_property
    def spelled(self) -> dict[str, str]:
        """A form's letters, digits, "+" and "#", casefolded (four or more) → canonical name: "launchdarkly" →
        LaunchDarkly ("notepad++" is not Notepad)."""
        table: dict[str, str] = {}
        for entry in self.entries.values():
            for form in (entry.name, *entry.aliases):
                key = spelling(form)
                if len(key) >= 4:
                    table.setdefault(key, entry.name)
        return table

    def __len__(self) -> int:
        return len(self.entries)


def _check_entry(entry: CatalogEntry, where: str) -> None:
    """Refuse an entry that would poison matching: an empty name, a stop-word or one-letter alias, …"""
    from kg.stopwords import STOP_WORDS

    for field_name, value in (("name", entry.name), *(("alias", a) for a in (*entry.aliases, *entry.shared,
                                                                               *entry.in_context)),
                              ("maker", entry.maker or ""), ("part_of", entry.part_of or "")):
        if _LONE_SURROGATE.search(value):
            raise CatalogError(f"{where}: {field_name} {value!r} is not valid Unicode text (a lone surrogate); "
                               "fix the escape sequence")
    if not entry.name.strip():
        raise CatalogError(f"{where}: the name is empty")
    for alias in (*entry.aliases, *entry.shared, *entry.in_context):
        if len(alias.strip()) <= 1 or normalize_name(alias) in STOP_WORDS:
            raise CatalogError(f"{where}: alias {alias!r} of {entry.name!r} is a single letter or a common English "
                               "word and would match almost everywhere; remove it")
    own = {normalize_name(f) for f in (entry.name, *entry.aliases)}
    if entry.in_context and not (entry.category or entry.maker):
        raise CatalogError(f"{where}: {entry.name!r} has names it goes by in context ({', '.join(entry.in_context)}) "
                           "but no category or maker to recognise that context by; give one")
    for form in (*entry.shared, *entry.in_context):
        if normalize_name(form) in own:
            raise CatalogError(f"{where}: {form!r} is both a name of {entry.name!r} and a name it shares or goes by "
                               "in context; list it once")
    if entry.maker == entry.name:
        raise CatalogError(f"{where}: {entry.name!r} is its own maker; name the company that makes it")


def load_catalog(path: str | Path | None) -> Catalog:
    """Read a catalog file; ``None`` gives the shipped catalog, ``"none"`` an empty one.

    A file read before in this process and unchanged since (the same modification time and size) gives the same
    :class:`Catalog` again, not read a second time: a notebook or service that extracts again pays for it once.

    Args:
        path: a JSONL file with one entry per line, ``None`` or ``"none"``.

    Raises:
        CatalogError: naming ``file:line`` and the problem.
    """
    if isinstance(path, str) and path.lower() == "none":
        return Catalog()
    file = Path(path) if path is not None else default_catalog_path()
    try:
        stat = file.stat()
    except OSError:
        return _read_catalog(file)  # which says why it cannot be read
    return _read_unchanged(str(file), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=4)
def _read_unchanged(file: str, mtime_ns: int, size: int) -> Catalog:
    """:func:`_read_catalog` of ``file`` as it stood at that modification time and size, kept for the next call."""
    return _read_catalog(Path(file))


def _read_catalog(file: Path) -> Catalog:
    """Every entry of ``file``, checked (see :func:`load_catalog`)."""
    try:
        lines = file.read_text(encoding="utf-8").splitlines()
    except OSError as err:
        raise CatalogError(f"{file}: cannot read the catalog ({err.strerror or err})") from err
    except UnicodeDecodeError as err:
        raise CatalogError(f"{file}: the catalog is not UTF-8 ({err.reason} at byte {err.start})") from err
    catalog = Catalog(path=str(file))
    lines_of: dict[str, int] = {}
    keys: dict[str, str] = {}
    ids: dict[str, str] = {}
    forms: dict[str, str] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            entry = CatalogEntry.model_validate(json.loads(line))
        except json.JSONDecodeError as err:
            raise CatalogError(f"{file}:{number}: not valid JSON ({err.msg})") from err
        except ValidationError as err:
            first = err.errors()[0]
            loc = ".".join(str(p) for p in first["loc"]) or "entry"
            raise CatalogError(f"{file}:{number}: {loc}: {first['msg']}") from err
        _check_entry(entry, f"{file}:{number}")
        key = normalize_name(entry.name)
        if key in keys:
            raise CatalogError(f"{file}:{number}: {entry.name!r} is listed twice (also as {keys[key]!r} on line "
                               f"{lines_of[keys[key]]})")
        if forms.get(key, entry.name) != entry.name:  # an earlier entry's alias: the name would match two entries
            raise CatalogError(f"{file}:{number}: {entry.name!r} is also an alias of {forms[key]!r} (line "
                               f"{lines_of[forms[key]]}); keep it on one entry")
        keys[key], lines_of[entry.name] = entry.name, number
        ident = entity_id(entry.name)
        if ident in ids:
            raise CatalogError(f"{file}:{number}: {entry.name!r} and {ids[ident]!r} (line {lines_of[ids[ident]]}) "
                               f"get the same id {ident}; rename one of them")
        ids[ident] = entry.name
        for alias in entry.aliases:
            owner = forms.setdefault(normalize_name(alias), entry.name)
            if owner != entry.name:
                raise CatalogError(f"{file}:{number}: alias {alias!r} of {entry.name!r} also names {owner!r} "
                                   f"(line {lines_of[owner]}); keep it on one entry")
        forms.setdefault(key, entry.name)
        catalog.entries[entry.name] = entry
    for entry in catalog.entries.values():
        seen, parent = {entry.name}, entry.part_of
        while parent and parent in catalog.entries:
            if parent in seen:
                raise CatalogError(f"{file}:{lines_of[entry.name]}: {entry.name!r} is part of itself "
                                   f"(part_of loops through {parent!r})")
            seen.add(parent)
            parent = catalog.entries[parent].part_of
        for ref in (entry.maker, entry.part_of):
            if ref and ref not in catalog.entries:
                raise CatalogError(f"{file}:{lines_of[entry.name]}: {entry.name!r} refers to {ref!r}, "
                                   "which has no entry of its own")
    return catalog
