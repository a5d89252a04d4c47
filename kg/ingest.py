"""Stage 1: read review files into Documents and Quotes, reporting every file it cannot use."""

from __future__ import annotations

import codecs
import csv
import hashlib
import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from kg.errors import InputError
from kg.files import SUPPORTED_SUFFIXES, iter_files
from kg.ids import quote_id
from kg.models import Document, Quote, ReportItem, Source

__all__ = ["SUPPORTED_SUFFIXES", "Corpus", "iter_files", "parse_title", "read_corpus", "read_file"]

MAX_BYTES = 50_000_000
MAX_QUOTE_CHARS = 100_000  # longer rows are reported; spaCy refuses 1,000,000 characters in one text
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
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
    line: int = 0


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
    parts = [_bare_name(p) for p in _VS.split(title)] if _VS.search(title) else []
    return title, subtitle, tuple(p for p in parts if p)


_LEAD = re.compile(r"^.*[:?!]\s+")  # "Performance test: Tailwind 4.0 vs …", "Why MeshCore? Meshtastic vs …"
_TAIL = re.compile(r"\s+(?:for|in|on|at|with|from|as|—|–|-)\s+.*$")  # "1Password for browser integration"


def _bare_name(part: str) -> str:
    """One side of "A vs B" without the words around the name."""
    part = _LEAD.sub("", part.strip(" \t-–—"))
    return _TAIL.sub("", part).strip(" \t-–—,?") or part  # "Axolotl vs Llama-Factory?": a question's mark


def _looks_like_title(line: str) -> bool:
    """ "# Cursor vs Zed" or "Ollama vs LM Studio: local models" — not a sentence that happens to say "vs"."""
    line = line.lstrip("#").strip()
    if len(line) > 120 or re.search(r"[.!?]$", line) or not _VS.search(line):
        return False
    head = re.split(r"[:(]", line)[0]
    return all(len(side.split()) <= 5 for side in _VS.split(head))


def _decode(path: Path) -> str:
    try:
        size = path.stat().st_size  # before reading: a 2 GB (even sparse) file is never read in
    except OSError as err:
        raise InputError(path, f"cannot read the file ({err.strerror or err})") from err
    if size > MAX_BYTES:
        raise InputError(path, f"the file is larger than {MAX_BYTES // 1_000_000} MB")
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as err:
        raise InputError(path, f"cannot read the file ({err.strerror or err})") from err
    if len(data) > MAX_BYTES:
        raise InputError(path, f"the file is larger than {MAX_BYTES // 1_000_000} MB")
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            data = data.decode("utf-16").encode("utf-8")
        except UnicodeError as err:
            raise InputError(path, "UTF-16 text with a broken character; re-save it as UTF-8") from err
    if not data.strip():
        raise InputError(path, "the file is empty")
    if b"\x00" in data[:8192]:
        raise InputError(path, "binary file (NUL bytes), not text")
    try:
        return data.decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n")
    except UnicodeDecodeError as err:
        raise InputError(path, f"not UTF-8 text (invalid byte at offset {err.start}); re-save it as UTF-8") from err


class _Lines:
    """Line numbers of positions asked for in increasing order, each counted on from the last one (counting from
    the start every time made reading a file quadratic in its length: 12 s for 20,000 quotes in one file)."""

    def __init__(self, text: str) -> None:
        self.text, self.pos, self.line = text, 0, 1

    def at(self, pos: int) -> int:
        """The line of ``pos`` (not before the last position asked for)."""
        self.line += self.text.count("\n", self.pos, pos)
        self.pos = pos
        return self.line


def _seed_rows(text: str, problems: list[str]) -> tuple[str | None, list[_Row]]:
    """The title line and the “…” quotes; a “ that is never closed is reported with its line."""
    stripped = text.lstrip()
    first, newline, _ = stripped.partition("\n")
    cursor = len(text) - len(stripped) + len(first) + len(newline)
    if "\u201c" in first:  # no title line: quotes start at once
        first, cursor = "", 0
    rows, lines = [], _Lines(text)
    while (opening := text.find("\u201c", cursor)) >= 0:
        closing, after = text.find("\u201d", opening + 1), text.find("\u201c", opening + 1)
        if closing < 0 or 0 <= after < closing:
            problems.append(f"line {lines.at(opening)}: \u201c is never closed; the quote is skipped")
            if closing < 0:
                break
            cursor = after
            continue
        rows.append(_Row(text[opening + 1:closing], line=lines.at(opening)))
        cursor = closing + 1
    return first.strip() or None, rows


def _plain_rows(text: str) -> list[_Row]:
    rows, cursor, lines = [], 0, _Lines(text)
    for paragraph in re.split(r"(\n\s*\n)", text):
        if paragraph.strip() and not re.fullmatch(r"\n\s*\n", paragraph):
            rows.append(_Row(re.sub(r"\s*\n\s*", " ", paragraph).strip(), line=lines.at(cursor)))
        cursor += len(paragraph)
    return rows


def _clean(value: str) -> str:
    """Text with every lone surrogate (which no UTF-8 output can carry) replaced by U+FFFD."""
    return _LONE_SURROGATE.sub("\ufffd", value)


def _field(record: dict, name: str, number: int, problems: list[str]) -> str | None:
    """A field as text; lists, objects and booleans are refused (ValueError), not stringified."""
    value = record.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, str | int | float) or (name == "text" and not isinstance(value, str)):
        raise ValueError(f"line {number}: '{name}' must be text, not {type(value).__name__}")
    text = str(value).strip()
    if _LONE_SURROGATE.search(text):
        problems.append(f"line {number}: '{name}' holds a lone surrogate (not Unicode text); replaced by U+FFFD")
        text = _clean(text)
    return text or None


def _jsonl_records(text: str, problems: list[str]) -> list[tuple[int, dict]]:
    records = []
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as err:
            problems.append(f"line {number}: not valid JSON ({err.msg}); the row is skipped")
            continue
        if not isinstance(record, dict):
            problems.append(f"line {number}: expected a JSON object with a 'text' field; the row is skipped")
            continue
        records.append((number, record))
    return records


def _csv_records(path: Path, text: str, problems: list[str]) -> list[tuple[int, dict]]:
    csv.field_size_limit(max(csv.field_size_limit(), MAX_BYTES))  # one long quote is a field of any size
    reader = csv.reader(io.StringIO(text), strict=True)
    try:
        header = next(reader)
    except (StopIteration, csv.Error):
        header = []
    if "text" not in header:
        raise InputError(path, f"no 'text' column (columns: {', '.join(header)})")
    records = []
    while True:
        number = reader.line_num + 1
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as err:
            problems.append(f"line {number}: {err} (an unterminated quoted field?); the row is skipped")
            if reader.line_num < number:
                break
            continue
        if cells:
            records.append((number, dict(zip(header, cells))))
    return records


def _table_rows(path: Path, text: str, problems: list[str]) -> list[_Row]:
    jsonl = path.suffix.lower() == ".jsonl"
    records = _jsonl_records(text, problems) if jsonl else _csv_records(path, text, problems)
    rows = []
    for number, record in records:
        try:
            body = _field(record, "text", number, problems)
            if body is None:
                raise ValueError(f"line {number}: missing or empty 'text'")
            meta = [_field(record, k, number, problems) for k in ("subject", "author", "date", "source")]
        except ValueError as err:
            problems.append(f"{err}; the row is skipped")
            continue
        rows.append(_Row(body, *meta, line=number))
    return rows


def _too_long(rows: list[_Row], problems: list[str]) -> list[_Row]:
    """Rows short enough to read; a longer one is reported (spaCy refuses a million characters)."""
    kept = []
    for row in rows:
        if len(row.text) > MAX_QUOTE_CHARS:
            problems.append(f"line {row.line}: a quote of {len(row.text):,} characters, more than kg reads "
                            f"({MAX_QUOTE_CHARS:,}); split it into paragraphs. The quote is skipped")
        else:
            kept.append(row)
    return kept


def read_file(path: Path, label: str | None = None,
              problems: list[str] | None = None) -> tuple[Document, list[_Row]]:
    """Read one file into a Document and its quote rows.

    ``label`` is the path recorded in the Document (relative to the folder it was found in), so the
    same files give the same graph wherever they sit on disk. Rows that cannot be read (bad JSON, a
    wrong type, an unclosed quote, a quote too long) are skipped and described in ``problems``
    (``line N: …``); the file is refused only if no row is left.

    Raises:
        InputError: naming the file and what is wrong with it.
    """
    problems = [] if problems is None else problems
    text = _decode(path)
    suffix = path.suffix.lower()
    title = subtitle = None
    candidates: tuple[str, ...] = ()
    if suffix in (".jsonl", ".csv"):
        fmt, rows = ("jsonl" if suffix == ".jsonl" else "csv"), _table_rows(path, text, problems)
        candidates = tuple(dict.fromkeys(r.subject for r in rows if r.subject))
    elif "\u201c" in text:
        fmt = "seed"
        title_line, rows = _seed_rows(text, problems)
        if title_line:
            title, subtitle, candidates = parse_title(title_line)
        if not rows:
            raise InputError(path, "has an opening curly quote but no complete “…” quote"
                             + (f" ({problems[0]})" if problems else ""))
    else:
        fmt, rows = "text", _plain_rows(text)
        head = rows[0].text if rows else ""
        if len(rows) > 1 and _looks_like_title(head):
            title, subtitle, candidates = parse_title(head)
            rows = rows[1:]
    rows = _too_long([r for r in rows if r.text.strip()], problems)
    problems.sort(key=lambda p: int(re.match(r"line (\d+)", p).group(1)) if p.startswith("line ") else 0)
    if not rows:
        raise InputError(path, problems[0] if problems else "contains no quotes")
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    name, label = _clean(path.name), _clean(label or path.name)
    doc = Document(
        id=f"doc:{hashlib.sha256(f'{label}|{digest}'.encode()).hexdigest()[:12]}", name=name, path=label,
        sha256=digest, format=fmt, title=title, subtitle=subtitle, candidates=candidates,
        quote_ids=tuple(quote_id(r.text) for r in rows),
    )
    return doc, rows


def read_corpus(inputs: list[str | Path], follow_links: bool = False, exclude: tuple[Path, ...] = ()) -> Corpus:
    """Read files and folders; a bad file is reported and skipped, the others are still read.

    ``follow_links`` and ``exclude`` are as in :func:`iter_files`.
    """
    files, report = iter_files([Path(p) for p in inputs], follow_links, exclude)
    corpus = Corpus(report=report)
    found: dict[str, tuple[_Row, list[Source]]] = {}  # quote id → its first row and every place it was found
    for path, label in files:
        problems: list[str] = []
        try:
            doc, rows = read_file(path, label, problems)
        except InputError as err:
            corpus.report.append(ReportItem(kind="skipped_file", path=err.path,
                                            message=f"{_clean(path.name)} ({err.problem})"))
            continue
        corpus.report += [ReportItem(kind="bad_row", path=str(path), message=f"{doc.path}:{problem.removeprefix('line ')}")
                          for problem in problems]
        corpus.documents.append(doc)
        for index, (qid, row) in enumerate(zip(doc.quote_ids, rows)):  # the document holds each row's quote id
            source = Source(doc_id=doc.id, index=index, author=row.author, date=row.date, source=row.source)
            if qid in found:  # a repeated quote: one more place, no copy of what is known
                found[qid][1].append(source)
            else:
                found[qid] = (row, [source])
    corpus.quotes = {qid: Quote(id=qid, text=row.text, sources=tuple(sources), subject_hint=row.subject)
                     for qid, (row, sources) in found.items()}
    return corpus
