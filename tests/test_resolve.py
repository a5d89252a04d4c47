"""Resolution: titles, releases, features, discovered names and company-prefixed products."""

from __future__ import annotations

import pytest
from helpers import GraphView, run_docs

from kg.ids import entity_id


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return run_docs(tmp_path_factory.mktemp("resolve"), [
        ("Acmebase 2.1 vs Widgetly (Turbo Mode + Sync)", [
            "Acmebase 2.1 is fast, and Turbo Mode makes Widgetly faster still.",
            "AWS Step Functions is what we compared it against; our lead is ex-Google.",
            "We also tried gpt-4o-transcribe for the call notes.",
            "Jabali serves nginx with PHP-FPM; the Kafka-API-compatible brokers are fine.",
        ]),
    ])


def _names(graph):
    return {e.name: e for e in graph.entities}


def test_title_release_folds_into_its_product(graph):
    names = _names(graph)
    release = names["Acmebase 2.1"]
    assert release.part_kind == "release" and names["Acmebase"].id == release.part_of


def test_subtitle_names_are_features_of_the_product_they_follow(graph):
    names = _names(graph)
    assert names["Turbo Mode"].part_kind == "feature" and names["Turbo Mode"].part_of == names["Widgetly"].id


def test_company_prefixed_product_is_its_own_product(graph):
    names = _names(graph)
    assert names["AWS Step Functions"].type == "Product"
    assert names["AWS Step Functions"].maker == names["AWS"].id if "AWS" in names else True


@pytest.mark.parametrize("text,named", [
    ("We compared Kong and Amazon API Gateway last week.", {"Amazon API Gateway", "Kong"}),  # a generic word inside
    ("Google AI keeps shipping models.", {"Google"}),  # a generic word last: the company's division, no product
    ("Redis Labs CEO Rowan Trollope defended the change.", {"Redis Ltd."}),  # a title and a person: no product
])
def test_a_company_named_product_may_hold_a_generic_word_but_not_end_with_one(tmp_path, text, named):
    view = GraphView(run_docs(tmp_path, [("Notes", [text])]))
    quote = view.quote(text)
    assert {view.entities[m.entity_id].name for m in view.graph.mentions if m.quote_id == quote.id} == named


def test_a_name_after_a_persons_title_is_a_person(tmp_path):
    """"Analyst Betsy Burton": a surname that is also a word is a person's after a title, here and elsewhere."""
    texts = ["Analyst Betsy Burton said Oracle leads the market.", "Betsy Burton expects IBM to catch up."]
    graph = run_docs(tmp_path, [("Notes", texts)])
    assert set(_names(graph)) == {"Oracle", "IBM"}


def test_a_name_spelt_like_an_everyday_word_takes_no_maker_from_a_catalog_name_in_other_case(tmp_path):
    """"the Palm Pre" is no sibling of Google's PaLM: a catalog name spelling "palm" matches only as written."""
    text = "Amazon should stake out ground on Google's phones and the Palm Pre."
    graph = run_docs(tmp_path, [("Notes", [text])])
    names = _names(graph)
    assert "Palm Pre" in names and names["Palm Pre"].maker is None
    assert not any(r.type == "developed_by" and r.source == names["Palm Pre"].id for r in graph.relations)


def test_former_employer_is_not_a_mention(graph):
    assert "Google" not in _names(graph)


def test_hyphenated_sibling_is_not_the_catalog_product(graph):
    names = _names(graph)
    assert "gpt-4o-transcribe" in names and "GPT-4o" not in names


def test_a_capitalised_hyphen_tail_makes_another_name_and_a_generic_one_does_not(graph):
    names = _names(graph)
    assert "PHP-FPM" in names and "PHP" not in names  # a language's tail too
    assert "Kafka" in names and not any(n.startswith("Kafka-") for n in names)


def test_a_name_spelt_two_ways_is_one_entity_found_in_both_spellings(tmp_path):
    """"JPEG-XL" (the catalog's JPEG and a capitalised tail) in one review, "JPEG XL" in another's title and quotes."""
    quote = "There are three competing image formats: WebP, AVIF and JPEG XL. Which will win?"
    graph = GraphView(run_docs(tmp_path, [
        ("Codec notes", ["We convert everything to JPEG-XL now and it is great."]),
        ("The codec war: WebP, AVIF and JPEG XL", [quote]),
    ]))
    (entity,) = [e for e in graph.entities.values() if e.name.startswith("JPEG")]
    assert {entity.name, *entity.aliases} == {"JPEG-XL", "JPEG XL"}
    assert ("competes_with", "AVIF", entity.name) in graph.edges(quote, "competes_with")


def test_ordinary_words_capitalised_as_a_name_and_written_in_lower_case_elsewhere_are_no_name(tmp_path):
    graph = GraphView(run_docs(tmp_path, [
        ("Autopsy review", ["Autopsy is an easy to use, Digital Forensics program with a plain interface.",
                            "It bundles other digital forensics tools, and Gizmo Forensics adds more."]),
    ]))
    names = {e.name for e in graph.entities.values()}
    assert "Digital Forensics" not in names and {"Autopsy", "Gizmo Forensics"} <= names


def test_an_english_word_in_capitals_is_a_name_where_its_document_writes_it_so_twice(tmp_path):
    graph = GraphView(run_docs(tmp_path, [
        ("Bootloaders", ["GRUB can add 2 to 5 seconds to your boot, and Limine boots faster than GRUB does.",
                         "This is NOT what we want: it is FLOSS and HUGE."]),
        ("DNS notes", ["BIND is the Swiss Army knife of DNS servers."]),  # written so once: not confirmed
    ]))
    names = {e.name for e in graph.entities.values()}
    assert "GRUB" in names and "Limine" in names
    assert not names & {"NOT", "FLOSS", "HUGE", "BIND"}  # a stop word, words written so once, a common word


@pytest.mark.parametrize("people", [
    "Teams comparing Milvus and Vespa sometimes also evaluate Chroma.",  # a participle
    "Teams either build it themselves or buy Chroma.",  # words that agree with a plural only
    "Teams are moving from Milvus to Chroma.",
    "Teams pay $54,000 a year on Chroma for 60 seats.",  # a verb in the plural's form
    "Teams outgrow Chroma when they need fan-out.",
])
def test_a_plural_alias_opening_a_sentence_as_a_common_noun_does_is_the_common_noun(tmp_path, people):
    products = ["We moved from Slack to Teams last year.", "Teams has a better calendar than Slack."]
    graph = GraphView(run_docs(tmp_path, [("Chat notes", [people, *products])]))
    teams = {m.quote_id for m in graph.graph.mentions if graph.name(m.entity_id) == "Microsoft Teams"}
    assert teams == {graph.quote(text).id for text in products}


def test_discovered_names_are_reported(graph):
    discovered = {r.message.split(" (")[0] for r in graph.report if r.kind == "discovered_entity"}
    assert {"Acmebase", "Widgetly"} <= discovered


@pytest.fixture(scope="module")
def titled(tmp_path_factory):
    from helpers import GraphView
    graph = run_docs(tmp_path_factory.mktemp("titles"), [
        ("Moving from Acmebase to Widgetly: what we learned", [
            "Acmebase was slow for us and the bill kept growing.",
            "The migration took a week.",
            "Widgetly has been solid since.",
            "Widgetly is made by a small Berlin company, Widget Works.",
            "Acmebase bought the Wetzlar-based company Gadgetra last year.",
            "Its lead maintainer Stefan Prodan answered within a day.",
        ]),
        ("Why Gizmora: notes from a year of use", [
            "We looked at Acmebase first.",
            "Nothing else came close.",
            "Gizmora is the one we kept.",
        ]),
    ])
    return GraphView(graph)


def _subject(view, text):
    quote = view.quote(text)
    return view.entities[quote.subject].name if quote.subject else None


# a name in a title counts when the catalog knows it or the document's quotes name it
def test_title_without_vs_names_the_subjects_and_the_one_it_moves_to_comes_first(titled):
    # a quote that names no product is about the product the title moves to, not the one it leaves
    assert _subject(titled, "The migration took a week.") == "Widgetly"
    # a quote that names only the product left behind is about it
    assert _subject(titled, "Acmebase was slow for us and the bill kept growing.") == "Acmebase"


def test_a_title_that_names_one_product_gives_every_quote_that_subject(titled):
    assert _subject(titled, "Nothing else came close.") == "Gizmora"
    assert _subject(titled, "We looked at Acmebase first.") == "Gizmora"


def test_a_place_is_not_an_entity_and_is_reported(titled):
    assert "Berlin" not in {e.name for e in titled.graph.entities}
    assert any("Berlin" in r.message for r in titled.graph.report)
    # a town the gazetteer lacks is a place where a company is said to be based there
    assert "Wetzlar" not in {e.name for e in titled.graph.entities}
    assert not [r for r in titled.graph.relations if "wetzlar" in (r.source + r.target).lower()]


def test_a_person_is_not_an_entity_and_is_reported(titled):
    assert "Stefan Prodan" not in {e.name for e in titled.graph.entities}
    assert any("Stefan Prodan: a person's name" in r.message for r in titled.graph.report)


def test_a_surname_alone_after_the_full_name_is_the_person(tmp_path):
    graph = run_docs(tmp_path, [("Nextcloud vs ownCloud", [
        "Nextcloud was announced by Frank Karlitschek, one of the founders of ownCloud.",
        "Karlitschek left with most of the core developers, and Nextcloud grew fast."])])
    names = {e.name for e in graph.entities}
    assert "Karlitschek" not in names and {"Nextcloud", "ownCloud"} <= names


@pytest.mark.parametrize("name,person", [("Willy Tarreau", True), ("Wayne Stambaugh", True),
                                         ("Neil Young", True), ("Sarah Bird", True),  # common English surnames
                                         ("João Moura", True),  # letters beyond ASCII
                                         ("Isaac Sim", False), ("Kata Containers", False), ("Linus", False),
                                         ("Charles Proxy", False), ("Victoria Metrics", False),
                                         ("John McEleney", True), ("Liam DeVoe", True),  # a prefixed surname
                                         ("Kyle Van Deusen", True), ("Juan Pablo Tosso", True),  # three words
                                         ("Ray DataFrames", False), ("Nova Launcher", False)])
def test_a_given_name_and_a_rare_or_a_common_surname_make_a_person(name, person):
    from kg.words import is_person

    assert is_person(name) is person


def test_title_forms_are_looked_up_once_per_form_and_searched_without_a_pattern(tmp_path, monkeypatch):
    import kg.words
    from kg.resolve import _any_case

    compiled = []
    monkeypatch.setattr(kg.words, "name_pattern", lambda *args: compiled.append(args))
    _any_case.cache_clear()
    quotes = [f"Acmebase handles case {n} well, and Widgetly does not." for n in range(40)]
    graph = run_docs(tmp_path, [("Acmebase vs Widgetly", quotes)])
    assert {"Acmebase", "Widgetly"} <= {e.name for e in graph.entities}
    info = _any_case.cache_info()
    assert info.misses <= 4 and info.hits >= 40  # a handful of forms, looked up for every quote
    assert compiled == []  # ASCII forms are found with str.find (kg.words.find_name)


def test_a_quote_that_repeats_the_headline_is_no_witness_for_the_title_names(tmp_path):
    headline = "Quibbledb is Dead. Long live Zorblat"
    graph = run_docs(tmp_path, [(headline, [headline, "Quibbledb is slow and Zorblat is fast."]),
                                ("Notes", ["That project is dead and the fork is dead too.",
                                           "Is it dead? The dead plugins say so."])])
    names = {e.name for e in graph.entities}
    assert {"Quibbledb", "Zorblat"} <= names and "Dead" not in names


def test_resolution_imports_no_extraction_stage():
    """Stages import downward only: name resolution (and its name discovery) never imports kg.extract."""
    import ast
    from pathlib import Path

    import kg

    for module in ("resolve.py", "names.py", "lexicon.py", "prefilter.py"):
        tree = ast.parse((Path(kg.__file__).parent / module).read_text(encoding="utf-8"))
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        assert not any(name.startswith("kg.extract") for name in imported), (module, imported)


def test_a_short_form_from_the_title_matches_only_as_written(tmp_path):
    from helpers import GraphView

    view = GraphView(run_docs(tmp_path, [("Clerk vs Gizmo Auth", [
        "Clerk ships UI components, hosted auth and a polished React integration.",
        "Auth is where Gizmo Auth shines: the Auth dashboard is tiny.",
    ])]))
    mentioned = lambda text: {view.name(m.entity_id) for m in view.graph.mentions
                              if m.quote_id == view.quote(text).id}
    assert "Gizmo Auth" not in mentioned("Clerk ships UI components, hosted auth and a polished React integration.")
    said = [m for m in view.graph.mentions if m.quote_id == view.quote(
        "Auth is where Gizmo Auth shines: the Auth dashboard is tiny.").id and view.name(m.entity_id) == "Gizmo Auth"]
    assert len(said) == 3


@pytest.fixture(scope="module")
def sides(tmp_path_factory):
    from helpers import GraphView
    graph = run_docs(tmp_path_factory.mktemp("sides"), [
        ("Acmebase vs Widgetly benchmark notes", [
            "Widgetly answered every query in 20 ms.",
            "Acmebase needed twice the memory.",
        ]),
        # "VS Code" read as "versus": the sides are no product names, so the title is read whole
        ("Gizmora review: eight months after leaving VS Code and Acmebase", [
            "Gizmora opened our largest repository without a stutter.",
            "The setup took an hour.",
        ]),
        ("Moving from Acmebase to Zentrix", [
            "In the end we kept Zentrix.",
            "we found zentrix faster than expected on the nightly jobs.",
        ]),
        ("gizmo_sync: Acmebase's storage engine inside Widgetly", [  # a code identifier the title names
            "gizmo_sync embeds the Acmebase engine into Widgetly.",
            "Set gizmo_sync.threads and shared_buffers before the first query.",
        ]),
    ])
    return GraphView(graph)


def test_a_code_identifier_the_title_names_is_an_entity_and_a_subject(sides):
    names = {e.name for e in sides.graph.entities}
    assert "gizmo_sync" in names and "shared_buffers" not in names
    assert _subject(sides, "gizmo_sync embeds the Acmebase engine into Widgetly.") == "gizmo_sync"


def test_a_vs_side_with_words_after_the_name_is_narrowed_to_the_name(sides):
    names = {e.name for e in sides.graph.entities}
    assert "Widgetly" in names and "Widgetly benchmark notes" not in names
    assert _subject(sides, "Widgetly answered every query in 20 ms.") == "Widgetly"


def test_a_vs_split_whose_side_names_no_product_falls_back_to_the_whole_title(sides):
    names = {e.name for e in sides.graph.entities}
    assert not {n for n in names if "eight months" in n or "Code and" in n}
    assert _subject(sides, "The setup took an hour.") == "Gizmora"


def test_a_title_product_is_found_in_lower_case_in_its_documents_quotes(sides):
    quote = sides.quote("we found zentrix faster than expected on the nightly jobs.")
    assert "Zentrix" in {sides.entities[m.entity_id].name for m in sides.graph.mentions if m.quote_id == quote.id}
    assert _subject(sides, "we found zentrix faster than expected on the nightly jobs.") == "Zentrix"


@pytest.mark.parametrize("sides_in,said,expected", [
    (("Acmebase", "Widgetly benchmark notes"), {"acmebase", "widgetly"}, ("Acmebase", "Widgetly")),
    (("React", "Angular, take 2"), set(), ("React", "Angular")),  # the catalog knows Angular
    (("eight months after leaving", "Code and Copilot"), set(), ()),
    (("Acmebase", "Acmebase"), {"acmebase"}, ("Acmebase",)),
    (("pgvectr", "Qdrnt"), {"word:pgvectr", "word:qdrnt"}, ("pgvectr", "Qdrnt")),  # words the quotes use
    (("Acmebase", "nightly builds"), {"acmebase", "word:nightly", "word:builds"}, ()),  # ordinary English
    # a capitalised name whose last word the quotes name on its own stays whole, though the catalog knows "Grafana"
    (("Acmebase", "Grafana Zorbit"), {"acmebase", "zorbit"}, ("Acmebase", "Grafana Zorbit")),
    (("Acmebase", "Grafana Zorbit"), {"acmebase"}, ("Acmebase", "Grafana")),
    (("Zorb-Factory", "Acmebase"), {"loose:zorbfactory", "acmebase"}, ("Zorb-Factory", "Acmebase")),  # "ZorbFactory"
    # a hyphenated word of English parts the quotes use names a product ("axe-core") if the other side does
    (("Axe-core", "Pa11y"), {"word:axe-core", "word:pa11y"}, ("Axe-core", "Pa11y")),
    (("Self-hosted", "cloud"), {"word:self-hosted", "word:cloud"}, ()),
])
def test_side_names(sides_in, said, expected):
    from kg.catalog import load_catalog
    from kg.resolve import _side_names

    assert _side_names(sides_in, load_catalog(None), said) == expected


def test_a_documents_said_names_look_up_its_quotes_words_only_when_asked_for_a_word():
    from kg.models import Document
    from kg.resolve import Parsed, _said, scan_texts

    texts = {"q1": "We run Acmebase with pgvectr.", "q2": "Nightly builds are slow.", "q3": "Not this one: zorbit."}
    parsed = {q: Parsed((), (), ()) for q in texts}
    doc = Document(id="doc:1", name="a.txt", path="a.txt", sha256="0" * 64, format="text", title="Acmebase vs X",
                   candidates=("Acmebase", "X"), quote_ids=("q1", "q2"))
    scanned = scan_texts(texts)
    said = _said(doc, parsed, texts, scanned)
    assert "phrase:acmebase" in said and "phrase:x" not in said  # the quotes write one side whole
    assert not scanned._words  # no word looked up yet
    assert "word:pgvectr" in said and "word:nightly" in said and "word:zorbit" not in said  # q3 is not the doc's
    assert set(scanned._words) <= {"q1", "q2"}
    assert "pgvectr" not in said  # a word is no name
    assert "word:zorbit" in _said(doc, parsed, texts, scanned, ["q3"])  # its quotes, when named
    assert scan_texts(texts).words_of("q9") == frozenset()  # no text: no words


@pytest.fixture(scope="module")
def moves(tmp_path_factory):
    from helpers import GraphView
    graph = run_docs(tmp_path_factory.mktemp("moves"), [
        ("Gizmora switches its job queue to Widgetly", [
            "We kept Gizmora as the product; only the queue changed.",
            "The rollout took a week.",
            "In the end Widgetly handled twice the load.",
        ]),
        ("Moving from Acmebase to Supabase", [  # a quote after one that names only the product left behind is
            "Auth and storage came along for free.",  # usually about that one too (the learned subject chooser)
            "The export from Acmebase took an hour.",
            "In the end Supabase was cheaper.",
        ]),
        ("Switching from AWS SES to Widgetly", [
            "Bounces from Amazon SES were hard to trace.",
            "The new dashboard shows every bounce.",
            "We picked Widgetly for the dashboard.",
        ]),
    ])
    return GraphView(graph)


def test_a_title_is_about_the_product_it_moves_to_even_when_another_comes_first(moves):
    assert _subject(moves, "The rollout took a week.") == "Widgetly"
    # a quote that names another of the title's products is about that one
    assert _subject(moves, "We kept Gizmora as the product; only the queue changed.") == "Gizmora"


def test_a_company_a_title_moves_to_is_a_subject_but_not_a_company_prefix(moves):
    assert _subject(moves, "Auth and storage came along for free.") == "Supabase"
    assert _subject(moves, "The new dashboard shows every bounce.") == "Widgetly"
    assert _subject(moves, "Bounces from Amazon SES were hard to trace.") == "Amazon SES"


@pytest.mark.parametrize("name,expected", [
    ("The Browser Company", "Organization"), ("Zorbly Foundation", "Organization"), ("Quillbase LLC", "Organization"),
    ("Quillbase", "Product"), ("Quillbase Studio", "Product"),
    ("Sequoia Capital", "Organization"), ("Epic Games", "Organization"), ("Zorbly Inc.", "Organization"),
    ("GitLab", "Product"),  # a suffix inside a word is none
])
def test_a_discovered_name_with_a_company_suffix_is_an_organization(name, expected):
    from kg.lexicon import load_lexicon
    from kg.names import NameHit
    from kg.resolve import _guess_type

    hits = [NameHit(0, len(name), name, "discovery.shape", True, False)]
    assert _guess_type(name, hits, load_lexicon().org_suffixes) == expected


def test_an_ontology_folder_without_the_suffix_or_edition_lists_reads_on(tmp_path):
    import shutil

    from kg.lexicon import load_lexicon
    from kg.paths import shipped_ontology_dir

    shutil.copytree(shipped_ontology_dir(), tmp_path / "ontology")
    (tmp_path / "ontology" / "lexicons" / "org_suffixes.txt").unlink()
    (tmp_path / "ontology" / "lexicons" / "editions.txt").unlink()
    lexicon = load_lexicon(tmp_path / "ontology")
    assert lexicon.org_suffixes == frozenset() and lexicon.editions == frozenset()
    assert "Edition" in load_lexicon().editions


@pytest.fixture(scope="module")
def title_names(tmp_path_factory):
    from helpers import GraphView
    graph = run_docs(tmp_path_factory.mktemp("title_names"), [
        ("Migrating a data pipeline from Acmebase to zlt", [  # a lowercase name no English word looks like
            "Acmebase has a broad connector catalogue.",
            "zlt scales easily on a single machine.",
        ]),
        ("From Gizmora to Home Hubster, part 3: automations", [  # a capitalised name after "to", unsaid
            "The automations moved over in a day.",
            "Gizmora had a steeper learning curve for automations.",
        ]),
        ("How does Grafana Zorbit relate to the OTel Collector?", [  # a known name a capitalised word extends
            "Grafana Zorbit is a distribution of the OpenTelemetry Collector.",
        ]),
        ("Add Widgetly to the workflows in place of Quillbase", [
            "The workflows run nightly and Widgetly finished first.",
        ]),
        ("Zorb-Factory vs Widgetly?", [  # one name, spelled two ways
            "ZorbFactory trains the same model in half the time.",
        ]),
        ("From q7 to Tilewm: a former q7 user", [  # a name of a letter and a digit
            "q7 is one of the many tiling window managers.",
        ]),
    ])
    return GraphView(graph)


def _mentioned(view, text):
    quote = view.quote(text)
    return {view.entities[m.entity_id].name for m in view.graph.mentions if m.quote_id == quote.id}


def test_a_lowercase_name_where_a_title_puts_products_is_a_subject(title_names):
    assert "zlt" in _mentioned(title_names, "zlt scales easily on a single machine.")
    assert _subject(title_names, "zlt scales easily on a single machine.") == "zlt"
    assert _subject(title_names, "q7 is one of the many tiling window managers.") == "q7"


def test_a_capitalised_name_after_a_title_cue_is_a_subject_though_no_quote_says_it(title_names):
    assert _subject(title_names, "The automations moved over in a day.") == "Home Hubster"
    assert "automations" not in {e.name for e in title_names.graph.entities}


def test_a_title_name_that_extends_a_known_one_takes_its_place_in_the_quotes(title_names):
    names = _mentioned(title_names, "Grafana Zorbit is a distribution of the OpenTelemetry Collector.")
    assert "Grafana Zorbit" in names and "Grafana" not in names


def test_the_name_a_title_opens_with_before_a_colon_is_its_product_when_the_quotes_name_it(tmp_path):
    view = GraphView(run_docs(tmp_path, [
        ("Glance: one read-only dashboard for a home server", [
            "The fix is a single dashboard (Glance) that shows every service.",
            "It serves at the apex of my domain, which Caddy proxies.",
        ]),
        ("Update: what changed this week", ["Update your servers before Friday, says Zorbly."]),
        ("Other notes", ["At a glance the two look alike.", "One glance was enough."]),  # "glance" is a word here
    ]))
    assert "Glance" in _mentioned(view, "The fix is a single dashboard (Glance) that shows every service.")
    assert _subject(view, "It serves at the apex of my domain, which Caddy proxies.") == "Glance"
    assert "Update" not in {e.name for e in view.graph.entities}  # an ordinary word no quote writes as a name


def test_the_name_a_title_defines_before_a_colon_is_its_product_though_no_quote_names_it(tmp_path):
    view = GraphView(run_docs(tmp_path, [
        ("Zorbcast: a self-hosted alternative to Dropbox", [
            "The server is written in Go and ships as one binary.",
            "Sharing a folder takes two clicks.",
        ]),
        ("quibblr: an audio player for the terminal", ["The queue survives a restart."]),
        ("Using Widgetly: a getting-started guide", ["The first run asks for a token."]),  # a gerund opens a phrase
        ("just: a command runner", ["It is just a tool, and Zorbly uses it."]),  # an English word stays a word
    ]))
    assert _subject(view, "The server is written in Go and ships as one binary.") == "Zorbcast"
    assert _subject(view, "The queue survives a restart.") == "quibblr"
    names = {e.name for e in view.graph.entities}
    assert not names & {"Using Widgetly", "just"}


def test_a_short_form_of_a_title_s_name_is_no_name_in_another_review(tmp_path):
    view = GraphView(run_docs(tmp_path, [
        ("Stagehand vs Browser Use", ["Browser Use caches its plans, and Stagehand does not."]),
        ("Widgetly notes", ["Use the CLI for imports, then Widgetly does the rest."]),
    ]))
    assert "Use" not in {e.name for e in view.graph.entities}  # another review's sentence opener


def test_an_ordinary_word_where_a_title_puts_products_is_not_a_name(title_names):
    assert "workflows" not in {e.name for e in title_names.graph.entities}


def test_names_spelled_alike_but_for_case_and_punctuation_are_one_entity(title_names):
    spelled = {e.name for e in title_names.graph.entities} & {"ZorbFactory", "Zorb-Factory"}
    assert len(spelled) == 1 and _mentioned(title_names, "ZorbFactory trains the same model in half the time.") == spelled
    assert _subject(title_names, "ZorbFactory trains the same model in half the time.") in spelled


@pytest.mark.parametrize("word,expected", [
    ("dlt", True), ("pnpm", True), ("k3d", True), ("coc.nvim", True), ("pg_duckdb", True), ("none-ls", True),
    ("backend", False), ("workflows", False), ("multi-tenant", False), ("plugin", False), ("deprecated", False),
    ("libvips", True), ("tldraw", True), ("serverless", False), ("timestamps", False),  # unheard: a name
])
def test_code_shaped_words(word, expected):
    from kg.resolve import _code_shaped

    assert _code_shaped(word) is expected


def test_discovered_names_spelled_alike_share_one_id_named_as_first_met():
    from kg.catalog import load_catalog
    from kg.resolve import EntityTable

    table = EntityTable(load_catalog(None))
    first = table.add_discovered("LlamaFactory")
    assert table.add_discovered("LLaMA-Factory") == table.add_discovered("llama factory") == first
    assert table.name(first) == "LlamaFactory" and "LLaMA-Factory" in table.info[first].aliases
    assert table.add_discovered("LlamaBoard") != first


def test_a_word_written_in_lower_case_more_often_than_capitalised_mid_sentence_is_no_name(tmp_path):
    graph = run_docs(tmp_path, [
        ("Acmebase review", [
            "We moved our jobs to Acmebase last spring.",
            "The bill dropped and then We saw the reports load twice as fast, but we were glad.",
            "we tried it twice and we kept it; we also kept Widgetly for reports.",
            "We would pick Acmebase again.",
        ]),
    ])
    names = {e.name for e in graph.entities}
    assert "Acmebase" in names and "We" not in names


def test_a_url_names_the_product_whose_site_or_repository_it_is(tmp_path):
    graph = run_docs(tmp_path, [
        ("Feature flag services", [
            "Looked into https://launchdarkly.com/pricing and https://github.com/zorbhq/acmebase-server today.",
            "The [benchmark](https://docs.google.com/spreadsheets/d/1Q) was shared by @har00ga.",
        ]),
        ("Acmebase review", ["Acmebase is our flag store now."]),
    ])
    view = __import__("helpers").GraphView(graph)
    first = _mentioned(view, "Looked into https://launchdarkly.com/pricing and https://github.com/zorbhq/acmebase-server today.")
    assert "LaunchDarkly" in first
    assert not _mentioned(view, "The [benchmark](https://docs.google.com/spreadsheets/d/1Q) was shared by @har00ga.")


@pytest.mark.parametrize("text,name,speaks", [
    ('"Moving away from passwords is progress," Zelnik said.', "Zelnik", True),
    ('Tracking churn, Vorcani said, "the builders lose sites."', "Vorcani", True),
    ('"It is fast," Harrow Quist explained.', "Harrow Quist", True),
    ('As a writer for The Zorb said, "it ships weekly."', "The Zorb", False),  # the speaker is the writer
    ("Zorblet says that it is fast.", "Zorblet", False),  # no quotation: a product may say so
    ("then Zorblet told me it was deprecated", "Zorblet", False),
])
def test_the_speaker_of_a_quotation_is_a_person(text, name, speaks):
    from kg.resolve import _speaker

    start = text.index(name)
    assert _speaker(text, start, start + len(name)) is speaks


def test_a_quotation_s_speaker_is_reported_as_a_person_not_taken_as_an_entity(tmp_path):
    graph = run_docs(tmp_path, [("Password managers", [
        'Passkeys are here. "Moving away from passwords is progress," Zelnik Varga said.',
        "Zelnik Varga runs the lab that tested them."])])  # the speaker's other mention: a person too
    assert "Zelnik Varga" not in {e.name for e in graph.entities}
    assert any("Zelnik Varga: a person's name" in r.message for r in graph.report)


def test_the_account_owning_a_repository_is_no_mention_of_a_product_it_is_named_after(tmp_path):
    from helpers import GraphView
    view = GraphView(run_docs(tmp_path, [
        ("Local clusters", [_LINKED]),
    ]))
    assert "Rancher" not in _mentioned(view, _LINKED)


_LINKED = "We moved the tests to [zorblet](https://github.com/rancher/zorblet) last week."


def test_a_title_that_names_only_a_company_is_about_its_product(tmp_path):
    from helpers import GraphView
    view = GraphView(run_docs(tmp_path, [
        ("Stripe: two years of payouts", [  # the catalog has Stripe as a company, and no product of it
            "Payouts arrive in two days and the dashboard is clear.",
            "Fees went up last spring.",
        ]),
    ]))
    assert _subject(view, "Fees went up last spring.") == "Stripe"


def test_a_name_written_in_lower_case_stays_a_name_however_often_it_is(tmp_path):
    graph = run_docs(tmp_path, [
        ("Acmebase review", [
            "The alternatives to Acmebase are kube-zorb and Widgetly.",  # a name where a cue puts names
            "We removed kube-zorb from the cluster last week.",
            "Since then kube-zorb is gone and nobody misses kube-zorb.",
        ]),
    ])
    assert "kube-zorb" in {e.name for e in graph.entities}


def test_url_slugs_and_post_links_name_no_product(tmp_path):
    from helpers import GraphView
    view = GraphView(run_docs(tmp_path, [
        ("Frontend notes", [
            "It is essentially [React meets Zorbly](https://dev.to/someone/react-meets-zorbly-4fmm) in one.",
            "The thread is at https://twitter.com/someone/status/123 and nowhere else.",
            "Zorbly is what we kept.",
        ]),
    ]))
    first = _mentioned(view, "It is essentially [React meets Zorbly](https://dev.to/someone/react-meets-zorbly-4fmm) in one.")
    assert "React" in first and not {n for n in first if "meets" in n}
    assert "Twitter" not in _mentioned(view, "The thread is at https://twitter.com/someone/status/123 and nowhere else.")



def test_names_that_differ_in_plus_or_hash_or_are_short_stay_apart():
    from kg.catalog import load_catalog
    from kg.resolve import EntityTable

    table = EntityTable(load_catalog(None))
    assert table.add_discovered("Zorbc++") != table.add_discovered("Zorbc")
    assert table.add_discovered("Q.R") != table.add_discovered("QR")


def test_a_title_side_with_a_generic_tail_stays_whole_and_the_tail_alone_names_nothing(tmp_path):
    from helpers import GraphView

    view = GraphView(run_docs(tmp_path, [
        ("Zorb UI vs Radix: bundle size", [
            "So Zorb UI is 20KB gzipped larger than Radix.",
            "Radix has a nicer UI story for dialogs.",
        ]),
    ]))
    assert _mentioned(view, "So Zorb UI is 20KB gzipped larger than Radix.") == {"Zorb UI", "Radix UI"}
    assert _mentioned(view, "Radix has a nicer UI story for dialogs.") == {"Radix UI"}
    mentions = [m for m in view.graph.mentions if m.quote_id == view.quote("Radix has a nicer UI story for dialogs.").id]
    assert len(mentions) == 1  # "UI" is no short form of Radix UI


def test_a_name_a_document_uses_is_found_in_another_case_in_its_other_quotes(tmp_path):
    view = GraphView(run_docs(tmp_path, [("Notes from the logging cluster", [
        "We replaced Fluentd with Insomnio on every node last spring.",
        "insomnio has used a tenth of the memory since.",
    ])]))
    quote = view.quote("insomnio has used a tenth of the memory since.")
    found = [(view.entities[m.entity_id].name, m.rule) for m in view.graph.mentions if m.quote_id == quote.id]
    # the document's spelling, or the lowercase-name model's reading of an unheard word: the same entity, once
    assert len(found) == 1 and found[0][0] == "Insomnio" and found[0][1] in ("document", "discovery.learned")


def test_a_catalog_product_heads_the_longer_name_its_capitalised_words_make(tmp_path):
    texts = ["In the past there was MySQL Proxy; now MySQL Router adds more features.",
             "It has been on the Chrome Web Store since 2012.",
             "We moved from Gradle to Bazel Build and use Python Flask for the API.",
             "We self-host the Unleash Community Edition."]
    view = GraphView(run_docs(tmp_path, [("Notes", texts)]))

    def named(text):
        quote = view.quote(text)
        return {quote.text[m.start:m.end]: view.entities[m.entity_id].name for m in view.graph.mentions
                if m.quote_id == quote.id}

    assert named(texts[0]) == {"MySQL Proxy": "MySQL Proxy", "MySQL Router": "MySQL Router"}
    assert named(texts[1]) == {"Chrome Web Store": "Chrome Web Store"}
    # a build or edition word ends it (``lexicons/editions.txt``), and so does another name ("Python Flask": two)
    assert {"Bazel": "Bazel", "Python": "Python", "Flask": "Flask"}.items() <= named(texts[2]).items()
    assert named(texts[3]) == {"Unleash": "Unleash"}  # the words before an edition word name the edition


def test_a_known_name_written_as_one_word_with_other_joins_is_that_name(tmp_path):
    view = GraphView(run_docs(tmp_path, [("Zorbly Mesh vs Fluentd", [
        "We ran zorbly-mesh beside fluentd for a month, then ZorblyMesh alone.",
        "The chat runs on rocketchat and the logs go through fluent-bit.",
        "She sent an e-mail about it.",
    ])]))

    def named(text):
        quote = view.quote(text)
        return sorted((quote.text[m.start:m.end], view.entities[m.entity_id].name) for m in view.graph.mentions
                      if m.quote_id == quote.id)

    # the document's own name ("Zorbly Mesh", its title's), and the catalog's ("Rocket.Chat", "Fluent Bit")
    assert ("ZorblyMesh", "Zorbly Mesh") in named("We ran zorbly-mesh beside fluentd for a month, then ZorblyMesh alone.")
    assert ("zorbly-mesh", "Zorbly Mesh") in named("We ran zorbly-mesh beside fluentd for a month, then ZorblyMesh alone.")
    assert {("rocketchat", "Rocket.Chat"), ("fluent-bit", "Fluent Bit")} <= set(
        named("The chat runs on rocketchat and the logs go through fluent-bit."))
    assert named("She sent an e-mail about it.") == []  # English writes "email": no name


@pytest.mark.parametrize("word,forms,expected", [
    ("fluent-bit", ("Fluent Bit",), True), ("highlightjs", ("highlight.js",), True),
    ("Fluent-Bit", ("Fluent-Bit", "Fluent Bit"), False),  # one of its forms joins it so: the catalog's own reading
])
def test_a_word_is_respelled_only_when_it_joins_its_letters_otherwise_than_every_form(word, forms, expected):
    from kg.resolve import _joined_otherwise

    assert _joined_otherwise(word, forms) is expected


@pytest.mark.parametrize("form,expected", [
    ("Fluentd", True), ("rmagick", True), ("k9", True), ("GitHub Copilot", True),
    ("Queue", False), ("feature management", False), ("Cursor", False), ("Go", False), ("Python", False),
])
def test_only_a_form_no_common_word_spells_is_read_again_in_another_case(form, expected):
    from kg.resolve import _echoable

    assert _echoable(form) is expected


def test_a_major_version_after_a_catalog_product_folds_into_it_but_a_count_does_not(tmp_path):
    from kg.jsonl import records

    graph = run_docs(tmp_path, [("Notes", ["After a decade on Drupal 7 we moved the site to WordPress.",
                                           "We run Apache Kafka 3 brokers deep in each region."])])
    by_text = {r["text"]: r for r in records(graph)}
    drupal = by_text["After a decade on Drupal 7 we moved the site to WordPress."]["entities"]
    assert {(e["name"], tuple(map(tuple, e["spans"]))) for e in drupal} >= {("Drupal", ((18, 26),))}
    kafka = by_text["We run Apache Kafka 3 brokers deep in each region."]["entities"]
    assert [e["spans"] for e in kafka] == [[[7, 19]]]  # "Apache Kafka", not "Apache Kafka 3"


def test_a_lowercase_catalog_name_joined_to_another_word_by_a_hyphen_is_part_of_that_name(tmp_path):
    view = GraphView(run_docs(tmp_path, [("Notes", ["Image work moved to ruby-vips, and the rest stays in ruby."])]))
    quote = view.quote("Image work moved to ruby-vips, and the rest stays in ruby.")
    ruby = [(m.start, m.end) for m in view.graph.mentions
            if m.quote_id == quote.id and view.entities[m.entity_id].name == "Ruby"]
    assert ruby == [(53, 57)]  # "ruby" the language, in any case; not the "ruby" of "ruby-vips"


def test_a_major_version_glued_to_a_catalog_name_as_written_is_a_release_of_it(tmp_path):
    text = "The Qt5 build still links mysql2 and gtk3 for now."
    view = GraphView(run_docs(tmp_path, [("Notes", [text])]))
    named = {view.entities[m.entity_id].name for m in view.graph.mentions}
    assert "Qt 5" in named and "Qt5" not in named  # a release of Qt, as "Qt 5" is
    assert {"mysql2", "gtk3"} <= named  # not as the catalog writes MySQL or GTK: a package's own name


def test_one_letter_and_a_hyphen_before_a_catalog_name_make_another_name(tmp_path):
    text = "We render with V-Ray and train models with Ray."
    view = GraphView(run_docs(tmp_path, [("Notes", [text])]))
    spans = {(view.entities[m.entity_id].name, m.start) for m in view.graph.mentions}
    assert ("V-Ray", 15) in spans and ("Ray", text.rindex("Ray")) in spans and ("Ray", 17) not in spans


@pytest.mark.parametrize("text,expected", [
    ("moved to ruby-vips", True), ("the python-ffmpegio wrapper", True),
    ("the config-as-toml story", False), ("podman-friendly files", False), ("plain python here", False),
])
def test_a_hyphen_glues_a_name_to_a_rare_word_not_to_an_ordinary_one(text, expected):
    from kg.resolve import _glued

    for name in ("ruby", "python", "toml", "podman"):
        if name in text:
            start = text.index(name)
            assert _glued(text, start, start + len(name)) is expected


@pytest.mark.parametrize("text", [
    "Fluentd and fluent-bit, then FLUENTD again; rmagick-ish is not rmagick.",
    "İstanbul notes: fluentd everywhere.",  # a character whose lower case is longer: the regex path
    "nothing here",
])
def test_a_documents_forms_are_found_in_one_pass_as_the_per_form_patterns_find_them(text):
    from kg.resolve import _FormScan, gazetteer_hits

    forms = {"Fluentd": "e1", "fluent-bit": "e2", "rmagick": "e3", "Fluent": "e4"}
    assert _FormScan(forms).hits(text, [(0, 0)]) == gazetteer_hits(text, forms, [(0, 0)])


def test_a_scan_of_forms_finds_what_the_per_form_search_finds_on_random_text():
    """A document's names are found again in one pass (``_FormScan``): the same places :func:`gazetteer_hits`
    finds form by form, also where two forms differ only in case, a form overlaps itself ("a a" in "a a a"), or the
    text holds letters ``str.lower`` folds otherwise ("İ", "ı", "ſ")."""
    import random

    from kg.resolve import _FormScan, gazetteer_hits

    rng = random.Random(11)
    words = ["a", "A", "ab", "AB", "Ab", "b", "ä", "Ä", "a-b", "a.b", "1", "a a"]
    odd = ["ıa", "ſa", "İb"]
    for _ in range(3000):
        forms = {rng.choice(words + ["äB", "A-b"]): f"e{i}" for i in range(rng.randint(1, 4))}
        said = [rng.choice(words + odd if rng.random() < 0.1 else words) for _ in range(rng.randint(0, 6))]
        text = "".join(w + rng.choice([" ", " ", ", ", "-", "."]) for w in said)
        taken = []  # names already found: the scan reads the text with them blanked
        for _ in range(rng.choice([0, 0, 1, 2, 3])):
            start = rng.randrange(len(text) + 1)
            taken.append((start, min(len(text), start + rng.randint(0, 4))))
        assert _FormScan(forms).hits(text, list(taken)) == gazetteer_hits(text, forms, list(taken)), \
            (text, forms, taken)


def test_a_form_overlaps_itself_only_where_both_places_stand_alone():
    from kg.resolve import _overlaps_itself

    assert _overlaps_itself("a b a") and _overlaps_itself("Go to go") and _overlaps_itself("a/a")
    assert not _overlaps_itself("aa") and not _overlaps_itself("Kafka") and not _overlaps_itself("x.x")


def test_a_shared_name_means_the_sense_its_document_favours(tmp_path):
    import json

    from test_senses import ENTRIES

    catalog = tmp_path / "cat.jsonl"
    catalog.write_text("\n".join(json.dumps(e) for e in ENTRIES) + "\n", encoding="utf-8")
    view = GraphView(run_docs(tmp_path / "docs", [
        ("Argoly vs Gizmo", ["Argoly has the nicer dashboard; Gizmo is leaner.", "GIZMO keeps no state of its own."]),
        ("Why we render with Gizmo", ["Gizmo draws hands better than Stable Pixels does.", "We moved to Gizmo."]),
    ], catalog=str(catalog)))
    named = lambda text: {view.name(m.entity_id) for m in view.graph.mentions if m.quote_id == view.quote(text).id}
    assert named("Argoly has the nicer dashboard; Gizmo is leaner.") == {"Argoly", "Gizmo CD"}
    assert named("Gizmo draws hands better than Stable Pixels does.") == {"GIZMO.1", "Stable Pixels"}
    assert named("We moved to Gizmo.") == {"GIZMO.1"}
    assert view.quote("We moved to Gizmo.").subject == entity_id("GIZMO.1")


def test_a_name_one_review_establishes_is_that_name_in_the_corpus_s_other_reviews(tmp_path):
    view = GraphView(run_docs(tmp_path, [
        ("zorb-intl vs Quillbase", [  # the title makes "zorb-intl" a name here
            "zorb-intl formats plural messages, and Quillbase does too.",
        ]),
        ("Why our design system moved on", [  # nothing here says that "zorb-intl" is a name
            "Honestly zorb-intl was slower than we hoped on old phones.",
            "The team still ships every release on Fridays.",
        ]),
    ]))
    assert "zorb-intl" in _mentioned(view, "Honestly zorb-intl was slower than we hoped on old phones.")


def test_a_word_english_uses_is_not_carried_from_one_review_to_another(tmp_path):
    view = GraphView(run_docs(tmp_path, [
        ("Quillbase vs Tracer", [
            "Tracer records every request.",
        ]),
        ("Debugging notes", [
            "A tracer records every request in our own code.",
        ]),
    ]))
    assert "Tracer" in _mentioned(view, "Tracer records every request.")
    assert _mentioned(view, "A tracer records every request in our own code.") == set()


def test_an_english_word_opening_the_title_and_a_sentence_is_no_name(tmp_path):
    graph = run_docs(tmp_path, [
        ("Automated review tools", [
            "Automated checks catch about a third of the problems.",
            "We ran the checks on every pull request for a month.",
        ]),
    ])
    assert "Automated" not in {e.name for e in graph.entities}


def test_an_ordinary_word_opening_a_sentence_is_no_part_of_the_name_after_it(tmp_path):
    graph = run_docs(tmp_path, [
        ("Remote access tools", [
            "Given Zorbit Strike's popularity, defenses against it improved.",  # the name is known without "Given"
            "We saw Zorbit Strike on every engagement.",
            "Visual Quill is heavy, but I like Visual Quill.",  # written whole mid-sentence: a name of two words
            "Given Plonkware's history, nobody trusts it.",  # "Plonkware" is known nowhere alone: left as found
        ]),
    ])
    names = {e.name for e in graph.entities}
    assert {"Zorbit Strike", "Visual Quill"} <= names
    assert not {"Given Zorbit Strike", "Quill"} & names


def test_an_opening_word_leaves_a_name_the_title_writes_but_not_a_title_side_spelled_apart(tmp_path):
    called = 'A new chess engine was developed by Google called "Alpha Quorz" and played against Stockfish.'
    view = GraphView(run_docs(tmp_path, [
        ("Plonkly died: Zarakeep for tagged bookmarks", [
            "Enter Zarakeep — formerly called Hoarder until it was renamed.",  # the title writes "Zarakeep" alone
        ]),
        ("AlphaQuorz vs Stockfish, and the engines that followed", [called]),  # the title side, spelled apart
        ("Notes", ["Our lab moved to Quorz last year and kept it."]),  # "Quorz" alone is a name too
    ]))
    names = {e.name for e in view.graph.entities}
    assert "Zarakeep" in names and "Enter Zarakeep" not in names
    quote = view.quote(called)
    assert "AlphaQuorz" in {view.entities[m.entity_id].name for m in view.graph.mentions if m.quote_id == quote.id}


def test_a_readme_file_is_no_readme_product_though_the_corpus_names_the_product(tmp_path):
    view = GraphView(run_docs(tmp_path, [
        ("Mintlify vs ReadMe", ["ReadMe hosts our API reference and Mintlify hosts the guides."]),
        ("Setup notes", ["The README says to run the installer twice."]),
    ]))
    assert "ReadMe" in _mentioned(view, "ReadMe hosts our API reference and Mintlify hosts the guides.")
    assert _mentioned(view, "The README says to run the installer twice.") == set()


def test_an_acronym_a_review_defines_names_what_it_stands_for_in_that_review_only(tmp_path):
    defining = "External Secrets Operator (ESO) syncs secrets from Vault."
    later = "ESO supports many backends, unlike Sealed Secrets."
    elsewhere = "ESO is the only abbreviation this other review uses."
    org = "The Open Health Imaging Foundation (OHIF) maintains the OHIF viewer."
    view = GraphView(run_docs(tmp_path, [("Secrets operators", [defining, later]), ("Other notes", [elsewhere]),
                                         ("Imaging", [org])]))

    def named(text: str) -> set[str | None]:
        qid = view.quote(text).id
        return {view.name(m.entity_id) for m in view.graph.mentions if m.quote_id == qid}

    assert "External Secrets Operator" in named(later) and "ESO" not in named(later)
    assert "External Secrets Operator" not in named(elsewhere)  # a definition holds in its own document
    aliases = {e.name: set(e.aliases) for e in view.graph.entities}
    assert "ESO" in aliases["External Secrets Operator"]  # what the name index looks up: `kg query … ESO`
    assert "OHIF" in named(org)  # an organization's initials may name its product: left as written


def test_a_catalog_name_opening_a_longer_name_its_initials_define_is_no_mention_of_it(tmp_path):
    quote = "We replaced Vault Secrets Operator (VSO) with External Secrets Operator."
    view = GraphView(run_docs(tmp_path, [("Secrets operators", [quote])]))
    names = {view.name(m.entity_id) for m in view.graph.mentions}
    assert "Vault Secrets Operator" in names and "Vault" not in names and "VSO" not in names


@pytest.mark.parametrize("text,month,in_date", [
    ("The build was released 6 Jan 2021 and still works.", "Jan", True),
    ("Dragoneer valued it at $15B (Bloomberg, Jan 2026).", "Jan", True),
    ("Apple released it yesterday (18th Jan 2017).", "Jan", True),
    ("Jan is a local LLM app, like Ollama.", "Jan", False),  # the app of that name
    ("I tried Jan 0.5 yesterday.", "Jan", False),  # a release, not a day
])
def test_a_name_spelled_as_a_month_in_a_date_is_the_month(text, month, in_date):
    from kg.resolve import _in_date

    start = text.index(month)
    assert _in_date(text, start, start + len(month)) is in_date


@pytest.mark.parametrize("title,quote,expected", [
    ("Spreadsheets", "We keep the budget in Sheets, not Excel.", {"Google Sheets", "Excel"}),  # a rival named
    ("Google's office", "Sheets comes with every account at Google.", {"Google Sheets", "Google"}),  # its maker
    ("Team notes", "Sheets of paper cover the desk and Notion holds the rest.", {"Notion"}),  # no context
    ("Slides tools", "Marp Slides renders decks, unlike PowerPoint.", {"Marp Slides", "PowerPoint"}),  # a longer name
])
def test_a_name_an_entry_goes_by_in_context_counts_only_in_its_context(tmp_path, title, quote, expected):
    view = GraphView(run_docs(tmp_path, [(title, [quote])]))
    qid = view.quote(quote).id
    assert {view.name(m.entity_id) for m in view.graph.mentions if m.quote_id == qid} == expected


@pytest.mark.parametrize("title,quote,subject", [
    ("Vaultwarden Review 2026: the self-host Bitwarden server", "Vaultwarden is a Rust reimplementation.", "Vaultwarden"),
    ("Cloudflare Is Not a CDN: caching caveats", "Cloudflare caches less than you think.", "Cloudflare"),
    ("Stripe Checkout FAQ", "Stripe Checkout handles the payment page for you.", "Stripe Checkout"),
    ("Apple Frobnicator Review 2026: a look", "Apple Frobnicator is fast.", "Apple Frobnicator"),  # a maker's product
])
def test_a_headline_s_capitalised_words_for_the_text_end_a_name(tmp_path, title, quote, subject):
    view = GraphView(run_docs(tmp_path, [(title, [quote])]))
    assert view.name(view.quote(quote).subject) == subject
    assert not [e for e in view.graph.entities if e.name.endswith((" Review", " Is Not", " FAQ"))]


def test_a_name_another_document_discovers_is_no_mention_where_its_other_case_is_a_generic_term(tmp_path):
    build = "I feel so lucky that I found waf a few years ago; waf builds our C code."
    firewall = "Cloudflare's WAF blocked the scan before it reached the origin."
    view = GraphView(run_docs(tmp_path, [("waf: a Python build system", [build]), ("Firewall notes", [firewall])]))
    def named(quote: str) -> set[str]:
        return {view.name(m.entity_id) for m in view.graph.mentions if m.quote_id == view.quote(quote).id}

    assert "waf" in named(build)  # the build tool, in its own document
    assert named(firewall) == {"Cloudflare"}  # "WAF", a kind of product, is no echo of it
