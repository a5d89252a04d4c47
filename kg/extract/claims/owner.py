"""Whom a claim is about: the quote's subject, or another product its own clause or sentence opens with or names as
the subject of its verb.

The spec says per claim type whether the claim's clause may name its owner (``owner: clause`` in
``ontology/facts.json``). Reviews compare, so the clause or sentence a claim stands in often opens with
another product: "Langfuse is MIT-licensed, while Helicone charges $20/month" (the price is Helicone's),
"Keycloak is the enterprise standard — Java-based, supports every protocol …" in a post about Authentik
(Keycloak's), "Chroma isn't a competitor here; it's a lovely notebook companion" (Chroma's), "I realized Final
Draft is built for production" (Final Draft's), "because Btrfs supports bit-rot protection" (Btrfs's).
"""

from __future__ import annotations

import re

from kg.extract.claims.base import ClaimFinding, clause_start
from kg.extract.text import QuoteContext, line_topic
from kg.facts import fact_types
from kg.resolve import EntityTable, Hit

__all__ = ["claim_owner", "opens_sentence", "verb_follows"]

_LEAD = re.compile(r"^(?:[\s,;:(*\-—–]|and\b|but\b|while\b|whereas\b|so\b|also\b|then\b|use\b|choose\b|pick\b|"
                   r"meanwhile\b|first\b|second\b|finally\b|plus\b|with\b|for\b|using\b)*$", re.IGNORECASE)
_SHARED = re.compile(r"\s*(?:,|and\b|or\b|&|\+|/|'s\b|’s\b|vs\b|versus\b)", re.IGNORECASE)
_SCENE = re.compile(r"^(?:(?:(?:\d{1,3}(?:,\d{3})+|[\w'’.-]+)\s+){0,6}[\w'’.-]+,|(?:whereas |while |but )?in|"
                    r"(?:a|an|the|this|that|every|each|most|many|some)(?:\s+[\w-]+)?)$", re.IGNORECASE)
_COMPOUND = re.compile(r"-[a-z]")
_RELATIVE = re.compile(r",\s*(?:which|who)\s*", re.IGNORECASE)
_PRONOUN = re.compile(r"(?:but\s+|and\s+)?(?:it|it's|it’s|they|they're|they’re)\b", re.IGNORECASE)


def claim_owner(f: ClaimFinding, ctx: QuoteContext, table: EntityTable) -> str | None:
    """The entity claim ``f`` is about: another product that opens its clause or its sentence, where the spec
    lets the clause decide (and the clause does not name the subject), else the quote's subject.

    In order: for a measured claim, a product its number follows in parentheses ("llama.cpp (29 tok/s)"); for a
    claim that opens with a verb, the product right before it ("because Btrfs supports …"); the first product inside
    the claim as its verb's subject after words that open its clause ("I realized X is …"), or that advice names for a
    case ("Use X when …"); the name labelling the claim's line ("- `rapini`: less flexible than …", "- Kubb — a
    plugin-based generator"); a product opening the claim's own clause ("…, while Helicone charges $20/month"); a product
    opening the claim's sentence on its own (not "X and Y", "X's", "X vs Y") before the claim ("Keycloak is
    the enterprise standard — …, supports every protocol"); "it"/"they" opening the clause after a sentence
    that opened with another product. The owner's type must be one the spec allows (``owner_types``, or
    ``acting_owner_types`` for the subject of the claim's verb); a technology opening the clause that may not own the
    claim leaves it to the product opening the sentence ("Saleor is the platform — Python/Django backend, …").
    """
    spec = fact_types().claims[f.type]
    first = said_of = None
    if spec.owner == "clause":
        said_of = _predicate_of(f, ctx)
        first = (_measured(f, ctx) if spec.crisp else None) or said_of or _opener(f, ctx)
    if first is None or first.root == ctx.subject:
        return ctx.subject
    owners = spec.owner_types
    # a capitalised stretch may be no product ("The Best"), unless it is the subject of a verb ("Cirq has …") or a
    # line's label
    acts = first is said_of or verb_follows(ctx.text, first.end, max(f.end, first.end)) \
        or first == line_topic(ctx, f.start, dash=True)  # a line's label: "- Kubb — a plugin-based generator"
    kind = table.info[first.root].type
    if (kind not in owners and not (acts and kind in spec.acting_owner_types)) or \
            (first.rule.startswith("discovery.capital") and not acts):
        # a technology opening the claim's clause ("— Python/Django backend, …") owns nothing: the sentence's opener may
        opener = _sentence_opener(f, ctx) if first is not said_of and kind not in owners else None
        if opener is None or opener.root == ctx.subject or table.info[opener.root].type not in owners:
            return ctx.subject
        return opener.root
    return first.root


_APPROX = r"(?:[~<>≈]|about\s|around\s|roughly\s|approximately\s)?\s*"
# "llama.cpp (29 tok/s)", "Nivo ~500KB", "Firebase: 50K MAU", "E2B at roughly 150ms"
_MEASURED = re.compile(rf"\s*\(\s*{_APPROX}\$?\d|\s*[~≈]\s*\$?\d|:\s*{_APPROX}\$?\d|\s+at\s+{_APPROX}\$?\d")
_MEASURED_FOR = re.compile(r"\d[\w.,/%+*]*(?:\s+[a-zA-Z/%]+)?\s+for\s+$")  # "165 seconds for ", "680Mb for "


def _measured(f: ClaimFinding, ctx: QuoteContext) -> Hit | None:
    """The name a measured claim's number follows in parentheses ("llama.cpp (29 tok/s)", "Unity (33%)"), after
    "~", ":" or "at" ("Nivo ~500KB", "E2B at roughly 150ms"), or that follows the number and its unit after "for"
    ("165 seconds for ImageMagick", "0.59s for EasyOCR")."""
    return next((h for h in ctx.hits_from(f.start, f.end) if h.end < f.end and _MEASURED.match(ctx.text, h.end)),
                None) or next((h for h in ctx.hits_from(f.start + 1, f.end + 1) if h.end <= f.end
                               and _MEASURED_FOR.search(ctx.text, f.start, h.start)), None)


def _opener(f: ClaimFinding, ctx: QuoteContext) -> Hit | None:
    s_lo, s_hi = ctx.sentence_of(f.start)
    lo = clause_start(ctx.text, f.start, s_lo, s_hi)
    # a name inside a compound modifier ("Red Hat-backed", "Java-based") qualifies, it does not act
    opening = [h for h in ctx.hits_from(lo, f.end) if not _COMPOUND.match(ctx.text, h.end)]
    inner = _inner_subject(f, ctx, lo)
    if inner is not None:
        return inner  # "I realized Final Draft is built for …", "…, while Kafka Streams has to rebuild its state"
    label = line_topic(ctx, f.start, dash=True)
    if label is not None and label.end <= f.start and not ctx.hits_in(label.end, f.start):
        return label  # "- `rapini`: less flexible than Orval", "- Kubb — a plugin-based generator": the line's label
    if any(h.root == ctx.subject for h in opening):
        return None
    lead = ctx.text[lo:opening[0].start].strip().lower() if opening else None
    if opening and lead in ("", "while", "whereas", "but", "and") and not opening[0].possessive:
        return opening[0]
    if opening and (_SCENE.match(lead) or (opening[0].start == f.start and opening[0].possessive)):
        return opening[0]  # "Over the same time, Sublime Text usage has fallen"; "Tailwind's defaults ship faster"
    relative = _RELATIVE.search(ctx.text, max(s_lo, f.start - 60), f.start + 6)
    if relative is not None and relative.end() >= f.start:
        at = relative.start()
        named = next((h for h in reversed(ctx.hits_from(0, at + 1)) if h.end <= at and not ctx.text[h.end:at].strip()),
                     None)  # the last name right before it, as a pass over all of them finds it
        if named is not None:
            return named  # "Unlike Pandas, which loads data into memory"
    opener = _sentence_opener(f, ctx)
    if opener is not None:
        return opener
    if _PRONOUN.match(ctx.text, lo, f.end):
        before = ctx.hits_from(s_lo, lo)
        if not before and s_lo and not ctx.text[s_lo:lo].strip(" \t\n-•*"):
            return _sole_product(ctx, ctx.sentence_of(s_lo - 1)[0], s_lo)  # "… went back to Instapaper. It's …"
        first = before[0] if before else None
        if first is None or ctx.text[s_lo:first.start].strip() or any(h.root == ctx.subject for h in before):
            return None  # the sentence must open with the name "it" stands for, and name no other
        return first
    return None


def opens_sentence(text: str, lo: int, start: int) -> bool:
    """Whether only what may lead a sentence's subject (punctuation, "and", "but", "meanwhile" …) stands in
    ``text[lo:start]``."""
    return _LEAD.match(text[lo:start]) is not None


def verb_follows(text: str, end: int, limit: int) -> bool:
    """Whether a verb follows a name ending at ``end`` as its subject's ("Cirq has", "fdupes development has")."""
    return _VERB_AFTER.match(text, end, limit) is not None


def _sentence_opener(f: ClaimFinding, ctx: QuoteContext) -> Hit | None:
    """The product opening the claim's sentence on its own (not "X and Y", "X's", "X vs Y") before the claim."""
    s_lo, s_hi = ctx.sentence_of(f.start)
    in_sentence = ctx.hits_from(s_lo, s_hi)
    opener = in_sentence[0] if in_sentence and opens_sentence(ctx.text, s_lo, in_sentence[0].start) else None
    if opener is not None and opener.end <= f.start and not opener.possessive \
            and not _SHARED.match(ctx.text, opener.end):
        return opener
    return None


# what may stand before a clause's subject: a subordinator ("that" after a verb or a noun saying what follows),
# "I think", "I've found", a category's examples ("tools like X are"), a possessive maker, a scene set off by a comma
_BEFORE_SUBJECT = re.compile(
    r"(?:.*\b(?:(?:is|was|think|thought|believe|say|said|says|means?|meant|realized|realised|know|knew|feel|felt|"
    r"hope|guess|seems|fact|reality|truth|problem|point|news|sure|true|clear|obvious)\s+that|when|if|because|since|"
    r"once|until|although|though|whereas|while|and|but|so)|"
    r".*\b(?:I|I['’](?:ve|d)|we(?:['’]ve)?)\s+(?:\w+\s+)?(?:think|thought|realized|realised|found|feel|felt|believe|"
    r"guess|suspect|noticed|knew|know|heard|read|saw|see|reckon)|.*,|.*\b(?:like|such\s+as)|"
    r"(?:[\w'’-]+\s+){0,3}[\w'’-]+['’]s)\s*$", re.IGNORECASE | re.DOTALL)
# its verb, after the name and at most a noun it owns ("fdupes development has ground to a halt") and an adverb
_VERB = (r"(?:(?:\w+ly|only|also|still|just|now|already|never|always|even|often|mostly|then)\s+)?"
         r"(?:is|are|was|were|has|have|had|will|would|can|could|should|may|might|does|did|doesn['’]t|"
         r"isn['’]t|wasn['’]t|can['’]t|won['’]t|became|emerged|remains|seems|looks|feels|needs|lacks|supports|offers|"
         r"provides|matches|beats|lags|uses|runs|works|makes|takes|gives|costs|charges|ships|handles|stays|gets|got|"
         r"came|went|grew|fell|includes|comes|stores|allows|lets|requires|deploys|keeps|wins|loses|scales|"
         r"crashes|breaks|fails|starts|boots|renders|compiles|targets|adds|brings|focuses|replaces|wraps|builds|sits|"
         r"lives|tends|wants|knows|shows|sounds|to\s+be)\b")
_VERB_AFTER = re.compile(r"(?:['’]s)?(?:\s+(?:development|usage|adoption|support|itself|alone))?\s+" + _VERB,
                         re.IGNORECASE)
_VERB_FIRST = re.compile(_VERB, re.IGNORECASE)
# between a name and the predicate a claim opens with: nothing, "which", or an aside between commas
_TO_PREDICATE = re.compile(r"\s*(?:,\s*(?:which|who)\s+|,[^,.;:()\n]{1,60},\s*)?")


# advice that names what to pick for a case: "Use X when …", "Pick X if …", "Go with X for …"
_ADVISED = re.compile(r"[\s*\-•]*(?:use|choose|pick|try|consider|go\s+with|prefer)\s+", re.IGNORECASE)
_ADVISED_WHEN = re.compile(r"\s+(?:when|if|for|because|instead|over|unless)\b", re.IGNORECASE)


def _inner_subject(f: ClaimFinding, ctx: QuoteContext, lo: int) -> Hit | None:
    """The first product named inside the claim, as the subject of its verb after words that introduce its clause
    (since the clause's start, ``lo``, or the name before it): the claim's clause is about it ("The reality is that
    The Browser Company is a VC-backed startup", "Flink restarts at once, while Kafka Streams has to rebuild …")."""
    inside = ctx.hits_in(f.start, f.end)
    if not inside:
        return None
    first = inside[0]
    before = ctx.hits_in(lo, first.start)
    if not before and _ADVISED.fullmatch(ctx.text, lo, first.start) and _ADVISED_WHEN.match(ctx.text, first.end):
        return first  # "Use Snowflake when you prioritize a fully managed …"
    if first.possessive or not verb_follows(ctx.text, first.end, f.end):
        return None
    start = before[-1].end if before else lo
    if not ctx.text[start:first.start].strip():
        return None  # "Google Gemini is": two names of one noun phrase; a clause opening with it: the rules below
    return first if _BEFORE_SUBJECT.fullmatch(ctx.text, start, first.start) else None


def _predicate_of(f: ClaimFinding, ctx: QuoteContext) -> Hit | None:
    """The product a claim that opens with a verb is said of: the name right before it, or before "which" or an aside
    between commas ("because Btrfs supports bit-rot protection", "Vellum, which is strictly a Mac product",
    "Arduino, as an ecosystem, has made …")."""
    if not _VERB_FIRST.match(ctx.text, f.start):
        return None
    before = ctx.hits_in(ctx.sentence_of(f.start)[0], f.start)
    last = before[-1] if before else None
    if last is None or last.possessive or not _TO_PREDICATE.fullmatch(ctx.text, last.end, f.start):
        return None
    return last


def _sole_product(ctx: QuoteContext, lo: int, hi: int) -> Hit | None:
    """The one product named in ``[lo, hi)``, if it names one and not the quote's subject: whom "it" opening the next
    sentence stands for."""
    named = [h for h in ctx.hits_in(lo, hi) if h.type == "Product"]
    roots = {h.root for h in named}
    return named[0] if len(roots) == 1 and ctx.subject not in roots else None
