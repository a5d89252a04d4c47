"""Shared cue-reading helpers: lists of names after a cue, the actor before it, and finished findings."""

from __future__ import annotations

import re
from dataclasses import dataclass

from kg.extract.text import QuoteContext, clause_bounds, is_hedged
from kg.facts import fact_types
from kg.lexicon import Lexicon
from kg.resolve import Hit

__all__ = ["ALLOWED_TYPES", "Finding", "actor_before", "antecedent", "apposed_owner", "clause_subject", "coordinated",
           "cue_targets", "emit", "evidence_span", "joined_predicate", "list_after", "list_back", "named_before",
           "named_target", "negated_before", "negated_pairs", "opening_name", "referent", "sentence_opener",
           "stands_first", "subject_hit"]

ALLOWED_TYPES = fact_types().allowed_types  # relation type → (source entity types, target entity types)
_FILLER = r"(?:\s|,|\band\b|\bor\b|&|\bboth\b|\beither\b|\bthe\b|\ba\b|\ban\b|\balso\b|\blike\b|\bespecially\b" \
          r"|\bnamely\b|\bplus\b|\beven\b|\bmaybe\b|\bprobably\b|\bwhich\b|\bis\b|\bare\b|\bthat\b|\bit's\b|\bits\b" \
          r"|\bif\b|\bnow\b|\bmostly\b|\bincluding\b|\bsuch as\b|\bas well as\b)*"
_SEPARATOR = re.compile(r"(?:,|\band\b|\bor\b|&|/|\bplus\b|\bas well as\b|\bvs\.?|\bversus\b)\s*(?:and\s+|or\s+)?"
                        r"(?:(?:maybe|probably|possibly|perhaps|arguably|even|also|sometimes)\s*)?"
                        r"(?:to\s+a\s+lesser\s+(?:degree|extent)\s*,\s*)?"
                        r"(?:(?:with|against|to)\s*)?$")  # "… on flags and with Amplitude"


@dataclass(frozen=True)
class Finding:
    """A relation a rule found (or rejected), before it becomes a model."""

    type: str
    source: str
    target: str
    start: int
    end: int
    rule: str
    confidence: float
    horizon: str | None = None
    hedged: bool = False
    rejected: str | None = None


def list_after(ctx: QuoteContext, pos: int, limit: int, max_gap: int = 40, tight: bool = False,
               skip: tuple[str, ...] = ("License", "Platform", "Benchmark")) -> list[Hit]:
    """Names listed from ``pos``: "X, Y and Z", "X with its …, Y, and Z's …", "X or Y".

    ``tight`` lists must start at once (only articles before the first name), as objects of verbs do.
    In "openai's text-embedding-3-large" the listed thing is the possessed name, not its owner.
    """
    items: list[Hit] = []
    cursor = pos
    spelled = _SPELLED_OUT.match(ctx.text, pos)
    if spelled and spelled.group("paren") and limit <= spelled.end() < (close := ctx.text.find(")", spelled.end())):
        limit = close  # the clause stops at the parenthesis, but the names in it are the object
    for hit in ctx.hits_from(pos, len(ctx.text) + 1):
        if hit.end > limit:
            continue
        gap = ctx.text[cursor:hit.start]
        if items and gap.count("(") > gap.count(")"):
            continue  # "Airflow (mostly via Astronomer) and Prefect": an aside, not an item
        if items and (items[-1].possessive and re.fullmatch(r"['’]s?\s+(?:[a-z][\w-]*\s+){0,2}", gap)
                      or items[-1].type == "Organization" and hit.type != "Organization" and gap == " "):
            items[-1] = hit  # "X's Y", "PGAnalyze's excellent pg_query_go", "Oracle Opera": Y is the item
            cursor = hit.end
            continue
        if items and hit.type == "Organization" and re.fullmatch(r"\s+(?:from|by)\s+", gap):
            cursor = hit.end  # "AutoGen from Microsoft Research, LlamaIndex Workflows and …": the maker, an aside
            continue
        if re.search(r"[.;!?]\s|\s[—–]\s", gap) and items:
            break
        if not items:  # the list must start right after the cue (at once, for a verb's object), not later on
            if _KIND_MODIFIER.match(ctx.text, hit.end):
                cursor = hit.end
                continue  # "other python job runners like Procrastinate": the name qualifies the kind, not an item
            if spelled and hit.start == spelled.end():
                pass  # "built on a modern stack (Elixir, ClickHouse and PostgreSQL)"
            elif _EXAMPLES_OF.fullmatch(gap):
                pass  # "has overtaken incumbents such as Berlitz": the examples are the object
            elif len(gap) > max_gap or re.search(r"\.\s|,\s*(?:but|because|while|which|though|so)\b|;", gap) \
                    or (tight and not _ARTICLES.fullmatch(gap)):
                break
        elif (len(gap) > 70 or not _SEPARATOR.search(gap.rstrip())) and not re.fullmatch(_FILLER, gap):
            break
        if items and _CLAUSE_VERB.match(ctx.text, hit.end):
            break  # "a fork of CraftBukkit, Paper forked from Spigot": a name before its verb opens a new clause
        if items and _APPOSED_MODIFIER.fullmatch(gap) and _BASED.match(ctx.text, hit.end):
            break  # "runs on SteamOS, an Arch-based distribution": the name qualifies the last item's apposition
        if hit.type in skip:
            cursor = hit.end
            continue
        items.append(hit)
        cursor = hit.end
        aside = _ITEM_ASIDE.match(ctx.text, hit.end)
        if aside and hit.end <= limit <= aside.end():  # the clause stopped at an item's own parenthesis
            limit = clause_bounds(ctx.text, aside.end(), aside.end(), *ctx.sentence_of(pos))[1]
    return items


_APPOSED_MODIFIER = re.compile(r",\s+(?:a|an)\s+")
_BASED = re.compile(r"-(?:based|powered)\b")
# an item's own aside, and the list going on after it: "replaced autojump (2009), fasd (2012), and z (2013)"
_ITEM_ASIDE = re.compile(r"\s*\([^()\n]{1,60}\)(?=\s*(?:,|/|\band\b|\bor\b))")


# a finite verb right after a name: the name is its clause's subject, so no list runs on through it
_CLAUSE_VERB = re.compile(r"\s+(?:(?:also|now|still|then|later|itself|in turn)\s+)?"
                          r"(?:forked|became|went|began|started|switched|moved|uses|runs|relies|depends|powers|"
                          r"wraps|ships|builds|adds|offers|provides|supports|needs|requires)\b")


# what may stand between a verb and its object's name: articles, a few adjectives, markdown ("[X](…)", "**X**")
_ARTICLES = re.compile(r"(?:\s|[\[*_`'\"“‘]|\b(?:a|an|the|its|their|his|her|our|your|top|of|a few|several|some|both|either|"
                       r"open-source|open source|self-hosted|managed|hosted|vanilla|upstream|plain|stock|robust|compatible|modern|"
                       r"custom|native|lightweight|standard|single|simple|small|bundled|embedded|local|shared|existing|"
                       r"running|separate|dedicated|recent|latest|official|patched|modified|forked|full|whole|entire|"
                       r"powerful|excellent|great|popular|mature|battle-tested|venerable|underlying|solid|"
                       r"original|portable|enhanced|abandoned|defunct|now-defunct|discontinued|unmaintained|legacy|old|"
                       r"older|ageing|aging|proprietary|commercial|closed-source|classic)\b)*",
                       re.IGNORECASE)
# a plural noun whose examples follow: "incumbents such as ", "legacy tools like "
_KIND_OF_EXAMPLES = r"[a-z][\w-]*s\s+(?:like|such\s+as|including)\s+"
_EXAMPLES_OF = re.compile(_ARTICLES.pattern + r"(?:(?!(?:when|where|while|if|that|which|who|because|than|as|and|or|but|"
                          r"to|for|with|of|on|in|at|by|from|we|you|they|there)\b)[a-z][\w-]*\s+){0,2}"
                          + _KIND_OF_EXAMPLES + r"[\[*_`\"“]*")
# after a name, the rest of a plural kind whose examples follow: "python job runners like …", "Rust-based tools such as …"
_KIND_MODIFIER = re.compile(r"(?:-[a-z]+)?(?:\s+[a-z][\w-]*){0,2}\s+" + _KIND_OF_EXAMPLES +
                            r"(?=[\[*_`\"“]*[A-Z])")  # examples follow, not "Modal keeps cutting prices like this"
# an object that is no name, spelled out by the names in the parenthesis after it ("the ELK stack (", "a modern
# stack (e.g. "), or named after it ("another lightweight and popular system called ")
_SPELLED_OUT = re.compile(_ARTICLES.pattern + r"(?:[a-zA-Z][\w-]*\s+){0,2}[a-zA-Z][\w-]*\s*(?P<paren>\()\s*"
                          r"(?:e\.g\.,?\s*|i\.e\.,?\s*)?|" + _ARTICLES.pattern +
                          r"(?:[a-zA-Z][\w-]*,?\s+){0,5}(?:simply\s+|just\s+)?(?:called|named|dubbed)\s+[\[`*\"“]*",
                          re.IGNORECASE)
_BETWEEN = re.compile(r"(?:\s|\b(?:also|now|still|already|both|all|just|mostly|really|directly|basically|essentially|"
                      r"itself|themselves|is|are|was|were|has|have|had|been|will|would|could|can|might|may|should|"
                      r"does|do|did|being|not|never|actually|arguably|probably|clearly|quietly|increasingly|squarely|"
                      r"head-on|too|alone|here|today|then|api|sdk|cli|cloud|app|service|platform|"
                      r"(?:['’]s?)?)\b|"
                      r"['’]s?|\[\d{1,2}\]|[`*_]+|\]\([^()\s]*\)|\])*")  # "Limn [1] uses Stylus": a citation marker;
# markdown that closes the name: "`Limn` uses", "**Limn** uses", "[Limn](https://…) uses"


_WHOSE = re.compile(r",\s+whose\s+(?:[\w.+'’-]+\s+){1,6}(?:(?:is|are|was|could be|looks like)\s+)?")
_AS_A = re.compile(r"\s+as\s+(?:a|an)\s+(?:[a-z][\w-]*\s+){0,2}", re.IGNORECASE)
_CLEFT = re.compile(r"\s+(?:is|are|was|were|could be|will be)\s+(?:\w+ly\s+)?(?:exactly\s+)?what\s+")


def actor_before(ctx: QuoteContext, pos: int, lo: int, words: int = 5) -> Hit | None:
    """The name that is the grammatical subject just before a cue ("Qdrant directly competes with").

    Only adverbs and auxiliaries may stand between the name and the cue: in "Supabase and the agent runs on",
    Supabase is not the one that runs.
    """
    before = ctx.hits_in(lo, pos)
    if not before:
        return None
    hit = before[-1]
    owner = before[-2] if len(before) > 1 else None
    if owner and owner.type == "Product" and (hit.rule != "catalog" or hit.type == "Technology") \
            and re.fullmatch(r"['’]s?\s+", ctx.text[owner.end:hit.start]) \
            and re.fullmatch(r"(?:\s+[A-Za-z][\w-]*)?\s+", ctx.text[hit.end:pos]):
        return owner  # "Contentful's JavaScript SDK pulls in …": the product stands for its part
    whose = _WHOSE.search(ctx.text, lo, pos)
    if whose and whose.end() == pos:  # "ElevenLabs, whose Scribe model is a direct shot at": the owner acts
        owners = [h for h in before if h.end == whose.start()]
        return owners[0] if owners else None
    between = ctx.text[hit.end:pos]
    article = _ARTICLE_BEFORE.search(ctx.text, max(lo, hit.start - 30), hit.start)
    if not between.strip() and article:  # "Ollama is a Go wrapper around it": Go only modifies the cue's noun
        return actor_before(ctx, article.start(), lo, words)
    if hit.possessive and re.fullmatch(r"['’]s?\s+(?:[a-z][\w-]*\s+){1,3}", between) and not re.search(
            r"\b(?:is|are|was|were|and|or|but|the|a|an)\s", between):
        return hit  # "Vercel's edge functions run on …": the owner stands for its thing
    if _CLEFT.fullmatch(between):
        return hit  # "ElevenLabs is what keeps Deepgram up at night"
    if _AS_A.fullmatch(between):
        return hit  # "We built Mastra as a layer on top of": the name is what the cue's noun describes
    if _PART_OF_NAME.fullmatch(between) and re.search(r"\b(?:the|its|their|our)\s+$",
                                                          ctx.text[max(lo, hit.start - 8):hit.start], re.IGNORECASE):
        return hit  # "the PulseMonitor agents are written in Rust": the name's part stands for it
    if ctx.text[hit.start - 1:hit.start] == "/" and re.fullmatch(r"/?\)\s*", between):
        return hit  # "[trufflehog](https://github.com/…/trufflehog) (Go)": the name ends the link's address
    aside = _ASIDE.match(between)  # "Cursor, with its impressive growth and funding, is challenging"
    if aside:
        between = between[aside.end():]
    if len(between.split()) > words or not _BETWEEN.fullmatch(between):
        return None
    return hit


# a phrase set off by commas between a name and its verb
_ASIDE = re.compile(r",\s+(?:with|without|despite|like|unlike|after|before|for|in|on|at|as|now|once|still|"
                    r"thanks\s+to|along\s+with)\b[^,;.:()\n]{1,60},")
# one plural noun and a verb after a name: "the PulseMonitor agents are", "the Kafka brokers were"
_PART_OF_NAME = re.compile(r"\s+[a-z][\w-]*s\s+(?:(?:are|were|have\s+been)\s+)?(?:\w+ly\s+)?", re.IGNORECASE)
_PREPOSITION_BEFORE = re.compile(r"\b(?:to|than|unlike|like|from|of|with|vs\.?|versus|over|besides)\s+$",
                                 re.IGNORECASE)
_ARTICLE_BEFORE = re.compile(r"\b(?:a|an)\s+(?:[a-z][\w-]*\s+){0,2}$", re.IGNORECASE)
_RELATIVE = re.compile(r"(?:\]\([^()\s]*\))?(?:['’]s?(?:\s+[\w-]+){0,3})?"
                       r"(?:\s*[—–]\s*(?:the|a|an)\s+[\w-]+(?:\s+[\w-]+){0,3}?)?"  # "Coraza — the Go-native WAF that"
                       r"\s*(?:,|\()?\s*(?:which|that|who)(?:\s+|$)"
                       r"(?:(?:is|are|was|were|has|have|had)\s+)?(?:(?:also|now|still|itself|just|only|\w+ly)\s+)?"
                       r"(?:(?:claims?|aims?|wants?|tries|try|promises?|is\s+meant|are\s+meant)\s+to\s+be\s+|"
                       r"(?:bills?|positions?|markets?|pitches)\s+itself\s+as\s+)?(?:an?\s+)?"
                       r"(?:[^,;.()\n]{1,40}?\s+and\s+)?$",
                       re.IGNORECASE)  # "X, which", "X (which", "X, who now", "X's own stack (which",
# "[X](https://…) which claims to be", "X, which is Postgres-compatible and (golang based)"


_AFTER_COMMA_WHICH = re.compile(r"\s*,\s*which\b", re.IGNORECASE)  # a non-restrictive "which": of a whole clause


def antecedent(ctx: QuoteContext, pos: int, fallback: Hit | None) -> Hit | None:
    """Whom "it" just before ``pos`` means.

    The name that opens the sentence ("Cline is …, so it needs …"), else the one product named earlier in
    the sentence ("I like AssemblyAI, but it runs on …"); a sentence that opens with "it" looks at the one
    before. A relative pronoun points at the name it follows: "Tauri, which uses WebView2", "Sentry's own
    stack (which needs Kafka".
    """
    near = ctx.text[max(0, pos - 60):pos].lower()  # the pronoun stands within a few words of the cue
    relative = _RELATIVE.search(ctx.text[max(0, pos - 160):pos]) \
        if "which" in near or "that" in near or "who" in near else None
    if relative:
        end = max(0, pos - 160) + relative.start()
        named = [h for h in ctx.hits if h.end == end]
        if named:
            return named[-1]
        s_lo, _ = ctx.sentence_of(pos)
        opener = clause_subject(ctx, s_lo, end) if s_lo < end and _AFTER_COMMA_WHICH.match(relative.group()) else None
        if opener is not None:  # "X is GitHub's CI platform, launched in 2019, which has displaced Y": X
            return opener
    if not re.search(r"\b(?:it|it['’]s|it\s+(?:is|was)|it\s+\w+ly|it\s+(?:also|still|just|only|could|would|will|might|may|can))\s+$", ctx.text[max(0, pos - 20):pos], re.IGNORECASE):
        return fallback
    s_lo, _ = ctx.sentence_of(pos)
    if not re.match(r"it\b", ctx.text[s_lo:pos].strip(" \t\n-•*"), re.IGNORECASE) or s_lo == 0:
        return named_before(ctx, s_lo, pos) or fallback
    p_lo, _ = ctx.sentence_of(s_lo - 1)  # "Astro is Astronomer's managed Airflow. It's built on …"
    return named_before(ctx, p_lo, s_lo) or fallback


def sentence_opener(ctx: QuoteContext, s_lo: int, lo: int, pos: int | None = None) -> Hit | None:
    """The name that opens the sentence starting at ``s_lo``, when a cue stands in a later clause of it (``lo``):
    in "Keycloak is the enterprise standard — Java-based", Keycloak is Java-based, whatever the quote is about.
    With ``pos`` (the cue's place), also when the cue stands in the opening clause and the name is its verb's
    subject (:func:`clause_subject`). A later clause that opens with its own verb's subject is that name's:
    "Agent is the collector; Fleet is the Kibana-based control plane"."""
    own = clause_subject(ctx, lo, pos) if lo > s_lo and pos is not None else None
    opener = opening_name(ctx, s_lo, lo) if lo > s_lo else None
    return own or opener or (clause_subject(ctx, s_lo, pos) if pos is not None else None)


# a predicate joined to the one before it shares its subject: "Crafty Controller focuses on Minecraft and uses …"
# (auxiliaries and a control verb may come first: "X went public and is soon poised to overtake Y")
_COORDINATED = re.compile(r"[\w)]\s*,?\s+(?:and|but)\s+(?:also\s+|then\s+|now\s+|soon\s+|still\s+|\w+ly\s+)?"
                          r"(?:(?:is|are|was|were|has|have|had|will|would|could|can|may|might)\s+(?:(?:also|then|now|"
                          r"soon|still|already|\w+ly|been|being|be|poised|set|about|going|likely|able|trying|looking|"
                          r"ready)\s+){0,3}(?:to\s+)?)?$")


def joined_predicate(ctx: QuoteContext, s_lo: int, pos: int) -> bool:
    """Whether the cue at ``pos`` opens a predicate joined by "and" or "but" to the one before it, so that it
    shares the sentence's subject: "Skype has lost its throne and has been unseated by …"."""
    return _COORDINATED.search(ctx.text, s_lo, pos) is not None


_AND = re.compile(r"\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*[&/+]\s*)")
_GROUP_VERB = re.compile(r"\s+(?:both|all|each)\b|\s+(?:are|were|have|use|run|rely|sit|ship|share)\b", re.IGNORECASE)


def coordinated(ctx: QuoteContext, first: Hit, pos: int) -> list[Hit]:
    """``first`` and the names joined to it by "and" or commas as one subject, before ``pos``: "Tailscale and
    Netbird are … — WireGuard-based" describes both. Just ``first`` when no plural verb follows the names."""
    names = [first]
    for hit in ctx.hits_from(first.end, pos):
        if hit.start < names[-1].end:
            continue
        if not _AND.fullmatch(ctx.text, names[-1].end, hit.start):
            break
        names.append(hit)
    return names if len(names) > 1 and _GROUP_VERB.match(ctx.text, names[-1].end, pos) else [first]


# what follows a sentence's opening name when it is the clause's subject: a verb or an apposition
_SUBJECT_VERB = re.compile(r"(?:\*\*|__)?(?:\s*\([^()\n]{0,40}\))?(?:\s*,\s*(?:a|an|the)\b|\s+(?:"
                           r"is|are|was|were|has|have|had|uses|offers|provides|ships|brings|gives|adds|relies|runs|"
                           r"sits|wraps|embeds|(?:\w+ly\s+)?(?:built|written|based|made|designed|implemented)|"
                           r"brought|became|gave|took|grew|began|went|got|won|lost|kept|led|left|sold|bought|ran|came|held|"
                           r"fell|rose|spent|paid|drew|wrote|split|\w+(?:s|ed)\b))", re.IGNORECASE)


# a noun phrase set beside a name, up to a cue: "Cedega, a proprietary fork of", "Mako (a Python-based template",
# "fluent-bit (the smaller brother of fluentd, written in": words, names governed by "of", no verb
_APPOSITION = re.compile(r"(?:\s*,|\s*\(|\s*[—–]|\s+-)\s*(?:a|an|the|its|their|our|this)\s+"
                         r"(?:(?!(?:is|are|was|were|has|have|had|will|can|does|do|did|uses|runs)\b)[\w'’.+/-]+,?\s+){0,6}",
                         re.IGNORECASE)


def apposed_owner(ctx: QuoteContext, s_lo: int, pos: int) -> Hit | None:
    """The name a noun phrase ending at ``pos`` stands in apposition to, within the sentence starting at ``s_lo``:
    Cedega in "Cedega, a proprietary fork of Wine"; names governed by "of" inside the phrase are skipped."""
    for hit in reversed(ctx.hits_in(s_lo, pos)):
        if _APPOSITION.fullmatch(ctx.text, hit.end, pos):
            return hit
        if not re.search(r"\bof\s+(?:the\s+)?$", ctx.text[max(s_lo, hit.start - 12):hit.start], re.IGNORECASE):
            return None
    return None


def clause_subject(ctx: QuoteContext, s_lo: int, pos: int) -> Hit | None:
    """The name that opens the sentence starting at ``s_lo`` as the subject of its verb, for a cue at ``pos`` in
    the same clause: "Recharts is a React-first library built on D3", "CadQuery, a Python API on top of OCCT"."""
    opener = opening_name(ctx, s_lo, pos)
    return opener if opener is not None and _SUBJECT_VERB.match(ctx.text, opener.end, pos) else None


def opening_name(ctx: QuoteContext, lo: int, pos: int) -> Hit | None:
    """The name that opens ``[lo, pos)``, after at most white space and a bullet."""
    return next((h for h in ctx.hits_from(lo, pos) if stands_first(ctx, lo, h)), None)


def stands_first(ctx: QuoteContext, lo: int, hit: Hit) -> bool:
    """Whether ``hit`` opens the text from ``lo`` (after at most white space, a bullet and a short phrase set off
    by a comma: "Under the hood, Hardhat …", "In 2021, Zorbit …")."""
    return lo <= hit.start and (not ctx.text[lo:hit.start].strip(" \t\n-•*") or
                                _LEAD_IN.fullmatch(ctx.text, lo, hit.start) is not None)


_LEAD_IN = re.compile(r"[ \t\n]*(?:[-•*][ \t]*)?[A-Za-z][^,.;:!?()\n\"“]{0,30},[ \t]*")




def named_before(ctx: QuoteContext, lo: int, pos: int) -> Hit | None:
    """The name opening ``[lo, pos)``, else the one product named there."""
    lo = max([lo] + [m.end() for m in re.finditer(r":\s", ctx.text[:pos]) if m.end() > lo])  # "notes: X is …"
    opening = opening_name(ctx, lo, pos)
    if opening:
        return opening
    earlier = {h.root: h for h in ctx.hits_from(lo, pos) if h.type == "Product"
               and not _GOVERNED.search(ctx.text, max(lo, h.start - 12), h.start)
               and not _MODIFIER_AFTER.match(ctx.text, h.end)}
    return next(iter(earlier.values())) if len(earlier) == 1 else None  # "I like AssemblyAI, but it runs on …"


# a name written as a modifier is not what its sentence is about: "an S3-compatible store built by Deuxfleurs"
_MODIFIER_AFTER = re.compile(r"-(?:compatible|like|style|based|powered|backed|inspired|flavou?red|esque|native)\b",
                             re.IGNORECASE)
# a name right after a preposition is no clause's actor: in "The challenger to Figma … It uses SVG", "it" is not Figma
_GOVERNED = re.compile(r"\b(?:to|than|of|from|vs\.?|versus|against|over|unlike|with|without|for)\s+(?:the\s+)?$",
                       re.IGNORECASE)


def referent(ctx: QuoteContext, pos: int, source: Hit) -> Hit | None:
    """Whom an object "it" after ``pos`` means: the first other name of the sentence ("once Docker Model Runner
    matures, Ollama could end up competing with it"), else the quote's subject."""
    s_lo, _ = ctx.sentence_of(pos)
    before = [h for h in ctx.hits_from(s_lo, pos) if h.root != source.root
              and h.type in ("Product", "Organization") and not h.possessive]
    return before[0] if before else subject_hit(ctx)


def subject_hit(ctx: QuoteContext) -> Hit | None:
    """The quote's subject as a name without a span, of the type the quote names it as (else a product)."""
    if ctx.subject is None:
        return None
    kind = next((h.type for h in ctx.hits if h.root == ctx.subject), "Product")
    return Hit(0, 0, "", ctx.subject, ctx.subject, kind, "subject")


_NOT_BEFORE = re.compile(r"\b(?:rather than|instead of|not|never|no longer|without|\w+n['’]t)[*_]*\s+"
                         r"(?!(?:only|just|merely|simply|solely|exclusively)\s)(?:\w+\s+)?$",
                         re.IGNORECASE)


def negated_before(text: str, lo: int, pos: int) -> bool:
    """Whether a negation stands just before a cue at ``pos`` (looking no further back than ``lo``): "not built on",
    "isn't made by", "won't run on", "instead of"."""
    return _NOT_BEFORE.search(text, max(lo, pos - 24), pos) is not None


def negated_pairs(ctx: QuoteContext, lexicon: Lexicon) -> dict[frozenset[str], tuple[int, int]]:
    """Pairs a quote says are *not* competitors ("X is not really a competitor to Y"), with the span saying so.

    The actor is the name just before the negation (else the subject); the other side is the name right
    after it ("… to Y") or, failing that, the quote's subject.
    """
    out: dict[frozenset[str], tuple[int, int]] = {}
    subject = subject_hit(ctx)
    for m in lexicon.finditer("competition_negation", ctx.text):
        lo, hi = clause_bounds(ctx.text, m.start(), m.end(), *ctx.sentence_of(m.start()))
        actor = actor_before(ctx, m.start(), lo, words=4) or subject
        after = [h for h in ctx.hits_from(m.end(), hi) if h.start - m.end() < 25]
        other = after[0] if after else subject
        if actor and other and actor.root != other.root:
            start = min(m.start(), actor.start if actor.end else m.start())
            end = max(m.end(), other.end)
            out.setdefault(frozenset((actor.root, other.root)), (start, end))
    return out


def evidence_span(ctx: QuoteContext, source: Hit, target: Hit, start: int, end: int) -> tuple[int, int]:
    """The cue's span widened to show a name of an endpoint, and both names when its sentence has them."""
    named = [h for h in (source, target) if h.end]  # endpoints that are words of this quote (not the bare subject)
    if named and not any(start <= h.start and h.end <= end for h in named):
        nearest = min(named, key=lambda h: min(abs(h.start - start), abs(h.end - end)))
        start, end = min(start, nearest.start), max(end, nearest.end)  # evidence always shows a name
    s_lo, s_hi = ctx.sentence_of(start)
    in_sentence = ctx.hits_in(s_lo, s_hi)
    for endpoint in (source, target):  # and both names, when they are in its sentence
        near = [h for h in in_sentence if h.root == endpoint.root]
        if near and not any(start <= h.start and h.end <= end for h in near):
            h = min(near, key=lambda h: min(abs(h.start - start), abs(h.end - end)))
            start, end = min(start, h.start), max(end, h.end)
    while end > start and ctx.text[end - 1] in " \t\n,;:":
        end -= 1  # cue patterns end in white space; evidence does not
    return start, end


def emit(kind: str, source: Hit, target: Hit, start: int, end: int, rule: str, confidence: float,
          ctx: QuoteContext, lexicon: Lexicon, **extra) -> Finding | None:
    """A finding whose evidence shows its names, hedged when its words are (``None`` for a self-relation)."""
    if source.root == target.root or kind == "depends_on" and source.type == "Organization":
        return None  # a company is no product that depends on something: "Okta uses DuckDB" is a user's choice
    start, end = evidence_span(ctx, source, target, start, end)
    hedged = extra.pop("hedged", None)
    if hedged is None:  # a modal or "if" in the statement itself, or just before it ("could compete with")
        s_lo, _ = ctx.sentence_of(start)
        hedged = is_hedged(ctx.text, max(s_lo, start - 20), end, lexicon)
    return Finding(kind, source.root, target.root, start, end, rule,
                   round(confidence * (0.7 if hedged else 1.0), 3), hedged=hedged, **extra)


def cue_targets(ctx: QuoteContext, m: re.Match[str], subject: Hit) -> list[Hit]:
    """Whom a threat cue is about: a named product, "both of them" (the document's products), or the subject."""
    whole = m.group("target") if "target" in m.groupdict() and m.group("target") else m.group()
    if re.search(r"\b(?:(?:both|either|all) of them|(?:whole|entire) (?:category|space|market|segment))\b", whole,
                 re.IGNORECASE) and len(ctx.candidates) > 1:
        return [Hit(0, 0, "", c, c, "Product", "title") for c in ctx.candidates]
    target = named_target(ctx, m, subject)
    return [target] if target else []


def named_target(ctx: QuoteContext, m: re.Match[str], subject: Hit | None = None) -> Hit | None:
    """The product a cue names as its target ("what could sink Qdrant").

    A target that names nothing known is the subject only when it is a pronoun or a category
    ("it", "its place", "these tools"); otherwise ("bolt is toast", unknown) there is no target.
    """
    if "target" not in m.groupdict() or not m.group("target"):
        return subject
    named = ctx.hits_in(m.start("target"), m.end("target"))
    if named:
        return named[0]
    if re.search(r"\b(?:it|its|this|they|them|their|these|those|tools?|products?|category|players|vendors|startups|companies|"
                 r"apps?|frameworks?|services?|options|layers?|proxies|databases?)\b", m.group("target"), re.IGNORECASE):
        return subject
    return None


def list_back(ctx: QuoteContext, pos: int, lo: int) -> list[Hit]:
    """The names that are the subject of a verb at ``pos``, including those that "either", "both" or "they"
    point back to ("watch Supabase and Aurora DSQL, either could commoditize this")."""
    s_lo = ctx.sentence_of(pos)[0]
    back = _BACK.search(ctx.text, s_lo, pos)
    if back:  # "Fedora, Debian, Arch — they all ship systemd": the list may stand before the clause
        listed = _list_back(ctx, back.start(), s_lo)
        opener = None if listed else opening_name(ctx, s_lo, back.start())
        if opener:  # "X and Y are great, and both use Z": the sentence's subjects
            listed = coordinated(ctx, opener, back.start())
        return listed if len(listed) > 1 or not opener else []
    if s_lo and _BOTH.fullmatch(ctx.text, s_lo, pos):  # "BoringSSL or LibreSSL … . Both are forks of …"
        return _last_pair(ctx, ctx.sentence_of(s_lo - 1)[0], s_lo)
    return _list_back(ctx, pos, lo)


def _last_pair(ctx: QuoteContext, lo: int, hi: int) -> list[Hit]:
    """The last two names joined as a list ("X or Y", "X and Y") in ``[lo, hi)``, or none."""
    for hit in reversed(ctx.hits_in(lo, hi)):
        listed = _list_back(ctx, hit.end, lo)
        if len(listed) == 2:
            return listed
    return []


_BACK = re.compile(r"[,;—–]\s*(?:and\s+|but\s+)?(?:either(?:\s+one)?|both(?:\s+of\s+them)?|they(?:\s+all)?|each|"
                   r"all\s+of\s+them|any\s+of\s+them)(?:\s+(?:are|were))?\s+$")
# a sentence about the two things the one before named
_BOTH = re.compile(r"\s*(?:both(?:\s+of\s+them)?|they(?:\s+(?:are|were))?\s+both|the\s+two(?:\s+of\s+them)?)"
                   r"(?:\s+(?:are|were))?\s+", re.IGNORECASE)  # "Both are …", "They are both …", "The two were …"


def _list_back(ctx: QuoteContext, pos: int, lo: int) -> list[Hit]:
    """The name (or "X and Y") that is the subject of a verb at ``pos``: "SGLang and TensorRT-LLM keep eating"."""
    actor = actor_before(ctx, pos, lo, words=4)
    if actor is None:
        return []
    items, joined = [actor], False
    for hit in reversed(ctx.hits_in(lo, actor.start)):
        gap = ctx.text[hit.end:items[-1].start]
        if not re.fullmatch(r"\s*(?:,|,?\s*and|,?\s*or|&)\s*", gap):
            break
        joined = joined or gap.strip(" ,") in ("and", "or", "&")
        preposition = _PREPOSITION_BEFORE.search(ctx.text, max(lo, hit.start - 12), hit.start)
        if preposition and not (joined and _EXAMPLES.fullmatch(preposition.group())):
            break  # "In contrast to Prisma, Drizzle is …": Prisma is no part of the list; but "technologies like
        items.append(hit)  # MLX, Triton and JAX are …" are
    return items[::-1]


_EXAMPLES = re.compile(r"(?:like|including)\s+", re.IGNORECASE)
