"""The output folder as one transaction: a new generation is built beside it, then swapped in at once.

A build writes into a fresh hidden sibling ``.NAME.kg-new-*`` and, once every file is written and
synced, exchanges it with ``NAME`` in one atomic ``renameat2(RENAME_EXCHANGE)``: a reader opens the
old folder or the new one, never a mix. An exclusive ``flock`` on the output folder keeps a second
build out; the hidden leftovers of a killed build are removed by the next one.
"""

from __future__ import annotations

import ctypes
import errno
import fcntl
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from kg.errors import BuildLockedError, OutputError

__all__ = ["OWN_NAMES", "leftovers", "transaction"]

# what a build writes into the output folder; anything else there is the user's and is never replaced
OWN_NAMES = frozenset({
    ".store", "cache", "report.json", "tables", "kg.ttl", "kg.jsonld", "kg.nt", "kg.trig", "kg.nq", "kg.graphml",
    "kg.yed.graphml", "kg.neo4j.graphml", "kg.gexf", "kg.cyjs", "kg.html",
})
_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _hidden(out: Path, kind: str) -> str:
    return f".{out.name}.kg-{kind}-"


def leftovers(out: Path) -> list[Path]:
    """Hidden siblings of ``out`` that builds made: generations being built, swapped out or ready."""
    prefix = f".{out.name}.kg-"
    try:
        return sorted(p for p in out.parent.iterdir() if p.name.startswith(prefix))
    except OSError:
        return []


def _resolve(out: str | Path) -> Path:
    path = Path(os.path.abspath(out))
    if path.is_symlink():  # swap the folder the link points at, keep the link
        path = path.resolve()
    if path.exists() and not path.is_dir():
        raise OutputError(f"--out {out} is not a folder; choose a folder for the exports and the store")
    if path.parent == path:
        raise OutputError(f"--out {out} is a file system root; choose a folder inside it")
    return path


def _foreign(out: Path) -> list[str]:
    try:
        return sorted(p.name for p in out.iterdir() if p.name not in OWN_NAMES)
    except FileNotFoundError:
        return []
    except OSError as err:
        raise OutputError(f"cannot read --out {out} ({err.strerror or err})") from err


def _lock(out: Path) -> tuple[int, bool]:
    """Lock the folder ``out`` names now (creating it if needed): (descriptor, whether it was created)."""
    created = False
    while True:
        _recover(out)
        try:
            out.mkdir(parents=True)
            created = True
        except FileExistsError:
            pass
        except OSError as err:
            raise OutputError(f"cannot create --out {out} ({err.strerror or err}); choose a writable folder") from err
        try:
            fd = os.open(out, os.O_RDONLY | os.O_DIRECTORY)
        except FileNotFoundError:
            continue  # swapped away between mkdir and open
        except OSError as err:
            raise OutputError(f"cannot open --out {out} ({err.strerror or err})") from err
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise BuildLockedError(out) from None
        try:
            same = os.path.samestat(os.fstat(fd), os.stat(out))
        except FileNotFoundError:
            same = False
        if same:
            return fd, created
        os.close(fd)  # another build switched generations meanwhile: lock the folder that is there now


def _recover(out: Path) -> None:
    """Finish a switch that a kill interrupted on a system without atomic exchange."""
    if out.exists():
        return
    ready = [p for p in leftovers(out) if p.name.startswith(_hidden(out, "ready"))]
    if ready:
        os.replace(ready[-1], out)


def _clean(out: Path) -> None:
    for path in leftovers(out):
        if not path.name.startswith(_hidden(out, "ready")) or out.exists():
            shutil.rmtree(path, ignore_errors=True)


def _sync_tree(root: Path) -> None:
    """fsync every file and folder under ``root``, so a switched-in generation survives a power cut."""
    for folder, _, files in os.walk(root):
        for name in files:
            fd = os.open(os.path.join(folder, name), os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        _sync_dir(Path(folder))


def _sync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _exchange(a: Path, b: Path) -> bool:
    """Atomically swap two paths (Linux ``renameat2``); False where the system cannot."""
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError):
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False
    raise OSError(code, os.strerror(code), str(b))


def _switch(new: Path, out: Path) -> None:
    """Put the generation ``new`` in place of ``out``; ``new`` then holds the old one."""
    if _exchange(new, out):
        return
    # no atomic exchange: mark the generation complete, then two renames that _recover can finish
    ready = Path(tempfile.mkdtemp(prefix=_hidden(out, "ready"), dir=out.parent))
    os.replace(new, ready)
    os.replace(out, new)
    os.replace(ready, out)


@contextmanager
def transaction(out: str | Path) -> Iterator[Path]:
    """Lock ``out`` and yield an empty folder to write the next generation into.

    On a normal exit the folder replaces ``out`` in one atomic step; on an exception (or a kill) ``out``
    is left exactly as it was. The folder is made before anything else runs, so an output that cannot be
    written is reported before any extraction.

    Raises:
        OutputError: if ``out`` is a file, not writable, or holds files kg did not write.
        BuildLockedError: if another build holds the lock on ``out``.
    """
    target = _resolve(out)
    fd, created = _lock(target)
    new: Path | None = None
    try:
        foreign = _foreign(target)
        if foreign:
            shown = ", ".join(foreign[:5]) + (" …" if len(foreign) > 5 else "")
            raise OutputError(f"--out {out} holds files kg did not write ({shown}); a build replaces the whole "
                              "folder, so move them away or choose another --out")
        _clean(target)
        try:
            new = Path(tempfile.mkdtemp(prefix=_hidden(target, "new"), dir=target.parent))
            os.chmod(new, 0o777 & ~_umask())
        except OSError as err:
            raise OutputError(f"cannot write next to --out {out} ({err.strerror or err}); "
                              "choose a writable folder") from err
        yield new
        _sync_tree(new)
        _switch(new, target)
        _sync_dir(target.parent)
    except BaseException:
        if created:
            _remove_empty(target)
        raise
    finally:
        if new is not None:
            shutil.rmtree(new, ignore_errors=True)
        os.close(fd)


def _remove_empty(folder: Path) -> None:
    try:
        folder.rmdir()
    except OSError:
        pass


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
