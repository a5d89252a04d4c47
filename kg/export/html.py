"""Self-contained HTML view: vendored Cytoscape.js and fcose, the graph as one compact JSON island."""

from __future__ import annotations

import html
import math
import re
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

from kg.atomic import open_atomic, write_text_pieces
from kg.errors import ExportError
from kg.facts import fact_types
from kg.jsonstream import Lazy, dumps, materialize, pieces
from kg.models import CLAIM_TYPES, ENTITY_TYPES, RELATION_TYPES, SYMMETRIC_RELATIONS, Evidence, KnowledgeGraph
from kg.registry import register_exporter

__all__ = ["PAGE_FORMAT", "html_page", "html_text", "json_island", "page_data", "write_html"]

PAGE_FORMAT = 1  # version of the ``page_data`` layout; the page's script reads this one
_MARKER = re.compile(r"@@KG_([A-Z]+)@@")
_SCRIPT_BREAKERS = re.compile(r"</script|<!--|<script", re.IGNORECASE)
# inlined in this order: Cytoscape.js, then fcose's dependencies, then fcose, then kg's own script
_SCRIPTS = (("CYTOSCAPE", "cytoscape.min.js"), ("LAYOUTBASE", "layout-base.js"), ("COSEBASE", "cose-base.js"),
            ("FCOSE", "cytoscape-fcose.js"), ("APP", "view.js"))


def _asset(name: str) -> str:
    return resources.files("kg.export").joinpath("assets", name).read_text(encoding="utf-8")


def json_island(data: object) -> str:
    """``data`` as JSON safe inside ``<script type="application/json">``: ``<``, ``>``, ``&`` escaped.

    >>> json_island({"name": "</script>"})
    '{"name":"\\\\u003c/script\\\\u003e"}'
    """
    return _island_safe(dumps(data))


def _island_safe(text: str) -> str:
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def page_data(kg: KnowledgeGraph) -> dict[str, Any]:
    """The compact document the page draws from: tables of rows that point at each other by index.

    Every quote text is stored once; a fact's evidence is ``quote, start, end`` into it (code points),
    with the evidence text itself kept only when it is not that slice. Rows, by key:

    * ``types``, ``rels``, ``claim_types``, ``rules``: the names that rows refer to by index;
      ``rel_labels`` and ``rel_colours`` are the label and colour of each of ``rels`` (ontology/facts.json).
    * ``docs``: ``[name, title]``.
    * ``quotes``: ``[text, [[doc, author, date, source], …]]`` — only the quotes some fact cites.
    * ``entities`` (sorted by id): ``[id, name, type, aliases, discovered, maker, part_of, part_kind,
      description]``; ``maker`` and ``part_of`` are entity indexes or -1.
    * ``relations``: ``[source, target, rel, hedged, horizon, *evidence]``.
    * ``claims``: ``[about, claim_type, text, value, unit, comparator, horizon, credibility, polarity,
      *evidence]``; ``text`` is ``""`` when it equals the evidence text.
    * ``contradictions``: ``[claim_a, claim_b, topic, rule]``.
    * evidence is ``quote, start, end, confidence, rule, doc, text`` (quote/doc -1 when unknown).

    Absent text is ``""``, an absent value ``null``. Relations, claims and contradictions keep the
    order of their ids, so the same graph always gives the same document.

    Raises:
        ExportError: if a relation, claim or contradiction refers to an id the graph does not hold.
    """
    return materialize(_page_layout(kg))


def _page_layout(kg: KnowledgeGraph) -> dict[str, Any]:
    """The document of :func:`page_data` with its long tables as ``Lazy`` parts, made row by row as the page is
    written. Rule indexes are given as claims and then relations are written (key order), before ``rules``."""
    entities = sorted(kg.entities, key=lambda e: e.id)
    ent_index = {e.id: i for i, e in enumerate(entities)}
    claims = sorted(kg.claims, key=lambda c: c.id)
    claim_index = {c.id: i for i, c in enumerate(claims)}
    relations = sorted(kg.relations, key=lambda r: r.id)
    contradictions = sorted(kg.contradictions, key=lambda x: x.id)
    docs = sorted(kg.documents, key=lambda d: d.id)
    doc_index = {d.id: i for i, d in enumerate(docs)}
    quotes_by_id = {q.id: q for q in kg.quotes}
    cited = sorted({f.evidence.quote_id for f in (*relations, *claims)} & quotes_by_id.keys())
    quote_index = {qid: i for i, qid in enumerate(cited)}
    rules: dict[str, int] = {}

    def rule(name: str) -> int:
        return rules.setdefault(name, len(rules))

    def entity(ref: str | None, fact: str) -> int:
        if ref is None:
            return -1
        if ref not in ent_index:
            raise ExportError(f"{fact} refers to unknown entity {ref!r}; the knowledge graph is inconsistent")
        return ent_index[ref]

    def evidence(ev: Evidence) -> list[Any]:
        quote = quote_index.get(ev.quote_id, -1)
        same = quote >= 0 and quotes_by_id[ev.quote_id].text[ev.start:ev.end] == ev.text
        return [quote, ev.start, ev.end, _number(ev.confidence), rule(ev.rule), doc_index.get(ev.doc_id, -1),
                "" if same else _text(ev.text)]

    def quote_rows() -> Iterator[list[Any]]:
        for qid in cited:
            sources = [[doc_index.get(s.doc_id, -1), s.author or "", s.date or "", s.source or ""]
                       for s in quotes_by_id[qid].sources]
            yield [_text(quotes_by_id[qid].text), sources]

    def entity_rows() -> Iterator[list[Any]]:
        for e in entities:
            yield [e.id, _text(e.name), types[e.type], [_text(a) for a in e.aliases], int(e.discovered),
                   ent_index.get(e.maker or "", -1), ent_index.get(e.part_of or "", -1), e.part_kind or "",
                   _text(e.description or "")]

    def relation_rows() -> Iterator[list[Any]]:
        for r in relations:
            yield [entity(r.source, r.id), entity(r.target, r.id), rel_types[r.type], int(r.hedged), r.horizon or "",
                   *evidence(r.evidence)]

    def claim_rows() -> Iterator[list[Any]]:
        for c in claims:
            yield [entity(c.about, c.id), claim_types[c.type], "" if c.text == c.evidence.text else _text(c.text),
                   _value(c.value), c.unit or "", c.comparator or "", c.horizon or "", c.credibility or "",
                   c.polarity or "", *evidence(c.evidence)]

    def contradiction_rows() -> Iterator[list[Any]]:
        for x in contradictions:
            for claim_id in (x.claim_a, x.claim_b):
                if claim_id not in claim_index:
                    raise ExportError(f"contradiction {x.id} refers to unknown claim {claim_id!r}")
            yield [claim_index[x.claim_a], claim_index[x.claim_b], _text(x.topic), rule(x.rule)]

    facts = fact_types()
    types = {t: i for i, t in enumerate(ENTITY_TYPES)}
    rel_types = {t: i for i, t in enumerate(RELATION_TYPES)}
    claim_types = {t: i for i, t in enumerate(CLAIM_TYPES)}
    return {
        "format": PAGE_FORMAT, "generator": f"kg {kg.run.kg_version}",
        "types": list(ENTITY_TYPES), "rels": list(RELATION_TYPES), "claim_types": list(CLAIM_TYPES),
        "symmetric": sorted(SYMMETRIC_RELATIONS), "rules": Lazy(lambda: iter(list(rules))),
        "rel_labels": [facts.relations[r].label for r in RELATION_TYPES],
        "rel_colours": [facts.relations[r].colour for r in RELATION_TYPES],
        "docs": [[_text(d.name), _text(d.title or "")] for d in docs], "quotes": Lazy(quote_rows),
        "entities": Lazy(entity_rows), "relations": Lazy(relation_rows), "claims": Lazy(claim_rows),
        "contradictions": Lazy(contradiction_rows),
    }


def _text(value: str) -> str:
    return value.encode("utf-8", "replace").decode("utf-8")  # lone surrogates cannot be JSON-encoded


def _number(value: float) -> float:
    return round(value, 3)


def _value(value: Any) -> Any:
    """A claim's value as JSON: non-finite floats as text, everything else as it is or as text."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str):
        return _text(value)
    if isinstance(value, (list, tuple)):
        return [_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _value(v) for k, v in value.items()}
    return _text(str(value))


def html_page(kg: KnowledgeGraph) -> str:
    """One HTML page that shows ``kg`` offline: no network, every script and style inlined.

    The page opens on an overview of the best-connected entities (``?top=N`` sets how many), reads
    ``?q=<name>`` (select that entity, load its neighbours, zoom to them, fill the side panel) and
    ``?hide=<rel>,<rel>`` (untick relation types). When drawn it sets ``window.kgReady``,
    ``<html data-ready>`` and ``document.title`` to ``ready:<entities>:<relations>``; ``window.kgView``
    reports what is drawn. Script errors and warnings are recorded on ``<html data-errors>`` and
    ``data-warnings``, the selected entity id on ``<body data-selected>``.

    Raises:
        ExportError: if a vendored script could end its ``<script>`` element early.
    """
    return "".join(html_text(kg))


def html_text(kg: KnowledgeGraph) -> Iterator[str]:
    """The text of :func:`html_page`, piece by piece: the page's data is written a row at a time.

    Raises:
        ExportError: if a vendored script could end its ``<script>`` element early, or the graph is inconsistent.
    """
    scripts = {name: _asset(file) for name, file in _SCRIPTS}
    for name, code in scripts.items():
        if _SCRIPT_BREAKERS.search(code):
            raise ExportError(f"the {name.lower()} script contains '</script' or '<!--'; cannot inline it")
    parts = {**scripts, "CSS": _asset("view.css"), "GENERATOR": html.escape(f"kg {kg.run.kg_version}")}
    template = _asset("view.html")
    end = 0
    for marker in _MARKER.finditer(template):  # inserted text is never scanned for markers
        yield template[end:marker.start()]
        if marker[1] == "DATA":
            yield from (_island_safe(piece) for piece in pieces(_page_layout(kg)))
        else:
            yield parts[marker[1]]
        end = marker.end()
    yield template[end:]


@register_exporter("html", suffixes=(".html", ".htm"), description="Offline interactive view (Cytoscape.js)",
                   readers="any web browser, offline")
def write_html(kg: KnowledgeGraph, path: Path) -> None:
    """Write ``kg`` as one self-contained interactive HTML page, streamed into the file."""
    try:
        with open_atomic(path) as handle:
            write_text_pieces(handle, html_text(kg))
    except OSError as err:
        raise ExportError(f"cannot write {path}: {err}") from err
