"""Which files the inputs name: folders expanded in order; links, FIFOs and the build output handled."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from kg.models import ReportItem

__all__ = ["SUPPORTED_SUFFIXES", "iter_files"]

SUPPORTED_SUFFIXES = (".txt", ".md", ".jsonl", ".csv")


def _skip(path: Path, problem: str) -> ReportItem:
    return ReportItem(kind="skipped_file", path=str(path), message=f"{path.name or path} ({problem})")


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a device"),
                       (stat.S_ISBLK, "a device")):
        if test(mode):
            return name
    return "not a regular file"


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


@dataclass
class _Walk:
    """One expansion of the inputs: files to read, what was skipped and why, what was seen."""

    follow_links: bool
    excluded: tuple[str, ...]
    files: list[tuple[Path, str]] = field(default_factory=list)
    report: list[ReportItem] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)

    def add(self, path: Path, label: str, real: str | None = None) -> None:
        """Read ``path`` (whose resolved path is ``real``, worked out here when not given) unless it was seen."""
        real = os.path.realpath(path) if real is None else real
        if real not in self.seen:  # the same file named twice is read once
            self.seen.add(real)
            self.files.append((path, label))

    def folder(self, root: Path, folder: Path, visited: frozenset[str]) -> None:
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as err:
            self.report.append(_skip(folder, f"cannot read the folder ({err.strerror or err})"))
            return
        real_root, real_folder = os.path.realpath(root), os.path.realpath(folder)
        for entry in entries:
            path = Path(entry.path)
            if entry.name.startswith((".", "_")):
                continue
            # an entry that is no link resolves to its name in the resolved folder (one lookup, not one a component)
            real = os.path.realpath(path) if entry.is_symlink() else os.path.join(real_folder, entry.name)
            if any(_inside(real, out) for out in self.excluded):
                continue  # the build's own output folder inside an input folder
            try:
                info = os.stat(path)
            except OSError as err:
                problem = "dangling link" if entry.is_symlink() else f"cannot read ({err.strerror or err})"
                self.report.append(_skip(path, problem))
                continue
            if entry.is_symlink() and not self.follow_links:
                if stat.S_ISDIR(info.st_mode):
                    self.report.append(_skip(path, "link to a folder, not followed; pass --follow-links to read it"))
                    continue
                if not _inside(real, real_root):
                    self.report.append(_skip(path, "link leading out of the input folder, not followed; "
                                                   "pass --follow-links to read it"))
                    continue
            if stat.S_ISDIR(info.st_mode):
                if real in visited:
                    self.report.append(_skip(path, "link loop, not followed"))
                else:
                    self.folder(root, path, visited | {real})
            elif not stat.S_ISREG(info.st_mode):
                self.report.append(_skip(path, f"{_kind(info.st_mode)}, not a file"))
            elif path.suffix.lower() in SUPPORTED_SUFFIXES:
                self.add(path, path.relative_to(root).as_posix(), real)
            elif path.name.lower() not in ("readme", "license"):
                self.report.append(_skip(path, "unsupported file type"))


def iter_files(inputs: list[Path], follow_links: bool = False,
               exclude: tuple[Path, ...] = ()) -> tuple[list[tuple[Path, str]], list[ReportItem]]:
    """Expand folders (sorted, recursively, hidden files ignored) into (file, label) pairs to read.

    Inputs are taken in sorted order and a file named twice is read once, so the order of the arguments
    does not change the graph. Inside a folder, links to folders and links that lead out of it are
    reported and not followed unless ``follow_links``; FIFOs, sockets, devices, dangling links and
    unreadable folders are reported. Files under ``exclude`` (the build's output) are not read.
    """
    walk = _Walk(follow_links, tuple(os.path.realpath(p) for p in exclude))
    for item in sorted(inputs, key=str):
        try:
            info = os.stat(item)
        except OSError as err:
            problem = "no such file" if isinstance(err, FileNotFoundError) else f"cannot read ({err.strerror or err})"
            walk.report.append(ReportItem(kind="skipped_file", path=str(item), message=f"{item} ({problem})"))
            continue
        if stat.S_ISDIR(info.st_mode):
            walk.folder(item, item, frozenset({os.path.realpath(item)}))
        elif stat.S_ISREG(info.st_mode):
            walk.add(item, item.name)
        else:
            walk.report.append(_skip(item, f"{_kind(info.st_mode)}, not a file"))
    return walk.files, walk.report
