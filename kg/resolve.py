"""Stage 3: resolve every name in the corpus to one canonical entity (catalog first, then discovery)."""

from __future__ import annotations

import re
from collections import ChainMap, Counter, defaultdict
from collections.abc import Callable, Container, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from kg.acronyms import defined_acronyms, defined_tail
from kg.catalog import Catalog, CatalogEntry
from kg.ids import entity_id, normalize_name, spelling
from kg.lexicon import Lexicon
from kg.models import Document, Entity, ReportItem
from kg.name_model import RULE as LEARNED
from kg.name_model import candidates, find_learned_names
from kg.names import (CAPITALS, NameHit, find_code_names, find_cue_names, find_link_names, find_listed_names,
                      find_names, not_prose, opens_clause, split_release)
from kg.prefilter import literal_automaton
from kg.senses import choose_senses
from kg.spans import SpanIndex
from kg.stopwords import STOP_WORDS
from kg.words import (RARE, find_name, is_common, is_person, is_place, is_unheard, lowers_plainly, stands_alone,
                      zipf)

__all__ = ["EntityTable", "Hit", "Parsed", "Resolution", "Scanned", "Span", "gazetteer_hits", "resolve_corpus",
           "scan_names", "scan_texts"]

_ORG_PRODUCT = re.compile(r"((?: (?-i:[A-Z])[\w-]+){1,3})(?=[\s.,;:!?)'’]|$)")
_PRODUCT_STOP = frozenset({"I", "And", "Or", "But", "The", "This", "It", "AI", "API", "Inc", "Inc.", "Labs", "Research",
                           "GPU", "GPUs", "CPU", "CPUs", "SDK", "SDKs", "CLI", "TPU", "TPUs", "Chips", "Engineers"})
_ACRONYM_TAIL = re.compile(r" ((?-i:[A-Z]{2,5}))(?![\w-])")  # "Aurora DSQL"; not a generic term ("API", "VMM")
_HYPHEN_TAIL = re.compile(r"-(?!(?i:only|based|style|shaped|built|native|compatible|like|powered|first|specific|centric|"
                          r"friendly|free|heavy|ready|backed|hosted|managed|esque|ish|level|grade|wide|scale|"
                          r"[a-z]+(?:able|ible))\b)"  # an adjective: "git-versionable", "SQL-queryable"
                          r"(?:[a-z][a-z0-9]*(?:-[a-z0-9]+)*|(?P<upper>[A-Z][A-Za-z0-9]*))(?![\w-])")  # "-transcribe", "-FPM"
_GLUED = re.compile(r"-(\w+)")
_GLUED_BEFORE = re.compile(r"(\w+)-$")
_LETTER_BEFORE = re.compile(r"(?<![\w-])[A-Za-z]-$")
_GLUED_MAJOR = re.compile(r"([A-Za-z][A-Za-z.+#-]*[A-Za-z])([1-9]\d?)")
_FORMER = re.compile(r"(?:\bex-|\bformer\s+|\bex\s+)$", re.IGNORECASE)
# a plural noun opening a sentence before a participle, a relative word or a verb that agrees with a plural only
# is the common noun: "Teams comparing X and Y …", "Workers that …", "Teams are …", "Teams often replace …"; not the
# catalog's "Teams" (Microsoft Teams) or "Workers" (Cloudflare Workers), which take "is", "has", "supports"
_GENERIC_PLURAL = re.compile(r"[A-Z][a-z]+s")
_NOUN_PHRASE_GOES_ON = re.compile(r"\s+(?:[a-z]+ing|that|who|which|whose|are|were|have|do|don['’]t|aren['’]t|"
                                  r"weren['’]t|haven['’]t|often|either|usually|typically|generally|tend|need|want|"
                                  r"pay|use|build|choose|pick|adopt|prefer|spend|rely|struggle|report|say|outgrow|move|"
                                  r"switch|migrate|leave|find|get|start|look|try|love|hate|seem|end|lose|ask|know)\b")
_SENTENCE_OPEN = re.compile(r"(?:^|[.!?:]\s+|\n\s*(?:[-*•]\s+)?)$")
# a release after a catalog product: "Redis 7.2.4", "v2", "Wave 10", and a major version ("Drupal 7") that is no count
# of something ("Kafka 3 brokers", "Redis 2 GB", "Vue 2.x")
_COUNTED = (r"nodes?|brokers?|instances?|replicas?|servers?|cores?|v?CPUs?|GPUs?|years?|months?|days?|hours?|minutes?|"
            r"mins?|seconds?|secs?|weeks?|stars?|users?|seats?|people|teams?|files?|lines?|projects?|apps?|sites?|pages?|"
            r"requests?|queries|rows?|tables?|clients?|connections?|threads?|workers?|pods?|machines?|containers?|"
            r"points?|features?|plugins?|modules?|languages?|steps?|tests?|issues?|bugs?|times|percent")
_RELEASE_AFTER = re.compile(r"^ (v?\d+(?:\.\d+)+|v\d+|Wave \d+|Version \d+|[1-9]\d?(?![\w%×/+-]|[.,]\d|\s*(?:[xX%]\B|"
                            rf"[xX]\b|GB|MB|TB|KB|ms|[kKMB]\b|to\s+\d|[-–]\s*\d|(?:{_COUNTED})\b)))\b")


@dataclass(frozen=True)
class Hit:
    """A resolved mention: where it is, what it names, and the product it folds into."""

    start: int
    end: int
    text: str
    entity: str
    root: str
    type: str
    rule: str
    possessive: bool = False


@dataclass
class _Info:
    name: str
    type: str
    aliases: set[str] = field(default_factory=set)
    maker: str | None = None
    part_of: str | None = None
    part_kind: str | None = None
    discovered: bool = False
    description: str | None = None
    category: str | None = None


class EntityTable:
    """The canonical entities of a run, keyed by id."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.info: dict[str, _Info] = {}
        self._spelled: dict[str, str] = {}  # a discovered name's spelling (kg.ids.spelling) → its id

    def add_catalog(self, name: str) -> str:
        """Add a catalog entry (and the product it is part of, and its maker); returns its id."""
        entry = self.catalog.entries[name]
        eid = entity_id(entry.name)
        if eid not in self.info:
            self.info[eid] = _Info(entry.name, entry.type, {*entry.aliases, *entry.shared}, part_kind=entry.part_kind,
                                   description=entry.description, category=entry.category)
            if entry.part_of:
                self.info[eid].part_of = self.add_catalog(entry.part_of)
            if entry.maker:
                self.info[eid].maker = entity_id(entry.maker)
        return eid

    def add_discovered(self, name: str, type_: str = "Product") -> str:
        """Add a name no catalog lists; returns its id. Names spelled alike but for case, spaces and punctuation
        ("LLaMA-Factory", "LlamaFactory") are one entity, named as first met."""
        eid = entity_id(name)
        if eid not in self.info:
            key = spelling(name)
            eid = self._spelled.setdefault(key, eid) if len(key) >= 4 else eid  # not "R" for "R."
            if eid not in self.info:
                self.info[eid] = _Info(name, type_, discovered=True)
            else:
                self.info[eid].aliases.add(name)
        elif self.info[eid].discovered and name != self.info[eid].name:
            self.info[eid].aliases.add(name)  # "JPEG XL" after "JPEG-XL": one id, both spellings
        return eid

    def add_part(self, name: str, parent: str, kind: str) -> str:
        """Add a release or feature of ``parent`` (an id)."""
        eid = self.add_discovered(name, self.info[parent].type)
        self.info[eid].part_of, self.info[eid].part_kind = parent, kind
        return eid

    def root(self, eid: str) -> str:
        """The product a release or feature belongs to (itself for a product)."""
        if not self.info[eid].part_of:
            return eid
        seen = set()
        while self.info[eid].part_of and eid not in seen:
            seen.add(eid)
            eid = self.info[eid].part_of  # type: ignore[assignment]
        return eid

    def name(self, eid: str) -> str:
        """The canonical name of an entity id."""
        return self.info[eid].name

    def entities(self, used: set[str]) -> list[Entity]:
        """Entity models for the ids in ``used``, their parents, and makers that are also used."""
        keep = set(used)
        for eid in list(used):
            seen = set()
            while self.info[eid].part_of and eid not in seen:
                seen.add(eid)
                eid = self.info[eid].part_of  # type: ignore[assignment]
                keep.add(eid)
        out = []
        for eid in sorted(keep):
            i = self.info[eid]
            maker = i.maker if i.maker in keep else None
            aliases = tuple(sorted(a for a in i.aliases if a != i.name))
            out.append(Entity(id=eid, name=i.name, type=i.type, aliases=aliases, maker=maker, part_of=i.part_of,
                              part_kind=i.part_kind, discovered=i.discovered,  # type: ignore[arg-type]
                              description=i.description))
        return out


# a catalog matcher span: (start, end, type, canonical name), as kg.nlp marks it in ``doc.spans``
Span = tuple[int, int, str, str]


@dataclass(frozen=True)
class Parsed:
    """What one quote yields on its own, before any corpus-wide step: the map step's result.

    ``spans`` are the catalog matcher's spans, ``sentences`` the quote's statements (sentences cut at line
    breaks) and ``names`` the name-shaped stretches that no catalog span covers. All three depend only on
    the quote's text, the catalog, the lexicon and the spaCy pipeline.
    """

    spans: tuple[Span, ...]
    sentences: tuple[tuple[int, int], ...]
    names: tuple[NameHit, ...]


def scan_names(text: str, spans: tuple[Span, ...], catalog: Catalog, lexicon: Lexicon) -> tuple[NameHit, ...]:
    """The name-shaped stretches of a quote outside its catalog names (found by shape, then by cue position), with
    what the name models take for names: lowercase words, and weak sentence openers made strong."""
    names, taken = _shaped_names(text, spans, catalog, lexicon)
    learned, promoted = find_learned_names(text, names, taken, lexicon)
    names = [replace(n, strong=True, rule=LEARNED) if n in promoted else n for n in names]
    return tuple(sorted(names + learned, key=lambda n: n.start))


def name_candidates(text: str, spans: tuple[Span, ...], catalog: Catalog, lexicon: Lexicon) -> list:
    """The words the name models score in a quote (``kg.name_model.candidates``), as :func:`scan_names` finds
    them: what training learns from."""
    return candidates(text, *_shaped_names(text, spans, catalog, lexicon), lexicon)


def _shaped_names(text: str, spans: tuple[Span, ...], catalog: Catalog,
                  lexicon: Lexicon) -> tuple[list[NameHit], list[tuple[int, int]]]:
    """The names found by shape, cue position, list, link and code, and the extents taken by them and the catalog."""
    taken = [(h.start, h.end) for h in _catalog_hits(spans, EntityTable(catalog), text, lexicon)]  # extents only
    index = SpanIndex(taken)
    names = [n for n in find_names(text, lexicon) if not index.overlaps(n.start, n.end)]
    taken += [(n.start, n.end) for n in names]
    linked = find_link_names(text, taken) if "://" in text else []

    def known(word: str) -> bool:  # the catalog names a product so
        return catalog.get(word) is not None

    cued = find_cue_names(text, lexicon, taken, known)
    listed = find_listed_names(text, taken) if ", " in text else []
    taken += [(n.start, n.end) for n in linked + cued + listed]
    coded = find_code_names(text, taken, known) if "`" in text else []
    taken += [(n.start, n.end) for n in coded]
    return names + linked + cued + listed + coded, taken


_MONTH = re.compile(r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|January|February|March|April|June|July|"
                    r"August|September|October|November|December)\.?")
_DAY_BEFORE = re.compile(r"\b\d{1,2}(?:st|nd|rd|th)?\s+$")
_DAY_OR_YEAR_AFTER = re.compile(r"\s+(?:\d{1,2}(?:st|nd|rd|th)?\b(?![.,]\d|\s*(?:%|x\b|ms\b|GB\b|MB\b))"
                                r"|(?:19|20)\d\d\b)")


def _in_date(text: str, start: int, end: int) -> bool:
    """Whether a name spelled as a month stands in a date: a day before it, or a day or a year after it."""
    if _MONTH.fullmatch(text, start, end) is None:
        return False
    return _DAY_BEFORE.search(text, max(0, start - 6), start) is not None \
        or _DAY_OR_YEAR_AFTER.match(text, end) is not None


def _catalog_hits(spans: tuple[Span, ...], table: EntityTable, text: str, lexicon: Lexicon) -> list[Hit]:
    """Resolve the catalog spans of a quote into hits, adding their entities to ``table``."""
    hits = []
    masked = not_prose(text)
    for start, end, type_, canon in spans:
        in_url = any(s <= start < e for s, e in masked)  # "…/solidjs-react-meets-svelte": a slug, no sibling name
        if canon in table.catalog.entries:
            eid = table.add_catalog(canon)
        else:  # licence or platform from the lexicon
            eid = table.add_discovered(canon, type_)
            table.info[eid].discovered = False
        if _FORMER.search(text[max(0, start - 8):start]):
            continue  # "built by ex-Elastic engineers" names people, not a maker
        if _generic_plural(text, start, end, canon):
            continue
        if _in_date(text, start, end):
            continue  # "released 6 Jan 2021", "(Bloomberg, Jan 2026)": a month, not the app named Jan
        product = _ORG_PRODUCT.match(text[end:]) if type_ == "Organization" and not in_url else None
        if product and lexicon.is_title(product.group(1).split()[0]):
            product = None  # "Redis Labs CEO Rowan Trollope": the company and a person, not a product of the company
        # a headline's words end the product's name: "Apple Frobnicator Review"; "Cloudflare Is Not a CDN" names none
        cut = next((w.start() for w in re.finditer(r"\S+", product.group(1))
                    if _headline_word(w.group(), lexicon)), None) if product else None
        if cut is not None:
            product = _ORG_PRODUCT.match(text[end:end + cut]) if text[end:end + cut].strip() else None
        made = table.catalog.get(product.group(1).strip()) if product else None
        if product and (made is None or made.maker not in (None, canon)) and \
                product.group(1).split()[-1] not in _PRODUCT_STOP:  # "Amazon API Gateway"; "Cisco IOS" is no iOS
            name = text[start:end + product.end()]  # "AWS Step Functions": the company's product, not the company
            eid = table.add_discovered(name, "Product")
            table.info[eid].maker = table.add_catalog(canon) if canon in table.catalog.entries else None
            end += product.end()
        tail = None if in_url else _sibling_tail(text[end:], lexicon, type_ == "Product")
        if not tail and text[start:end].islower() and not in_url and _glued(text, start, end):
            continue  # "ruby-vips": a lowercase name joined to another word by a hyphen is part of another name
        if not in_url and _LETTER_BEFORE.search(text, max(0, start - 3), start):
            continue  # "V-Ray" is not Ray, "X-Plane" not Plane: one letter and a hyphen make another name
        if tail:
            stop: int | None = end + tail.end()
        else:  # "Vault Secrets Operator (VSO)": a longer name its initials define, "MySQL Router" one it heads
            stop = (defined_tail(text, start, end) or _word_tail(text, end, table.catalog, lexicon)) \
                if not in_url and type_ == "Product" else None
        if stop is not None:  # "gpt-4o-transcribe" is not GPT-4o, nor that Vault: a sibling product by the same maker
            name = text[start:stop]
            sibling = table.add_discovered(name, "Organization" if name.split()[-1] in lexicon.org_suffixes
                                           else "Product")
            table.info[sibling].maker = table.info[eid].maker
            eid, end = sibling, stop
        release = _RELEASE_AFTER.match(text[end:])
        if release and type_ == "Product":
            end += release.end()
            eid = table.add_part(f"{canon} {release.group(1)}", eid, "release")
        possessive = text[end:end + 2] in ("'s", "’s") or (text[end:end + 1] in ("'", "’") and text[end - 1:end] == "s")
        hits.append(Hit(start, end, text[start:end], eid, table.root(eid), table.info[eid].type, "catalog", possessive))
    return hits


# the words of a headline's sentence that a title-cased headline capitalises ("Cloudflare Is Not a CDN")
_HEADLINE_FUNCTION = frozenset({
    "is", "isn't", "are", "aren't", "was", "were", "not", "a", "an", "the", "and", "or", "vs", "versus", "to", "of",
    "for", "in", "on", "with", "at", "by", "from", "can", "can't", "will", "won't", "has", "have", "does", "doesn't",
    "do", "why", "how", "what", "when", "should", "could", "would", "just", "finally", "now", "still"})


def _headline_word(word: str, lexicon: Lexicon) -> bool:
    """Whether a capitalised word after a name is one a headline capitalises, not a name's: a function word ("Is",
    "Not") or a word for the kind of text (``lexicons/title_genres.txt``: "Review", "FAQ")."""
    return word.lower().replace("’", "'") in _HEADLINE_FUNCTION or word.lower() in lexicon.title_genres


_WORD_TAIL = re.compile(r"(?: (?-i:[A-Z])[A-Za-z0-9]+){1,2}(?=[\s.,;:!?)'’]|$)")


def _word_tail(text: str, end: int, catalog: Catalog, lexicon: Lexicon) -> int | None:
    """Where a longer name a catalog product heads ends: its capitalised words after it ("MySQL Router", "Chrome Web
    Store", "Docker Scout"), up to a word that is a name of its own ("Python Flask"), generic ("Supabase API") or a
    function word ("Docker Is …"). None when no word is taken, or when a build, edition or plan word ends the words
    (``lexicons/editions.txt``: "Bazel Build", "Unleash Community Edition" name the product itself)."""
    m = _WORD_TAIL.match(text, end)
    if m is None:
        return None
    stop = None
    for w in re.finditer(r"[A-Za-z0-9]+", m.group()):
        word = w.group()
        if word in lexicon.editions:
            return None  # "Unleash Community Edition": the words before an edition word name the edition
        if word in _PRODUCT_STOP or word.lower() in STOP_WORDS or _headline_word(word, lexicon) \
                or catalog.get(word) or lexicon.is_generic(word):
            break  # "Vaultwarden Review 2026": a headline's word for the text, not part of the name
        stop = end + w.end()
    return stop


def _generic_plural(text: str, start: int, end: int, canon: str) -> bool:
    """Whether a catalog alias that is an English plural ("Teams") opens a sentence as the common noun does: "Teams
    comparing Milvus and Vespa …" (a participle or a relative word follows)."""
    word = text[start:end]
    return word != canon and _GENERIC_PLURAL.fullmatch(word) is not None and is_common(word) \
        and _SENTENCE_OPEN.search(text, max(0, start - 4), start) is not None \
        and _NOUN_PHRASE_GOES_ON.match(text, end) is not None


def _choose_senses(documents: list[Document], hits: dict[str, list[Hit]], texts: dict[str, str],
                   table: EntityTable, candidates: dict[str, list[str]], primary: dict[str, str | None]) -> None:
    """Give each name several catalog entries share the sense its document favours (:mod:`kg.senses`), in its
    quotes and its title's products; a quote in several documents takes its first document's."""
    done: set[str] = set()
    for doc in documents:
        qids = [q for q in doc.quote_ids if q in hits and q not in done]
        done.update(qids)
        mentions = [(h.text, table.name(h.entity)) for q in qids for h in hits[q]]
        chosen = choose_senses(table.catalog, mentions, [doc.title or ""] + [texts[q] for q in qids])
        if not chosen:
            continue
        for q in qids:
            hits[q] = [_sense(h, chosen, table) for h in hits[q]]
        kept = {h.entity for q in qids for h in hits[q]}
        moved = {entity_id(senses[0]): table.add_catalog(chosen[form]) for form, senses in table.catalog.senses.items()
                 if chosen.get(form, senses[0]) != senses[0] and entity_id(senses[0]) not in kept}
        candidates[doc.id] = list(dict.fromkeys(moved.get(c, c) for c in candidates.get(doc.id, [])))
        primary[doc.id] = moved.get(primary.get(doc.id), primary.get(doc.id))


def _in_context(documents: list[Document], hits: dict[str, list[Hit]], table: EntityTable,
                candidates: dict[str, list[str]], primary: dict[str, str | None]) -> None:
    """Drop a document's mentions by a name its entry goes by only in context ("Sheets": Google Sheets) unless the
    document also names the entry otherwise, its maker, or another product of its category (in its quotes or among
    its title's products); a quote in several documents takes its first document's verdict."""
    catalog, done = table.catalog, set()

    def gated(h: Hit) -> bool:  # a mention by a name its entry goes by in context
        return catalog.contextual.get(normalize_name(h.text)) == table.name(h.entity)

    for doc in documents:
        qids = [q for q in doc.quote_ids if q in hits and q not in done]
        done.update(qids)
        mentions = [h for q in qids for h in hits[q]]
        if not any(gated(h) for h in mentions):
            continue
        said = {table.name(h.entity) for h in mentions if not gated(h)}
        named = said | {table.name(c) for c in candidates.get(doc.id, ())}
        lacking = {h.entity for h in mentions if gated(h)
                   and not _in_its_context(catalog.entries[table.name(h.entity)], said, named, catalog)}
        if not lacking:
            continue
        for q in qids:
            hits[q] = [h for h in hits[q] if not (h.entity in lacking and gated(h))]
        left = {h.entity for q in qids for h in hits[q]}
        candidates[doc.id] = [c for c in candidates.get(doc.id, []) if c not in lacking or c in left]
        if primary.get(doc.id) in lacking and primary.get(doc.id) not in left:
            primary[doc.id] = None


def _in_its_context(entry: CatalogEntry, said: set[str], named: set[str], catalog: Catalog) -> bool:
    """Whether a document that mentions ``entry`` by a name it goes by in context is about its field: the quotes
    name it otherwise (``said``), or the document names (``named``: the quotes' and the title's products) its maker
    or another product of its category."""
    if entry.name in said or (entry.maker is not None and entry.maker in named):
        return True
    return entry.category is not None and any(
        other != entry.name and (e := catalog.entries.get(other)) is not None and e.category == entry.category
        for other in named)


def _sense(hit: Hit, chosen: dict[str, str], table: EntityTable) -> Hit:
    """The hit, naming the chosen sense if its words are a shared name read as another sense."""
    form = normalize_name(hit.text)
    if form not in chosen or table.name(hit.entity) not in table.catalog.senses[form] or \
            table.name(hit.entity) == chosen[form]:
        return hit
    eid = table.add_catalog(chosen[form])
    return Hit(hit.start, hit.end, hit.text, eid, table.root(eid), table.info[eid].type, hit.rule, hit.possessive)


def _spelled(form: str, catalog: Catalog) -> bool:
    """Whether ``form`` is a catalog entry's name or alias exactly as the catalog writes it ("Qt", not "qt": the
    package "mysql2" is no MySQL 2)."""
    entry = catalog.get(form)
    return entry is not None and (form == entry.name or form in entry.aliases)


def _glued(text: str, start: int, end: int) -> bool:
    """Whether a hyphen joins the name at ``start:end`` to a word English rarely uses ("ruby-vips", "kube-dns"), which
    makes them one name; an ordinary word ("config-as-toml", "podman-friendly") makes an adjective instead."""
    after, before = _GLUED.match(text, end), _GLUED_BEFORE.search(text, 0, start)
    return any(m and not is_common(m.group(1)) for m in (after, before))


def _sibling_tail(rest: str, lexicon: Lexicon, product: bool = True) -> re.Match[str] | None:
    """What turns a catalog product into a sibling product when it follows the name: "-transcribe" (gpt-4o-transcribe),
    " DSQL" (Aurora DSQL); never a generic acronym ("Firecracker VMM", "Supabase API", "Kafka-API-compatible"). Any
    other catalog name (a language, a licence) takes a capitalised tail only: "PHP-FPM", "CUDA-Q", "BSD-RC"."""
    hyphen = _HYPHEN_TAIL.match(rest)
    if hyphen and hyphen["upper"] and lexicon.is_generic(hyphen["upper"]):
        hyphen = None
    if hyphen and (product or hyphen["upper"]):
        return hyphen
    if not product:
        return None
    acronym = _ACRONYM_TAIL.match(rest)
    return acronym if acronym and not lexicon.is_generic(acronym[1]) else None


def _side_names(sides: tuple[str, ...], catalog: Catalog, said: Container[str]) -> tuple[str, ...]:
    """The product each side of an "A vs B" title names; none at all when a side names no product.

    A side the catalog knows or the document's quotes name stays whole (as does one word the quotes use that
    is not ordinary English or is hyphenated, in any case: "pgvector", "axe-core"); otherwise its longest
    stretch of words the catalog knows (then one the quotes name) stands for it ("Vespa performance
    comparison" → "Vespa", "Angular, take 2" → "Angular"). A side with no such stretch ("eight months after
    leaving VS Code", where "VS" was read as "versus") means the split was wrong: the title is then read as
    one that names products without "vs".
    """
    out = []
    for side in sides:
        base = split_release(side)[0]
        if catalog.get(side) or catalog.get(base) or normalize_name(base) in said or _loose(base) in said or \
                _said_word(base, said) or _own_name(base, catalog, said):
            out.append(side)
            continue
        words = re.findall(r"[\w][\w.+#-]*", side)
        spans = sorted(((i, j) for i in range(len(words)) for j in range(i + 1, min(len(words), i + 4) + 1)),
                       key=lambda ij: (ij[0] - ij[1], ij[0]))
        inner = next((" ".join(words[i:j]) for known in (catalog.get, lambda f: normalize_name(f) in said)
                      for i, j in spans if known(" ".join(words[i:j]))), None)
        if inner is None:
            return ()
        out.append(inner)
    return tuple(dict.fromkeys(out))


def _said_word(side: str, said: Container[str]) -> bool:
    """One word the quotes use that is not ordinary English ("pgvector"), or a hyphenated one of English parts
    ("axe-core", "release-please"): in an "A vs B" title the other side must name a product too, so
    "Self-hosted vs cloud" names none."""
    return " " not in side and f"{_WORD_KEY}{normalize_name(side)}" in said and ("-" in side or not is_common(side))


def _own_name(side: str, catalog: Catalog, said: Container[str]) -> bool:
    """A capitalised name of two or three words whose last word the quotes use as a name on its own ("Grafana
    Alloy": the quotes say "Alloy", not "Grafana" of the catalog alone), or that the quotes write whole ("Base UI",
    whose "UI" is no name on its own)."""
    words = side.split()
    return 1 < len(words) <= 3 and all(w[:1].isupper() for w in words) and (
        (normalize_name(words[-1]) in said and catalog.get(words[-1]) is None) or f"phrase:{side.lower()}" in said)


_WORD_KEY = "word:"  # a quote's word as a key of a ``said`` set
_WORD = re.compile(r"[\w][\w.+#-]*[\w+#]|\w")


@dataclass(frozen=True)
class Scanned:
    """What resolution reads of the quote texts alone: how often each lowercase word is written in prose
    (:func:`scan_texts`), and each quote's words (:meth:`words_of`), found when first asked for: a document's
    words are looked up only for an "A vs B" side no name of its quotes matches (:func:`_said_word`)."""

    texts: dict[str, str]
    lowercase: Counter
    _words: dict[str, frozenset[str]] = field(default_factory=dict, repr=False, compare=False)

    def words_of(self, qid: str) -> frozenset[str]:
        """The words of quote ``qid`` (none if it has no text) as ``word:`` keys, the word lowercased."""
        found = self._words.get(qid)
        if found is None:
            text = self.texts.get(qid)
            found = self._words[qid] = frozenset() if text is None else \
                frozenset(f"{_WORD_KEY}{w.lower()}" for w in _WORD.findall(text))
        return found


def scan_texts(texts: dict[str, str]) -> Scanned:
    """Scan the quote texts (quote id → text) for :func:`resolve_corpus`: a build with workers does it while they
    parse, instead of while this process resolves names alone."""
    lowercase = Counter(w for t in texts.values()
                        for w in re.findall(r"(?<![\w./-])[a-z][a-z-]+(?![\w/-])", _prose(t)))
    return Scanned(texts, lowercase)


class _Said:
    """The names a document's quotes say (:func:`_said`), for ``in``: its keys, and its quotes' words, looked up
    only for a ``word:`` key."""

    __slots__ = ("keys", "quote_ids", "scanned")

    def __init__(self, keys: set[str], quote_ids: Sequence[str], scanned: Scanned) -> None:
        self.keys, self.quote_ids, self.scanned = keys, quote_ids, scanned

    def __contains__(self, key: object) -> bool:
        if key in self.keys:
            return True
        return isinstance(key, str) and key.startswith(_WORD_KEY) and \
            any(key in self.scanned.words_of(qid) for qid in self.quote_ids)


def _said(doc: Document, parsed: dict[str, Parsed], texts: dict[str, str],
          scanned: Scanned, quote_ids: Sequence[str] | None = None) -> _Said:
    """The names a document's quotes (or ``quote_ids`` of them) say (catalog names and name-shaped stretches),
    normalised, and its words (``scanned.words_of``: each quote's)."""
    said = set()
    ids: Sequence[str] = doc.quote_ids if quote_ids is None else quote_ids
    spoken = "\n".join(texts.get(qid, "") for qid in ids).lower() if doc.candidates else ""
    for side in doc.candidates:  # a side the quotes write whole ("Base UI")
        if _written(spoken, side.lower()):
            said.add(f"phrase:{side.lower()}")
    for qid in ids:
        if qid in parsed:
            said |= {normalize_name(canon) for _, _, _, canon in parsed[qid].spans}
            names = {split_release(n.text)[0] for n in parsed[qid].names if n.strong}
            said |= {normalize_name(n) for n in names} | {_loose(n) for n in names}
    return _Said(said, ids, scanned)


def _witnesses(doc: Document, texts: dict[str, str]) -> list[str]:
    """The document's quotes that can vouch for a name its title holds: not a quote that repeats the headline
    ("Postman is Dead. Long live Bruno" quoted whole says nothing more of "Dead" than the title does)."""
    title = (doc.title or "").strip().strip("\"“”").casefold()
    return [q for q in doc.quote_ids if texts.get(q, "").strip().strip("\"“”").casefold() != title]


_WORDISH = re.compile(r"[\w-]")


def _written(text: str, form: str) -> bool:
    """Whether ``text`` writes ``form`` as it is, not inside a longer word or hyphenated name (a search with
    ``str.find``: a pattern compiled per title side cost more than the search). Unlike
    :func:`kg.words.find_name`, a dot may stand before it: "algolia" in "docsearch.algolia.com" counts."""
    return next(_spots(text, form), None) is not None


def _spots(text: str, form: str) -> Iterator[int]:
    """Where ``text`` writes ``form`` as :func:`_written` reads it."""
    pos = text.find(form)
    while pos >= 0:
        end = pos + len(form)
        if not (pos and _WORDISH.match(text, pos - 1)) and not _WORDISH.match(text, end):
            yield pos
        pos = text.find(form, pos + 1)


def _prose(text: str) -> str:
    """``text`` with its URLs and @handles blanked out."""
    for start, end in reversed(not_prose(text)):
        text = text[:start] + " " * (end - start) + text[end:]
    return text


def _loose(name: str) -> str:
    """A name's :func:`kg.ids.spelling`, marked so that it never equals another key of a ``said`` set."""
    return "loose:" + spelling(name)


_PHRASE_WORD = re.compile(r"[A-Za-z][a-z]+")


def _lowercase_phrases(texts: dict[str, str], confirmed: dict[str, list[NameHit]],
                       raw: dict[str, list[NameHit]]) -> Counter:
    """How often the corpus writes in lower case a name of several ordinary English words that it also capitalises
    ("digital forensics", "malware analysis"): one pass over the texts for those phrases alone (Aho-Corasick)."""
    phrases = {normalize_name(n.text) for ns in raw.values() for n in ns if " " in n.text}
    phrases = {p for p in phrases | {k for k in confirmed if " " in k}
               if all(_PHRASE_WORD.fullmatch(w) and is_common(w) for w in p.split(" "))}
    found: Counter = Counter()
    automaton = literal_automaton(phrases)
    if automaton is None:
        return found
    for text in texts.values():
        spots = [(last - len(phrase) + 1, last + 1, phrase) for last, phrase in automaton.iter(text)]
        masked = not_prose(text) if spots else []  # a URL's words are no prose
        for start, end, phrase in spots:
            if (not start or not text[start - 1].isalnum()) and not text[end:end + 1].isalnum() and \
                    not any(s <= start < e for s, e in masked):
                found[phrase] += 1
    return found


def _title_entities(doc: Document, sides: tuple[str, ...], table: EntityTable,
                    lexicon: Lexicon) -> tuple[dict[str, str], set[str]]:
    """Doc-level surface forms → entity id, from the title's named sides and the subtitle; and the short forms
    among them that match only as written ("Workers" in a Cloudflare Workers review, not "workers"; "Auth",
    not "hosted auth")."""
    forms: dict[str, str] = {}
    short: set[str] = set()
    for name in sides:
        base, release = split_release(name)
        entry = table.catalog.get(name) or table.catalog.get(base)
        parent = table.add_catalog(entry.name) if entry else table.add_discovered(base)
        if entry and table.info[parent].part_of:
            parent = table.root(parent)
        forms[base] = forms[table.name(parent)] = parent
        words = table.name(parent).split()
        if len(words) > 1 and not table.catalog.get(" ".join(words[1:])) \
                and not lexicon.is_generic(" ".join(words[1:])):  # "Workers" in a Cloudflare Workers review, not "UI"
            forms.setdefault(" ".join(words[1:]), parent)
            short.add(" ".join(words[1:]))
        stem = re.fullmatch(r"([A-Za-z][\w-]{2,})\.(?:dev|new|ai|js|io|sh|run|app|so|com)", base)
        if stem:  # "Trigger.dev" is also called "Trigger" in its own review
            forms.setdefault(stem.group(1), parent)
            short.add(stem.group(1))
        if release:
            rid = table.add_part(f"{table.name(parent)} {release}", parent, "release")
            forms[name] = forms[release] = rid
    if doc.subtitle and sides:
        last = forms[split_release(sides[-1])[0]]
        initials = "".join(w[0] for w in re.findall(r"[A-Za-z][\w-]*", doc.subtitle)).upper()
        if initials == table.name(last).upper():
            table.info[last].aliases.add(doc.subtitle)
            forms[doc.subtitle] = last
        else:  # names in a subtitle are features of the product it follows ("Cascade Memory")
            for hit in find_names(doc.subtitle, lexicon):
                if " " in hit.text and not table.catalog.get(hit.text):
                    forms.setdefault(hit.text, _FEATURE + last)
    return forms, short - {table.name(eid) for eid in forms.values() if not eid.startswith(_FEATURE)}


_FEATURE = "feature-of:"
_SUBJECT_TYPES = frozenset({"Product", "Technology"})
# a title may review a company's service under the company's name ("from PlanetScale to Supabase") where it
# moves from or to it, unless it also names a product the company makes
_TITLE_TYPES = _SUBJECT_TYPES | {"Organization"}


def _title_subjects(doc: Document, title: Parsed, table: EntityTable, hits: dict[str, list[Hit]],
                    lexicon: Lexicon, spoken: str = "", said: Container[str] | None = None,
                    written: str = "") -> tuple[list[str], str | None]:
    """The products a title names without "A vs B" ("Moving from Flask to FastAPI"), the main one first.

    Returns the products and, when the title sets the others aside, the main one.

    A company counts where the title moves to or from it, or names no product at all (its product is what the
    title is about). A name counts if the catalog knows it or the document's quotes name it; so does a name the
    catalog matcher and the quotes' names miss but the quotes say (``spoken``: their text, lowercased; ``said``:
    their names), where the title puts products (:func:`_title_names`: "to Home Assistant", "use none-ls instead
    of null-ls", "Grafana Alloy"), and the name a title opens with before a colon when the title says what it is or
    the quotes (``written``: their text as written) name it too (:func:`_title_head`: "Hadolint: a Dockerfile linter",
    "Glance: one read-only dashboard …"). The main product is the
    first one the title moves to ("to Y": cue ``title_target_before``), else the first one it does not set aside as
    the other ("from X", "X to Y", "instead of X": cues ``title_other_before`` and ``title_other_after``).
    """
    text = doc.title or ""
    found: dict[str, tuple[int, int]] = {}
    before, after = lexicon.patterns("title_other_before"), lexicon.patterns("title_other_after")
    target = lexicon.patterns("title_target_before")
    extended = _title_names(text, title, table, spoken, said or set(), lexicon, (*before, *target), after)
    for h in _catalog_hits(title.spans, table, text, lexicon):
        if h.type in _TITLE_TYPES and not any(s <= h.start and h.end <= e for s, e, _ in extended):
            found.setdefault(h.root, (h.start, h.end))
    head = _title_head(text, written, [(s, e) for s, e, _, _ in title.spans] + [(s, e) for s, e, _ in extended])
    for start, end, name in extended + ([head] if head else []):
        found.setdefault(table.root(table.add_discovered(name, "Product")), (start, end))
    forms = {}
    for qid in doc.quote_ids:
        for h in hits.get(qid, []):
            if table.info[h.root].type in _TITLE_TYPES:
                for form in (h.text, table.name(h.root), table.name(h.entity)):
                    forms.setdefault(form, h.root)
    taken = list(found.values())
    for start, end, form in gazetteer_hits(text, forms, taken):
        found.setdefault(forms[form], (start, end))
    order = sorted(found, key=lambda e: found[e][0])

    def other(eid: str) -> bool:
        start, end = found[eid]
        return any(p.search(text[:start]) for p in before) or any(p.match(text[end:]) for p in after)

    def moved_to(eid: str) -> bool:  # "Unleash switches its linter to Biome": the title is about Biome
        return any(p.search(text[:found[eid][0]]) for p in target)

    def prefix(eid: str) -> bool:  # "AWS" in "AWS SES"
        return any(0 <= start - found[eid][1] <= 1 for e, (start, _) in found.items() if e != eid)

    makers = {table.info[e].maker for e in found}
    alone = not any(table.info[e].type != "Organization" for e in found)  # "Dropbox: two years of sync"
    order = [e for e in order if table.info[e].type != "Organization" or
             (e not in makers and not prefix(e) and (alone or other(e) or moved_to(e)))]  # "from Firebase to X"
    ranked = sorted(order, key=lambda e: (other(e), not moved_to(e), order.index(e)))
    return ranked, (ranked[0] if ranked and not other(ranked[0]) and len(ranked) > 1 else None)


_TITLE_HEAD = re.compile(r"[A-Z0-9][\w.+#'’-]*(?:[ \t]+[A-Z0-9][\w.+#'’-]*){0,2}(?=:\s)"
                         r"|[a-z][\w.+#-]*[\w+#](?=:\s)")  # "Glance: …", "feedmail: …"
# what a title says its head is: "Hadolint: a Dockerfile linter", "beets: an extensible music library manager"
_DEFINED = re.compile(r":[ \t]+(?:a|an)[ \t]+(?!(?:few|lot|bit|year|week|month|day|look|note|word|story|tale|guide|"
                      r"review|rant|case|question|request|proposal|list|primer|tour|comparison)\b)[\w“\"‘'-]")
_GERUND = re.compile(r"[A-Z][a-z]+ing\b")  # "Using DeepSkyStacker: a guide", "Announcing Conduit: a homeserver"
# a sentence goes on before a name: a lower-case word, a comma, an opening bracket or quote ("called Glance", "(Glance)")
_GOES_ON = re.compile(r"(?:[a-z][\w'’]*|[,;(\[“\"'])[ \t]*$")


def _title_head(text: str, written: str, taken: list[tuple[int, int]]) -> tuple[int, int, str] | None:
    """The name a title opens with before a colon ("Tilewm: a tiling window manager", "Glance: one read-only
    dashboard"), when nothing else was read there and the title says what it is (an article after the colon:
    "Hadolint: a Dockerfile linter"; not a gerund, not a lower-case English word), or the quotes write it as the
    title does: anywhere when it is no ordinary English, else at least once where a sentence goes on ("a dashboard
    called Glance")."""
    m = _TITLE_HEAD.match(text)
    if m is None or any(s < m.end() and m.start() < e for s, e in taken):
        return None
    name = m.group()
    if _DEFINED.match(text, m.end()) and not _GERUND.match(name) and not (name[0].islower() and is_common(name)):
        return m.start(), m.end(), name  # the title says what it is: a product, whatever the quotes write (a
        # lower-case English word aside: "just: a command runner" would make every "just" of the quotes a name)
    places = list(_spots(written, name))
    if name[0].islower() or not places or \
            (is_common(name) and not any(_GOES_ON.search(written, max(0, at - 40), at) for at in places)):
        return None
    return m.start(), m.end(), name


_TITLE_WORD = re.compile(r"(?<![\w.-])[a-z][\w.+#-]*[\w+#](?![\w-])")  # "dlt", "none-ls", "coc.nvim"
_TITLE_LEAD = re.compile(r"\b(?:use|using|try|trying|adopt|adopting|and|or|with|vs\.?|versus)\s+$|^\s*$|,\s*$")
_TITLE_TRAIL = re.compile(r"^\s*(?::|,|\?|$|instead\b|vs\b|versus\b|over\b|or\b|and\b|with\b|to\b)")
_RELEASE_WORD = re.compile(r"v?\d[\w.]*")


def _title_names(text: str, title: Parsed, table: EntityTable, spoken: str, said: Container[str], lexicon: Lexicon,
                 before: Sequence[re.Pattern[str]], after: Sequence[re.Pattern[str]]) -> list[tuple[int, int, str]]:
    """Names in a title that its catalog spans and capitalised names miss, which the document's quotes also say.

    A lowercase word that is not ordinary English where a title puts products ("from Airbyte to dlt", "use
    none-ls instead of null-ls": after a title cue or a list joiner, or before one) and that the quotes say; a
    capitalised name where no catalog name is, after a title cue ("From openHAB to Home Assistant") or placed so
    and said, or that the quotes name in another spelling (``said``: "LlamaFactory"); and a known name that a
    capitalised word extends into another product, said so by the quotes ("Grafana Alloy", "Envoy Gateway").
    Returns (start, end, name), in title order.
    """
    def says(form: str) -> bool:
        return _written(spoken, form.lower())

    def cued(start: int, end: int) -> bool:
        return any(p.search(text[:start]) for p in before) or any(p.match(text[end:]) for p in after)

    def placed(start: int, end: int) -> bool:
        return cued(start, end) or bool(_TITLE_LEAD.search(text[:start]) or _TITLE_TRAIL.match(text[end:]))

    spans = [(s, e) for s, e, _, _ in title.spans]
    out: list[tuple[int, int, str]] = []
    for n in find_names(text, lexicon):
        if _loose(split_release(n.text)[0]) in said and not any(s < n.end and n.start < e for s, e in spans):
            name = split_release(n.text)[0]  # the quotes' own name, spelled another way ("LlamaFactory")
            out.append((n.start, n.start + len(name), name))
            continue
        if not n.strong or (n.initial and n.rule in _WORD_SHAPES):
            continue  # a capitalised word opening the title may be English ("Moving …"); "AppImage" is a name
        inside = [(s, e) for s, e in spans if n.start <= s and e <= n.end]
        if any(s < n.end and n.start < e for s, e in spans):
            if not (inside and inside[0][0] == n.start and inside[-1][1] < n.end and says(n.text)):
                continue  # only "Grafana Alloy", a known name a capitalised word extends, said by the quotes
        elif not (cued(n.start, n.end) or (says(n.text) and placed(n.start, n.end))):
            continue
        name = split_release(n.text)[0]
        if not table.catalog.get(name):
            out.append((n.start, n.start + len(name), name))
    for m in _TITLE_WORD.finditer(text):
        word = m.group()
        if any(s < m.end() and m.start() < e for s, e in spans) or _RELEASE_WORD.fullmatch(word) or \
                not _code_shaped(word) or not says(word) or not placed(m.start(), m.end()):
            continue
        out.append((m.start(), m.end(), word))
    return sorted(set(out))


_WORD_SHAPES = frozenset({"discovery.capitalized", "discovery.acronym"})  # shapes English words have too
_CODE_SHAPED = re.compile(r"[a-z]+\d[\w]*|\w*[._+#]\w.*|[b-df-hj-np-tv-xz]{2,}")


def _code_shaped(word: str) -> bool:
    """A lowercase name no English word looks like: digits or dots inside, a part without a vowel ("k3d",
    "coc.nvim", "pg_duckdb", "dlt", "none-ls"), unlike "backend" or "multi-tenant"; or a word neither the
    dictionary nor the web's word list has ("libvips", "tldraw")."""
    return (any(_CODE_SHAPED.fullmatch(part) for part in word.split("-")) and not is_common(word, RARE)) \
        or is_unheard(word)


_LETTER_DIGIT = re.compile(r"[A-Za-z]\d")  # a two-character title name no word is spelt like: "i3", "k9"


def _title_mentions(doc: Document, products: list[str], table: EntityTable, hits: dict[str, list[Hit]],
                    texts: dict[str, str]) -> None:
    """Add the mentions of a title's products that the catalog matcher missed ("ruff is faster", "replace jest").

    A review's own products are named in any case in its quotes, as for "A vs B" titles (:func:`_any_case`
    keeps very common words, such as "Cursor", case-sensitive). A longer form takes the place of the shorter
    names inside it ("Grafana Alloy" over "Grafana").
    """
    forms: dict[str, str] = {}
    for eid in products:
        for form in sorted({table.name(eid), *table.info[eid].aliases}):
            if len(form) > 2 or _LETTER_DIGIT.fullmatch(form):
                forms.setdefault(form, eid)
    for qid in doc.quote_ids:
        keep, placed = _overlay(texts[qid], hits.get(qid, []), forms, table)
        if placed:
            fresh = [Hit(start, end, texts[qid][start:end], forms[form], table.root(forms[form]),
                         table.info[forms[form]].type, "title") for start, end, form in placed]
            hits[qid] = sorted(keep + fresh, key=lambda h: (h.start, h.end))


def _spelled_out(doc: Document, table: EntityTable, hits: dict[str, list[Hit]],
                 texts: dict[str, str]) -> set[tuple[str, str]]:
    """An acronym the document defines ("External Secrets Operator (ESO)", :mod:`kg.acronyms`) names, in each of
    its quotes, what it stands for, unless the catalog knows it as a name of its own or it stands for an
    organization (the "Open Health Imaging Foundation (OHIF)" makes the OHIF viewer, which reviews call "OHIF").
    Returns (entity, acronym) of each acronym so read: an alias of the entity once no other review can take it
    for one of its own names (:func:`_discovered_forms` reads aliases)."""
    qids = [q for q in doc.quote_ids if q in hits]
    defined = defined_acronyms([texts[q] for q in qids], [hits[q] for q in qids])
    read: set[tuple[str, str]] = set()
    for qid in qids if defined else ():
        named = []
        for h in hits[qid]:
            d = defined.get(h.text)
            if d is not None and table.info[h.entity].discovered and d.type != "Organization":
                h = replace(h, entity=d.entity, root=d.root, type=d.type)
                read.add((d.entity, h.text))
            named.append(h)
        hits[qid] = named
    return read


def _discovered_forms(hits: dict[str, list[Hit]], table: EntityTable) -> dict[str, str]:
    """The names no catalog lists that some quote of the corpus was read to name (in its title, a link,
    code, a cue or by their shape) and that English rarely uses (:func:`_echoable`), each with its entity: a
    name one review establishes ("react-intl", "kube-proxy") is that name in the corpus's other reviews
    too. Each spelling the corpus read of a name is a form of it."""
    forms: dict[str, str] = {}
    for qid in sorted(hits):
        for h in hits[qid]:
            info = table.info[h.root]
            if info.discovered and not info.part_of:
                for form in (info.name, *sorted(info.aliases)):
                    if form not in forms and _echoable(form):
                        forms[form] = h.root
    return forms


def _echoes(doc: Document, table: EntityTable, hits: dict[str, list[Hit]], texts: dict[str, str],
            corpus: _FormScan | None = None, generic: Callable[[str], bool] = lambda word: False) -> None:
    """Add the other mentions of a product the document already names, written in another case ("Fluent-bit …",
    then "fluent-bit"; "Insomnia" in one quote, "insomnia" in another), and of the names other documents were
    read to name (``corpus``: a scan of :func:`_discovered_forms`, built once for the whole corpus).

    Only names English rarely uses take another case (:func:`_echoable`): "cursor" is a word wherever "Cursor"
    is a product; and no name takes another case where the lexicon calls that form generic (``generic``: "WAF" in a
    firewall review is no "waf", the build tool another document names).
    """
    forms: dict[str, str] = {}
    for qid in doc.quote_ids:
        for h in hits.get(qid, []):
            form = table.name(h.root)  # the whole name: a short form ("Auth" for "Gizmo Auth") matches as written
            if form not in forms and _echoable(form) and not _as_written(form, table):
                forms[form] = h.root
    # a form the corpus's scan finds for the same entity needs no scan of the document's own
    own = {f: e for f, e in forms.items() if corpus is None or corpus.forms.get(f) != e}
    scans = [_FormScan(own)] if own else []
    if corpus is not None:
        scans.append(corpus)
    if not scans:
        return
    reading = ChainMap(forms, corpus.forms if corpus is not None else {})  # the document's own reading first
    for qid in doc.quote_ids:
        text = texts[qid]
        taken = [(h.start, h.end) for h in hits.get(qid, [])]
        taken += not_prose(text)  # "github.com/cilium/proxy" names a repository
        found = _take([(a, b, f) for scan in scans for a, b, f in scan.spots(text, taken)
                       if text[a:b] == f or not generic(text[a:b])], taken)
        if found:
            hits[qid] = sorted(hits.get(qid, []) + [
                Hit(s, e, text[s:e], reading[f], table.root(reading[f]), table.info[reading[f]].type, "document")
                for s, e, f in found], key=lambda h: (h.start, h.end))


_RESPELL_ZIPF = 2.0  # rarer than "copilot" (2.5: "an AI co-pilot") and "opensource" (2.2)
_RESPELL_MIN = 5  # letters and digits: "XCOM" (Airflow's) is no "X.com"
# one word as reviews write a name: letters and digits, joined by "-", "_" or "." ("fluent-bit", "check_mk")
_WORD_FORM = re.compile(r"(?<![\w@/#+.-])(?=[\w+#.-]{5})[A-Za-z0-9][A-Za-z0-9+#]*(?:[-_.][A-Za-z0-9+#]+)*(?![\w-])")
_LETTERS = re.compile(r"[A-Za-z0-9+#]+")


def _respelled(doc: Document, table: EntityTable, hits: dict[str, list[Hit]], texts: dict[str, str],
               titled: Sequence[str] = ()) -> None:
    """Add the mentions of a known name written as one word with other joins: "fluent-bit" or "FluentBit" for Fluent
    Bit, "check_mk" for Checkmk, "highlightjs" for highlight.js. Known: the document's own names and title products,
    then the catalog's (:attr:`kg.catalog.Catalog.spelled`). Only where the word and the name differ in their joins
    (a change of case alone is :func:`_echoes`'s), and where English rarely writes the word (not "e-mail")."""
    own: dict[str, str] = {}
    for eid in dict.fromkeys([*titled, *(h.root for qid in doc.quote_ids for h in hits.get(qid, ()))]):
        for form in sorted({table.name(eid), *table.info[eid].aliases}):
            own.setdefault(spelling(form), eid)
    spelled = table.catalog.spelled
    for qid in doc.quote_ids:
        text = texts[qid]
        taken: SpanIndex | None = None  # built for the first word that spells a known name
        fresh = []
        for m in _WORD_FORM.finditer(text):
            word = m.group()
            # a word of letters and digits alone is its own spelling, lowercased (the pattern reads ASCII only)
            key = spelling(word) if "-" in word or "_" in word or "." in word else word.lower()
            if len(key) < _RESPELL_MIN or (key not in own and key not in spelled):
                continue
            if taken is None:
                taken = SpanIndex([(h.start, h.end) for h in hits.get(qid, ())] + not_prose(text))
            if taken.overlaps(m.start(), m.end()) or zipf(key) >= _RESPELL_ZIPF:
                continue
            eid = own.get(key)
            entry = table.catalog.entries[spelled[key]] if eid is None else None
            forms = (table.name(eid), *table.info[eid].aliases) if eid else \
                (entry.name, *entry.aliases)  # type: ignore[union-attr]
            if not _joined_otherwise(word, forms):
                continue
            eid = eid or table.add_catalog(entry.name)  # type: ignore[union-attr]
            fresh.append(Hit(m.start(), m.end(), word, eid, table.root(eid), table.info[eid].type, "spelled"))
        if fresh:
            hits[qid] = sorted(hits.get(qid, []) + fresh, key=lambda h: (h.start, h.end))


def _joined_otherwise(word: str, forms: Sequence[str]) -> bool:
    """Whether ``word`` joins its letters otherwise than every one of a name's ``forms`` spelled as it is."""
    joins = _LETTERS.sub("", word)
    return all(_LETTERS.sub("", form) != joins for form in forms if spelling(form) == spelling(word))


class _FormScan:
    """Where name forms occur in a text, as :func:`gazetteer_hits` finds them, in one pass over it (an
    Aho-Corasick automaton of the lowercased forms): a document of many quotes and many names costs its text's
    length, not quotes times names.

    A form matches in any case as :func:`_any_case` says. A form whose case the automaton cannot fold as the regex
    engine does (not ASCII, or longer in lower case), and a text whose lower case ``str.lower`` does not mirror, go
    to :func:`kg.words.find_name` instead; so does a form that may overlap itself ("a b a"), whose places depend on
    the places of it that overlap a name already found (see :meth:`spots`).
    """

    def __init__(self, forms: dict[str, str]) -> None:
        import ahocorasick

        self.forms = forms
        self.fold = {form: _any_case(form, False) for form in forms}
        self.odd: list[str] = []
        keyed: dict[str, list[str]] = defaultdict(list)  # "Fluentd" and "FLUENTD" share one lowercase key
        for form in forms:
            if (self.fold[form] and not form.isascii() or len(form.lower()) != len(form) or _overlaps_itself(form)
                    or "\0" in form):  # NUL blanks what a text's names take (:meth:`spots`)
                self.odd.append(form)
            else:
                keyed[form.lower()].append(form)
        self.automaton = ahocorasick.Automaton() if keyed else None
        for key, same in keyed.items():
            self.automaton.add_word(key, tuple(same))  # type: ignore[union-attr]
        if self.automaton is not None:
            self.automaton.make_automaton()

    def spots(self, text: str, taken: Sequence[tuple[int, int]] = ()) -> list[tuple[int, int, str]]:
        """Every place of a form in ``text`` as (start, end, form): each form's places left to right, none
        overlapping another of the same form (forms may overlap each other); places that overlap a span of ``taken``
        may be left out (:func:`_take` takes none of them).

        The automaton reads the text with the ``taken`` spans blanked: the names already found there, most of what
        it would find, cost nothing. Leaving out a place that overlaps a span never lets a later place of the same
        form in that it would have kept out, since only a form that overlaps itself can have such a later place.
        """
        lowered = text.lower()
        if not lowers_plainly(text, lowered):
            return [(start, end, form) for form in self.forms for start, end in find_name(text, form, self.fold[form])]
        spots = [(start, end, form) for form in self.odd for start, end in find_name(text, form, self.fold[form])]
        after: dict[str, int] = {}  # a form's next place must start at or after the end of its last
        for last, same in self.automaton.iter(_blanked(lowered, taken)) if self.automaton is not None else ():
            end = last + 1
            start = end - len(same[0])
            if not stands_alone(text, start, end):
                continue
            for form in same:
                if after.get(form, 0) <= start and (self.fold[form] or text.startswith(form, start)):
                    after[form] = end
                    spots.append((start, end, form))
        return spots

    def hits(self, text: str, taken: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
        """The places of forms that no earlier one overlaps, as :func:`gazetteer_hits` gives them."""
        return _take(self.spots(text, taken), taken)


def _overlaps_itself(form: str) -> bool:
    """Whether two places of ``form`` that both stand alone (:func:`kg.words.stands_alone`) can overlap: it
    begins as it ends, and neither place runs on into the other ("a b a" twice in "a b a b a"; not "aa", whose
    places in "aaa" are inside a longer word)."""
    key = form.lower()
    for k in range(1, len(key)):
        if key[:k] == key[-k:]:  # the first place, then the second k characters before its end
            both = key + key[k:]
            if stands_alone(both, 0, len(key)) and stands_alone(both, len(key) - k, len(both)):
                return True
    return False


def _blanked(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """``text`` with the characters of ``spans`` replaced by NUL, which no name holds (the length is kept), in one
    pass over the text however many spans a quote's names make."""
    pieces: list[str] = []
    at = 0
    for start, end in sorted(spans):
        start, end = max(start, at), min(end, len(text))
        if start < end:
            pieces += (text[at:start], "\0" * (end - start))
            at = end
    return "".join([*pieces, text[at:]]) if pieces else text


def _as_written(form: str, table: EntityTable) -> bool:
    """Whether the catalog says ``form`` names its product only as written ("ReadMe", not a "README" file)."""
    entry = table.catalog.get(form)
    return entry is not None and entry.case_sensitive


_RARE_ZIPF = 2.5  # a word English uses less than about once in three million words ("rmagick", "copilot")


@lru_cache(maxsize=1 << 14)
def _echoable(form: str) -> bool:
    """Whether a name may be read again in another case: it holds a digit or a word English rarely uses
    ("rmagick", "Node.js", "k9"), unlike "Cursor", "Queue" or "feature management"."""
    words = re.findall(r"[^\W\d_]{2,}", form)
    return (len(form) > 2 or bool(_LETTER_DIGIT.fullmatch(form))) and \
        (any(c.isdigit() for c in form) or any(zipf(w) < _RARE_ZIPF for w in words))


def _overlay(text: str, hits: list[Hit], forms: dict[str, str],
             table: EntityTable) -> tuple[list[Hit], list[tuple[int, int, str]]]:
    """Where a document's title forms occur in a quote: the hits that stay and the forms' places.

    A name already there stays, unless a longer form covers it ("Grafana Alloy" over the catalog's "Grafana") or
    it was only found by its shape ("Home Assistant" found as a capitalised stretch).
    """
    keep, placed = list(hits), []
    for start, end, form in gazetteer_hits(text, forms, []):
        root = None if forms[form].startswith(_FEATURE) else table.root(forms[form])
        inside = [h for h in keep if h.start < end and start < h.end]
        if all(start <= h.start and h.end <= end and h.root != root and
               (h.end - h.start < end - start or h.rule.startswith("discovery")) for h in inside):
            keep = [h for h in keep if h not in inside]
            placed.append((start, end, form))
    return keep, placed


@lru_cache(maxsize=1 << 16)
def _any_case(form: str, feature: bool) -> bool:
    """Whether a title's surface form matches in any case: a review's own product names do, unless they are
    very common words ("continue") or a feature's name."""
    from kg.words import fold_case

    return fold_case(form, rare=10000) and not feature


def _quote_forms(doc_ids: tuple[str, ...], doc_forms: dict[str, dict[str, str]], doc_short: dict[str, set[str]],
                 capitals: dict[str, set[str]]) -> tuple[dict[str, str], set[str], set[str], dict[str, str]]:
    """What a quote of the documents ``doc_ids`` reads its names by: their title forms (the first document's
    reading of a form first), short forms, repeated capitalised names, and the forms spelled loosely."""
    forms: dict[str, str] = {}
    for did in doc_ids:
        for form, eid in doc_forms[did].items():
            forms.setdefault(form, eid)
    short = {f for did in doc_ids for f in doc_short[did]}
    capitalised = {k for did in doc_ids for k in capitals[did]}
    return forms, short, capitalised, {_loose(f): e for f, e in forms.items() if not e.startswith(_FEATURE)}


def gazetteer_hits(text: str, forms: dict[str, str], taken: list[tuple[int, int]],
                    as_written: set[str] | frozenset[str] = frozenset()) -> list[tuple[int, int, str]]:
    """Occurrences of known surface forms (any case unless a plain capitalised word, a feature or a short form
    in ``as_written``) not yet taken."""
    return _take([(start, end, form) for form in forms
                  for start, end in find_name(text, form, _any_case(form, forms[form].startswith(_FEATURE)
                                                                    or form in as_written))],
                 taken)


def _take(spots: list[tuple[int, int, str]], taken: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
    """The places of forms that no earlier one overlaps, longer forms first (then by form and place); ``taken``
    grows with them."""
    found = []
    index = SpanIndex(taken)
    for start, end, form in sorted(spots, key=lambda x: (-len(x[2]), x[2], x[0])):
        if not index.overlaps(start, end):
            taken.append((start, end))
            index.add(start, end)
            found.append((start, end, form))
    return found


_URL = re.compile(r"https?://(?:www\.)?((?:[\w-]+\.)*?)([\w-]+)\.[a-z]{2,}\b((?:/[\w.-]+){0,2})")
_CODE_HOSTS = frozenset({"github", "gitlab", "codeberg", "bitbucket", "sourceforge"})
# sites that host what people post: a link there points at a post, not at the site as a product
_POST_HOSTS = frozenset({"twitter", "x", "youtube", "youtu", "reddit", "medium", "linkedin", "facebook", "ycombinator",
                         "stackoverflow", "stackexchange", "dev", "substack", "arxiv", "wikipedia", "discord", "mastodon",
                         "bsky", "hashnode", "notion"})


def _url_hits(text: str, table: EntityTable, titled: dict[str, str]) -> list[tuple[int, int, str]]:
    """Products a URL names: its site ("https://launchdarkly.com/…") or, on a code host, its repository
    ("github.com/directus/directus"), where the catalog's products or the document's title forms spell it so. The
    account owning a repository names none ("github.com/rancher/k3d" is no mention of Rancher)."""
    out = []
    for m in _URL.finditer(text):
        if m.group(2).casefold() in _POST_HOSTS:
            continue
        if m.group(2).casefold() in _CODE_HOSTS:
            parts = [(m.start(3) + k.start(), m.start(3) + k.end()) for k in re.finditer(r"[^/]+", m.group(3))]
            spots = parts[1:2]  # the repository: its owner is an account ("github.com/rancher/k3d")
        else:
            spots = [(m.start(2), m.end(2))]
        for start, end in spots:
            key = _loose(text[start:end])
            canon = table.catalog.spelled.get(spelling(text[start:end]))
            entry = table.catalog.entries.get(canon) if canon else None
            known = entry and entry.type in _SUBJECT_TYPES
            eid = titled.get(key) or (table.add_catalog(entry.name) if known else None)
            if eid:
                out.append((start, end, eid))
                break
    return out


# a quotation's speaker: '…," Cser said.', 'Wapner says: "…'
_SPEECH = r"(?:said|says|told|explained|added|noted|recalled|argued|wrote)"
_QUOTED_BEFORE = re.compile(r"[,.!?…]\s*[\"”’]\s*$")
_SPEAKS_AFTER = re.compile(rf"\s+{_SPEECH}\b")
_SPEAKS_QUOTE = re.compile(rf"\s+{_SPEECH}[,:]?\s*[\"“]")
_OBJECT_OF = re.compile(r"\b(?:for|at|of|from|with|by)\s+$", re.IGNORECASE)  # "a writer for The Verge said"


def _speaker(text: str, start: int, end: int) -> bool:
    """Whether the name at [start, end) speaks a quotation in news prose: right after the quotation, before a
    verb of saying ('…," Cser said'), or before a verb of saying that opens one ('Viscomi said, "…')."""
    if _OBJECT_OF.search(text, max(0, start - 6), start):
        return False
    return bool(_SPEAKS_QUOTE.match(text, end) or
                _SPEAKS_AFTER.match(text, end) and _QUOTED_BEFORE.search(text, max(0, start - 4), start))


_WORD_BEFORE = re.compile(r"([A-Za-z][\w.-]*),?\s+$")
_FULL_NAME = re.compile(r"[A-Z][a-z]+(?: (?:[A-Z][a-z]*\.|[A-Z][a-z'’-]+)){1,2}")  # "Betsy Burton", "Jeff T. Tang"


def _titled(text: str, n: NameHit, lexicon: Lexicon) -> bool:
    """Whether the name is a person's given and family name right after a title ("Analyst Betsy Burton", "Oracle CEO
    Larry Ellison"; ``lexicons/person_titles.txt``)."""
    before = _WORD_BEFORE.search(text, max(0, n.start - 24), n.start)
    return before is not None and lexicon.is_title(before.group(1)) and _FULL_NAME.fullmatch(n.text) is not None


_CAPITAL_WORD = re.compile(r"[A-Z][A-Z0-9]+\b")


def _opening_word_off(text: str, n: NameHit, known: Callable[..., bool]) -> NameHit | None:
    """A name run on from the ordinary word that opens its sentence ("Given Cobalt Strike's popularity", "Run
    Unbound for recursion", "Today Odoo is …"), where the words after it are a name known without it and the whole
    is written nowhere else (``known(form, anywhere=False)``): that name (None: ``n`` stands as found)."""
    first, _, rest = n.text.partition(" ")
    if not rest[:1].isalpha() or n.rule != "discovery.capitalized" or not is_common(first) \
            or not opens_clause(text, n.start):
        return None
    if known(n.text, anywhere=False) or not known(rest):
        return None
    return replace(n, start=n.start + len(first) + 1, text=rest, strong=True, initial=False)


def _repeated_capitals(documents: list[Document], raw: dict[str, list[NameHit]],
                       texts: dict[str, str]) -> dict[str, set[str]]:
    """Per document, the English words in capitals (``discovery.capitals``) it writes more than once amid ordinary
    words: names ("GRUB can add 2 seconds", "BIND and Unbound"), not shouting ("this is NOT FINE")."""
    out: dict[str, set[str]] = {}
    for doc in documents:
        counts = Counter(normalize_name(n.text) for qid in doc.quote_ids for n in raw.get(qid, ())
                         if n.rule == CAPITALS and not _amid_capitals(texts[qid], n))
        out[doc.id] = {key for key, count in counts.items() if count >= 2}
    return out


def _amid_capitals(text: str, n: NameHit) -> bool:
    """Whether the word before or after ``n`` is in capitals too: a shouted phrase."""
    before = text[max(0, n.start - 24):n.start].split()
    after = text[n.end:n.end + 24].split()
    return any(_CAPITAL_WORD.match(w.strip("*_\"'“”(),.:;!?")) for w in (before[-1:] + after[:1]))


def _guess_type(name: str, hits: list[NameHit], org_suffixes: frozenset[str]) -> str:
    """A discovered name's type: an organization when its last word ends companies' names (``org_suffixes.txt``)."""
    if name.split()[-1] in org_suffixes:
        return "Organization"
    if all(h.rule == "discovery.acronym" for h in hits):
        return "Technology"
    return "Product"


@dataclass
class Resolution:
    """What resolution produced: the entities, each quote's resolved names, each document's subjects."""

    table: EntityTable
    hits: dict[str, list[Hit]]
    candidates: dict[str, list[str]]
    report: list[ReportItem]
    primary: dict[str, str | None] = field(default_factory=dict)  # doc id → the product its title puts first


def resolve_corpus(documents: list[Document], parsed: dict[str, Parsed], texts: dict[str, str],
                   catalog: Catalog, lexicon: Lexicon, titles: dict[str, Parsed] | None = None,
                   scanned: Scanned | None = None) -> Resolution:
    """Resolve the names of every quote: the corpus-wide (reduce) step over what each quote yielded alone.

    Args:
        documents: the corpus documents (titles give candidate subjects and release names).
        parsed: quote id → its catalog spans and name-shaped stretches (:class:`Parsed`).
        texts: quote id → text.
        catalog, lexicon: what is known before reading.
        titles: document id → its parsed title, for titles that name products without "A vs B".
        scanned: ``scan_texts(texts)``, when it was worked out ahead (scanned here otherwise).

    Returns:
        The entity table, quote id → resolved hits (sorted by position), document id → candidate
        subject ids (from its title), and discovery reports.
    """
    table = EntityTable(catalog)
    doc_forms: dict[str, dict[str, str]] = {}
    doc_short: dict[str, set[str]] = {}
    candidates: dict[str, list[str]] = {}
    primary: dict[str, str | None] = {}
    quote_doc_ids: dict[str, list[str]] = defaultdict(list)
    scanned = scanned or scan_texts(texts)
    doc_said = {doc.id: _said(doc, parsed, texts, scanned) for doc in documents}
    sides = {doc.id: _side_names(doc.candidates, catalog, doc_said[doc.id]) for doc in documents}
    for doc in documents:
        doc_forms[doc.id], doc_short[doc.id] = _title_entities(doc, sides[doc.id], table, lexicon)
        roots = [table.root(doc_forms[doc.id][split_release(c)[0]]) for c in sides[doc.id]]
        candidates[doc.id] = list(dict.fromkeys(roots))
        for qid in doc.quote_ids:
            quote_doc_ids[qid].append(doc.id)
    hits: dict[str, list[Hit]] = {}
    raw: dict[str, list[NameHit]] = {}
    confirmed: dict[str, list[NameHit]] = defaultdict(list)
    for qid in sorted(texts):
        hits[qid] = _catalog_hits(parsed[qid].spans, table, texts[qid], lexicon)
        raw[qid] = list(parsed[qid].names)
        for n in raw[qid]:
            if n.strong:
                confirmed[normalize_name(split_release(n.text)[0])].append(n)
    for doc in documents:  # a name the title and the document's quotes share is a name ("Why Gizmo DB: …")
        if doc.title and not sides[doc.id]:
            shared = {normalize_name(n.text): n for qid in doc.quote_ids for n in raw.get(qid, [])}
            for n in find_names(doc.title, lexicon):
                key = normalize_name(split_release(n.text)[0])
                if key in shared and (n.strong or shared[key].strong or not is_common(n.text)):
                    confirmed[key].append(shared[key])  # not "Automated" opening both the title and a sentence
    capitals = _repeated_capitals(documents, raw, texts)
    # a title's names confirm themselves corpus-wide; its short forms ("Use" of Browser Use) only in its own review
    title_forms = {normalize_name(f) for did, forms in doc_forms.items() for f in forms if f not in doc_short[did]}
    places: set[str] = set()
    based = lexicon.patterns("place_based")  # "the Koblenz-based company": a place however small
    people: set[str] = set()
    lowercase = scanned.lowercase
    mid = Counter(normalize_name(n.text) for ns in raw.values() for n in ns if not n.initial)
    small = {normalize_name(n.text) for ns in raw.values() for n in ns if n.text[:1].islower()}  # "kube-proxy"

    phrases = _lowercase_phrases(texts, confirmed, raw)  # a phrase written once each way is a phrase

    def lowered(key: str) -> bool:  # "Onboarding …" opens a sentence; "onboarding" elsewhere says it is a word, and
        # so does "we" written in lower case more often than "We" in the middle of a sentence (unless the name is
        # one written in lower case, as "kube-proxy" is), and "digital forensics" so written of "Digital Forensics"
        return (lowercase[key] > mid[key] or 0 < phrases[key] >= mid[key]) and key not in title_forms \
            and key not in small

    for key in list(confirmed):
        if lowered(key):
            del confirmed[key]
    # names of several words written somewhere other than at the start of a sentence ("Visual Studio" mid-sentence)
    unopened = {normalize_name(split_release(n.text)[0]) for qid, ns in raw.items() for n in ns
                if " " in n.text and not opens_clause(texts[qid], n.start)}

    # the names that speak a quotation somewhere ('…," Cser said'): people wherever the corpus writes them
    speakers = {normalize_name(split_release(n.text)[0]) for qid, ns in raw.items() for n in ns
                if _speaker(texts[qid], n.start, n.end) or _titled(texts[qid], n, lexicon)}
    # and the rare surnames of people the corpus names in full: "Frank Karlitschek" makes a later "Karlitschek" the
    # man ("Sarah Bird" leaves the routing daemon BIRD alone: a surname that is a word may name a product too)
    speakers |= {normalize_name(surname) for ns in raw.values() for n in ns if is_person(n.text)
                 and not is_common((surname := n.text.split()[-1]).lower())}

    # the names a title writes by their shape ("Pocket died: Karakeep for AI-tagged bookmarks"), as its parse found them
    titled = {normalize_name(split_release(n.text)[0]) for title in (titles or {}).values() for n in title.names
              if n.strong}

    def known(form: str, anywhere: bool = True) -> bool:
        """A title side's name, the catalog's (as it spells it or joined otherwise), else one the corpus confirms
        or a title writes; not ``anywhere``: one written whole somewhere other than at a sentence's start."""
        base = split_release(form)[0]
        key = normalize_name(base)
        return key in title_forms or catalog.get(base) is not None or spelling(base) in catalog.spelled or \
            key in (confirmed if anywhere else unopened) or anywhere and key in titled

    read_as: dict[tuple[str, ...], tuple[dict[str, str], set[str], set[str], dict[str, str]]] = {}
    for qid in sorted(texts):
        text = texts[qid]
        dids = tuple(quote_doc_ids[qid])
        if dids not in read_as:  # the quotes of one document read its names alike: worked out once a document
            read_as[dids] = _quote_forms(dids, doc_forms, doc_short, capitals)
        forms, short, capitalised, loose = read_as[dids]
        taken = [(h.start, h.end) for h in hits[qid]]
        if "://" in text:
            for start, end, eid in _url_hits(text, table, loose):
                if not any(s < end and start < e for s, e in taken):
                    taken.append((start, end))
                    hits[qid].append(Hit(start, end, text[start:end], eid, table.root(eid), table.info[eid].type,
                                         "url"))
        for start, end, form in gazetteer_hits(text, forms, taken, short):
            eid = forms[form]
            if eid.startswith(_FEATURE):
                eid = table.add_part(form, eid[len(_FEATURE):], "feature")
            hits[qid].append(Hit(start, end, text[start:end], eid, table.root(eid), table.info[eid].type, "title"))
        index = SpanIndex(taken)
        for n in raw[qid]:
            if index.overlaps(n.start, n.end):
                continue
            if _loose(split_release(n.text)[0]) not in loose:  # "Alpha Zero" in an "AlphaZero vs Stockfish" review
                n = _opening_word_off(text, n, known) or n
            base, release = split_release(n.text)
            glued = _GLUED_MAJOR.fullmatch(base) if release is None and catalog.get(base) is None else None
            if glued and _spelled(glued.group(1), catalog):  # "Qt5", "Gemma4": a major version of a known name
                base, release = glued.groups()
            key = normalize_name(base)
            if not (key in confirmed or key in title_forms or (n.strong and not n.initial and not lowered(key))
                    or n.rule == CAPITALS and key in capitalised):
                continue
            entry = catalog.get(base)
            if entry is None and (is_place(base) or any(p.match(text, n.end) for p in based)):
                places.add(base)  # "a Berlin company", "the Koblenz-based company": a place, not a product
                continue
            if entry is None and (is_person(base) or key in speakers):  # "HAProxy's author Willy Tarreau", '…,"
                # Cser said' (and Cser anywhere else): a person, not a product
                people.add(base)
                continue
            # a name the document already has, spelled otherwise: "LlamaFactory" in a "LLaMA-Factory" review
            loose_id = loose.get(_loose(base)) if entry is None else None
            joined = catalog.spelled.get(spelling(base)) if entry is None and loose_id is None else None
            if joined is not None and len(spelling(base)) >= _RESPELL_MIN:
                entry = catalog.entries[joined]  # "rocketchat": Rocket.Chat, its letters joined otherwise
            if loose_id is not None:
                eid = loose_id
            elif entry:
                eid = table.add_catalog(entry.name)
            else:
                eid = table.add_discovered(base, _guess_type(base, confirmed.get(key) or [n], lexicon.org_suffixes))
            if release:
                eid = table.add_part(f"{table.name(eid)} {release}", eid, "release")
            table.info[eid].aliases.add(n.text) if n.text != table.name(eid) else None
            index.add(n.start, n.end)
            hits[qid].append(Hit(n.start, n.end, n.text, eid, table.root(eid), table.info[eid].type, n.rule, n.possessive))
        hits[qid].sort(key=lambda h: (h.start, h.end))
    spelled = set().union(*(_spelled_out(doc, table, hits, texts) for doc in documents))
    for doc in documents:
        if not candidates[doc.id] and titles and doc.id in titles:
            witnesses = _witnesses(doc, texts)
            written = "\n".join(texts.get(q, "") for q in witnesses)
            said = (doc_said[doc.id] if len(witnesses) == len(doc.quote_ids) else
                _said(doc, parsed, texts, scanned, witnesses))
            candidates[doc.id], primary[doc.id] = _title_subjects(doc, titles[doc.id], table, hits, lexicon,
                                                                  written.lower(), said, written)
            _title_mentions(doc, candidates[doc.id], table, hits, texts)
    found = _discovered_forms(hits, table)
    corpus = _FormScan(found) if found else None
    for doc in documents:
        _echoes(doc, table, hits, texts, corpus, lexicon.is_generic)
        _respelled(doc, table, hits, texts, candidates.get(doc.id, ()))
    for eid, short in sorted(spelled):  # "ESO" finds the External Secrets Operator in the store's name index too
        table.info[eid].aliases.add(short)
    if catalog.senses:
        _choose_senses(documents, hits, texts, table, candidates, primary)
    if catalog.contextual:
        _in_context(documents, hits, table, candidates, primary)
    used = {h.entity for hs in hits.values() for h in hs}
    used |= {table.root(e) for e in used}  # a release's product counts as found too
    report = [ReportItem(kind="discovered_entity", message=f"{table.name(e)} ({table.info[e].type}): not in the catalog")
              for e in sorted(used) if table.info[e].discovered and not table.info[e].part_of]
    report += [ReportItem(kind="discovered_entity", message=f"{name}: a place name, not taken as an entity")
               for name in sorted(places)]
    report += [ReportItem(kind="discovered_entity", message=f"{name}: a person's name, not taken as an entity")
               for name in sorted(people)]
    return Resolution(table, hits, candidates, report, primary)
