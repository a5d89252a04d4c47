"""The entity catalog: the shipped file loads, aliases resolve, and malformed files fail naming file:line."""

from __future__ import annotations

import json
import re

import pytest

from kg.catalog import default_catalog_path, load_catalog
from kg.errors import CatalogError, KgError
from kg.models import ENTITY_TYPES


@pytest.fixture(scope="module")
def shipped():
    return load_catalog(None)


def test_shipped_catalog_loads(shipped):
    assert len(shipped) > 100
    assert shipped.path == str(default_catalog_path())
    assert {e.type for e in shipped.entries.values()} == set(ENTITY_TYPES)
    for entry in shipped.entries.values():  # every maker and parent has an entry of its own
        assert entry.maker is None or entry.maker in shipped.entries
        assert entry.part_of is None or entry.part_of in shipped.entries


@pytest.mark.parametrize("form,canonical,type_", [
    ("Qdrant", "Qdrant", "Product"),
    ("qdrant", "Qdrant", "Product"),
    ("copilot", "GitHub Copilot", "Product"),
    ("COPILOT WORKSPACE", "GitHub Copilot Workspace", "Product"),
    ("github\u00a0copilot", "GitHub Copilot", "Product"),
    ("  Visual Studio Code ", "VS Code", "Product"),
    ("postgres", "PostgreSQL", "Product"),
    ("phidata", "Agno", "Product"),
    ("hf", "Hugging Face", "Organization"),
    ("apache-2.0", "Apache 2.0", "License"),
    ("memgpt", "Letta", "Product"),
    ("Facebook", "Facebook", "Organization"),  # its own company, as reviews name it, not folded into Meta
    ("Meta Platforms", "Meta", "Organization"),
    ("Raspbian", "Raspbian", "Platform"),  # an old name people still write is its own entry, as Facebook is
    ("VMware Fusion", "VMware Fusion", "Product"),  # not VMware Workstation: another product
    ("Percona", "Percona", "Organization"),  # the maker of Percona Server
    ("Bunny.net", "BunnyCDN", "Product"),
    ("Fathom Analytics", "Fathom", "Product"),
])
def test_lookup_by_name_or_alias_ignores_case_and_spacing(shipped, form, canonical, type_):
    entry = shipped.get(form)
    assert entry is not None
    assert (entry.name, entry.type) == (canonical, type_)


@pytest.mark.parametrize("form", ["MemoryForge", "", "vector database", "Copilots"])
def test_unknown_names_are_not_found(shipped, form):
    assert shipped.get(form) is None


def test_every_shipped_entry_has_a_category_and_companies_are_companies(shipped):
    import re

    categories = {e.category for e in shipped.entries.values()}
    assert None not in categories and all(re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", c) for c in categories)
    assert {e.category for e in shipped.entries.values() if e.type == "Organization"} == {"company"}
    assert shipped.get("Qdrant").category == shipped.get("Milvus").category == "vector-databases"
    assert shipped.get("Rust").category == "programming-language"


def test_makers_are_recorded(shipped):
    assert shipped.get("Milvus").maker == "Zilliz"
    assert shipped.get("cascade memory").part_of == "Windsurf"


def _write(tmp_path, lines: list[str]):
    path = tmp_path / "cat.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


ZED = json.dumps({"name": "Zed", "type": "Product"})


@pytest.mark.parametrize("lines,message", [
    ([ZED, '{"name": "Cursor", "type": "Product"'], r"cat\.jsonl:2: not valid JSON"),
    ([ZED, "", '{"name": "Cursor", "type": "Gadget"}'], r"cat\.jsonl:3: type: "),
    (['{"type": "Product"}'], r"cat\.jsonl:1: name: "),
    (['{"name": "Zed", "type": "Product", "homepage": "x"}'], r"cat\.jsonl:1: homepage: "),
    ([ZED, '{"name": "Cursor", "type": "Product"}', ZED], r"cat\.jsonl:3: 'Zed' is listed twice"),
    (["# a comment", ZED, "[1, 2]"], r"cat\.jsonl:3: "),
    # entries that would poison matching
    ([ZED, '{"name": "Helix", "type": "Product", "aliases": ["it"]}'], r"cat\.jsonl:2: alias 'it' .*common English"),
    (['{"name": "Helix", "type": "Product", "aliases": ["H"]}'], r"cat\.jsonl:1: alias 'H' .*single letter"),
    ([ZED, '{"name": "  ", "type": "Product"}'], r"cat\.jsonl:2: the name is empty"),
    (['{"name": "Zed", "type": "Product", "maker": "Zed"}'], r"cat\.jsonl:1: 'Zed' is its own maker"),
    (['{"name": "Zed 2", "type": "Product"}', '{"name": "Zed-2", "type": "Product"}'],
     r"cat\.jsonl:2: 'Zed-2' and 'Zed 2' \(line 1\) get the same id ent:zed-2"),
    ([ZED, '{"name": "Helix", "type": "Product", "aliases": ["zed"]}'], r"cat\.jsonl:2: alias 'zed' of 'Helix' also names 'Zed'"),
    (['{"name": "Helix", "type": "Product", "aliases": ["Zed"]}', ZED],
     r"cat\.jsonl:2: 'Zed' is also an alias of 'Helix' \(line 1\)"),  # the other way round
    ([ZED, '{"name": "Hel\\udc80x", "type": "Product"}'], r"cat\.jsonl:2: name .* lone surrogate"),
    ([ZED, '{"name": "Helix", "type": "Product", "shared": ["it"]}'], r"cat\.jsonl:2: alias 'it' .*common English"),
    ([ZED, '{"name": "Helix", "type": "Product", "aliases": ["Hx"], "shared": ["hx"]}'],
     r"cat\.jsonl:2: 'hx' is both a name of 'Helix' and a name it shares"),
    ([ZED, '{"name": "Helix", "type": "Product", "in_context": ["Hx"]}'],
     r"cat\.jsonl:2: 'Helix' has names it goes by in context \(Hx\) but no category or maker"),
    ([ZED, '{"name": "Helix", "type": "Product", "in_context": ["the"], "category": "code-editors"}'],
     r"cat\.jsonl:2: alias 'the' .*common English"),
])
def test_malformed_catalog_names_file_and_line(tmp_path, lines, message):
    with pytest.raises(CatalogError, match=message) as info:
        load_catalog(_write(tmp_path, lines))
    assert isinstance(info.value, KgError) and isinstance(info.value, ValueError)


def test_dangling_maker_is_an_error_naming_file_and_reference(tmp_path):
    path = _write(tmp_path, [ZED, '{"name": "Helix", "type": "Product", "maker": "Nobody Inc."}'])
    with pytest.raises(CatalogError, match=r"cat\.jsonl.*'Helix' refers to 'Nobody Inc\.'"):
        load_catalog(path)


def test_dangling_parent_is_an_error(tmp_path):
    path = _write(tmp_path, ['{"name": "Wave 9", "type": "Product", "part_of": "Surfboard", "part_kind": "release"}'])
    with pytest.raises(CatalogError, match="'Surfboard'"):
        load_catalog(path)


def test_dangling_maker_error_names_the_line(tmp_path):
    path = _write(tmp_path, [ZED, '{"name": "Helix", "type": "Product", "maker": "Nobody Inc."}'])
    with pytest.raises(CatalogError, match=r"cat\.jsonl:2: "):
        load_catalog(path)


def test_names_equal_after_normalisation_are_duplicates(tmp_path):
    path = _write(tmp_path, [ZED, '{"name": "zed", "type": "Organization"}'])
    with pytest.raises(CatalogError, match=r"cat\.jsonl:2: .*listed twice"):
        load_catalog(path)


def test_comments_and_blank_lines_are_skipped(tmp_path):
    catalog = load_catalog(_write(tmp_path, ["# products", "", ZED, "   ",
                                             '{"name": "Zed Industries", "type": "Organization"}']))
    assert sorted(catalog.entries) == ["Zed", "Zed Industries"]
    assert catalog.path == str(tmp_path / "cat.jsonl")


def test_a_file_read_again_unchanged_is_not_read_twice(tmp_path):
    path = _write(tmp_path, [ZED])
    first = load_catalog(path)
    assert load_catalog(path) is first  # the same object: nothing read again
    assert load_catalog(str(path)) is first
    path.write_text(ZED + "\n" + '{"name": "Zed Industries", "type": "Organization"}' + "\n", encoding="utf-8")
    changed = load_catalog(path)  # another size: read again
    assert changed is not first
    assert sorted(changed.entries) == ["Zed", "Zed Industries"]
    assert sorted(first.entries) == ["Zed"]


def test_the_digest_follows_the_entries(tmp_path):
    one = load_catalog(_write(tmp_path, [ZED]))
    (tmp_path / "b").mkdir()
    same = load_catalog(_write(tmp_path / "b", [ZED]))
    (tmp_path / "c").mkdir()
    other = load_catalog(_write(tmp_path / "c", [ZED, '{"name": "Zed Industries", "type": "Organization"}']))
    assert one is not same and one.digest == same.digest != other.digest


def test_unreadable_catalogs(tmp_path):
    with pytest.raises(CatalogError, match=re.escape(str(tmp_path / "missing.jsonl"))):
        load_catalog(tmp_path / "missing.jsonl")
    latin = tmp_path / "latin.jsonl"
    latin.write_bytes('{"name": "Caf\u00e9", "type": "Product"}\n'.encode("latin-1"))
    with pytest.raises(CatalogError, match="not UTF-8"):
        load_catalog(latin)


@pytest.mark.parametrize("value", ["none", "None", "NONE"])
def test_none_catalog_is_empty(value):
    catalog = load_catalog(value)
    assert len(catalog) == 0
    assert catalog.path is None
    assert catalog.get("Qdrant") is None


@pytest.fixture(scope="module")
def shipped_nlp(shipped):
    from kg.lexicon import load_lexicon
    from kg.nlp import build_pipeline

    return build_pipeline(shipped, load_lexicon())


def _names(nlp, text: str) -> list[tuple[str, str]]:
    from kg.nlp import CATALOG_SPANS

    doc = nlp(text)
    return [(s.text, s.kb_id_) for s in doc.spans[CATALOG_SPANS]]


@pytest.mark.parametrize("text,found", [
    ("we replaced minikube with k3d and runc stayed underneath",
     [("minikube", "minikube"), ("k3d", "k3d"), ("runc", "runc")]),
    ("micromamba beats virtualenv plus setuptools for us",
     [("micromamba", "micromamba"), ("virtualenv", "virtualenv"), ("setuptools", "setuptools")]),
    ("We moved flags from Split to Flagsmith and content from Sanity to Payload.",
     [("Split", "Split"), ("Flagsmith", "Flagsmith"), ("Sanity", "Sanity"), ("Payload", "Payload")]),
    ("Retool and Appsmith build internal tools; Remix and Poetry are fine too.",
     [("Retool", "Retool"), ("Appsmith", "Appsmith"), ("Remix", "Remix"), ("Poetry", "Poetry")]),
    ("o3-mini and Mixtral ran on Together AI via vLLM, traced in Langfuse",
     [("o3-mini", "o3"), ("Mixtral", "Mixtral"), ("Together AI", "Together AI"), ("vLLM", "vLLM"),
      ("Langfuse", "Langfuse")]),
    ("I use Mistral locally and sklearn with JupyterLab",
     [("Mistral", "Mistral"), ("sklearn", "scikit-learn"), ("JupyterLab", "Jupyter")]),
    ("Paddle handled VAT; Lemon Squeezy did too", [("Paddle", "Paddle"), ("Lemon Squeezy", "Lemon Squeezy")]),
])
def test_new_catalog_names_are_found_in_sentences(shipped_nlp, text, found):
    assert _names(shipped_nlp, text) == found


@pytest.mark.parametrize("text", [
    "split the payload in two for the sake of our sanity",
    "we had a paddle, a bundler and a better stack of cloud functions",
    "read the docs and let's encrypt the payload; a testing library would help with great expectations",
    "the transformers in this kind of model scale ai workloads",
])
def test_new_common_word_names_do_not_match_english(shipped_nlp, text):
    assert _names(shipped_nlp, text) == []


def test_new_entries_name_their_makers_and_type_companies_as_organizations(shipped):
    assert (shipped.get("o1").maker, shipped.get("Gemma").maker, shipped.get("Mistral").maker) == \
        ("OpenAI", "Google", "Mistral AI")
    assert shipped.get("mistral ai").type == "Organization" and shipped.get("Mistral").type == "Product"
    assert shipped.get("Protobuf").type == "Technology" and shipped.get("RHEL").type == "Platform"
    assert shipped.get("Kubeflow").description


def test_spelled_forms_keep_plus_and_hash_and_skip_short_ones():
    from kg.catalog import load_catalog

    spelled = load_catalog(None).spelled
    assert spelled["launchdarkly"] == "LaunchDarkly"
    assert all(len(k) >= 4 for k in spelled) and not any(k in spelled for k in ("c", "c++", "go"))


def test_a_case_sensitive_entry_is_got_only_by_its_forms_as_written():
    catalog = load_catalog(None)
    assert catalog.get("ReadMe").name == "ReadMe"
    assert catalog.get("README") is None  # a file, not the product


@pytest.mark.parametrize("form,name", [("PhoneGap", "PhoneGap"), ("Cordova", "Apache Cordova"),  # Adobe's distribution
                                       ("Spring", "Spring Framework"), ("mTLS", "mTLS"), ("SSL", "TLS"),
                                       ("GCP Secret Manager", "Google Cloud Secret Manager")])
def test_the_shipped_catalog_tells_a_product_from_its_relatives(form, name):
    assert load_catalog(None).get(form).name == name


@pytest.mark.parametrize("text,found", [
    ("Word, Excel and PowerPoint came with MS Office; Outlook too.",
     [("Word", "Microsoft Word"), ("Excel", "Excel"), ("PowerPoint", "PowerPoint"), ("MS Office", "Microsoft Office"),
      ("Outlook", "Outlook")]),
    ("Ubuntu pushes Snaps while Mint installs with apt-get.",
     [("Ubuntu", "Ubuntu"), ("Snaps", "Snapcraft"), ("apt-get", "APT")]),
    ("The axe runner uses axe-core by Deque; Pa11y wraps it.",
     [("axe-core", "axe-core"), ("Deque", "Deque"), ("Pa11y", "Pa11y")]),
    ("Instructure Canvas passed Blackboard Learn while Moodle and Sakai declined.",
     [("Instructure Canvas", "Canvas LMS"), ("Blackboard Learn", "Blackboard Learn"), ("Moodle", "Moodle"),
      ("Sakai", "Sakai")]),
    ("It ran under DOS before ROS 2 replaced ROS 1.", [("DOS", "MS-DOS"), ("ROS 2", "ROS 2"), ("ROS 1", "ROS")]),
    ("Adobe answered with Adobe Express, a direct competitor to Canva.",
     [("Adobe", "Adobe"), ("Adobe Express", "Adobe Express"), ("Canva", "Canva")]),
    ("Weights and Biases beats MLflow for sweeps, and Hyperopt lost to Optuna.",
     [("Weights and Biases", "Weights & Biases"), ("MLflow", "MLflow"), ("Hyperopt", "Hyperopt"), ("Optuna", "Optuna")]),
    ("We left ESXi for Proxmox, and 3ds Max for Blender.",
     [("ESXi", "VMware ESXi"), ("Proxmox", "Proxmox"), ("3ds Max", "Autodesk 3ds Max"), ("Blender", "Blender")]),
    ("Debian stable, openSUSE Tumbleweed, KDE neon and elementary OS all ship it.",
     [("Debian", "Debian"), ("openSUSE Tumbleweed", "openSUSE Tumbleweed"), ("KDE neon", "KDE neon"),
      ("elementary OS", "elementary OS")]),
    ("nftables replaced iptables; firewalld sits on top.",
     [("nftables", "nftables"), ("iptables", "iptables"), ("firewalld", "firewalld")]),
    ("We dropped HBO Go and Disney Plus for Apple TV+ and YouTube TV.",  # a name that ends in "+"
     [("HBO Go", "HBO Go"), ("Disney Plus", "Disney+"), ("Apple TV+", "Apple TV+"), ("YouTube TV", "YouTube TV")]),
])
def test_names_real_dev_missed_are_found(shipped_nlp, text, found):
    assert _names(shipped_nlp, text) == found


@pytest.mark.parametrize("rivals", [("NordVPN", "Mullvad", "Proton VPN"), ("systemd", "runit", "OpenRC"),
                                    ("Plex", "Jellyfin", "Kodi"), ("Duolingo", "Babbel", "Rosetta Stone"),
                                    ("Wayland", "Xorg"), ("7-Zip", "WinRAR"), ("Home Assistant", "openHAB", "Hubitat"),
                                    ("Pi-hole", "AdGuard Home"), ("pfSense", "OPNsense", "OpenWrt"),
                                    ("Zotero", "Mendeley", "EndNote"), ("GIMP", "Krita", "Photopea"),
                                    ("VirtualBox", "Parallels Desktop", "UTM"), ("MATLAB", "Octave", "Mathematica"),
                                    ("FMOD", "Wwise"), ("PowerDNS", "dnsdist"), ("Cemu", "PPSSPP"), ("s6", "runit"),
                                    ("Xamarin.Forms", "Avalonia", "Uno Platform"), ("Pingora", "NGINX"),
                                    ("Disney+", "Apple TV+", "Paramount+", "Hulu"), ("YouTube TV", "Sling TV", "Fubo"),
                                    ("Teamcenter", "Windchill", "3DEXPERIENCE", "Arena PLM"), ("BetterHelp", "Talkspace"),
                                    ("Easy Anti-Cheat", "BattlEye", "Valve Anti-Cheat"), ("Deputy", "Homebase", "7shifts"),
                                    ("Proctorio", "Honorlock"), ("Turnitin", "Copyleaks"),
                                    ("Jamf Pro", "Microsoft Intune", "Kandji"), ("Outreach", "Salesloft"),
                                    ("ServiceTitan", "Housecall Pro", "Jobber"), ("Android Auto", "Apple CarPlay")])
def test_rivals_share_a_category(shipped, rivals):
    entries = [shipped.get(name) for name in rivals]
    assert all(entries) and len({e.category for e in entries}) == 1


@pytest.mark.parametrize("text", [
    "a word of warning: the outlook is grim and the dos and don'ts of an apt design",
    "a DoS attack snaps the link; we fetch the results",
    "we let off some steam and had wine with a calm norton", "plasma physics in kodiak",
    "the Galaxy S6 drifts like a tumbleweed at 7200 rpm", "an oban, a xenia and an irix",
])
def test_names_that_are_english_words_match_only_as_written(shipped_nlp, text):
    assert _names(shipped_nlp, text) == []
