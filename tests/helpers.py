"""Helpers for the extraction tests: write review documents in the seed format and look facts up by quote."""

from __future__ import annotations

import re
from pathlib import Path

from kg.models import Claim, KnowledgeGraph, Quote, Relation, ReportItem

OPEN, CLOSE = "\u201c", "\u201d"


def seed_text(title: str | None, quotes: list[str]) -> str:
    """The text of a review document: a title line, a blank line, then quotes in curly quotes."""
    body = "\n\n".join(f"{OPEN}{q}{CLOSE}" for q in quotes) + "\n"
    return f"{title}\n\n{body}" if title else body


def write_doc(folder: Path, title: str | None, quotes: list[str], name: str | None = None) -> Path:
    """Write one review document in the seed format into ``folder`` and return its path."""
    folder.mkdir(parents=True, exist_ok=True)
    if name is None:
        name = (re.sub(r"[^a-z0-9]+", "_", (title or "untitled").lower()).strip("_") or "doc") + ".txt"
    path = folder / name
    path.write_text(seed_text(title, quotes), encoding="utf-8")
    return path


def run_docs(folder: Path, docs: list[tuple[str | None, list[str]]], catalog: str | None = None) -> KnowledgeGraph:
    """Write ``docs`` (title, quotes) as numbered files into ``folder`` and run the whole pipeline on it."""
    from kg.pipeline import run

    for index, (title, quotes) in enumerate(docs):
        write_doc(folder, title, quotes, name=f"{index:03d}.txt")
    return run([folder], catalog=catalog)


class GraphView:
    """Read a KnowledgeGraph quote by quote, with entity names instead of ids."""

    def __init__(self, graph: KnowledgeGraph) -> None:
        self.graph = graph
        self.entities = {e.id: e for e in graph.entities}
        self.by_text = {q.text: q for q in graph.quotes}

    def quote(self, text: str) -> Quote:
        """The quote with exactly this text (KeyError naming the start of the text if absent)."""
        try:
            return self.by_text[text]
        except KeyError:
            raise KeyError(f"no quote starting {text[:40]!r} in the graph") from None

    def name(self, eid: str | None) -> str | None:
        """The canonical name of an entity id, folding releases into their product."""
        if eid is None:
            return None
        entity = self.entities[eid]
        while entity.part_of and entity.part_kind == "release":
            entity = self.entities[entity.part_of]
        return entity.name

    def forms(self, eid: str) -> set[str]:
        """The name and aliases of an entity, lower-cased."""
        entity = self.entities[eid]
        return {f.lower() for f in (entity.name, *entity.aliases)}

    def subject(self, text: str) -> str | None:
        """The name of the subject the pipeline gave a quote."""
        return self.name(self.quote(text).subject)

    def relations(self, text: str, type_: str | None = None) -> list[Relation]:
        """The relations whose evidence is in the quote with this text."""
        qid = self.quote(text).id
        return [r for r in self.graph.relations
                if r.evidence.quote_id == qid and (type_ is None or r.type == type_)]

    def edges(self, text: str, type_: str | None = None) -> set[tuple[str, str | None, str | None]]:
        """(type, source name, target name) of the quote's relations; competes_with as a sorted pair."""
        out = set()
        for r in self.relations(text, type_):
            ends = (self.name(r.source), self.name(r.target))
            if r.type == "competes_with":
                ends = tuple(sorted(ends))  # type: ignore[assignment]
            out.add((r.type, *ends))
        return out

    def claims(self, text: str, type_: str | None = None) -> list[Claim]:
        """The claims whose evidence is in the quote with this text."""
        qid = self.quote(text).id
        return [c for c in self.graph.claims if c.evidence.quote_id == qid and (type_ is None or c.type == type_)]

    def report(self, kind: str, text: str | None = None) -> list[ReportItem]:
        """Report items of one kind, optionally only those whose evidence is in the quote with this text."""
        items = [r for r in self.graph.report if r.kind == kind]
        if text is None:
            return items
        qid = self.quote(text).id
        return [r for r in items if r.evidence is not None and r.evidence.quote_id == qid]


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (the store's too), by relative path, with its bytes."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def small_corpus(folder: Path) -> Path:
    """Two short review documents: enough for a quick build with competitors and claims."""
    write_doc(folder, "Qdrant vs pgvector", ["Qdrant competes with Weaviate and Milvus.",
                                             "pgvector is MIT licensed and costs $20/month."], name="a.txt")
    write_doc(folder, "Zed vs Cursor", ["Zed competes with Cursor; Cursor depends on VS Code."], name="b.txt")
    return folder
