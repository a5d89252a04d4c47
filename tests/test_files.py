"""Which files the inputs name: links leaving a folder, folder links, FIFOs, duplicates and the build output."""

from __future__ import annotations

import os

from helpers import write_doc

from kg.ingest import read_corpus


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


def test_a_folder_named_through_a_link_and_directly_is_read_once(tmp_path):
    """Files of a folder resolve through the folder's own links: the corpus named by a link to it and by its own
    path is one set of files, read once (from the path named first in sorted order)."""
    from kg.files import iter_files

    corpus = tmp_path / "real" / "corpus"
    write_doc(corpus, "Zed vs Cursor", ["Zed opened the repo instantly."], name="good.txt")
    (tmp_path / "via").symlink_to(tmp_path / "real")
    files, report = iter_files([tmp_path / "via" / "corpus", corpus])
    assert [(str(path), label) for path, label in files] == [(str(corpus / "good.txt"), "good.txt")]
    assert report == []
    files, _ = iter_files([tmp_path / "via" / "corpus"])
    assert files == [(tmp_path / "via" / "corpus" / "good.txt", "good.txt")]
