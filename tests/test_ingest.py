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
    ("rows.jsonl", b'{"text": "Fine line."}\n{"text": "broken\n', "line 2: not valid JSON"),
    ("list.jsonl", b'["not", "an", "object"]\n', "line 1: expected a JSON object"),
    ("gaps.csv", b"text,subject\n,Zed\n", "row 2: missing or empty 'text'"),
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


def _link_corpus(tmp_path):
    corpus = tmp_path / "corpus"
    write_doc(corpus, "Zed vs Cursor", ["Zed opened the repo instantly."], name="good.txt")
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:Qdrant Admin:/root:/bin/bash\n")
    (corpus / "passwd.txt").symlink_to(secret)
    return corpus, secret


def test_a_link_leading_out_of_the_input_folder_is_reported_not_read(tmp_path):
    corpus, _ = _link_corpus(tmp_path)
    read = read_corpus([corpus])
    assert [d.name for d in read.documents] == ["good.txt"]
    assert all("root:x" not in q.text for q in read.quotes.values())
    (item,) = read.report
    assert item.message.startswith("passwd.txt (link leading out of the input folder") and "--follow-links" in item.message


def test_follow_links_reads_a_link_that_leaves_the_folder(tmp_path):
    corpus, _ = _link_corpus(tmp_path)
    read = read_corpus([corpus], follow_links=True)
    assert sorted(d.name for d in read.documents) == ["good.txt", "passwd.txt"]


def test_a_link_inside_the_folder_is_read_once(tmp_path):
    corpus = tmp_path / "corpus"
    write_doc(corpus, "Zed vs Cursor", ["Zed opened the repo instantly."], name="good.txt")
    (corpus / "alias.txt").symlink_to(corpus / "good.txt")
    read = read_corpus([corpus])
    assert [d.name for d in read.documents] == ["alias.txt"] and read.report == []


def test_folder_links_dangling_links_fifos_and_unreadable_folders_are_reported(tmp_path):
    import os

    corpus = tmp_path / "corpus"
    write_doc(corpus, "Zed vs Cursor", ["Zed opened the repo instantly."], name="good.txt")
    (tmp_path / "elsewhere").mkdir()
    (corpus / "more").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    (corpus / "gone.txt").symlink_to(tmp_path / "nothing.txt")
    os.mkfifo(corpus / "pipe.txt")  # opening it would block the build
    locked = corpus / "locked"
    locked.mkdir()
    locked.chmod(0)
    try:
        read = read_corpus([corpus])
    finally:
        locked.chmod(0o755)
    messages = sorted(r.message for r in read.report)
    assert [d.name for d in read.documents] == ["good.txt"]
    assert messages[0] == "gone.txt (dangling link)"
    assert messages[1].startswith("more (link to a folder, not followed")
    assert messages[2] == "pipe.txt (a FIFO, not a file)"
    if os.geteuid() != 0:  # root reads any folder
        assert any(m.startswith("locked (cannot read the folder") for m in messages)


def test_the_same_file_twice_is_read_once_and_argument_order_does_not_matter(tmp_path):
    a = write_doc(tmp_path, "Zed vs Cursor", ["Zed opened the repo instantly."], name="a.txt")
    b = write_doc(tmp_path, "Qdrant vs pgvector", ["Qdrant competes with Weaviate."], name="b.txt")
    once = read_corpus([a, b])
    twice = read_corpus([b, a, a, tmp_path / "." / "a.txt"])
    assert [d.name for d in twice.documents] == ["a.txt", "b.txt"]
    assert twice.documents == once.documents and twice.quotes == once.quotes


def test_the_build_output_inside_an_input_folder_is_not_read_back(tmp_path):
    write_doc(tmp_path, "Zed vs Cursor", ["Zed opened the repo instantly."], name="a.txt")
    out = tmp_path / "exports"
    (out / "tables").mkdir(parents=True)
    (out / "tables" / "nodes.csv").write_text("id,label,text\nent:zed,Zed,Zed is fast\n")
    assert len(read_corpus([tmp_path], exclude=(out,)).documents) == 1
