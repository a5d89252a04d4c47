"""Claims through the pipeline: typed values (metrics, prices, licences, platforms), horizons, doubts, conditions."""

from __future__ import annotations

import re

import pytest
from helpers import GraphView, run_docs

METRIC_UNDER = "Helicone adds under 10 ms of proxy overhead per request in our load tests."
METRIC_STARS = "Langfuse sits at roughly 8k GitHub stars and the issue tracker moves quickly."
METRIC_TIMES = "Langfuse was 3x quicker to wire into our stack than the tool we used before."
METRIC_SPELLED = "Langfuse took forty minutes to import our old traces, which was fine."
METRIC_PARAMS = "Phi-4-mini packs 3.8B parameters yet keeps up with much larger models on our evals."
PRICE_RANGE = "The hosted Langfuse plan runs $15\u201340/mo depending on trace volume."
PRICE_SEAT = "Helicone's team plan is $20/month per seat once you pass five users."
FREE_TIER = "Helicone has a free tier that covers hobby projects comfortably."
LICENSE_MIT = "Langfuse is MIT-licensed at the core, which made legal review painless."
LICENSE_APACHE = "Helicone ships under Apache 2.0, so forking it was never a legal question."
LINUX_ONLY = "The self-hosted Helicone build is Linux-only for now."
TWO_PLATFORMS = "The Langfuse desktop viewer runs on macOS and Windows, nothing else."
WITHIN_YEARS = "Within two years, most LLM gateways will ship tracing as a default feature, Helicone included."
BY_YEAR = "By 2027, Langfuse will be the tracing layer most teams inherit without choosing it."
OWN_SURVEY = "Langfuse says teams debug 3x faster, a figure drawn from its own user survey."
NO_CONTROL = "Helicone cut our spend 30% in the pilot; no control group, so who knows."
BET_FOR = "My bet for 2028: Langfuse becomes the default tracing layer and Helicone folds into a gateway."
NO_OFFLINE = "Heads up for the air-gapped cluster: Langfuse Cloud does not work offline, full stop."
AT_MERCY = "Helicone's margins are at the mercy of whatever the model vendors charge next quarter."
SELF_REPORTED = "The Helicone latency benchmark is self-reported and nobody outside the company has rerun it."
REVISED = "Langfuse's cost-savings chart was quietly revised after users compared their invoices."
ONLY_IF = "Langfuse only works if you are willing to run ClickHouse alongside Postgres."
SHIPS_FEATURE = "Zed ships real-time collaboration for pairing sessions with remote teammates."
IT_OTHER = "Langfuse is not what we compared; Phoenix is another story, it's a lovely notebook companion."
QUIET_ALERT = "We moved 40 million traces to Langfuse over a weekend and the only alert that fired was about disk space."
CROSS_PRODUCT = "Langfuse is MIT-licensed, while Helicone charges $20/month per seat for its hosted tier."
CLAIMED_RATE = "Our rerun found a hit rate far lower than Helicone's claimed 13.9% on the same traces."
NOT_AUDITED = "The Langfuse latency table is not an officially audited benchmark, only a derived one."
WE_BENCHMARKED = "We've benchmarked Helicone to be the fastest gateway we could find."
NOT_MYSELF = "Langfuse looks quick in the charts, but I haven\u2019t run the benchmarks myself."

DOCS = [
    ("Helicone vs Langfuse", [METRIC_UNDER, METRIC_STARS, METRIC_TIMES, METRIC_SPELLED, PRICE_RANGE, PRICE_SEAT,
                              FREE_TIER]),
    ("Langfuse vs Helicone (tracing for LLM apps)",
     [LICENSE_MIT, LICENSE_APACHE, LINUX_ONLY, TWO_PLATFORMS, WITHIN_YEARS, BY_YEAR]),
    ("Helicone vs Langfuse: trust and conditions", [SELF_REPORTED, REVISED, ONLY_IF, CROSS_PRODUCT,
                                                       OWN_SURVEY, NO_CONTROL, BET_FOR,
                                                       NO_OFFLINE, AT_MERCY]),
    ("Helicone vs Langfuse: whose numbers", [CLAIMED_RATE, NOT_AUDITED, WE_BENCHMARKED, NOT_MYSELF]),
    ("Langfuse vs Helicone: asides", [IT_OTHER, QUIET_ALERT]),
    ("Zed vs Phi-4-mini", [SHIPS_FEATURE, METRIC_PARAMS]),
]


@pytest.fixture(scope="module")
def view(tmp_path_factory):
    return GraphView(run_docs(tmp_path_factory.mktemp("claims"), DOCS))


def _one(view, quote, type_):
    claims = view.claims(quote, type_)
    assert len(claims) == 1, [c.text for c in claims]
    return claims[0]


@pytest.mark.parametrize("quote,about,value,unit,comparator", [
    (METRIC_UNDER, "Helicone", 10.0, "ms", "<"),
    (METRIC_STARS, "Langfuse", 8000.0, "stars", "~"),
    (METRIC_TIMES, "Langfuse", 3.0, "x", "="),
    (METRIC_PARAMS, "Phi-4-mini", 3.8e9, "parameters", "="),
    (METRIC_SPELLED, "Langfuse", 40.0, "min", "="),
])
def test_metric_values(view, quote, about, value, unit, comparator):
    claim = _one(view, quote, "metric")
    assert (view.name(claim.about), claim.value, claim.unit, claim.comparator) == (about, value, unit, comparator)


@pytest.mark.parametrize("quote,value,unit,comparator,fragment", [
    (PRICE_RANGE, [15.0, 40.0], "USD/month", "range", "$15\u201340/mo"),
    (PRICE_SEAT, 20.0, "USD/month/seat", "=", "$20/month per seat"),
    (FREE_TIER, 0.0, "USD/month", "=", "free tier"),
])
def test_pricing_values(view, quote, value, unit, comparator, fragment):
    claim = _one(view, quote, "pricing")
    assert (claim.value, claim.unit, claim.comparator) == (value, unit, comparator)
    assert fragment in claim.text


@pytest.mark.parametrize("quote,about,license_", [
    (LICENSE_MIT, "Langfuse", "MIT"),
    (LICENSE_APACHE, "Helicone", "Apache 2.0"),
])
def test_license_value(view, quote, about, license_):
    claim = _one(view, quote, "license")
    assert (view.name(claim.about), claim.value) == (about, license_)


@pytest.mark.parametrize("quote,platforms,text", [
    (LINUX_ONLY, ["Linux"], "Linux-only"),
    (TWO_PLATFORMS, ["macOS", "Windows"], "macOS and Windows"),
])
def test_platform_values(view, quote, platforms, text):
    claim = _one(view, quote, "platform")
    assert (claim.value, claim.polarity) == (platforms, "positive")
    assert text in claim.text and len(claim.text.split()) <= 14  # the platforms, with what is limited to them


@pytest.mark.parametrize("quote,horizon", [(WITHIN_YEARS, "2 years"), (BY_YEAR, "2027"), (BET_FOR, "2028")])
def test_prediction_horizon(view, quote, horizon):
    claim = _one(view, quote, "prediction")
    assert claim.horizon == horizon
    assert claim.text.endswith(quote.rstrip(".")[-20:])  # the forecast is the whole clause, not just the cue


@pytest.mark.parametrize("quote,credibility,word", [
    (SELF_REPORTED, "unverified", "self-reported"),
    (REVISED, "disputed", "quietly revised"),
    (OWN_SURVEY, "unverified", "its own user survey"),
    (NO_CONTROL, "unverified", "no control group"),
    (CLAIMED_RATE, "disputed", "claimed 13.9%"),
    (NOT_AUDITED, "unverified", "not an officially audited"),
    (WE_BENCHMARKED, "self-reported", "benchmarked Helicone"),
    (NOT_MYSELF, "unverified", "run the benchmarks myself"),
])
def test_credibility(view, quote, credibility, word):
    claim = _one(view, quote, "credibility")
    assert claim.credibility == credibility
    assert word in claim.text


def test_dependency_condition(view):
    claim = _one(view, ONLY_IF, "dependency")
    assert view.name(claim.about) == "Langfuse"
    assert claim.text == "you are willing to run ClickHouse alongside Postgres"


@pytest.mark.parametrize("quote,type_,words", [
    (NO_OFFLINE, "limitation", "does not work offline"),
    (AT_MERCY, "risk", "at the mercy of"),
])
def test_limitations_and_risks(view, quote, type_, words):
    assert any(words in c.text for c in view.claims(quote, type_))


def test_capability_claim_keeps_the_feature(view):
    assert any("real-time collaboration" in c.text for c in view.claims(SHIPS_FEATURE, "capability"))


def test_claim_about_the_product_its_clause_names(view):
    claim = _one(view, CROSS_PRODUCT, "pricing")
    assert view.name(claim.about) == "Helicone"


@pytest.mark.parametrize("text,claim,owner", [
    # "X …; it's lovely": the clause's "it" is X, the product the sentence opened with, not the quote's subject
    ("Phoenix is another story, it's a lovely notebook companion.", "it's a lovely notebook companion", "ent:phoenix"),
    # a sentence that also names the subject leaves "it" to the subject
    ("Phoenix is fine and Langfuse too, it's a lovely notebook companion.", "it's a lovely notebook companion",
     "ent:langfuse"),
    # a clause that opens with another product's name is that product's
    ("Langfuse is MIT-licensed, while Phoenix charges $20/month.", "Phoenix charges $20/month", "ent:phoenix"),
    # a sentence that opens with another product: its later clauses are that product's too
    ("Phoenix is the enterprise standard — Java-based, supports every protocol.", "supports every protocol",
     "ent:phoenix"),
    ("Phoenix - crazy scalable but heavy to run.", "crazy scalable but heavy to run", "ent:phoenix"),
    ("Meanwhile, Phoenix was raising at a $29 billion valuation.", "raising at a $29 billion valuation",
     "ent:phoenix"),
    # a clause whose own subject is another product after a scene-setting lead, or that starts with its possessive
    ("Over the same time, Phoenix usage has fallen by half.", "Phoenix usage has fallen by half", "ent:phoenix"),
    ("Langfuse is fine. In Phoenix every step is eager.", "every step is eager", "ent:phoenix"),
    ("On a 1,000 module app, Phoenix takes 4.2s to start.", "Phoenix takes 4.2s to start", "ent:phoenix"),
    ("Langfuse is fine. Phoenix's opinionated defaults ship faster.", "Phoenix's opinionated defaults ship faster",
     "ent:phoenix"),
    # a claim whose clause, after words that introduce it, has another product as its verb's subject
    ("I realized Phoenix is built for production.", "I realized Phoenix is built for production", "ent:phoenix"),
    ("The reality is that Phoenix is a VC-backed startup.", "The reality is that Phoenix is a VC-backed startup",
     "ent:phoenix"),
    ("I think Phoenix development has ground to a halt.", "I think Phoenix development has ground to a halt",
     "ent:phoenix"),
    ("I've found Phoenix to be flaky and slow.", "I've found Phoenix to be flaky and slow", "ent:phoenix"),
    ("Langfuse is fine but Phoenix has to rebuild its state.", "Phoenix has to rebuild its state", "ent:phoenix"),
    ("Outdated tools like Phoenix are no longer maintained.", "Outdated tools like Phoenix are no longer maintained",
     "ent:phoenix"),  # a category's example as its subject
    ("Use Phoenix when you need a managed service.", "Use Phoenix when you need a managed service", "ent:phoenix"),
    ("With Phoenix (UDP mode), the tunnel added 3 ms of latency.", "the tunnel added 3 ms of latency",
     "ent:phoenix"),  # the setting a sentence opens with
    ("Honestly, Phoenix-backed and fast, supports every protocol.", "supports every protocol", "ent:langfuse"),
    # … not a relative clause's subject after a noun, nor a name that is no verb's subject
    ("It promises the speed that Phoenix lacks.", "It promises the speed that Phoenix lacks", "ent:langfuse"),
    ("I found Phoenix easier to learn.", "I found Phoenix easier to learn", "ent:langfuse"),
    # a relative clause is about the product it hangs on
    ("Unlike Phoenix, which loads data into memory, it streams.", "loads data into memory", "ent:phoenix"),
    ("Over time, we moved off Phoenix for good.", "we moved off Phoenix for good", "ent:langfuse"),
    # … but not when it shares the opening, is only a possessive, or the claim names the subject
    ("Phoenix and Langfuse are close — supports every protocol.", "supports every protocol", "ent:langfuse"),
    ("Phoenix's docs are thin — supports every protocol.", "supports every protocol", "ent:langfuse"),
    ("Phoenix is fine — Langfuse supports every protocol.", "Langfuse supports every protocol", "ent:langfuse"),
    # a claim type the spec gives to the subject stays the subject's
    ("Phoenix is the enterprise standard — by 2027 it will ship everything.", "by 2027 it will ship everything",
     "ent:langfuse"),
    # a measured claim belongs to the name its number follows in parentheses
    ("Langfuse runs well, but the same model crawls through Phoenix (29 tok/s).",
     "the same model crawls through Phoenix (29 tok/s)", "ent:phoenix"),
    ("Phoenix lags well behind Langfuse (57 tok/s) here.", "Phoenix lags well behind Langfuse (57 tok/s)",
     "ent:langfuse"),
    # … or that it names after "for", behind the number and its unit
    ("It took 46 seconds for Langfuse versus 165 seconds for Phoenix.", "165 seconds for Phoenix", "ent:phoenix"),
    ("Peak memory was 680Mb for Phoenix.", "680Mb for Phoenix", "ent:phoenix"),
    # … or after "~", ":" or "at"
    ("Bundle sizes: Langfuse ~300KB, Phoenix ~500KB.", "Phoenix ~500KB", "ent:phoenix"),
    ("Langfuse boots fast, with Phoenix at roughly 150ms.", "Phoenix at roughly 150ms", "ent:phoenix"),
    ("Phoenix: 50K traces free.", "Phoenix: 50K traces", "ent:phoenix"),
])
def test_claim_owner(text, claim, owner):
    kind = "pricing" if "$" in claim else "prediction" if "2027" in claim else \
        "metric" if re.search(r"\d", claim) else "capability"
    assert _owner(text, claim, kind) == owner


def _owner(text: str, claim: str, kind: str, types: dict[str, str] | None = None, rule: str = "catalog",
           sentences: list[tuple[int, int]] | None = None) -> str | None:
    """Whom ``claim_owner`` gives a ``kind`` claim on the words ``claim`` of ``text`` to: a quote about Langfuse
    whose names Phoenix, Langfuse and Zorbit are products found by ``rule`` (or of the ``types`` given)."""
    from kg.extract.claims import ClaimFinding
    from kg.extract.claims.owner import claim_owner
    from kg.extract.text import QuoteContext
    from kg.resolve import EntityTable, Hit

    types = types or {}
    hits = [Hit(m.start(), m.end(), m.group(), f"ent:{m.group().lower()}", f"ent:{m.group().lower()}",
                types.get(m.group(), "Product"), rule, possessive=text[m.end():m.end() + 2] == "'s")
            for m in re.finditer(r"Phoenix|Langfuse|Zorbit", text)]
    ctx = QuoteContext("q:1", "doc:1", text, sentences or [(0, len(text))], hits, subject="ent:langfuse")
    table = EntityTable.__new__(EntityTable)
    table.info = {h.entity: type("Info", (), {"type": h.type})() for h in hits}
    start = text.index(claim)
    return claim_owner(ClaimFinding(kind, start, start + len(claim), "test", 0.5), ctx, table)


@pytest.mark.parametrize("first,owner", [
    ("I went back to Phoenix last month.", "ent:phoenix"),
    ("I compared Phoenix with Langfuse.", "ent:langfuse"),  # the subject is named too
    ("I compared Phoenix with Zorbit.", "ent:langfuse"),  # two products: "it" may be either
])
def test_it_opening_a_sentence_stands_for_the_one_product_the_sentence_before_names(first, owner):
    text = f"{first} It is a private company."
    sentences = [(0, len(first)), (len(first) + 1, len(text))]
    assert _owner(text, "It is a private company", "business", sentences=sentences) == owner


@pytest.mark.parametrize("kind,owner", [("business", "ent:zorbit"), ("capability", "ent:langfuse")])
def test_a_company_owns_a_business_claim_its_clause_opens_with(kind, owner):
    text = "Langfuse is fine, while Zorbit now claims nearly half of all new deals."
    claim = "Zorbit now claims nearly half of all new deals"
    assert _owner(text, claim, kind, types={"Zorbit": "Organization"}) == owner


@pytest.mark.parametrize("text,claim,owner", [
    ("Langfuse is fine, while Zorbit is competitive for general compute.", "Zorbit is competitive for general compute",
     "ent:zorbit"),  # a technology as its verb's subject
    ("Langfuse is fine, while the Zorbit API is powerful.", "the Zorbit API is powerful", "ent:langfuse"),  # a part
    # an adverb such as "only" may stand before the verb
    ("Zorbit only targets one vendor's GPUs. Langfuse is open.", "Zorbit only targets one vendor's GPUs", "ent:zorbit"),
    # a technology opening the claim's clause owns nothing: the product opening the sentence does
    ("Phoenix is the tracing platform — Zorbit backend, powerful API.", "Zorbit backend, powerful API", "ent:phoenix"),
])
def test_a_technology_owns_a_claim_only_as_its_verb_s_subject(text, claim, owner):
    assert _owner(text, claim, "capability", types={"Zorbit": "Technology"}) == owner


@pytest.mark.parametrize("text,claim,owner", [
    # a claim that opens with a verb is said of the name right before it, before "which" or before an aside, even
    # a name found only by its capitals
    ("It is fast because Zorbit supports streaming.", "supports streaming", "ent:zorbit"),
    ("We compared it with Zorbit, which is strictly a Mac product.", "is strictly a Mac product", "ent:zorbit"),
    ("Zorbit, as an ecosystem, has made tracing easy.", "has made tracing easy", "ent:zorbit"),
    # … and a later clause of a sentence such a name opens as its verb's subject; not one it only heads
    ("Zorbit is the standard — supports every protocol.", "supports every protocol", "ent:zorbit"),
    ("Zorbit — supports every protocol.", "supports every protocol", "ent:langfuse"),
    # … or that labels a list's line: what the line says is about it
    ("- Zorbit — a plugin-based generator.", "a plugin-based generator", "ent:zorbit"),
    ("- `Zorbit`: less flexible than Langfuse.", "less flexible than Langfuse", "ent:zorbit"),
])
def test_a_name_found_by_its_capitals_owns_a_claim_as_its_verb_s_subject(text, claim, owner):
    assert _owner(text, claim, "capability", rule="discovery.capitalized") == owner


def test_an_alert_that_fired_is_no_limitation(view):
    assert view.claims(QUIET_ALERT, "limitation") == []


def test_every_claim_points_at_its_evidence(view):
    assert len(view.graph.claims) >= 20
    quotes = {q.id: q for q in view.graph.quotes}
    for claim in view.graph.claims:
        quote = quotes[claim.evidence.quote_id]
        assert claim.text == quote.text[claim.evidence.start:claim.evidence.end] == claim.evidence.text
        assert claim.text.strip() == claim.text and claim.text
        assert re.fullmatch(r"[a-z_]+\.[a-z_]+", claim.evidence.rule), claim.evidence.rule
        assert 0.0 < claim.evidence.confidence <= 1.0
        assert claim.about in view.entities


def test_the_found_model_decides_a_claim_and_the_typed_model_its_type():
    from kg.extract.claims.assertions import _decide_all
    from kg.extract.scorer import RelationModel

    typed = RelationModel(("none", "capability", "limitation"), (2.0, 0.0, 0.0),
                          {"c:thin": (0.0, 0.0, 1.0)}, 0.5)  # alone it would call every clause none
    found = RelationModel(("none", "claim"), (0.0, -1.0), {"c:thin": (0.0, 2.0)}, 0.5)
    assert typed.decide(("c:thin",))[0] == "none"
    (label, p), other = _decide_all([("c:thin",), ("c:other",)], typed, found)
    assert label == "limitation" and p == pytest.approx(found.probabilities(("c:thin",))[1])
    assert other[0] == "none"
    assert _decide_all([("c:thin",)], typed, None) == [typed.decide(("c:thin",))]  # no found model: the typed one decides
    assert _decide_all([], typed, found) == []


@pytest.mark.parametrize("text,names,value", [
    ("Raycast is a versatile and modern launcher app for macOS.", ["macOS"], ["macOS"]),
    ("RudderStack ships SDKs for iOS and Android.", ["iOS", "Android"], ["iOS", "Android"]),
    ("Nix is working fine across macOS and Linux.", ["macOS", "Linux"], ["macOS", "Linux"]),
    ("The user base splits between Windows and macOS.", ["Windows", "macOS"], ["Windows", "macOS"]),
    ("We like macOS a lot.", ["macOS"], None),  # a platform named, nothing said of support
    ("The iOS and Android apps feel native.", ["iOS", "Android"], ["iOS", "Android"]),
    ("k3s requires Linux for its agents.", ["Linux"], ["Linux"]),
    ("It was ported to both Linux and Windows in 2008.", ["Linux", "Windows"], ["Linux", "Windows"]),
    ("Sadly it doesn't run on Windows.", ["Windows"], ["no Windows"]),  # a contracted negation
    ("It does not run on Windows.", ["Windows"], ["no Windows"]),
    ("They dropped support for macOS last year.", ["macOS"], ["no macOS"]),
])
def test_platform_support_read_from_the_words_around_it(text, names, value):
    import re

    from kg.catalog import load_catalog
    from kg.extract.claims.measures import platforms
    from kg.extract.text import QuoteContext
    from kg.lexicon import load_lexicon
    from kg.resolve import EntityTable, Hit

    table = EntityTable(load_catalog(None))
    hits = [Hit(m.start(), m.end(), n, table.add_catalog(n), table.add_catalog(n), "Platform", "test")
            for n in names for m in re.finditer(re.escape(n), text)]
    ctx = QuoteContext("q1", "d1", text, [(0, len(text))], sorted(hits, key=lambda h: h.start), [])
    found = list(platforms(ctx, load_lexicon(), table))
    assert [f.value for f in found] == ([value] if value else [])


@pytest.mark.parametrize("text,kinds", [
    ("Budibase is open source and easy to host.", ["open-source"]),
    ("Retool is closed source, which is a problem.", ["proprietary"]),
    ("TablePlus is not open source.", ["proprietary"]),
    ("TablePlus isn't open source.", ["proprietary"]),
    ("TablePlus wasn’t open source then.", ["proprietary"]),
    ("The open source community loves it.", []),  # a community, not a licence
    ("Redis is now source-available.", ["source-available"]),
])
def test_the_kind_of_licence_words_say_without_naming_one(text, kinds):
    from kg.catalog import load_catalog
    from kg.extract.claims.measures import licenses
    from kg.extract.text import QuoteContext
    from kg.lexicon import load_lexicon
    from kg.resolve import EntityTable

    ctx = QuoteContext("q1", "d1", text, [(0, len(text))], [], [])
    found = list(licenses(ctx, load_lexicon(), EntityTable(load_catalog(None))))
    assert [f.value for f in found] == kinds


@pytest.mark.parametrize("quote,fragment", [
    ("BorgBackup is solid, but the remote server requires borg to be installed.", "requires borg to be installed"),
    ("With Vorta you'll just need to install the Fuse drivers to mount a remote archive.", "need to install the Fuse"),
    ("Grype relies heavily on the Anchore vulnerability feed.", "relies heavily on the Anchore"),
])
def test_a_requirement_is_a_dependency_claim(tmp_path, quote, fragment):
    view = GraphView(run_docs(tmp_path, [("Backup notes", [quote])]))
    claims = view.claims(quote, "dependency")
    assert any(fragment in c.text for c in claims)
    assert {c.evidence.rule for c in claims} == {"dependency.requirement"}


def test_a_requirement_leaves_the_assertion_its_words_also_state(tmp_path):
    quote = "Sadly DBeaver requires Java installed to run, which is slow and heavy."
    view = GraphView(run_docs(tmp_path, [("DBeaver notes", [quote])]))
    assert view.claims(quote, "dependency") and view.claims(quote, "limitation")


@pytest.mark.parametrize("quote,fragment", [
    ("Figma was web-based from day one.", "web-based"),
    ("It runs in a web browser, no install needed.", "runs in a web browser"),
    ("Mailvelope is a web-browser extension for OpenPGP.", "browser extension"),
])
def test_a_product_that_runs_in_the_browser_has_a_browser_platform_claim(tmp_path, quote, fragment):
    view = GraphView(run_docs(tmp_path, [("Figma notes", [quote])]))
    claims = [c for c in view.claims(quote, "platform") if c.evidence.rule == "platform.browser"]
    assert claims and all(c.value == ["browser"] for c in claims) and any(fragment in c.text for c in claims)


def test_a_claim_is_checked_against_the_kept_claims_it_overlaps_as_against_all_of_them():
    import random

    from kg.extract.claims import CRISP_TYPES, _clashes, _unrepeated
    from kg.extract.claims.base import ClaimFinding
    from kg.facts import fact_types

    types = fact_types()
    order = {t: i for i, t in enumerate(CRISP_TYPES)}
    absorbing = frozenset(name for name, spec in types.claims.items() if spec.absorbs)
    names = [*CRISP_TYPES, *types.loose_claims]
    rng = random.Random(5)
    for _ in range(300):
        found = []
        for _ in range(rng.randrange(0, 25)):
            start = rng.randrange(0, 300)
            found.append(ClaimFinding(rng.choice(names), start, start + rng.randrange(0, 150), "r", rng.random()))
        kept = []  # every kept claim asked, as extraction did before
        for f in found:
            if not any(_clashes(f, k, order, absorbing) for k in kept):
                kept.append(f)
        assert _unrepeated(found, order, absorbing) == kept


def test_two_licences_on_the_same_words_are_two_claims(tmp_path):
    quote = "Terraform moved from MPL to BSL in 2023."
    view = GraphView(run_docs(tmp_path, [("Terraform notes", [quote])]))
    assert sorted(c.value for c in view.claims(quote, "license")) == ["BSL", "MPL-2.0"]



@pytest.mark.parametrize("quote,expected", [
    ("Acme raised $24M last spring.", [("metric", 24000000.0)]),  # funding: the company's figure, not a price
    ("Acme was at $27M ARR despite 13% monthly churn.", [("metric", 13.0), ("metric", 27000000.0)]),
    ("Acme costs $20/month per seat.", [("pricing", 20.0)]),
    ("Acme raised its prices to $70 a month.", [("pricing", 70.0)]),  # a price raised is still a price
])
def test_money_beside_funding_or_revenue_words_is_a_metric(tmp_path, quote, expected):
    view = GraphView(run_docs(tmp_path, [("Acme notes", [quote])]))
    found = sorted((c.type, c.value) for c in view.claims(quote) if c.type in ("metric", "pricing"))
    assert found == sorted(expected)


@pytest.mark.parametrize("quote,values", [
    ("Acme is MIT licensed.", ["MIT"]),
    ("Acme is not MIT licensed.", ["not MIT"]),  # a named licence the quote denies
    ("Acme isn't licensed under the MIT license.", ["not MIT"]),
    ("Acme is available under the Apache 2.0 license, not GPL.", ["Apache 2.0", "not GPL-3.0"]),
])
def test_a_denied_licence_is_said_as_such(tmp_path, quote, values):
    view = GraphView(run_docs(tmp_path, [("Acme notes", [quote])]))
    claims = view.claims(quote, "license")
    assert sorted(c.value for c in claims) == values
    assert all(c.polarity == "negative" for c in claims if c.value.startswith("not "))


def test_a_licence_named_twice_in_a_sentence_is_one_claim(tmp_path):
    quote = "Acme is released under the GNU General Public License (GPL)."
    view = GraphView(run_docs(tmp_path, [("Acme notes", [quote])]))
    assert [c.value for c in view.claims(quote, "license")] == ["GPL-3.0"]


@pytest.mark.parametrize("catalog", [None, "none"])
@pytest.mark.parametrize("quote,values", [
    ("Acme is GPLv2, not GPLv3.", ["GPL-2.0", "not GPL-3.0"]),  # two licences, not one read twice
    ("Acme's license: BSD-3-Clause.", ["BSD-3-Clause"]),
    ("Acme is released under the 2-clause BSD license.", ["BSD-2-Clause"]),
    ("The LGPL 2.1 parts of Acme are kept apart.", ["LGPL-2.1"]),
])
def test_licence_versions_are_kept_apart_with_or_without_a_catalog(tmp_path, quote, values, catalog):
    view = GraphView(run_docs(tmp_path, [("Acme notes", [quote])], catalog=catalog))
    assert sorted(c.value for c in view.claims(quote, "license")) == values


@pytest.mark.parametrize("quote", [
    "Komga doesn't support automatic metadata fetching.",
    "Komga doesn’t support automatic metadata fetching.",  # a typographic apostrophe reads the same
])
def test_what_a_product_doesn_t_support_is_a_limitation_however_the_apostrophe_is_written(tmp_path, quote):
    view = GraphView(run_docs(tmp_path, [("Komga notes", [quote])]))
    assert [c.type for c in view.claims(quote) if "metadata fetching" in c.text] == ["limitation"]


@pytest.mark.parametrize("quote", [
    "Quillbase'll fold into Zorbit by 2027, sadly.",
    "Quillbase’ll fold into Zorbit by 2027, sadly.",  # a typographic apostrophe dates the future as well
])
def test_a_dated_future_written_with_ll_is_a_prediction_however_the_apostrophe_is_written(tmp_path, quote):
    view = GraphView(run_docs(tmp_path, [("Quillbase notes", [quote])]))
    assert "risk" not in {c.type for c in view.claims(quote) if c.text.startswith("Quillbase")}
    assert any(c.type == "prediction" and c.text.startswith("Quillbase") for c in view.claims(quote))
