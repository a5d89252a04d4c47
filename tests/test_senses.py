"""Shared names: which catalog entry a name several entries go by means in one document."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from kg.catalog import load_catalog
from kg.senses import choose_senses, sense_scores

ENTRIES = [
    {"name": "Gizmo CD", "type": "Product", "aliases": ["GizmoCD"], "shared": ["Gizmo"], "maker": "Weavely",
     "description": "GitOps toolkit for Kubernetes", "category": "ci-cd-services"},
    {"name": "GIZMO.1", "type": "Product", "shared": ["Gizmo"], "description": "text-to-image diffusion model",
     "category": "image-gen"},
    {"name": "Weavely", "type": "Organization", "category": "company"},
    {"name": "Argoly", "type": "Product", "category": "ci-cd-services"},
    {"name": "Stable Pixels", "type": "Product", "category": "image-gen"},
]


@pytest.fixture(scope="module")
def catalog(tmp_path_factory):
    path = tmp_path_factory.mktemp("senses") / "cat.jsonl"
    path.write_text("\n".join(json.dumps(e) for e in ENTRIES) + "\n", encoding="utf-8")
    return load_catalog(path)


def test_a_shared_name_lists_its_senses_in_catalog_order(catalog):
    assert catalog.senses == {"gizmo": ("Gizmo CD", "GIZMO.1")}
    assert catalog.get("Gizmo").name == "Gizmo CD"  # the first sense, until a document decides


@pytest.mark.parametrize("mentions,texts,expected", [
    # another name of one sense, its maker, products of its category
    ([("Gizmo", "Gizmo CD"), ("GizmoCD", "Gizmo CD")], ["Gizmo notes"], "Gizmo CD"),
    ([("Gizmo", "Gizmo CD"), ("Weavely", "Weavely")], ["Gizmo notes"], "Gizmo CD"),
    ([("Gizmo", "Gizmo CD"), ("Stable Pixels", "Stable Pixels")], ["Gizmo"], "GIZMO.1"),
    # no names: the words of its description (a diffusion model, images from text)
    ([("Gizmo", "Gizmo CD")], ["Gizmo renders an image from text with a diffusion model"], "GIZMO.1"),
    # no evidence at all: the first sense
    ([("Gizmo", "Gizmo CD")], ["We tried Gizmo."], "Gizmo CD"),
])
def test_the_document_chooses_the_sense(catalog, mentions, texts, expected):
    assert choose_senses(catalog, mentions, texts) == {"gizmo": expected}


def test_a_document_without_shared_names_chooses_nothing(catalog):
    assert choose_senses(catalog, [("Argoly", "Argoly")], ["Argoly"]) == {}


def test_scores_add_names_maker_category_and_words(catalog):
    named = Counter({"Weavely": 1, "Argoly": 2})
    cd, image = sense_scores(("Gizmo CD", "GIZMO.1"), catalog, named, {"kubernetes"})
    assert cd == 2.0 + 1.0 + 0.5 and image == 0.0


def test_compose_in_an_android_review_is_jetpack_compose():
    shipped = load_catalog(None)
    assert shipped.senses["compose"] == ("Docker Compose", "Jetpack Compose")
    mentions = [("Jetpack Compose", "Jetpack Compose"), ("Compose", "Docker Compose")]
    texts = ["Jetpack Compose replaces XML layouts.", "In Compose, you describe what the UI should show."]
    assert choose_senses(shipped, mentions, texts) == {"compose": "Jetpack Compose"}


@pytest.mark.parametrize("form,mentions,texts,expected", [
    ("phoenix", [("Phoenix", "Arize Phoenix"), ("Rails", "Ruby on Rails"), ("Elixir", "Elixir")],
     ["Rails vs Phoenix", "Phoenix channels beat ActionCable, and Elixir is a joy."], "Phoenix Framework"),
    ("phoenix", [("Phoenix", "Arize Phoenix"), ("Langfuse", "Langfuse")],
     ["Tracing LLM calls", "Phoenix shows every span of the chain."], "Arize Phoenix"),
    ("alpine", [("Alpine", "Alpine.js"), ("Debian", "Debian")],
     ["Base images", "Alpine is small because it uses musl instead of glibc."], "Alpine Linux"),
    ("swarm", [("Swarm", "OpenAI Agents SDK"), ("Kubernetes", "Kubernetes")],
     ["Orchestrators", "Swarm was simpler to run than Kubernetes on three hosts."], "Docker Swarm"),
    ("canvas", [("Canvas", "Canvas LMS"), ("Moodle", "Moodle")],
     ["LMS market share", "The district is switching its courses from Moodle to Canvas this fall."], "Canvas LMS"),
    ("canvas", [("Canvas", "Canvas LMS"), ("WebGL", "WebGL")],
     ["Drawing in the browser", "Canvas draws 2D pixels from JavaScript; WebGL goes to the GPU."], "HTML Canvas"),
    ("temporal", [("Temporal", "Temporal"), ("Moment.js", "Moment.js")],
     ["Dates in JavaScript", "Moment.js is legacy; Temporal fixes Date with real time zones and calendars."],
     "Temporal API"),
    ("maui", [("Maui", ".NET MAUI"), ("Slurm", "Slurm")],
     ["HPC schedulers", "Maui mostly serves as a free Moab for Torque clusters; Slurm schedules the jobs now."],
     "Maui Cluster Scheduler"),
    ("proton", [("Proton", "Proton"), ("Steam", "Steam"), ("Wine", "Wine")],
     ["Gaming on Linux", "Proton runs most Steam games through Wine."], "Proton"),
    ("proton", [("Proton", "Proton"), ("Proton Mail", "Proton Mail"), ("Proton VPN", "Proton VPN")],
     ["Private email", "Proton also makes Proton Mail and Proton VPN."], "Proton AG"),
])
def test_shipped_shared_names_follow_their_document(form, mentions, texts, expected):
    assert choose_senses(load_catalog(None), mentions, texts)[form] == expected
