"""The embedded store: an on-disk Oxigraph dataset plus a small name index, under ``OUT/.store/``."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from pyoxigraph import RdfFormat, Store

from kg.atomic import write_text
from kg.errors import StoreError
from kg.ids import normalize_name
from kg.lookup import LocalLookup
from kg.progress import ProgressCallback, report
from kg.rdf import iri

if TYPE_CHECKING:
    from kg.models import KnowledgeGraph
    from kg.relation_index import RelationIndex

__all__ = ["STORE_DIR", "KgStore", "StoredEntity", "name_forms", "open_store", "renote", "seal", "store_path",
           "write_store"]

STORE_DIR = ".store"
_DATABASE = "oxigraph"
_NAMES = "names.json"
_VERIFIED = "verified.json"  # the database files' stats when their hashes were last checked
_INDEX = "relations.sqlite"  # the relation questions' rows (kg.relation_index.FILE), beside the database
_NAME_DB = "names.sqlite"  # the name index: entities and the names that resolve to them (kg.name_index.FILE)
_FORMAT = 2  # bump when the layout or the RDF mapping changes incompatibly (2: the name index in names.sqlite)
_CHUNK_BYTES = 8 << 20  # N-Quads loaded per bulk-load call: bounds the loader's memory


@dataclass(frozen=True)
class StoredEntity:
    """What the name index keeps about one entity."""

    id: str
    iri: str
    name: str
    type: str
    aliases: tuple[str, ...] = ()
    part_of: str | None = None


@dataclass
class KgStore:
    """An opened store: the read-only Oxigraph dataset and the name index.

    On disk the name index is read a row at a time from ``names.sqlite`` (``kg.name_index``); a store made in
    memory or from an endpoint holds it in dicts.
    """

    path: Path
    oxigraph: Store
    entities: Mapping[str, StoredEntity] = field(default_factory=dict)
    names: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # normalised name or alias → entity ids
    info: dict[str, object] = field(default_factory=dict)
    generation: object = None  # which names.json was read (see _generation); None for a store not on disk
    part_index: Mapping[str, tuple[str, ...]] | None = None  # ``parts``, when the name index can answer it

    @cached_property
    def parts(self) -> Mapping[str, tuple[str, ...]]:
        """Entity id → the releases and features that are directly part of it."""
        if self.part_index is not None:
            return self.part_index
        found: dict[str, list[str]] = {}
        for e in self.entities.values():
            if e.part_of:
                found.setdefault(e.part_of, []).append(e.id)
        return {parent: tuple(children) for parent, children in found.items()}

    @cached_property
    def lookup(self) -> LocalLookup:
        """The look-ups the questions are built from, on this store."""
        return LocalLookup(self.oxigraph)

    @cached_property
    def relation_index(self) -> RelationIndex | None:
        """The relation questions' pre-rendered rows (``kg.relation_index``), opened when first asked for; None
        if the build wrote none (an older store) or the store was replaced since it was opened (its rows could
        belong to another generation than this database)."""
        if _INDEX not in (self.info.get("beside") or {}) or self.generation is None:
            return None
        from kg.relation_index import open_index

        index = open_index(self.path / _INDEX)
        if index is not None and _generation(self.path) != self.generation:
            index.close()
            return None
        return index


def store_path(out_dir: str | Path) -> Path:
    """The folder that holds the store of a build output folder."""
    return Path(out_dir) / STORE_DIR


def _name_index(kg: KnowledgeGraph) -> dict[str, object]:
    entities = {e.id: {"iri": iri(e.id).value, "name": e.name, "type": e.type, "aliases": list(e.aliases),
                       "part_of": e.part_of} for e in sorted(kg.entities, key=lambda e: e.id)}
    return {"format": _FORMAT, "kg_version": kg.run.kg_version, "entities": entities,
            "names": name_forms(kg.entities)}


def name_forms(entities: Iterable) -> dict[str, list[str]]:
    """Normalised name or alias → the ids of the entities (with ``id``, ``name``, ``aliases``) it names."""
    names: dict[str, list[str]] = {}
    ordered = sorted(entities, key=lambda e: e.id)
    for rank in (0, 1):  # canonical names first, so they win over another entity's alias
        for e in ordered:
            for form in ((e.name,) if rank == 0 else e.aliases):
                ids = names.setdefault(normalize_name(form), [])
                if e.id not in ids:
                    ids.append(e.id)
    return dict(sorted(names.items()))


def _swap_in(built: Path, target: Path) -> None:
    """Replace ``target`` by the folder ``built``: two renames, the old folder kept until the swap is done."""
    old = None
    if target.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{target.name}-old-", dir=target.parent))
        os.replace(target, old / target.name)
    try:
        os.replace(built, target)
    except OSError:
        if old is not None:
            os.replace(old / target.name, target)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def write_store(kg: KnowledgeGraph, out_dir: str | Path, progress: ProgressCallback | None = None, *,
                concurrent: bool = False, keys: dict[str, str] | None = None) -> Path:
    """Write the graph's RDF into ``out_dir/.store/oxigraph`` and its name index into ``.store/names.sqlite``.

    The database is built in a temporary sibling folder and renamed into place, so a reader sees the
    old store or the new one. ``concurrent``: the database is loaded in a thread, two chunks at a time (in Rust,
    without Python's lock) while this one works out the documents' digests and the relation index's rows and writes
    them beside it. ``keys``: the quotes' extraction cache keys, which the digests hash
    (``kg.store_update.graph_digests``).

    Returns:
        The ``.store`` folder.

    Raises:
        StoreError: if the store cannot be written.
    """
    from concurrent.futures import ThreadPoolExecutor

    from kg.relation_index import write_index
    from kg.store_update import write_digests

    root = store_path(out_dir)
    try:
        root.mkdir(parents=True, exist_ok=True)
        building = Path(tempfile.mkdtemp(prefix=f".{_DATABASE}-new-", dir=root))
        try:
            report(progress, "loading the store", 0, None)  # one bulk load: its start and its end
            with ThreadPoolExecutor(1, thread_name_prefix="kg-load") as pool:
                loading = pool.submit(_load, kg, building, 2) if concurrent else None
                write_digests(kg, root, keys=keys)
                write_index(root, [kg])
                count = loading.result() if loading is not None else _load(kg, building)
            report(progress, "loading the store", count, count)
            _swap_in(building, root / _DATABASE)
        finally:
            shutil.rmtree(building, ignore_errors=True)
        seal(root, _name_index(kg) | {"quads": count})
    except OSError as err:
        raise StoreError(f"cannot write the store in {root}: {err}") from err
    return root


def _load(kg: KnowledgeGraph, folder: Path, threads: int = 1) -> int:
    """Load the graph's quads into a new database in ``folder`` (``threads`` chunks at a time), closed again: the
    number of quads."""
    from kg.shared import views

    store = Store(str(folder))
    with views(kg) as view:  # the build's one N-Quads file, parsed and loaded in Rust
        _bulk_load(store, view.quads_path, threads=threads)
    store.flush()
    count = len(store)
    del store  # closes the database before it is moved
    return count


def _bulk_load(store: Store, quads: Path, chunk_bytes: int = _CHUNK_BYTES, threads: int = 1) -> None:
    """Load an N-Quads file a few megabytes at a time, in ``threads`` threads.

    pyoxigraph's bulk loader holds what it is given in memory (about 800 bytes a quad): in one call, a
    10 k-quote build would hold 1.6 GB. Whole lines of N-Quads are whole quads, so the file is fed in
    chunks of lines and the memory stays bounded by the chunk (times ``threads``), whatever the size of the
    graph. Each call writes its own table files and adds them to the database, which takes them in any order
    (a store is a set of quads); the loader runs in Rust without Python's lock, so threads load on several cores.
    The file is our own serializer's output, so its IRIs are not validated again (``lenient``).
    """
    import threading

    with quads.open("rb") as handle:
        lock = threading.Lock()

        def load() -> None:
            while True:
                with lock:
                    lines = handle.readlines(chunk_bytes)
                if not lines:
                    return
                store.bulk_load(b"".join(lines), format=RdfFormat.N_QUADS, lenient=True)

        if threads <= 1:
            load()
            return
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(threads, thread_name_prefix="kg-bulk") as pool:
            for loader in [pool.submit(load) for _ in range(threads)]:
                loader.result()


def seal(root: Path, index: dict[str, object], previous: Path | None = None) -> None:
    """Finish a store whose database is written: write the name index (``names.sqlite``), fingerprint the files,
    write ``names.json`` (the manifest) and ``verified.json``.

    ``index`` is the name index (``_name_index``) with the database's figures; its entities and names go to
    ``names.sqlite``, the rest to ``names.json``, with a new generation id.
    ``previous``: the ``.store`` folder the database was snapshotted from; files it shares (hard links to the
    same inode: RocksDB never changes a table file) keep the digests it noted instead of being read again.
    """
    from kg.name_index import write_names

    generation = uuid.uuid4().hex
    index = dict(index)
    write_names(root, index.pop("entities"), index.pop("names"))
    files = _fingerprints(root / _DATABASE, _shared_digests(root / _DATABASE, previous))
    # the files written beside the database for this generation (the relation index), checked the same way
    beside = {name: [(root / name).stat().st_size, _sha256(root / name)] for name in (_INDEX, _NAME_DB)
              if (root / name).is_file()}
    manifest = {"generation": generation, "files": files, "beside": beside}
    # ASCII escapes keep names that are not valid UTF-8 (lone surrogates) writable
    write_text(root / _NAMES, json.dumps(index | manifest, indent=1, sort_keys=True) + "\n")
    _remember(root, generation, _stats(_paths(root, manifest)))


def renote(directory: str | Path) -> None:
    """Note again the stats of a store's files after a link to them was removed (which moves their ctime).

    ``kg add`` shares table files with the generation it replaces; removing that generation changes the
    files' link counts, hence their ctime, though not a byte. A file whose size, mtime and inode are as noted
    keeps its check; any other difference leaves the note as it was, so the next reader hashes.
    """
    root = _locate(Path(directory))
    index = _read_index(root, directory)
    noted = _verified(root, index.get("generation"))
    stats = _stats(_paths(root, index))
    if not noted or stats is None or set(noted) != set(stats):
        return
    if all(noted[name][:2] + noted[name][3:] == now[:2] + now[3:] for name, now in stats.items()):
        _remember(root, str(index.get("generation")), stats)


def _shared_digests(database: Path, previous: Path | None) -> dict[str, list]:
    """The previous store's digests of the files ``database`` shares with it (same inode, same size)."""
    if previous is None:
        return {}
    try:
        files = json.loads((previous / _NAMES).read_text(encoding="utf-8")).get("files") or {}
    except (OSError, ValueError, AttributeError):
        return {}
    shared = {}
    for name, noted in files.items():
        try:
            here, there = os.stat(database / name), os.stat(previous / _DATABASE / name)
        except OSError:
            continue
        if (here.st_ino, here.st_dev, here.st_size) == (there.st_ino, there.st_dev, there.st_size) == (
                there.st_ino, there.st_dev, noted[0]):
            shared[name] = noted
    return shared


def _read_count(root: Path) -> int | None:
    """The number of quads the store in ``root`` (a ``.store`` folder) holds, as its name index says."""
    try:
        count = json.loads((root / _NAMES).read_text(encoding="utf-8")).get("quads")
    except (OSError, ValueError, AttributeError):
        return None
    return count if isinstance(count, int) else None


def _fingerprints(database: Path, known: dict[str, list] | None = None) -> dict[str, list]:
    """Size and SHA-256 of each database file a reader depends on (not its logs), to tell damage."""
    out = {}
    for path in sorted(database.iterdir()):
        if path.suffix == ".sst" or path.name == "CURRENT" or path.name.startswith(("MANIFEST-", "OPTIONS-")):
            out[path.name] = (known or {}).get(path.name) or [path.stat().st_size, _sha256(path)]
    return out


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def _paths(root: Path, index: dict) -> dict[str, Path]:
    """Each file the manifest in ``index`` lists (the database's, then those beside it) → where it is."""
    paths = {name: root / _DATABASE / name for name in index.get("files") or {}}
    return paths | {name: root / name for name in index.get("beside") or {}}


def _stats(paths: dict[str, Path]) -> dict[str, list[int]] | None:
    """What the file system says of each listed file: size, mtime, ctime, inode and device (None if one is gone).

    Any write to a file changes its mtime and ctime, and ctime cannot be set back by a user: while these are
    as they were when the files' hashes were checked, the contents are those that were checked.
    """
    out = {}
    for name, path in paths.items():
        try:
            st = os.stat(path)
        except OSError:
            return None
        out[name] = [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev]
    return out


def _remember(root: Path, generation: str, stats: dict[str, list[int]] | None) -> None:
    """Note that the files of ``generation`` had their hashes checked while they had ``stats`` (best effort)."""
    if stats is None:
        return
    try:
        write_text(root / _VERIFIED, json.dumps({"generation": generation, "stats": stats}, sort_keys=True) + "\n")
    except OSError:  # a read-only store: the next reader checks the hashes again
        pass


def _verified(root: Path, generation: object) -> dict | None:
    try:
        memo = json.loads((root / _VERIFIED).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(memo, dict) or memo.get("generation") != generation:
        return None
    return memo.get("stats")


def _damaged(directory: str | Path, what: str) -> StoreError:
    return StoreError(f"the store in {directory} is damaged ({what}); rebuild it with "
                      f"`kg build INPUTS --out {directory}`")


def _check(root: Path, index: dict, directory: str | Path) -> None:
    """Refuse a database whose files differ from those the build wrote (a truncated or altered file).

    The files are hashed only when their size, times or inode differ from those noted when they were last
    hashed (``verified.json``): a build notes them as it writes the files, a reader after a check that passed
    (e.g. on a copied store). An unchanged store opens without reading its database files.
    """
    files, beside = index.get("files"), index.get("beside") or {}
    if not isinstance(files, dict) or not files:
        raise _damaged(directory, "names.json lists no database files")
    if not isinstance(beside, dict):
        raise _damaged(directory, "names.json: its list of files beside the database is not a mapping")
    paths = _paths(root, index)
    stats = _stats(paths)
    if stats is not None and stats == _verified(root, index.get("generation")):
        return
    for name, expected in (files | beside).items():
        path, shown = paths[name], paths[name].relative_to(root)
        try:
            size = path.stat().st_size
            if [size, _sha256(path)] != expected:
                raise _damaged(directory, f"{shown} is not the file the build wrote")
        except OSError as err:
            raise _damaged(directory, f"{shown}: {err.strerror or err}") from err
    if stats is not None and stats == _stats(paths):  # nothing changed while it was hashed
        _remember(root, str(index.get("generation")), stats)


def _locate(directory: Path) -> Path:
    for candidate in (directory / STORE_DIR, directory):
        if (candidate / _DATABASE).is_dir() and (candidate / _NAMES).is_file():
            return candidate
    raise StoreError(f"no store in {directory}; run `kg build … --out {directory}` first")


def open_store(directory: str | Path) -> KgStore:
    """Open the store a build wrote into ``directory`` (its ``.store`` folder also works), read-only.

    A build may switch generations while the store is being opened: the name index's file is looked at
    before it is read and after the database is opened, and the opening is retried if it was replaced.

    Raises:
        StoreError: if there is no store there, or it cannot be read.
    """
    for _ in range(5):
        root = _locate(Path(directory))
        seen = _generation(root)
        index = _read_index(root, directory)
        try:
            _check(root, index, directory)
            database = Store.read_only(str(root / _DATABASE))
        except (OSError, ValueError, StoreError) as err:
            if _generation(root) != seen:
                continue
            if isinstance(err, StoreError):
                raise
            raise _damaged(directory, str(err)) from err
        try:  # opened now: a later build's file replaces it under another inode, which this one keeps reading
            names = _open_names(root, index, directory)
        except StoreError:
            if _generation(root) != seen:
                continue
            raise
        if _generation(root) == seen:
            return _opened(root, database, index, seen, names)
    raise StoreError(f"the store in {directory} kept changing while it was opened (builds running?); try again")


def _generation(root: Path) -> object:
    """Which ``names.json`` is there: a build writes a new file (a new inode) and renames it into place."""
    try:
        st = os.stat(root / _NAMES)
    except OSError:
        return None
    return st.st_ino, st.st_dev, st.st_mtime_ns, st.st_size


def _read_index(root: Path, directory: str | Path) -> dict:
    try:
        index = json.loads((root / _NAMES).read_text(encoding="utf-8"))
    except OSError as err:
        raise StoreError(f"cannot read the store in {root}: {err}") from err
    except ValueError as err:
        raise _damaged(directory, f"names.json: {err}") from err
    if not isinstance(index, dict) or index.get("format") != _FORMAT:
        raise StoreError(f"the store in {directory} was written by another kg version; run `kg build` again")
    return index


def _open_names(root: Path, index: dict, directory: str | Path) -> tuple:
    """The name index's mappings (``kg.name_index``), opened read-only."""
    import sqlite3

    from kg.name_index import open_names

    if _NAME_DB not in (index.get("beside") or {}):
        raise _damaged(directory, f"names.json does not list {_NAME_DB}")
    try:
        opened = open_names(root / _NAME_DB)
    except sqlite3.Error as err:
        raise _damaged(directory, f"{_NAME_DB}: {err}") from err
    if opened is None:
        raise StoreError(f"the store in {directory} was written by another kg version; run `kg build` again")
    return opened


def _opened(root: Path, database: Store, index: dict, generation: object, names: tuple) -> KgStore:
    entities, forms, parts = names
    info = {k: v for k, v in index.items() if k not in ("entities", "names")}
    return KgStore(path=root, oxigraph=database, entities=entities, names=forms, info=info, generation=generation,
                   part_index=parts)
