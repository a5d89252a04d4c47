"""Ingestion: seed documents, plain text, JSONL and CSV become Documents and Quotes; bad files are reported."""

from __future__ import annotations

import csv
import json
import re

import pytest
from helpers import seed_text, write_doc

from kg.errors import InputError, KgError
from kg.ingest import parse_title, read_corpus, read_file


@pytest.mark.parametrize("line,expected", [
    ("Qdrant vs pgvector (filtered search at scale)",
     ("Qdrant vs pgvector", "filtered search at scale", ("Qdrant", "pgvector"))),
    ("Ollama vs vLLM: serving models at home", ("Ollama vs vLLM", "serving models at home", ("Ollama", "vLLM"))),
    ("Cursor versus Windsurf: agent modes", ("Cursor versus Windsurf", "agent modes", ("Cursor", "Windsurf"))),
    ("Qdrant vs. pgvector", ("Qdrant vs. pgvector", None, ("Qdrant", "pgvector"))),
    ("Vercel Sandbox v. E2B", ("Vercel Sandbox v. E2B", None, ("Vercel Sandbox", "E2B"))),
    ("E2B vs Daytona vs Modal", ("E2B vs Daytona vs Modal", None, ("E2B", "Daytona", "Modal"))),
    ("LM Studio vs Ollama (local inference) ", ("LM Studio vs Ollama", "local inference", ("LM Studio", "Ollama"))),
    ("Letta 0.6 vs Mastra Release 2 (working memory)",
     ("Letta 0.6 vs Mastra Release 2", "working memory", ("Letta 0.6", "Mastra Release 2"))),
    # a colon without "vs" before it is part of the title, not a subtitle
    ("Field notes: what we learned", ("Field notes: what we learned", None, ())),
    ("Release notes", ("Release notes", None, ())),
    # the words around a side's name are not the name
    ("Performance test: Tailwind 4.0 vs UnoCSS", ("Performance test: Tailwind 4.0 vs UnoCSS", None, ("Tailwind 4.0", "UnoCSS"))),
    ("Bitwarden vs 1Password for browser integration: a thread",
     ("Bitwarden vs 1Password for browser integration", "a thread", ("Bitwarden", "1Password"))),
    ("uv vs conda in 2026", ("uv vs conda in 2026", None, ("uv", "conda"))),
    # a question or an exclamation before a side is no part of its name
    ("Why Zola? Hugo vs Zola for a blog", ("Why Zola? Hugo vs Zola for a blog", None, ("Hugo", "Zola"))),
    # … nor the question mark after the last side; a name's own exclamation mark stays
    ("Hugo vs Zola? (issue)", ("Hugo vs Zola?", "issue", ("Hugo", "Zola"))),
    ("Yahoo! vs Google", ("Yahoo! vs Google", None, ("Yahoo!", "Google"))),
])
def test_parse_title(line, expected):
    assert parse_title(line) == expected


def test_seed_document(tmp_path):
    quotes = ["Typesense answered every query in single-digit milliseconds.",
              "Meilisearch set up in minutes,\nand the defaults were sensible."]
    path = write_doc(tmp_path, "Meilisearch vs Typesense (instant search)", quotes)
    doc, rows = read_file(path)
    assert doc.format == "seed"
    assert (doc.title, doc.subtitle, doc.candidates) == ("Meilisearch vs Typesense", "instant search",
                                                         ("Meilisearch", "Typesense"))
    assert [r.text for r in rows] == quotes  # verbatim, line break included
    assert doc.name == path.name and len(doc.sha256) == 64 and re.fullmatch(r"doc:[0-9a-f]{12}", doc.id)


def test_seed_document_with_a_colon_subtitle_and_no_blank_line(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("Zed vs Cursor: editors for big repos\n\u201cZed opened our monorepo without a stutter.\u201d\n",
                    encoding="utf-8")
    doc, rows = read_file(path)
    assert (doc.title, doc.subtitle, doc.candidates) == ("Zed vs Cursor", "editors for big repos", ("Zed", "Cursor"))
    assert [r.text for r in rows] == ["Zed opened our monorepo without a stutter."]


def test_seed_document_without_a_title(tmp_path):
    path = write_doc(tmp_path, None, ["Aider commits every change it makes, which keeps the history honest."])
    doc, rows = read_file(path)
    assert doc.format == "seed" and doc.title is None and doc.candidates == ()
    assert len(rows) == 1


@pytest.mark.parametrize("suffix", [".txt", ".md"])
def test_plain_text_paragraphs_are_quotes(tmp_path, suffix):
    path = tmp_path / f"notes{suffix}"
    path.write_text("Zed vs Cursor\n\nZed opened the repo instantly\nand never stuttered.\n\n\n"
                    "Cursor indexed it overnight.\n", encoding="utf-8")
    doc, rows = read_file(path)
    assert doc.format == "text"
    assert doc.candidates == ("Zed", "Cursor")
    assert [r.text for r in rows] == ["Zed opened the repo instantly and never stuttered.",
                                      "Cursor indexed it overnight."]


def test_plain_text_without_a_title_keeps_every_paragraph(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("Aider is my daily driver.\r\n\r\nCline asks before every edit.\r\n", encoding="utf-8")
    doc, rows = read_file(path)
    assert doc.title is None and doc.candidates == ()
    assert [r.text for r in rows] == ["Aider is my daily driver.", "Cline asks before every edit."]


def test_markdown_heading_title(tmp_path):
    path = tmp_path / "notes.md"
    path.write_text("# Cursor vs Zed\n\nZed opened the repo instantly.\n\nCursor indexed it overnight.\n")
    doc, _ = read_file(path)
    assert doc.candidates == ("Cursor", "Zed")


def test_plain_text_first_sentence_with_vs_stays_a_quote(tmp_path):
    path = tmp_path / "notes.txt"
    first = "Ollama vs LM Studio is the question every new hire asks me first."
    path.write_text(f"{first}\n\nOllama wins for scripting, LM Studio for browsing models.\n")
    doc, rows = read_file(path)
    assert first in [r.text for r in rows]
    assert "LM Studio is the question every new hire asks me first." not in doc.candidates


ROWS = [
    {"text": "Langfuse traces every chain step without extra code.", "subject": "Langfuse",
     "source": "https://example.org/a", "author": "dana", "date": "2025-03-01"},
    {"text": "Helicone, as a proxy, needed one line of config.", "subject": "Helicone"},
    {"text": "Both dashboards load fast.", "subject": " "},
]


def _write_table(path, rows):
    if path.suffix == ".jsonl":
        path.write_text("".join(json.dumps(r) + "\n" for r in rows) + "\n", encoding="utf-8")
    else:
        with path.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=["text", "subject", "source", "author", "date"])
            writer.writeheader()
            writer.writerows(rows)


@pytest.mark.parametrize("suffix", [".jsonl", ".csv"])
def test_table_rows_carry_subject_and_source_metadata(tmp_path, suffix):
    path = tmp_path / f"rows{suffix}"
    _write_table(path, ROWS)
    corpus = read_corpus([path])
    (doc,) = corpus.documents
    assert doc.format == suffix[1:]
    assert doc.candidates == ("Langfuse", "Helicone")
    quotes = [corpus.quotes[q] for q in doc.quote_ids]
    assert [q.text for q in quotes] == [r["text"] for r in ROWS]
    assert [q.subject_hint for q in quotes] == ["Langfuse", "Helicone", None]
    first = quotes[0].sources[0]
    assert (first.doc_id, first.index, first.source, first.author, first.date) == (
        doc.id, 0, "https://example.org/a", "dana", "2025-03-01")
    assert quotes[1].sources[0].author is None and quotes[2].sources[0].index == 2


def test_same_quote_in_two_documents_is_one_quote_with_two_sources(tmp_path):
    shared = "Chroma is the fastest way to get a prototype answering questions."
    a = write_doc(tmp_path, "Chroma vs LanceDB", ["LanceDB stores vectors as plain files.", shared], name="a.txt")
    b = write_doc(tmp_path, "Chroma vs Weaviate", [shared], name="b.txt")
    corpus = read_corpus([a, b])
    assert len(corpus.documents) == 2
    assert len(corpus.quotes) == 2
    (quote,) = [q for q in corpus.quotes.values() if q.text == shared]
    doc_a, doc_b = corpus.documents
    assert [(s.doc_id, s.index) for s in quote.sources] == [(doc_a.id, 1), (doc_b.id, 0)]
    assert quote.id in doc_a.quote_ids and quote.id in doc_b.quote_ids


BAD_FILES = [
    ("image.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary file"),
    ("empty.txt", b"", "the file is empty"),
    ("blank.md", b"  \n\n\t\n", "the file is empty"),
    ("legacy.txt", "Caf\u00e9 notes: the plugin is fine.".encode("latin-1"), "not UTF-8"),
    ("export.csv", b"body,subject\nFast and cheap.,Zed\n", "no 'text' column"),
    ("rows.jsonl", b'\n{"text": "broken\n', "line 2: not valid JSON"),
    ("list.jsonl", b'["not", "an", "object"]\n', "line 1: expected a JSON object"),
    ("gaps.csv", b"text,subject\n,Zed\n", "line 2: missing or empty 'text'"),
    ("open.txt", "Zed vs Cursor\n\n\u201cnever closed\n".encode(), "no complete"),
]


@pytest.mark.parametrize("name,data,problem", BAD_FILES, ids=[b[0] for b in BAD_FILES])
def test_bad_file_is_reported_by_name_and_the_others_are_read(tmp_path, name, data, problem):
    write_doc(tmp_path, "Zed vs Cursor", ["Zed opened the repo instantly.", "Cursor indexed it overnight."],
              name="good.txt")
    (tmp_path / name).write_bytes(data)
    corpus = read_corpus([tmp_path])
    assert [d.name for d in corpus.documents] == ["good.txt"]
    assert len(corpus.quotes) == 2
    (item,) = corpus.report
    assert item.kind == "skipped_file"
    assert item.path == str(tmp_path / name)
    assert item.message.startswith(f"{name} (") and problem in item.message
    assert corpus.skipped == 1


def test_missing_path_is_reported_and_the_others_are_read(tmp_path):
    good = write_doc(tmp_path, "Zed vs Cursor", ["Zed opened the repo instantly."])
    missing = tmp_path / "nowhere" / "gone.txt"
    corpus = read_corpus([missing, good])
    assert len(corpus.documents) == 1
    (item,) = corpus.report
    assert item.kind == "skipped_file" and item.path == str(missing)
    assert "gone.txt" in item.message and "no such file" in item.message


def test_folder_reports_unsupported_types_and_ignores_readme_and_hidden_files(tmp_path):
    write_doc(tmp_path, "Zed vs Cursor", ["Zed opened the repo instantly."], name="a.txt")
    (tmp_path / "diagram.pdf").write_bytes(b"%PDF-1.7")
    (tmp_path / "README").write_text("about this folder")
    (tmp_path / ".draft.txt").write_text("\u201cnot ready\u201d")
    (tmp_path / "_scratch").mkdir()
    (tmp_path / "_scratch" / "b.txt").write_text("\u201cnot ready either\u201d")
    corpus = read_corpus([tmp_path])
    assert [d.name for d in corpus.documents] == ["a.txt"]
    assert [(r.kind, r.message) for r in corpus.report] == [("skipped_file", "diagram.pdf (unsupported file type)")]


def test_read_file_raises_input_error_naming_the_file(tmp_path):
    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    with pytest.raises(InputError) as info:
        read_file(path)
    assert isinstance(info.value, KgError) and isinstance(info.value, ValueError)
    assert info.value.path == str(path)
    assert str(info.value) == f"{path}: the file is empty"


def test_summary(tmp_path):
    (tmp_path / "a.txt").write_text(seed_text("Zed vs Cursor", ["Zed is quick.", "Cursor is clever."]),
                                    encoding="utf-8")
    (tmp_path / "b.txt").write_bytes(b"\x00\x00binary")
    corpus = read_corpus([tmp_path])
    assert corpus.summary() == "1 documents, 2 quotes, 1 skipped: b.txt (binary file (NUL bytes), not text)"


def test_summary_without_skips(tmp_path):
    corpus = read_corpus([write_doc(tmp_path, "Zed vs Cursor", ["Zed is quick.", "Zed is quick.", "Cursor too."])])
    assert corpus.summary() == "1 documents, 2 quotes, 0 skipped"


def test_identical_files_are_two_documents(tmp_path):
    text = "Qdrant vs Weaviate\n\n\u201cQdrant filters inside the index.\u201d\n"
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "one.txt").write_text(text, encoding="utf-8")
    (tmp_path / "two.txt").write_text(text, encoding="utf-8")
    corpus = read_corpus([tmp_path])
    assert len({d.id for d in corpus.documents}) == 2
    (quote,) = corpus.quotes.values()
    assert len({s.doc_id for s in quote.sources}) == 2


def test_upper_case_suffixes_are_read_by_their_format(tmp_path):
    (tmp_path / "rows.CSV").write_text("text,subject\nQdrant is fast.,Qdrant\n", encoding="utf-8")
    corpus = read_corpus([tmp_path])
    assert [q.text for q in corpus.quotes.values()] == ["Qdrant is fast."]
    assert corpus.documents[0].format == "csv"


def _bad_rows(corpus) -> list[str]:
    return [r.message for r in corpus.report if r.kind == "bad_row"]


def test_a_bad_jsonl_row_is_reported_with_its_line_and_the_good_rows_are_kept(tmp_path):
    rows = [
        '{"text": "Qdrant competes with Weaviate.", "subject": "Qdrant"}',
        '{"text": "broken',
        '{"text": ["a", "b"]}',
        '{"text": "Fine.", "subject": {"name": "Zed"}}',
        '["not", "an", "object"]',
        '{"text": "Zed is fast.", "author": "Ann"}',
    ]
    (tmp_path / "rows.jsonl").write_text("\n".join(rows) + "\n", encoding="utf-8")
    corpus = read_corpus([tmp_path])
    assert sorted(q.text for q in corpus.quotes.values()) == ["Qdrant competes with Weaviate.", "Zed is fast."]
    bad = _bad_rows(corpus)
    assert [m.split(":")[1] for m in bad] == ["2", "3", "4", "5"]
    assert bad[0].startswith("rows.jsonl:2: not valid JSON")
    assert "'text' must be text, not list" in bad[1] and "'subject' must be text, not dict" in bad[2]
    assert corpus.skipped == 0


def test_lone_surrogates_are_replaced_and_reported_not_a_crash(tmp_path):
    row = {"text": "Zed \udc80 is fast.", "subject": "Z\udc80d", "author": "\udc80", "source": "s\udc80",
           "date": "2024-\udc80"}
    (tmp_path / "s.jsonl").write_text(json.dumps(row) + "\n", encoding="utf-8")  # JSON escapes: \udc80
    corpus = read_corpus([tmp_path])
    (quote,) = corpus.quotes.values()
    assert quote.text == "Zed \ufffd is fast." and quote.subject_hint == "Z\ufffdd"
    assert quote.sources[0].author == "\ufffd" and quote.sources[0].date == "2024-\ufffd"
    assert len(_bad_rows(corpus)) == 5
    quote.model_dump_json()  # serialisable: no PydanticSerializationError


def test_an_unclosed_curly_quote_is_reported_with_its_line(tmp_path):
    (tmp_path / "a.txt").write_text("Zed vs Cursor\n\n\u201cZed is fast.\u201d\n\n\u201cnever closed\n\n"
                                    "\u201cCursor is slow.\u201d\n", encoding="utf-8")
    corpus = read_corpus([tmp_path])
    assert sorted(q.text for q in corpus.quotes.values()) == ["Cursor is slow.", "Zed is fast."]
    assert _bad_rows(corpus) == ["a.txt:5: \u201c is never closed; the quote is skipped"]


def test_csv_long_field_and_unterminated_quote(tmp_path):
    long_text = "Zed is fast. " * 12_000  # 156,000 characters: over csv's default field limit
    path = tmp_path / "t.csv"
    path.write_text(f'text,subject\n"{long_text[:99_000]}",Zed\nCursor is slow.,Cursor\n"never closed,Zed\n',
                    encoding="utf-8")
    corpus = read_corpus([tmp_path])
    assert len(corpus.quotes) == 2
    (bad,) = _bad_rows(corpus)
    assert bad.startswith("t.csv:4:") and "unterminated" in bad
    path.write_text(f'text\n"{long_text}"\nok.\n', encoding="utf-8")
    corpus = read_corpus([path])
    assert [q.text for q in corpus.quotes.values()] == ["ok."]
    assert "more than kg reads" in _bad_rows(corpus)[0]


def test_a_quote_longer_than_spacy_reads_is_reported_and_the_rest_built(tmp_path):
    from kg.pipeline import run

    (tmp_path / "big.jsonl").write_text(json.dumps({"text": "word " * 220_000}) + "\n"
                                        + json.dumps({"text": "Qdrant competes with Weaviate."}) + "\n")
    graph = run([tmp_path])
    assert [q.text for q in graph.quotes] == ["Qdrant competes with Weaviate."]
    assert any(r.kind == "bad_row" and "1,099,999 characters" in r.message for r in graph.report)


def test_utf16_with_a_bom_is_decoded(tmp_path):
    (tmp_path / "w.txt").write_bytes("Zed vs Cursor\n\n\u201cZed is fast.\u201d\n".encode("utf-16"))
    corpus = read_corpus([tmp_path])
    assert [q.text for q in corpus.quotes.values()] == ["Zed is fast."] and corpus.report == []


def test_a_huge_sparse_file_is_refused_without_being_read(tmp_path, monkeypatch):
    path = tmp_path / "huge.txt"
    with path.open("wb") as handle:
        handle.truncate(2_000_000_000)
    monkeypatch.setattr("pathlib.Path.read_bytes", lambda self: pytest.fail("the file was read"))
    corpus = read_corpus([tmp_path])
    assert corpus.report[0].message == "huge.txt (the file is larger than 50 MB)"


def test_a_file_name_that_is_not_utf8_is_read(tmp_path):
    import os

    path = tmp_path / os.fsdecode(b"caf\xe9.txt")  # a Latin-1 name: a lone surrogate in Python
    path.write_text("Zed vs Cursor\n\n\u201cZed is fast.\u201d\n", encoding="utf-8")
    (doc,) = read_corpus([tmp_path]).documents
    assert doc.name == "caf\ufffd.txt"
    doc.model_dump_json()


def test_a_quote_repeated_in_many_documents_keeps_every_source_in_reading_order(tmp_path):
    shared = "Chroma is the fastest way to get a prototype answering questions."
    paths = [write_doc(tmp_path, f"Chroma vs Other{i}", [f"Other{i} is fine.", shared], name=f"d{i:02d}.txt")
             for i in range(30)]
    corpus = read_corpus(paths)
    (quote,) = [q for q in corpus.quotes.values() if q.text == shared]
    assert [(s.doc_id, s.index) for s in quote.sources] == [(d.id, 1) for d in corpus.documents]
    assert list(corpus.quotes)[:2] == [corpus.documents[0].quote_ids[0], quote.id]  # first-seen order kept


def test_rows_and_problems_carry_the_line_they_start_on(tmp_path):
    """Each quote and each unclosed “ names its own line, in a seed file and in plain text (counted on from the last
    row, not from the start of the file each time)."""
    seed = tmp_path / "seed.txt"
    seed.write_text("Zed vs Cursor\n\n\u201cZed is fast.\u201d\n\u201cCursor\nis slow.\u201d\n\n\n\u201cbroken\n"
                    "\u201cZed again.\u201d\n", encoding="utf-8")
    problems: list[str] = []
    _, rows = read_file(seed, problems=problems)
    assert [(r.text, r.line) for r in rows] == [("Zed is fast.", 3), ("Cursor\nis slow.", 4), ("Zed again.", 9)]
    assert problems == ["line 8: \u201c is never closed; the quote is skipped"]
    plain = tmp_path / "notes.md"
    plain.write_text("Zed vs Cursor\n\nZed is fast.\n\n\n\nCursor\nis slow.\n\nZed again.\n", encoding="utf-8")
    _, rows = read_file(plain)
    assert [(r.text, r.line) for r in rows] == [("Zed is fast.", 3), ("Cursor is slow.", 7), ("Zed again.", 10)]


def test_line_numbers_count_on_from_the_last_position():
    import random

    from kg.ingest import _Lines

    rng = random.Random(5)
    text = "".join(rng.choice("ab\n") for _ in range(2000))
    lines = _Lines(text)
    for pos in sorted(rng.randrange(len(text) + 1) for _ in range(300)):
        assert lines.at(pos) == text.count("\n", 0, pos) + 1
