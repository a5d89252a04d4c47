"""The extraction pipeline: ingest → nlp → resolve → subjects → relations, claims, facets → KnowledgeGraph."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from kg import __version__
from kg.catalog import Catalog, load_catalog
from kg.extract.candidates import stemmed_words
from kg.extract.claims import ClaimFinding, extract_claims
from kg.extract.contradictions import find_contradictions
from kg.extract.facets import quote_facets
from kg.extract.relations import Finding, extract_relations
from kg.extract.subjects import Attribution, attribute_subjects
from kg.extract.text import QuoteContext
from kg.facts import fact_types
from kg.ids import fact_id
from kg.ingest import Corpus, read_corpus
from kg.lexicon import Lexicon, load_lexicon
from kg.models import Claim, Evidence, KnowledgeGraph, Mention, Relation, ReportItem, RunInfo
from kg.parallel import extract_encoded_task, extract_task, parse_task
from kg.progress import ProgressCallback, track
from kg.resolve import EntityTable, Parsed, Scanned, resolve_corpus, scan_names
from kg.timings import stage

if TYPE_CHECKING:
    from kg.cache import ExtractionCache
    from kg.parallel import Runner

__all__ = ["Attributing", "Extracted", "Job", "Prepared", "attribute_document", "entity_slice", "extract_corpus", "extract_quote", "parse_quotes",
           "prepare", "run"]

_NO_SUBJECT = Attribution(None, "subject.none", 0.0)


def run(inputs: list[str | Path], catalog: str | Path | None = None, model: str | None = None,
        progress: ProgressCallback | None = None, *, jobs: int | None = 1,
        scheduler: object = None) -> KnowledgeGraph:
    """Read files and folders and extract their knowledge graph.

    Args:
        inputs: files or folders of review documents.
        catalog: a catalog file, ``None`` for the shipped one, or ``"none"`` for discovery only.
        model: an installed spaCy pipeline with a parser, for the relation candidates' dependency paths (optional).
        progress: told how parsing and extraction move on (``kg.progress``), e.g. to draw a bar.
        jobs, scheduler: where the per-quote steps run (see :func:`extract_corpus`).
    """
    return extract_corpus(read_corpus(inputs), catalog, model, progress, jobs=jobs, scheduler=scheduler)


@dataclass
class Prepared:
    """A corpus read up to the extractors: the entity table, the lexicon, and each quote's context."""

    table: EntityTable
    lexicon: Lexicon
    contexts: dict[str, QuoteContext]  # quote id → its context in the first document that holds it
    attributions: dict[str, Attribution]
    report: list[ReportItem]
    documents: dict[str, tuple[list[QuoteContext], str | None]] = field(default_factory=dict)  # doc id → its
    # quotes' contexts in order and the product its title puts first (what subject attribution read)


@dataclass(frozen=True)
class Job:
    """One quote as the per-quote extractors need it: its context, its subject and the entities it names.

    ``entities`` holds the entity table's entries for every id the quote's names, candidates and subject
    lead to (with their products and makers): the extractors read nothing else of the corpus, so a Job is
    all a worker needs, and its content is the key of its cached result.
    """

    context: QuoteContext
    attribution: Attribution
    entities: dict[str, object]  # entity id → kg.resolve._Info


@dataclass(frozen=True)
class Extracted:
    """What the per-quote extractors found in one quote, ready for the graph."""

    relations: tuple[Relation, ...]
    claims: tuple[Claim, ...]
    report: tuple[ReportItem, ...]
    facets: tuple[str | None, str | None, str | None]  # perspective, stance, verdict


def parse_quotes(nlp, texts: list[str], catalog, lexicon: Lexicon) -> list[Parsed]:
    """The map step before resolution: parse each text and find its catalog spans, statements and names."""
    from kg.nlp import catalog_spans

    out = []
    for text, doc in zip(texts, nlp.pipe(texts)):
        spans = catalog_spans(doc)
        sentences = tuple(_lines([(s.start_char, s.end_char) for s in doc.sents], text))
        out.append(Parsed(spans, sentences, scan_names(text, spans, catalog, lexicon)))
    return out


def prepare(corpus: Corpus, catalog: str | Path | Catalog | None = None, model: str | None = None,
            progress: ProgressCallback | None = None, runner: Runner | None = None,
            cache: ExtractionCache | None = None) -> Prepared:
    """Parse every quote (the map step), resolve names corpus-wide and attribute subjects (the reduce step).

    ``runner`` runs the map step (in this process when None); ``cache`` gives and keeps its results.
    """
    from kg.parallel import Runner, Setup

    with stage("setup"):
        cat, lexicon = catalog if isinstance(catalog, Catalog) else load_catalog(catalog), load_lexicon()
    own = runner is None
    runner = runner or Runner(Setup.make(cat, model), jobs=1)
    try:
        qids = sorted(corpus.quotes)
        texts = {q: corpus.quotes[q].text for q in qids}
        loading = _preloading(runner, texts)  # resolution's tables and text scan, while the workers parse
        with stage("nlp"):  # the parse map step: spaCy, catalog spans, name-shaped stretches
            titled = [d for d in corpus.documents if d.title]  # a wrongly split "A vs B" is read whole too
            heads = {d.id: d.title for d in titled}
            sent = _sent(qids, texts, runner, cache), _sent(list(heads), heads, runner, cache)  # type: ignore[arg-type]
            parsed = _gathered(qids, texts, *sent[0], cache, progress)
            titles = _gathered(list(heads), heads, *sent[1], cache)  # type: ignore[arg-type]
        runner.warm()  # the workers build extraction's state while this process resolves names
        with stage("resolve"):
            scanned = loading.result() if loading is not None else None
            return _resolve(corpus, parsed, texts, cat, lexicon, titles, cache, runner, scanned)
    finally:
        if own:
            runner.close()


def _preloading(runner: Runner, texts: dict[str, str]):
    """With worker processes, a thread that loads the tables name resolution reads (``kg.words.preload``) and scans
    the quote texts for it (``kg.resolve.scan_texts``) while they parse and this process waits for them: a future of
    the scan. None (loaded on first use, scanned by resolution) when everything runs here."""
    if runner.jobs < 2 or runner.scheduler is not None:
        return None
    from concurrent.futures import ThreadPoolExecutor

    from kg.resolve import scan_texts
    from kg.words import preload

    def load() -> Scanned:
        preload()
        return scan_texts(texts)

    pool = ThreadPoolExecutor(1, thread_name_prefix="kg-preload")
    scanning = pool.submit(load)
    pool.shutdown(wait=False)  # its thread ends with the scan
    return scanning


@dataclass(frozen=True)
class Attributing:
    """One document as subject attribution reads it: its quotes' contexts in order, the entity-table entries
    their names, title products, given subjects and main product lead to, the title and subtitle."""

    contexts: list[QuoteContext]
    entities: dict[str, object]  # entity id → kg.resolve._Info
    subtitle: str | None
    hints: dict[str, str | None]
    primary: str | None
    title: str | None


def attribute_document(item: Attributing, catalog: Catalog) -> dict[str, Attribution]:
    """One document's subject attributions (``attribute_subjects`` on the entities the document leads to)."""
    table = EntityTable(catalog)
    table.info = dict(item.entities)  # type: ignore[arg-type]
    return attribute_subjects(item.contexts, table, item.subtitle, item.hints, item.primary, title=item.title)


def _resolve(corpus: Corpus, parsed: dict[str, Parsed], texts: dict[str, str], cat: Catalog,
             lexicon: Lexicon, titles: dict[str, Parsed], cache: ExtractionCache | None = None,
             runner: Runner | None = None, scanned: Scanned | None = None) -> Prepared:
    """Names resolved corpus-wide, then each document's subjects (taken from ``cache`` when what attribution
    reads of the document is unchanged: a document another one added does not touch is not attributed again).

    Attribution is a map step over documents (``runner``'s workers; this process when None): it reads the
    corpus-wide table only through the entries of the document's own names, so a document's
    :class:`Attributing` is all it needs.
    """
    from kg.parallel import attribute_task

    qids = sorted(corpus.quotes)
    res = resolve_corpus(corpus.documents, parsed, texts, cat, lexicon, titles, scanned)
    table = res.table
    contexts: dict[tuple[str, str], QuoteContext] = {}
    attributions: dict[str, Attribution] = {}
    documents: dict[str, tuple[list[QuoteContext], str | None]] = {}
    todo: list[tuple[str, list[QuoteContext], str | None, dict[str, str | None], str | None, str | None]] = []
    for doc in corpus.documents:
        ctxs = []
        for qid in doc.quote_ids:
            sents = list(parsed[qid].sentences)
            ctx = QuoteContext(qid, doc.id, texts[qid], sents, res.hits[qid], list(res.candidates[doc.id]))
            contexts[(doc.id, qid)] = ctx
            ctxs.append(ctx)
        hints = {qid: _hint(corpus.quotes[qid].subject_hint, table) for qid in doc.quote_ids}  # adds to the table
        primary = res.primary.get(doc.id)
        documents[doc.id] = (ctxs, primary)
        todo.append((doc.id, ctxs, doc.subtitle, hints, primary, doc.title))
    # the table is final now (attribution only reads it): the documents go to the map step, cached ones aside
    reuse = cache is not None and cache.holds("attributed")
    keys = [_attribution_key(table, cache, *job) for job in todo] if reuse else []
    found = [cache.attributed(k) for k in keys] if reuse else [None] * len(todo)  # type: ignore[union-attr]
    items = [Attributing(ctxs, entity_slice(table, _attribution_ids(ctxs, hints, primary)), subtitle, hints, primary,
                         title) for (_, ctxs, subtitle, hints, primary, title), hit in zip(todo, found) if hit is None]
    fresh = (runner.map(attribute_task, items) if runner is not None
             else (attribute_document(item, cat) for item in items))
    if not reuse:  # nothing to take from the cache: the keys are worked out while the workers attribute
        keys = [_attribution_key(table, cache, *job) for job in todo]
    for key, hit in zip(keys, found):
        got = hit if hit is not None else next(fresh)
        if cache is not None:
            cache.keep_attributed(key, got)  # type: ignore[arg-type]
        for qid, att in got.items():
            if qid not in attributions or att.confidence > attributions[qid].confidence:
                attributions[qid] = att
    first = {}
    for qid in qids:
        ctx = contexts[(corpus.quotes[qid].sources[0].doc_id, qid)]
        ctx.subject = attributions.get(qid, _NO_SUBJECT).subject
        first[qid] = ctx
    return Prepared(table, lexicon, first, attributions, res.report, documents)


def _attribution_ids(ctxs: list[QuoteContext], hints: dict[str, str | None], primary: str | None) -> list[str | None]:
    """The entity ids subject attribution reads of a document (as :func:`kg.cache.attribution_key` lists them)."""
    ids: list[str | None] = [i for ctx in ctxs for h in ctx.hits for i in (h.entity, h.root)]
    return ids + [c for ctx in ctxs for c in ctx.candidates] + list(hints.values()) + [primary]


def _attribution_key(table: EntityTable, cache: ExtractionCache | None, doc_id: str, ctxs: list[QuoteContext],
                     subtitle: str | None, hints: dict[str, str | None], primary: str | None,
                     title: str | None) -> str | None:
    """A document's attribution cache key (None without a cache)."""
    if cache is None:
        return None
    from kg.cache import attribution_key

    return attribution_key(doc_id, ctxs, table, subtitle, hints, primary, title)


def _sent(qids: list[str], texts: dict[str, str], runner: Runner,
          cache: ExtractionCache | None) -> tuple[Iterator[Parsed], dict[str, Parsed | None]]:
    """The texts the cache lacks sent to the runner's workers, then what the cache holds decoded: (the fresh
    results to come, in order; quote or title id → the cached :class:`Parsed` or None). The quotes' and the titles'
    are both sent before either is gathered, so this process decodes the titles' while a worker parses."""
    fresh = runner.map(parse_task, [texts[q] for q in qids if not (cache and cache.has_parsed(texts[q]))])
    return fresh, ({q: cache.parsed(texts[q]) for q in qids} if cache else {})


def _gathered(qids: list[str], texts: dict[str, str], fresh: Iterator[Parsed], found: dict[str, Parsed | None],
              cache: ExtractionCache | None, progress: ProgressCallback | None = None) -> dict[str, Parsed]:
    """Every quote's (or title's) :class:`Parsed` (:func:`_sent`): from the cache where it holds it, else from the
    runner's workers; each kept in the cache."""
    for q in track(qids, "parsing quotes", progress):
        if found.get(q) is None:
            found[q] = next(fresh)
        if cache:
            cache.keep_parsed(texts[q], found[q])
    return found


def extract_corpus(corpus: Corpus, catalog: str | Path | None = None, model: str | None = None,
                   progress: ProgressCallback | None = None, *, jobs: int | None = 1, scheduler: object = None,
                   cache: ExtractionCache | None = None, runner: Runner | None = None) -> KnowledgeGraph:
    """Extract the knowledge graph of an already-read corpus; ``progress`` is told how it moves on.

    Args:
        jobs: worker processes for the per-quote steps (``None``: one per core; 1: this process only).
        scheduler: a Dask scheduler address or ``distributed.Client`` that runs them instead.
        cache: per-quote results of an earlier build, and where this build's are kept.
        runner: where the per-quote steps run, made (and closed) by the caller from ``catalog`` and ``model``;
            ``jobs`` and ``scheduler`` are then not used.
    """
    from kg.heap import settling

    with settling():  # the stages freeze what outlives them (kg.heap)
        return _extract_corpus(corpus, catalog, model, progress, jobs, scheduler, cache, runner)


def _extract_corpus(corpus: Corpus, catalog, model: str | None, progress: ProgressCallback | None, jobs: int | None,
                    scheduler: object, cache: ExtractionCache | None, runner: Runner | None) -> KnowledgeGraph:
    from contextlib import nullcontext

    from kg.parallel import Runner, Setup

    with stage("setup"):
        setup = runner.setup if runner is not None else Setup.make(load_catalog(catalog), model)
        cat = setup.catalog
        if cache is not None:
            cache.open(setup.key)
    with nullcontext(runner) if runner is not None else Runner(setup, jobs=jobs, scheduler=scheduler) as running:
        prep = prepare(corpus, cat, model, progress, running, cache)
        with stage("extract"):  # the per-quote map step and the graph's assembly
            return _extract(corpus, prep, model, running, cache, progress)


def _extract(corpus: Corpus, prep: Prepared, model: str | None, runner: Runner, cache: ExtractionCache | None,
             progress: ProgressCallback | None) -> KnowledgeGraph:
    table, cat = prep.table, prep.table.catalog
    qids = sorted(corpus.quotes)
    jobs_ = [_job(prep, qid) for qid in qids]
    results = _extracted(jobs_, runner, cache)
    quotes, relations, claims, mentions, report = [], {}, [], [], list(corpus.report) + prep.report
    for qid in track(qids, "extracting", progress):
        quote = corpus.quotes[qid]
        ctx = prep.contexts[qid]
        att = prep.attributions.get(qid, _NO_SUBJECT)
        if att.subject is None:
            report.append(ReportItem(kind="unattributed_quote", message=f"no subject found for {qid}"))
        mentions += [Mention(entity_id=h.entity, quote_id=qid, start=h.start, end=h.end, text=h.text,
                             rule=h.rule) for h in ctx.hits]
        found = next(results)
        relations.update((r.id, r) for r in found.relations)
        report += found.report
        claims += found.claims
        perspective, stance, verdict = found.facets
        quotes.append(quote.model_copy(update={
            "subject": att.subject, "subject_rule": att.rule, "subject_confidence": att.confidence,
            "perspective": perspective, "stance": stance, "verdict": verdict}))
    _title_threats(corpus, prep, relations)
    used = {m.entity_id for m in mentions} | {q.subject for q in quotes if q.subject}
    used |= {r.source for r in relations.values()} | {r.target for r in relations.values()}
    claims = sorted(claims, key=lambda c: c.id)
    run_info = RunInfo(kg_version=__version__, catalog=Path(cat.path).name if cat.path else None,
                       model=model or "blank:en", inputs=tuple(sorted(d.path for d in corpus.documents)),
                       documents=len(corpus.documents), quotes=len(corpus.quotes), skipped=corpus.skipped)
    return KnowledgeGraph(
        run=run_info, documents=tuple(corpus.documents), quotes=tuple(sorted(quotes, key=lambda q: q.id)),
        entities=tuple(table.entities(used)),
        mentions=tuple(sorted(mentions, key=lambda m: (m.quote_id, m.start, m.end))),
        relations=tuple(sorted(relations.values(), key=lambda r: r.id)), claims=tuple(claims),
        contradictions=_contradictions(claims, {e: table.name(e) for e in used if e in table.info}),
        report=tuple(_unique(sorted(report, key=_report_key))),
    )


def _title_threats(corpus: Corpus, prep: Prepared, relations: dict[str, Relation]) -> None:
    """A rivalry a quote states is also a threat where its document's title says which of the two displaces the
    other ("How VS Code took over from Sublime Text": :func:`kg.extract.relations.threatens.title_threats`); the
    evidence is the quote's, the rule ``threat.title``."""
    from kg.extract.relations.threatens import title_threats

    rivalries: dict[str, list[Relation]] = {}
    for r in relations.values():
        if r.type == "competes_with":
            rivalries.setdefault(r.evidence.doc_id, []).append(r)
    for doc in corpus.documents:
        if not doc.title or doc.id not in rivalries or doc.id not in prep.documents:
            continue
        ctxs, primary = prep.documents[doc.id]
        products = list(ctxs[0].candidates) if ctxs else []
        for a, b in title_threats(doc.title, doc.id, products, primary, prep.table, prep.lexicon):
            for r in rivalries[doc.id]:
                if {r.source, r.target} == {a, b}:
                    ctx = prep.contexts[r.evidence.quote_id]
                    _add_relation(Finding("threatens", a, b, r.evidence.start, r.evidence.end, "threat.title",
                                          round(0.8 * r.confidence, 3)), ctx, relations, [], prep.table)


def _job(prep: Prepared, qid: str) -> Job:
    ctx = prep.contexts[qid]
    ids = [h.entity for h in ctx.hits] + [h.root for h in ctx.hits] + list(ctx.candidates) + [ctx.subject]
    return Job(ctx, prep.attributions.get(qid, _NO_SUBJECT), entity_slice(prep.table, ids))


def entity_slice(table: EntityTable, ids: Iterable[str | None]) -> dict[str, object]:
    """The table's entries for ``ids`` and, transitively, the products they belong to and their makers."""
    out: dict[str, object] = {}
    todo = [i for i in ids if i]
    while todo:
        eid = todo.pop()
        if eid in out or eid not in table.info:
            continue
        info = out[eid] = table.info[eid]
        todo += [i for i in (info.part_of, info.maker) if i]
    return dict(sorted(out.items()))


def _extracted(jobs: list[Job], runner: Runner, cache: ExtractionCache | None) -> Iterator[Extracted]:
    """Each job's :class:`Extracted`, in order, as it comes: cached, or from the runner's workers.

    With a cache, the workers also work out each fresh job's cache key and text (``extract_encoded_task``), and the
    text is what they send back: this process decodes it and keeps it as it is, instead of unpickling the models,
    working out the key and encoding them again.
    """
    if cache is None:
        yield from runner.map(extract_task, jobs)
        return
    from kg.cache import decoded_extracted

    fresh = runner.map(extract_encoded_task, [job for job in jobs if not cache.has_extracted(job)])  # first, as above
    cached = [cache.extracted(job) for job in jobs]
    for job, hit in zip(jobs, cached):
        if hit is not None:
            cache.keep_extracted(job, hit)
            yield hit
            continue
        key, text, found = next(fresh)
        cache.keep_encoded(key, text, job.context.quote_id)
        yield found if found is not None else decoded_extracted(text)


def extract_quote(job: Job, catalog, lexicon: Lexicon) -> Extracted:
    """Run the per-quote extractors on one quote: relations, claims, report items and facets."""
    table = EntityTable(catalog)
    table.info = dict(job.entities)  # type: ignore[arg-type]
    ctx, att = job.context, job.attribution
    relations: dict[str, Relation] = {}
    report: list[ReportItem] = []
    findings = extract_relations(ctx, lexicon, table)
    for f in findings:
        _add_relation(f, ctx, relations, report, table)
    report += _unmatched_cues(ctx, findings, lexicon)
    dropped: list[ClaimFinding] = []
    found = [_claim(f, ctx, table, att.confidence) for f in extract_claims(ctx, lexicon, table, dropped)] \
        if att.subject else []
    report += [ReportItem(kind="rejected_claim", message=f"{f.type} {ctx.text[f.start:f.end]!r}: {f.rejected}",
                          evidence=_evidence(ctx, f.start, f.end, f.rule, 0.0)) for f in dropped]
    facets = quote_facets(ctx.text, [f.type for f in findings if not f.rejected] + [c.type for c in found],
                          stemmed_words(ctx, 0, len(ctx.text)))
    return Extracted(tuple(relations.values()), tuple(found), tuple(report),
                     (facets.perspective, facets.stance, facets.verdict))


def _contradictions(claims: list[Claim], names: dict[str, str]) -> tuple:
    with stage("contradictions"):
        return tuple(find_contradictions(claims, names))


def _report_key(item: ReportItem) -> tuple:
    ev = item.evidence
    return (item.kind, item.path or "", item.message, ev.quote_id if ev else "", ev.start if ev else -1)


def _unique(items: list[ReportItem]) -> list[ReportItem]:
    """Drop report items that repeat the same finding on the same quote."""
    seen, out = set(), []
    for item in items:
        key = _report_key(item)
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


_NEWLINES = re.compile(r"\n+")
# a single line break inside a sentence: the line before ends without a stop, colon or bracket, and the next one goes
# on in lower case (or with a link or code) and is no list item ("- x", "* x", "1. x")
_SOFT_WRAP = re.compile(r"(?<=[^\s.!?:;)\]\"”*_])[ \t]*\n[ \t]*(?![-*•+>#|]\s|\d{1,2}[.)]\s)(?=[a-z(\[`])")
_LIST_NUMBER = re.compile(r"\s*(?:\d{1,2}|[a-zA-Z])[.)]\s*")


def _lines(sents: list[tuple[int, int]], text: str) -> list[tuple[int, int]]:
    """Sentences, further cut at line breaks: a bullet list's items are separate statements."""
    out = []
    for start, end in sents:
        cursor = start
        for m in _NEWLINES.finditer(text[start:end]):
            if _SOFT_WRAP.match(text, start + m.start()):
                continue  # a line wrapped mid-sentence ("is written in\nPython") is one sentence
            if start + m.start() > cursor:
                out.append((cursor, start + m.start()))
            cursor = start + m.end()
        if end > cursor:
            out.append((cursor, end))
    merged: list[tuple[int, int]] = []
    for start, end in out:  # "1." and "GIMP" are one item: the sentencizer ends a sentence at a list number
        if merged and _LIST_NUMBER.fullmatch(text, *merged[-1]) and "\n" not in text[merged[-1][1]:start]:
            merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return merged


def _hint(name: str | None, table: EntityTable) -> str | None:
    if not name:
        return None
    entry = table.catalog.get(name)
    eid = table.add_catalog(entry.name) if entry else table.add_discovered(name)
    return table.root(eid)


def _evidence(ctx: QuoteContext, start: int, end: int, rule: str, confidence: float) -> Evidence:
    return Evidence(doc_id=ctx.doc_id, quote_id=ctx.quote_id, start=start, end=end, text=ctx.text[start:end],
                    rule=rule, confidence=confidence)


def _unmatched_cues(ctx: QuoteContext, findings: list[Finding], lexicon) -> list[ReportItem]:
    """Sentences that use a relation word but gave no relation (nor a rejection): worth a human look."""
    items = []
    for start, end in ctx.sentences:
        cue = lexicon.search("relation_words", ctx.text, start, end)
        if cue and not any(start <= f.start < end or start < f.end <= end for f in findings):
            items.append(ReportItem(kind="unmatched_cue", message=f"{cue.group()!r} without a relation",
                                    evidence=_evidence(ctx, start, end, "report.unmatched_cue", 0.0)))
    return items


def _add_relation(f: Finding, ctx: QuoteContext, relations: dict[str, Relation], report: list[ReportItem],
                  table: EntityTable) -> None:
    if f.rejected:
        report.append(ReportItem(kind="rejected_relation",
                                 message=f"{f.type} {table.name(f.source)} → {table.name(f.target)} "
                                         f"({f.source} → {f.target}): {f.rejected}",
                                 evidence=_evidence(ctx, f.start, f.end, f.rule, 0.0)))
        return
    ends = sorted((f.source, f.target)) if fact_types().relations[f.type].symmetric else [f.source, f.target]
    rid = fact_id("rel", f.type, *ends, ctx.quote_id)
    old = relations.get(rid)
    if old is not None and old.confidence >= f.confidence:
        return
    relations[rid] = Relation(id=rid, type=f.type, source=f.source, target=f.target, horizon=f.horizon,  # type: ignore[arg-type]
                              hedged=f.hedged, confidence=f.confidence,
                              evidence=_evidence(ctx, f.start, f.end, f.rule, f.confidence))


def _claim(f: ClaimFinding, ctx: QuoteContext, table: EntityTable, sure: float = 1.0) -> Claim:
    from kg.extract.claims.owner import claim_owner
    from kg.extract.claims.owner_model import choose_owner, load_owner_model

    about = choose_owner(f, ctx, table, claim_owner(f, ctx, table), load_owner_model(), sure)
    return Claim(id=fact_id("claim", f.type, about, ctx.quote_id, f.start, f.end), about=about, type=f.type,  # type: ignore[arg-type]
                 text=ctx.text[f.start:f.end], value=f.value, unit=f.unit, comparator=f.comparator,  # type: ignore[arg-type]
                 horizon=f.horizon, credibility=f.credibility, polarity=f.polarity,  # type: ignore[arg-type]
                 evidence=_evidence(ctx, f.start, f.end, f.rule, f.confidence))
