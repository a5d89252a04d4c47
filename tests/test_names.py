"""Name discovery from shape and place, and splitting release numbers off product names."""

from __future__ import annotations

import pytest

from kg.lexicon import load_lexicon
from kg.names import find_cue_names, find_link_names, find_listed_names, find_names, split_release


@pytest.fixture(scope="module")
def lexicon():
    return load_lexicon()


def _strong(text, lexicon) -> list[str]:
    return [h.text for h in find_names(text, lexicon) if h.strong]


@pytest.mark.parametrize("text,expected", [
    ("We wired LangGraph into the support bot over a weekend.", ["LangGraph"]),
    ("Phi-4-mini answered faster than Qwen2.5-7B on my laptop.", ["Phi-4-mini", "Qwen2.5-7B"]),
    ("The server wraps llama.cpp behind a friendlier command line.", ["llama.cpp"]),
    ("The people at Hugging Face keep shipping small models.", ["Hugging Face"]),
    ("We evaluated GitHub Copilot Workspace for one sprint.", ["GitHub Copilot Workspace"]),
    ("Tool calls go through MCP, so any client can drive it.", ["MCP"]),
    ("We swapped vLLM for SGLang and halved our queue time.", ["vLLM", "SGLang"]),
    ("My colleague tried Gemma 3 4B on the same prompts.", ["Gemma 3 4B"]),
    ("Nobody expected Zilliz to open-source that part.", ["Zilliz"]),
    ("Our models moved from the lab to n8n Cloud last month, and nobody at dbt Labs noticed.", ["n8n Cloud", "dbt Labs"]),
    ("The new Cloud tier is fine and the Labs page is pretty.", []),
    # an operating system's, a plan's or a screen's word after a name the catalog does not know is part of it
    ("Zorbit OS, Plonk Pro, Quill Plus and Zorbit TV all shipped.", ["Zorbit OS", "Plonk Pro", "Quill Plus",
                                                                    "Zorbit TV"]),
    ("Upgrade to the Pro plan, or go Plus, on any OS.", []),
    ("We moved from the Basic plan to the Growth tier in FY24, after the Jan renewal.", []),
    ("It renders like V-Ray and exports to Cinema 4D scenes.", ["V-Ray", "Cinema 4D"]),  # a letter, a hyphen
    # a plus before a letter or a slash before a capitalised word parts two names
    ("It needs Postgres+Valkey+Traefik to run.", ["Postgres", "Valkey", "Traefik"]),
    ("For drafts Arnold/PrMan are faster.", ["Arnold", "PrMan"]),
    # capitals joined by hyphens, and a UI tail
    ("It boots with BSD-RC, and serves PHP through FPM-NG.", ["BSD-RC", "PHP", "FPM-NG"]),
    ("Other picks in this space: Ariakit and Ark UI.", ["Ariakit", "Ark UI"]),
    ("We would like to move From Transifex to Weblate.", ["Transifex", "Weblate"]),  # a capital preposition
    ("I left PICO-8 for LÖVE, and my labs run on Kathará.", ["PICO-8", "LÖVE", "Kathará"]),  # letters beyond ASCII
    ("Use Zorbit for the cache. Running Plonkly in Docker is easy.", ["Zorbit", "Plonkly", "Docker"]),  # opening verbs
    # a person's title parts a company from the person, and opens no name
    ("Zorbit Labs CEO Plonk Zorbsen said so, and Analyst Mira Quell agreed.", ["Zorbit Labs", "Plonk Zorbsen",
                                                                               "Mira Quell"]),
    ("We replaced the DAW, the ELN and the POS with Zorbit.", ["Zorbit"]),  # kinds of software by their initials
    ("Our PLM and SCADA stack, unlike Zorbit, moved to SD-WAN for RevOps.", ["Zorbit"]),
])
def test_strong_names(lexicon, text, expected):
    assert _strong(text, lexicon) == expected


@pytest.mark.parametrize("text,name,rule", [
    ("We wired LangGraph into the bot.", "LangGraph", "discovery.camelcase"),
    ("It runs Phi-4-mini locally.", "Phi-4-mini", "discovery.digits"),
    ("It runs Qwen2.5-7B locally.", "Qwen2.5-7B", "discovery.digits"),
    ("It wraps llama.cpp nicely.", "llama.cpp", "discovery.dotted"),
    ("It speaks MCP natively.", "MCP", "discovery.acronym"),
    ("The folks at Hugging Face agree.", "Hugging Face", "discovery.capitalized"),
    ("The pg_duckdb extension is young.", "pg_duckdb", "discovery.identifier"),
    ("I dropped coc.nvim last year.", "coc.nvim", "discovery.identifier"),
    ("AFL++ is a fork of AFL.", "AFL++", "discovery.plus_plus"),
    ("The fuzzer afl++ is afl with patches.", "afl++", "discovery.plus_plus"),
])
def test_rule_says_why_it_is_a_name(lexicon, text, name, rule):
    (hit,) = [h for h in find_names(text, lexicon) if h.text == name]
    assert hit.rule == rule
    assert text[hit.start:hit.end] == name


def test_a_code_identifier_is_only_a_weak_name(lexicon):
    # "shared_buffers" and "config.yaml" are code, not products: a name only where a title names it too
    hits = find_names("Set shared_buffers in config.yaml, e.g. to 4GB.", lexicon)
    assert [(h.text, h.strong) for h in hits] == [("shared_buffers", False), ("config.yaml", False)]


def test_an_english_word_in_capitals_is_only_a_weak_name_and_shouting_none(lexicon):
    hits = find_names("GRUB and BIND are old, but this is NOT what we want and it is HUGE.", lexicon)
    assert [(h.text, h.rule, h.strong) for h in hits] == [("GRUB", "discovery.capitals", False),
                                                         ("BIND", "discovery.capitals", False)]
    hits = find_names("WinRar HANDLES it.", lexicon)  # a word in capitals ends a name
    assert [(h.text, h.strong) for h in hits] == [("WinRar", True), ("HANDLES", False)]


@pytest.mark.parametrize("text", [
    "The API is fine and the IDE plugin works, but LLMs still make things up.",
    "and our CI runs the SDK tests against every PR.",
    "the docs are thin and the defaults are odd.",
    "I filed it because I’ve spent a week on it and I’m tired.",  # typographic apostrophes
    "and the OCR step, the WAF rules and the SIEM export all need 2FA.",  # what a kind of product does
    "and it syncs from my iPhone to the PC at home.",  # devices are no entities
    "and the GitOps flow backs up to the NAS nightly.",  # a practice and a kind of device
    "and the box on my LAN has a USB stick, an IDS and strict ACLs.",  # networks, ports, kinds of security tool
])
def test_generic_acronyms_and_lowercase_prose_are_not_names(lexicon, text):
    assert find_names(text, lexicon) == []


def test_an_emphasised_word_of_english_is_weak_and_a_made_up_one_strong(lexicon):
    text = "It uses a technique called **Rasterization**, set in the `System` tab; **Plasmo** did the rest."
    assert [(h.text, h.strong) for h in find_names(text, lexicon)] == [
        ("Rasterization", False), ("System", False), ("Plasmo", True)]


def test_an_ordinary_word_opens_no_name_after_a_cue(lexicon):
    assert find_cue_names("It is heavy, and you will need a good GPU to use it.", lexicon, []) == []


@pytest.mark.parametrize("text,weak", [
    ("Honestly it was great. Support answered within the hour.", ["Honestly", "Support"]),
    ("Setup took five minutes; Documentation was the weak spot.", ["Setup", "Documentation"]),
    ("Cursor is quick.", ["Cursor"]),  # a real name, but only confirmed elsewhere
    ("Why pick it?\n- Great balance of speed\n- Better control over auth", ["Great", "Better"]),  # bullet items
    ("1. Solid tools\n2) Great pick again", ["Solid", "Great"]),  # numbered items
    ("@joebudi Sounds like it fits our team?", ["Sounds"]),  # an @reply opens the line
    ("see https://learning.example.com/docs#:~:text=You%20can%20add", []),  # nothing inside a URL
])
def test_capitalised_words_opening_a_clause_are_weak(lexicon, text, weak):
    hits = find_names(text, lexicon)
    assert [h.text for h in hits] == weak
    assert not any(h.strong for h in hits)


@pytest.mark.parametrize("text,name", [
    ("Cursor's agent mode is strong.", "Cursor"),
    ("The demo from Mistral's team was slick.", "Mistral"),
    ("We tried Hugging Face\u2019s SmolLM3 last week.", "Hugging Face"),
    ("We tried Modal Labs' sandbox for a week.", "Modal Labs"),
])
def test_possessives_are_flagged_and_stripped(lexicon, text, name):
    (hit,) = [h for h in find_names(text, lexicon) if h.possessive]
    assert hit.text == name
    assert text[hit.start:hit.end] == name


def test_name_after_a_possessive_is_its_own_hit(lexicon):
    hits = find_names("We tried Hugging Face's SmolLM3 last week.", lexicon)
    assert [(h.text, h.possessive) for h in hits if h.strong] == [("Hugging Face", True), ("SmolLM3", False)]


@pytest.mark.parametrize("text", [
    "Sub-200ms boot, and 2.2k stars on GitHub already.",
    "Under 300ms p99 with 4GB of RAM.",
    "Top-3 recall held steady at 10k queries.",
    "RAM stays near ~500MiB, it streams 60fps over 100Mbps links on a 3GHz core.",  # binary units and rates
    "As of end-2024, most of them had moved; by Mid-2025 all had.",  # a date, not a model name
    "It was hit by CVE-2019-5736, a CWE-79 kind of flaw.",  # catalogued issues
])
def test_quantities_are_not_strong_names(lexicon, text):
    strong = _strong(text, lexicon)
    assert not any(any(ch.isdigit() for ch in name) for name in strong)


def test_bare_numbers_are_never_names(lexicon):
    assert find_names("It has 2.2k stars, 1,200 forks and 3x the throughput.", lexicon) == []


def test_quantity_mid_sentence_is_not_a_name(lexicon):
    assert _strong("It has 2.2k stars and Sub-200ms boots on a laptop.", lexicon) == []


@pytest.mark.parametrize("text,expected", [
    ("Testing MemoryForge against Zep showed the gap.", ["MemoryForge", "Zep"]),
    ("Swapping vLLM for SGLang halved our queue time.", ["vLLM", "SGLang"]),
])
def test_sentence_opener_is_not_part_of_the_next_name(lexicon, text, expected):
    assert _strong(text, lexicon) == expected


@pytest.mark.parametrize("name,expected", [
    ("SmolAgents 1.0", ("SmolAgents", "1.0")),
    ("Qdrant 1.12", ("Qdrant", "1.12")),
    ("Ollama v0.5", ("Ollama", "v0.5")),
    ("Windsurf Wave 10", ("Windsurf", "Wave 10")),
    ("Acme Version 2", ("Acme", "Version 2")),
    ("Llama 3.1 8B", ("Llama", "3.1")),
    ("Gemma 3 4B", ("Gemma", "3")),  # a major version; the catalog names model generations ("Gemma 3") itself
    ("Drupal 7", ("Drupal", "7")),
    ("Fusion 360", ("Fusion 360", None)),  # three digits: a name
    ("OWASP Top 10", ("OWASP Top 10", None)),  # a ranking, not a release
    ("Qwen2.5-7B", ("Qwen2.5-7B", None)),
    ("Claude 3.5 Sonnet", ("Claude 3.5 Sonnet", None)),
    ("Cursor", ("Cursor", None)),
])
def test_split_release(name, expected):
    assert split_release(name) == expected


def test_clause_start_reads_only_the_last_line():
    """A line opener is searched for after the last newline before the word: the same answers as a search of
    everything before it."""
    import re

    from kg.names import _LINE_OPENER, opens_clause

    def whole(text, start):
        before = text[:start].rstrip(" \t\"'“‘(")
        return not before or before[-1] in ".!?:;\n—–=" or before.endswith(" -") \
            or _LINE_OPENER.search(before) is not None

    text = ("Intro line\n- More control here\n  12. Numbered Item\n@ana, Would it\n> Quoted Text and\n"
            "plain words Then\n-  Two spaces\n1) First\nno opener Here (\"Quoted\" Name)")
    starts = [m.start() for m in re.finditer(r"\S+", text)]
    assert sum(opens_clause(text, s) for s in starts) > 5
    for s in starts:
        assert opens_clause(text, s) == whole(text, s), (text[:s], text[s:s + 10])


@pytest.mark.parametrize("text", [
    "Thanks @AtakanTekparmak, see https://github.com/har00ga/Tool2 for the fix.",
    "Docs at www.example.com/FooBar and github.com/tauri-apps/TauriKit helped.",
])
def test_no_names_inside_urls_or_handles(lexicon, text):
    assert not [h for h in find_names(text, lexicon) if h.strong]


@pytest.mark.parametrize("text", [
    "As Borg works without a configuration file, restores need the command line.",  # a function word opens it
    "- **Cost Savings:** transparent pricing without per-seat charges",  # a label of ordinary words
    "**Verdict:** Transparent pricing wins.",  # a word after a bold label opens a clause
])
def test_function_words_labels_and_label_openers_are_not_strong_names(lexicon, text):
    assert not [h.text for h in find_names(text, lexicon) if h.strong and h.text != "Borg"]
    assert "As Borg" not in [h.text for h in find_names(text, lexicon)]


@pytest.mark.parametrize("text", ["SQLite That Doesn't Suck, in one file.", "Honestly We’re Done here."])
def test_contractions_are_not_names(lexicon, text):
    assert not [h.text for h in find_names(text, lexicon) if "'" in h.text or "’" in h.text]


@pytest.mark.parametrize("text,expected", [
    ("Alternatives are portkey and helicone, if you self-host.", ["portkey", "helicone"]),
    ("It is slower, and it requires workarounds for every plugin.", []),
    ("Pick it when you need concurrency and integrations out of the box.", []),
    ("Ghost costs $348 a year, compared to losing $6,000 on Substack.", []),  # a number's "000" is no item
    ("It is an alternative to bootloaders like GRUB.", []),  # the kind a list follows is no name
    ("The install is 150GB on PC, compared to 36GB on consoles.", []),  # a quantity is no item
    ("It requires 400MB–2GB RAM to start.", []),
])
def test_lowercase_words_after_a_cue_are_names_unless_they_are_english_or_technical_vocabulary(text, expected, lexicon):
    assert [h.text for h in find_cue_names(text, lexicon, [])] == expected


@pytest.mark.parametrize("text,expected", [
    (("A maintained binding ([ruby-vips](https://github.com/jcupitt/ruby-vips)); "
      "[rmagick](https://github.com/rmagick/rmagick) is old."), ["ruby-vips", "rmagick"]),
    ("A search yields [`lopuhin/scrapy-pyppeteer`](https://github.com/lopuhin/scrapy-pyppeteer).", ["scrapy-pyppeteer"]),
    ("Is [ffmpegio](https://pypi.org/project/ffmpegio/) the best wrapper?", ["ffmpegio"]),
    ("See [here](https://github.com/acme/widget) and [the docs](https://github.com/acme/docs#setup).", []),  # not its name
    # a bare address names its repository or package, but not a site, docs, a list or a two-letter part
    ("I'm not sure if https://github.com/myshell-ai/MeloTTS has potential.", ["MeloTTS"]),
    ("Try https://www.npmjs.com/package/zorbit-cli. Or https://gitlab.com/acme/plonk.git?", ["zorbit-cli", "plonk"]),
    (("See https://github.com/acme/docs, https://github.com/sindresorhus/awesome-nodejs and "
      "https://github.com/shadcn/ui for more."), []),
])
def test_a_link_to_its_own_repository_or_package_names_a_product(text, expected):
    found = find_link_names(text, [])
    assert [h.text for h in found] == expected and all(text[h.start:h.end] == h.text for h in found)
    assert all(h.strong and h.rule == "discovery.link" for h in found)


def _taken(text: str, *names: str) -> list[tuple[int, int]]:
    return [(text.index(n), text.index(n) + len(n)) for n in names]


@pytest.mark.parametrize("text,names,expected", [
    # between two names: a capitalised word of English and a hyphenated code name alike
    ("Schema libraries: Zod, Valibot, ArkType, Yup, Superstruct, io-ts, Runtypes, and more.",
     ("Zod", "Valibot", "ArkType", "Superstruct", "Runtypes"), ["Yup", "io-ts"]),
    # the last item after two names
    ("Other libraries are, for example, D3, Highcharts, FusionCharts, and react-vis.",
     ("D3", "Highcharts", "FusionCharts"), ["react-vis"]),
    # ordinary English closes a list; one name before "and" makes no list
    ("We tried Zod, Valibot, etc, and liked them.", ("Zod", "Valibot"), []),
    ("We use Zod, and honestly it works.", ("Zod",), []),
])
def test_a_word_listed_among_names_is_a_name(text, names, expected):
    assert [h.text for h in find_listed_names(text, _taken(text, *names))] == expected


def test_a_word_in_backticks_is_a_name_unless_it_is_ordinary_english():
    from kg.names import find_code_names

    text = "Swap `dayjs` for `moment`, keep `null-ls` and the `service` key; see `fitz.Page` and `Wasmtime`."
    found = [(h.text, h.rule) for h in find_code_names(text, [])]
    assert found == [("dayjs", "discovery.code"), ("null-ls", "discovery.code"), ("Wasmtime", "discovery.code")]
    known = [h.text for h in find_code_names(text, [], known=lambda word: word == "moment")]
    assert known == ["dayjs", "moment", "null-ls", "Wasmtime"]
    assert find_code_names(text, [(6, 11)])[0].text == "null-ls"  # a word already read is not read again


def test_a_capital_the_mid_sentence_belongs_to_the_name_it_opens():
    from kg.lexicon import load_lexicon

    lexicon = load_lexicon()
    assert [h.text for h in find_names("LibreOffice is stewarded by The Document Foundation.", lexicon)] == [
        "LibreOffice", "The Document Foundation"]
    assert "Document Foundation" in [h.text for h in find_names("The Document Foundation stewards it.", lexicon)]


def test_a_preposition_opening_the_sentence_is_no_part_of_the_name_after_it():
    from kg.lexicon import load_lexicon

    lexicon = load_lexicon()
    assert [h.text for h in find_names("Like Crashlytics, Sentry has limited symbol support.", lexicon)] == [
        "Crashlytics", "Sentry"]
    assert [h.text for h in find_names("Unlike Pandas, Polars is lazy.", lexicon)] == ["Pandas", "Polars"]


def test_a_name_the_catalog_knows_is_a_name_in_a_cue_position_though_english_uses_the_word():
    from kg.lexicon import load_lexicon
    from kg.names import find_cue_names

    text = "We migrated from kafka to redpanda last year."
    lexicon = load_lexicon()
    assert "kafka" not in [h.text for h in find_cue_names(text, lexicon, [])]
    assert "kafka" in [h.text for h in find_cue_names(text, lexicon, [], known=lambda word: word == "kafka")]


def test_an_opening_word_and_its_comma_is_no_list(lexicon):
    assert {h.text for h in find_names("Furthermore, Forgejo has accepted the patch.", lexicon) if h.strong} \
        == {"Forgejo"}


@pytest.mark.parametrize("text,promoted", [
    ("Lodestar, Quillbase and Widgetly ship chips.", True),  # the list goes on after its second name
    ("Lodestar, Quillbase ships chips.", False),  # "Furthermore, Forgejo has …"
])
def test_an_opening_weak_name_is_listed_only_where_the_list_goes_on(text, promoted):
    from kg.names import NameHit, _promote_listed

    hits = [NameHit(0, 8, "Lodestar", "discovery.capitalized", False, False, True),
            NameHit(10, 19, "Quillbase", "discovery.capitalized", True)]
    assert _promote_listed(text, hits)[0].strong is promoted


def test_units_after_numbers_are_no_names(lexicon):
    text = "The core bundle is 7 KB, syncs at 10 Gbps and renders 60 FPS on a 3 GHz laptop."
    assert [h.text for h in find_names(text, lexicon) if h.strong] == []


def test_a_nationality_is_no_name_and_does_not_open_one(lexicon):
    text = "They needed an Indian payment SDK from the German Friendly Captcha GmbH."
    assert [h.text for h in find_names(text, lexicon) if h.strong] == ["Friendly Captcha GmbH"]


def test_american_and_british_are_nationalities_too(lexicon):
    text = "Most American colleges and a British bank signed up."
    assert [h.text for h in find_names(text, lexicon) if h.strong] == []


def test_regions_seasons_degrees_and_the_swiss_army_are_no_names(lexicon):
    text = "It is the Swiss Army knife of North American colleges in the USA: no PhD or Arabic needed, even over Christmas."
    assert [h.text for h in find_names(text, lexicon) if h.strong] == []


@pytest.mark.parametrize("text,word,initial", [
    ('Upper management says "Nope", and they drop it.', "Nope", True),  # quoted speech starts as a sentence does
    ('It works (assuming "Search and store files" is on).', "Search", True),  # a quoted label
    ("A tool called “Glance” shows it.", "Glance", True),
    ('The "Foo" Bar team wrote it.', "Bar", False),  # after a closing quotation mark
    ("A large part of the Native developer community.", "Native", False),
])
def test_a_word_that_opens_a_quotation_is_clause_initial(text, word, initial):
    from kg.names import opens_clause

    assert opens_clause(text, text.index(word)) is initial


def test_a_clause_start_is_read_from_the_characters_before_the_word_alone():
    import random

    from kg.names import _LINE_OPENER, opens_clause

    def by_copy(text, start):  # the text before the word copied, stripped and searched, as before
        quoted = text[:start][-2:]  # an opening quotation mark right before the word
        if 0 < start <= len(text) and quoted[-1:] in ("“", "‘", "\"") and (len(quoted) == 1 or quoted[0] in " \t\n([—–"):
            return True
        before = text[:start].rstrip(" \t\"'“‘(*_")
        return not before or before[-1] in ".!?:;\n—–=" or before.endswith(" -") \
            or _LINE_OPENER.search(before, max(0, before.rfind("\n"))) is not None

    rng = random.Random(9)
    pieces = ["Word", " ", "\n", "- ", "* ", "12. ", "@ana", ", ", ". ", " -", "(", "\"", "\t", "x", "—", "=", "1)"]
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 12)))
        for start in range(len(text) + 2):
            assert opens_clause(text, start) == by_copy(text, start), (text, start)
