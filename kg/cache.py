"""The per-quote extraction cache a build keeps in ``OUT/cache/``: the map steps' results, reused by the next build.

Three files, each gzip-compressed JSON Lines sorted by key (deterministic bytes): ``parsed.jsonl.gz`` holds
each quote's :class:`kg.resolve.Parsed`, keyed by the quote's text; ``extracted.jsonl.gz`` each quote's
:class:`kg.pipeline.Extracted`, keyed by its whole :class:`kg.pipeline.Job` (context, subject and the
entities it names); ``attributed.jsonl.gz`` each document's subject attributions, keyed by everything subject
attribution reads of the document (its quotes' texts, sentences and resolved names, its title's products, the
subtitle, given subjects, and the names, types and makers of the entities these lead to:
:func:`attribution_key`). Every key also holds the run's fingerprint (kg's code and data, catalog, spaCy and
model: :func:`kg.parallel.fingerprint`), and a file written under another fingerprint is not read at all. A
build writes the entries it used into its new generation, so the cache moves with the output folder and holds
only the current corpus.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import threading
from dataclasses import fields
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import TypeAdapter
from typing_extensions import TypedDict  # pydantic reads typing.TypedDict only from Python 3.12

from kg.models import Claim, Relation, ReportItem
from kg.names import NameHit
from kg.resolve import Hit, Parsed

if TYPE_CHECKING:
    from kg.extract.subjects import Attribution
    from kg.extract.text import QuoteContext
    from kg.pipeline import Extracted, Job
    from kg.resolve import EntityTable

__all__ = ["CACHE_DIR", "ExtractionCache", "attribution_key", "decoded_extracted", "encoded_extracted", "job_key"]

CACHE_DIR = "cache"
_FILES = {"parsed": "parsed.jsonl.gz", "extracted": "extracted.jsonl.gz", "attributed": "attributed.jsonl.gz"}
_FORMAT = 2  # 2: job keys are the repr of the job's values
_HIT_FIELDS = tuple(f.name for f in fields(Hit))
_hit_values = attrgetter(*_HIT_FIELDS)  # a Hit's fields as a tuple


def _key(fingerprint: str, kind: str, content: str) -> str:
    return hashlib.sha256(f"{fingerprint}\0{kind}\0{content}".encode("utf-8", "surrogatepass")).hexdigest()


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=True, sort_keys=True, separators=(",", ":"))


def _plain(obj: object) -> dict:
    """A dataclass of plain values as a dict (``dataclasses.asdict`` deep-copies: ten times slower)."""
    return {f.name: getattr(obj, f.name) for f in fields(obj)}  # type: ignore[arg-type]


def job_key(job: Job, entities: dict[int, tuple[object, str]] | None = None) -> str:
    """The canonical text of everything a quote's extraction reads.

    It is the ``repr`` of a tuple of plain values (strings, integers, floats, booleans, None and tuples of them),
    which Python writes the same way in every run, with each entity's canonical JSON (:func:`_entity_text`):
    twice as fast as one JSON text of the whole job, and read by nobody (only its digest is kept).
    ``entities``: id of an entity's table entry → (the entry, its canonical text), kept between the jobs of one
    run, whose quotes name the same entities many times over (the table is final by then); the text is the
    same with or without it.
    """
    ctx, att = job.context, job.attribution
    known: dict[int, tuple[object, str]] = {} if entities is None else entities
    described = []
    for eid, info in sorted(job.entities.items()):
        seen = known.get(id(info))
        if seen is None or seen[0] is not info:
            seen = known[id(info)] = (info, _entity_text(info))  # the entry is held: its id is not reused
        described.append((eid, seen[1]))
    return repr((ctx.quote_id, ctx.doc_id, ctx.text, tuple((s, e) for s, e in ctx.sentences),
                 tuple(map(_hit_values, ctx.hits)), tuple(ctx.candidates), ctx.subject,
                 (att.subject, att.rule, att.confidence), tuple(described)))


def _entity_text(info: object) -> str:
    return _dumps({**_plain(info), "aliases": sorted(info.aliases)})  # type: ignore[attr-defined]


def attribution_key(doc_id: str, contexts: list[QuoteContext], table: EntityTable, subtitle: str | None,
                    hints: dict[str, str | None], primary: str | None, title: str | None = None) -> str:
    """The canonical text of everything subject attribution reads of one document (``attribute_subjects``).

    That is each quote's text, sentences and resolved names, the title's products (the contexts' candidates),
    the title and subtitle, given subjects, the title's main product, and of each entity these lead to its name, type and
    maker; the catalog, lexicon and model are fixed by the run's fingerprint.
    """
    ids = {i for ctx in contexts for h in ctx.hits for i in (h.entity, h.root)}
    ids |= {c for ctx in contexts for c in ctx.candidates} | {h for h in hints.values() if h} | {primary}
    entities = {eid: [table.info[eid].name, table.info[eid].type, table.info[eid].maker]
                for eid in sorted(i for i in ids if i and i in table.info)}
    quotes = [[ctx.quote_id, ctx.text, ctx.sentences, ctx.candidates, list(map(_hit_values, ctx.hits))]
              for ctx in contexts]  # a hit's fields as a tuple: written as the list of them
    return _dumps({"doc": doc_id, "quotes": quotes, "title": title, "subtitle": subtitle, "hints": hints, "primary": primary,
                   "entities": entities})


def _encode_parsed(p: Parsed) -> dict:
    return {"spans": p.spans, "sentences": p.sentences,
            "names": [[n.start, n.end, n.text, n.rule, n.strong, n.possessive, n.initial] for n in p.names]}


def _decode_parsed(d: dict) -> Parsed:
    return Parsed(tuple(tuple(s) for s in d["spans"]), tuple(tuple(s) for s in d["sentences"]),  # type: ignore[arg-type]
                  tuple(NameHit(*n) for n in d["names"]))


def _encode_extracted(x: Extracted) -> dict:
    return {"relations": [r.model_dump(mode="json") for r in x.relations],
            "claims": [c.model_dump(mode="json") for c in x.claims],
            "report": [r.model_dump(mode="json") for r in x.report], "facets": list(x.facets)}


class _Stored(TypedDict):
    relations: tuple[Relation, ...]
    claims: tuple[Claim, ...]
    report: tuple[ReportItem, ...]
    facets: tuple[str | None, str | None, str | None]


_STORED = TypeAdapter(_Stored)  # reads a cached line in one pass (json.loads, then each model: twice as slow)


def encoded_extracted(job: Job, found: Extracted, fingerprint: str,
                      entities: dict[int, tuple[object, str]] | None = None) -> tuple[str, str]:
    """A job's cache key and its result's cache text (what :meth:`ExtractionCache.keep_encoded` keeps).

    A worker works them out beside the result, so the process that gathers the results does neither; the text
    is also how the result travels back (:func:`decoded_extracted` reads it: faster than unpickling the models).
    """
    return _key(fingerprint, "extracted", job_key(job, entities)), _dumps(_encode_extracted(found))


def decoded_extracted(raw: str) -> Extracted:
    """The :class:`kg.pipeline.Extracted` of a cache text (:func:`encoded_extracted`): equal to the one encoded."""
    from kg.pipeline import Extracted

    d = _STORED.validate_json(raw)
    return Extracted(d["relations"], d["claims"], d["report"], d["facets"])


class ExtractionCache:
    """Per-quote results of the build in ``previous`` (if any), and the entries this build used.

    Args:
        previous: a cache folder an earlier build wrote (``OUT/cache``); missing or unreadable is empty.
    """

    def __init__(self, previous: Path | None = None) -> None:
        self.previous = previous
        self.fingerprint: str | None = None
        self._old: dict[str, dict[str, str]] = {kind: {} for kind in _FILES}
        self._new: dict[str, dict[str, str]] = {kind: {} for kind in _FILES}
        self.hits = {kind: 0 for kind in _FILES}
        self.misses = {kind: 0 for kind in _FILES}
        self._keys: dict[int, tuple[Job, str]] = {}  # id of a job → (the job, its key)
        self._parsed_keys: dict[str, str] = {}  # a quote text → the key of its parse
        self._entities: dict[int, tuple[object, str]] = {}  # an entity's text in job keys, by id of its entry
        self._ahead: threading.Thread | None = None  # reading the previous extraction results (see open)
        self._decoded: dict[str, Extracted] = {}  # key → its previous extraction result, decoded ahead
        self.fact_keys: dict[str, str] = {}  # quote id → the key of the extraction result kept for it

    def open(self, fingerprint: str) -> None:
        """Read the previous entries written under ``fingerprint`` (others are ignored).

        The extraction results are read and decoded in a thread meanwhile (:meth:`_read_ahead`): their keys
        are known only after names are resolved, but nearly all of them are asked for then, and the thread
        works while this one waits (for the worker parsing the new quotes, for files): about a second of an add.
        """
        self.fingerprint = fingerprint
        self._parsed_keys.clear()  # keyed by the fingerprint too
        if self.previous is None:
            return
        for kind, name in _FILES.items():
            if kind != "extracted":
                self._old[kind] = _read(self.previous / name, fingerprint)
        self._ahead = threading.Thread(target=self._read_ahead, args=(fingerprint,), name="kg-cache", daemon=True)
        self._ahead.start()

    def _read_ahead(self, fingerprint: str) -> None:
        """The previous extraction results, read and decoded (a line that does not decode is decoded again, and
        fails, where it is asked for)."""
        entries = _read(self.previous / _FILES["extracted"], fingerprint)  # type: ignore[operator]
        decoded = {}
        for key, raw in entries.items():
            try:
                decoded[key] = decoded_extracted(raw)
            except ValueError:
                continue
        self._old["extracted"], self._decoded = entries, decoded

    def _extracted_read(self) -> None:
        """Wait for :meth:`_read_ahead`."""
        if self._ahead is not None:
            self._ahead.join()
            self._ahead = None

    def _get(self, kind: str, key: str):
        raw = self._old[kind].get(key)
        if raw is None:
            self.misses[kind] += 1
            return None
        self.hits[kind] += 1
        return raw

    def holds(self, kind: str) -> bool:
        """Whether the previous build's cache holds any entry of ``kind`` ("parsed", "attributed"; not
        "extracted", which is read in a thread)."""
        return bool(self._old[kind])

    def has_parsed(self, text: str) -> bool:
        """Whether the previous build's cache holds the :class:`Parsed` of a quote text (nothing is decoded)."""
        return self._parsed_key(text) in self._old["parsed"]

    def has_extracted(self, job: Job) -> bool:
        """Whether the previous build's cache holds the :class:`Extracted` of a job (its key is not worked out when
        the previous cache holds no result at all)."""
        self._extracted_read()
        return bool(self._old["extracted"]) and self._job_key(job) in self._old["extracted"]

    def parsed(self, text: str) -> Parsed | None:
        """The cached :class:`Parsed` of a quote text, or None."""
        raw = self._get("parsed", self._parsed_key(text))
        return None if raw is None else _decode_parsed(json.loads(raw))

    def keep_parsed(self, text: str, parsed: Parsed) -> None:
        key = self._parsed_key(text)
        self._new["parsed"][key] = self._old["parsed"].get(key) or _dumps(_encode_parsed(parsed))

    def extracted(self, job: Job) -> Extracted | None:
        """The cached :class:`Extracted` of a job, or None."""
        self._extracted_read()
        if not self._old["extracted"]:
            self.misses["extracted"] += 1
            return None
        key = self._job_key(job)
        raw = self._get("extracted", key)
        if raw is None:
            return None
        found = self._decoded.pop(key, None)  # each entry once: a job asked for again decodes it again
        return found if found is not None else decoded_extracted(raw)

    def keep_extracted(self, job: Job, found: Extracted) -> None:
        self._extracted_read()
        key = self._job_key(job)
        self._new["extracted"][key] = self._old["extracted"].get(key) or _dumps(_encode_extracted(found))
        self.fact_keys[job.context.quote_id] = key

    def keep_encoded(self, key: str, text: str, quote_id: str | None = None) -> None:
        """Keep a result a worker encoded with its key (:func:`encoded_extracted`) for the job of that key (the
        job of quote ``quote_id``, noted in :attr:`fact_keys`)."""
        self._new["extracted"][key] = text
        if quote_id is not None:
            self.fact_keys[quote_id] = key

    def attributed(self, key: str) -> dict[str, Attribution] | None:
        """A document's cached subject attributions (quote id → Attribution) by :func:`attribution_key`, or None."""
        from kg.extract.subjects import Attribution

        raw = self._get("attributed", _key(self._fp, "attributed", key))
        return None if raw is None else {q: Attribution(*a) for q, a in json.loads(raw).items()}

    def keep_attributed(self, key: str, found: dict[str, Attribution]) -> None:
        digest = _key(self._fp, "attributed", key)
        self._new["attributed"][digest] = self._old["attributed"].get(digest) or _dumps(
            {q: [a.subject, a.rule, a.confidence] for q, a in found.items()})

    def _parsed_key(self, text: str) -> str:
        """The cache key of a quote text's parse, worked out once per text (a build asks it three times)."""
        key = self._parsed_keys.get(text)
        if key is None:
            key = self._parsed_keys[text] = _key(self._fp, "parsed", text)
        return key

    def _job_key(self, job: Job) -> str:
        """The cache key of a job, worked out once per job (it is looked up, then kept)."""
        known = self._keys.get(id(job))
        if known is not None and known[0] is job:
            return known[1]
        key = _key(self._fp, "extracted", job_key(job, self._entities))
        self._keys[id(job)] = (job, key)  # the job is held, so its id is not reused while the key is
        return key

    @property
    def _fp(self) -> str:
        if self.fingerprint is None:
            raise RuntimeError("ExtractionCache.open(fingerprint) must be called first")
        return self.fingerprint

    def write(self, folder: Path) -> None:
        """Write the entries this build used into ``folder`` (a new generation's ``cache``), sorted by key."""
        self._extracted_read()
        folder.mkdir(parents=True, exist_ok=True)
        for kind, name in _FILES.items():
            with open(folder / name, "wb") as raw:
                with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=1) as out:
                    out.write((_dumps({"format": _FORMAT, "fingerprint": self._fp}) + "\n").encode())
                    for key in sorted(self._new[kind]):
                        out.write(f"{key}\t{self._new[kind][key]}\n".encode())
                raw.flush()
                os.fsync(raw.fileno())  # on disk now (a build's other writing goes on meanwhile), not at its commit


def _read(path: Path, fingerprint: str) -> dict[str, str]:
    """key → JSON text of the entries in ``path``, if it was written under ``fingerprint``; else nothing."""
    try:
        with gzip.open(path, "rb") as handle:
            head = json.loads(handle.readline())
            if head != {"format": _FORMAT, "fingerprint": fingerprint}:
                return {}
            entries = {}
            for line in handle:
                key, _, value = line.decode().rstrip("\n").partition("\t")
                entries[key] = value
            return entries
    except (OSError, EOFError, ValueError):  # missing, truncated or not ours: start afresh
        return {}
