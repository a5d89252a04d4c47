"""Stage 1: read review files into Documents and Quotes, reporting every file it cannot use."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path

from kg.errors import InputError
from kg.ids import quote_id
from kg.models import Document, Quote, ReportItem, Source

__all__ = ["SUPPORTED_SUFFIXES", "Corpus", "iter_files", "parse_title", "read_corpus", "read_file"]

SUPPORTED_SUFFIXES = (".txt", ".md", ".jsonl", ".csv")
MAX_BYTES = 50_000_000
_QUOTE = re.compile(r"\u201c(.*?)\u201d", re.DOTALL)
_VS = re.compile(r"\s+(?:vs\.?|versus|v\.)\s+", re.IGNORECASE)


@dataclass
class Corpus:
    """What ingestion produced: documents, distinct quotes (with all their sources), and skips."""

    documents: list[Document] = field(default_factory=list)
    quotes: dict[str, Quote] = field(default_factory=dict)
    report: list[ReportItem] = field(default_factory=list)

    @property
    def skipped(self) -> int:
        """How many files could not be read."""
        return sum(1 for r in self.report if r.kind == "skipped_file")

    def summary(self) -> str:
        """'5 documents, 41 quotes, 1 skipped: bad.txt (binary file)'."""
        text = f"{len(self.documents)} documents, {len(self.quotes)} quotes, {self.skipped} skipped"
        skips = [r.message for r in self.report if r.kind == "skipped_file"]
        return text + (": " + "; ".join(skips) if skips else "")


@dataclass(frozen=True)
class _Row:
    text: str
    subject: str | None = None
    author: str | None = None
    date: str | None = None
    source: str | None = None


def parse_title(line: str) -> tuple[str, str | None, tuple[str, ...]]:
    """Split a title line into (title, subtitle, candidate names).

    >>> parse_title("Qdrant vs pgvector (filtered search)")
    ('Qdrant vs pgvector', 'filtered search', ('Qdrant', 'pgvector'))
    >>> parse_title("Ollama vs vLLM: serving at home")[2]
    ('Ollama', 'vLLM')
    """
    title, subtitle = line.strip().lstrip("#").strip(), None
    paren = re.search(r"\s*\(([^()]*)\)\s*$", title)
    if paren:
        title, subtitle = title[: paren.start()].strip(), paren.group(1).strip()
    elif ":" in title:
        head, _, tail = title.partition(":")
        if _VS.search(head):
            title, subtitle = head.strip(), tail.strip() or None
    parts = [p.strip(" \t-–—") for p in _VS.split(title)] if _VS.search(title) else []
    return title, subtitle, tuple(p for p in parts if p)


def _looks_like_title(line: str) -> bool:
    """ "# Cursor vs Zed" or "Ollama vs LM Studio: local models" — not a sentence that happens to say "vs"."""
    line = line.lstrip("#").strip()
    if len(line) > 120 or re.search(r"[.!?]$", line) or not _VS.search(line):
        return False
    head = re.split(r"[:(]", line)[0]
    return all(len(side.split()) <= 5 for side in _VS.split(head))


def _decode(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as err:
        raise InputError(path, f"cannot read the file ({err.strerror or err})") from err
    if not data.strip():
        raise InputError(path, "the file is empty")
    if len(data) > MAX_BYTES:
        raise InputError(path, f"the file is larger than {MAX_BYTES // 1_000_000} MB")
    if b"\x00" in data[:8192]:
        raise InputError(path, "binary file (NUL bytes), not text")
    try:
        return data.decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n")
    except UnicodeDecodeError as err:
        raise InputError(path, f"not UTF-8 text (invalid byte at offset {err.start}); re-save it as UTF-8") from err


def _seed_rows(text: str) -> tuple[str | None, list[_Row]]:
    first, _, rest = text.lstrip().partition("\n")
    if "\u201c" in first:  # no title line: quotes start at once
        first, rest = "", text
    return first.strip() or None, [_Row(q) for q in _QUOTE.findall(rest)]


def _plain_rows(text: str) -> list[_Row]:
    paragraphs = re.split(r"\n\s*\n", text)
    return [_Row(re.sub(r"\s*\n\s*", " ", p).strip()) for p in paragraphs if p.strip()]


def _field(row: dict, name: str) -> str | None:
    value = row.get(name)
    if value is None:
        return None
    value = str(value).strip()
    return value or None


def _table_rows(path: Path, text: str) -> list[_Row]:
    records: list[tuple[int, dict]] = []
    if path.suffix.lower() == ".jsonl":
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as err:
                raise InputError(path, f"line {number}: not valid JSON ({err.msg})") from err
            if not isinstance(record, dict):
                raise InputError(path, f"line {number}: expected a JSON object with a 'text' field")
            records.append((number, record))
    else:
        reader = csv.DictReader(io.StringIO(text))
        if not reader.fieldnames or "text" not in reader.fieldnames:
            raise InputError(path, f"no 'text' column (columns: {', '.join(reader.fieldnames or [])})")
        records = [(n, r) for n, r in enumerate(reader, 2)]
    rows = []
    for number, record in records:
        body = _field(record, "text")
        if body is None:
            raise InputError(path, f"row {number}: missing or empty 'text'")
        rows.append(_Row(body, *(_field(record, k) for k in ("subject", "author", "date", "source"))))
    return rows


def read_file(path: Path, label: str | None = None) -> tuple[Document, list[_Row]]:
    """Read one file into a Document and its quote rows.

    ``label`` is the path recorded in the Document (relative to the folder it was found in), so the
    same files give the same graph wherever they sit on disk.

    Raises:
        InputError: naming the file and what is wrong with it.
    """
    text = _decode(path)
    suffix = path.suffix.lower()
    title = subtitle = None
    candidates: tuple[str, ...] = ()
    if suffix in (".jsonl", ".csv"):
        fmt, rows = ("jsonl" if suffix == ".jsonl" else "csv"), _table_rows(path, text)
        candidates = tuple(dict.fromkeys(r.subject for r in rows if r.subject))
    elif "\u201c" in text:
        fmt = "seed"
        title_line, rows = _seed_rows(text)
        if title_line:
            title, subtitle, candidates = parse_title(title_line)
        if not rows:
            raise InputError(path, "has an opening curly quote but no complete “…” quote")
    else:
        fmt, rows = "text", _plain_rows(text)
        head = rows[0].text if rows else ""
        if len(rows) > 1 and _looks_like_title(head):
            title, subtitle, candidates = parse_title(head)
            rows = rows[1:]
    rows = [r for r in rows if r.text.strip()]
    if not rows:
        raise InputError(path, "contains no quotes")
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    doc = Document(
        id=f"doc:{hashlib.sha256(f'{label or path.name}|{digest}'.encode()).hexdigest()[:12]}", name=path.name, path=label or path.name, sha256=digest, format=fmt,
        title=title, subtitle=subtitle, candidates=candidates,
        quote_ids=tuple(quote_id(r.text) for r in rows),
    )
    return doc, rows


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

    def add(self, path: Path, label: str) -> None:
        real = os.path.realpath(path)
        if real not in self.seen:  # the same file named twice is read once
            self.seen.add(real)
            self.files.append((path, label))

    def folder(self, root: Path, folder: Path, visited: frozenset[str]) -> None:
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as err:
            self.report.append(_skip(folder, f"cannot read the folder ({err.strerror or err})"))
            return
        real_root = os.path.realpath(root)
        for entry in entries:
            path = Path(entry.path)
            if entry.name.startswith((".", "_")):
                continue
            real = os.path.realpath(path)
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
                self.add(path, path.relative_to(root).as_posix())
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


def read_corpus(inputs: list[str | Path], follow_links: bool = False, exclude: tuple[Path, ...] = ()) -> Corpus:
    """Read files and folders; a bad file is reported and skipped, the others are still read.

    ``follow_links`` and ``exclude`` are as in :func:`iter_files`.
    """
    files, report = iter_files([Path(p) for p in inputs], follow_links, exclude)
    corpus = Corpus(report=report)
    for path, label in files:
        try:
            doc, rows = read_file(path, label)
        except InputError as err:
            corpus.report.append(ReportItem(kind="skipped_file", path=err.path,
                                            message=f"{path.name} ({err.problem})"))
            continue
        corpus.documents.append(doc)
        for index, row in enumerate(rows):
            qid = quote_id(row.text)
            source = Source(doc_id=doc.id, index=index, author=row.author, date=row.date, source=row.source)
            old = corpus.quotes.get(qid)
            if old is None:
                corpus.quotes[qid] = Quote(id=qid, text=row.text, sources=(source,), subject_hint=row.subject)
            else:
                corpus.quotes[qid] = old.model_copy(update={"sources": (*old.sources, source)})
    return corpus
