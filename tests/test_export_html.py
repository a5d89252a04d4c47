"""HTML view: self-contained and XSS-safe; rendered in headless Chromium (slow) for search, filters, panel."""

from __future__ import annotations

import functools
import html
import http.server
import json
import re
import shutil
import subprocess
import threading
from importlib import resources

import pytest

from kg.export.cytoscape import cytoscape_data
from kg.export.html import html_page, json_island
from kg.graph import to_networkx
from kg.ids import entity_id
from kg.models import Claim, Entity
from kg.registry import get_exporter

XSS = "</script><img src=x onerror=\"document.title='pwned'\">"
ISLAND = re.compile(r'<script type="application/json" id="kg-data">(.*?)</script>', re.DOTALL)


@pytest.fixture(scope="module")
def xss_kg(sample_kg):
    """``sample_kg`` plus an entity whose name is markup, with one claim about it."""
    ev = sample_kg.claims[0].evidence
    entity = Entity(id=entity_id(XSS), name=XSS, type="Product")
    claim = Claim(id="claim:xss0000000000001", about=entity.id, type="risk", text=XSS, evidence=ev)
    return sample_kg.model_copy(update={"entities": sample_kg.entities + (entity,),
                                        "claims": sample_kg.claims + (claim,)})


def test_assets_ship_with_the_package():
    assets = resources.files("kg.export").joinpath("assets")
    assert assets.joinpath("cytoscape.min.js").read_text(encoding="utf-8").startswith("/**")
    assert "Cytoscape Consortium" in assets.joinpath("cytoscape.LICENSE").read_text(encoding="utf-8")


def test_page_is_self_contained(xss_kg):
    page = html_page(xss_kg)
    external = re.search(r"<(script|link|img|iframe)[^>]+(src|href)=", page, re.IGNORECASE)
    assert not external, "no external resources"
    assert not re.search(r"https?://(?!www\.w3\.org)", page.split("<script>", 1)[0].split("<style>", 1)[0])
    assert "Content-Security-Policy" in page and "<title>kg graph</title>" in page
    assert page.count("<script") == page.count("</script>") == 4  # error hook, data, cytoscape, app


def test_json_island_is_escaped_and_complete(xss_kg):
    page = html_page(xss_kg)
    island = ISLAND.search(page)[1]
    assert "<" not in island and ">" not in island and "&" not in island
    assert json.loads(island) == json.loads(json.dumps(cytoscape_data(xss_kg)))
    assert json_island({"a": "<&>"}) == '{"a":"\\u003c\\u0026\\u003e"}'


def test_deterministic(tmp_path, sample_kg):
    a, b = tmp_path / "a.html", tmp_path / "b.html"
    get_exporter("html").write(sample_kg, a)
    get_exporter("html").write(sample_kg, b)
    assert a.read_bytes() == b.read_bytes()


# ---------------------------------------------------------------- headless Chromium

def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    pytest.skip("no chromium binary found")


@pytest.fixture(scope="module")
def served(tmp_path_factory, xss_kg):
    """The page served on 127.0.0.1 from a temporary folder; yields its base URL."""
    root = tmp_path_factory.mktemp("site")
    get_exporter("html").write(xss_kg, root / "index.html")

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):  # keep pytest output clean
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/index.html"
    finally:
        server.shutdown()
        server.server_close()


def _browser(tmp_path, *args: str) -> subprocess.CompletedProcess:
    cmd = [_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=5000", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)


def _dom(tmp_path, url: str) -> str:
    done = _browser(tmp_path, "--dump-dom", url)
    assert "<html" in done.stdout, done.stderr[-2000:]
    return done.stdout


def _attr(dom: str, tag: str, name: str) -> str | None:
    element = re.search(rf"<{tag}\b[^>]*>", dom)[0]
    match = re.search(rf'\s{name}="([^"]*)"', element)
    return html.unescape(match[1]) if match else None


@pytest.mark.slow
def test_renders_and_search_selects_a_product(tmp_path, served, xss_kg):
    graph = to_networkx(xss_kg)
    dom = _dom(tmp_path, served + "?q=Qdrant")
    assert f"<title>ready:{graph.number_of_nodes()}:{graph.number_of_edges()}</title>" in dom
    assert _attr(dom, "html", "data-errors") == ""
    assert _attr(dom, "html", "data-warnings") == ""
    assert _attr(dom, "body", "data-selected") == entity_id("Qdrant")
    panel = re.search(r'<aside id="panel">(.*?)</aside>', dom, re.DOTALL)[1]
    assert "<h2>Qdrant</h2>" in panel
    assert "p99 under 15 ms" in panel and "<mark>serverless filtering</mark>" in panel
    assert "pgvector" in panel and "Weaviate" in panel and "sample.txt" in panel


@pytest.mark.slow
def test_markup_names_stay_text_and_filters_hide_edges(tmp_path, served, xss_kg):
    graph = to_networkx(xss_kg)
    competes = sum(1 for *_, d in graph.edges(data=True) if d["rel"] == "competes_with")
    dom = _dom(tmp_path, served + "?hide=competes_with&q=" + "%3C%2Fscript%3E%3Cimg")
    assert f"<title>ready:{graph.number_of_nodes()}:{graph.number_of_edges()}</title>" in dom
    assert _attr(dom, "html", "data-errors") == ""
    assert _attr(dom, "body", "data-visible-edges") == str(graph.number_of_edges() - competes)
    assert _attr(dom, "body", "data-selected") == entity_id(XSS)
    assert "<img" not in dom.split('id="kg-data"')[0], "a name must never become markup"
    assert html.escape(XSS, quote=False) in dom
    assert 'id="filter-competes_with"' in dom


@pytest.mark.slow
def test_screenshot(tmp_path, served):
    shot = tmp_path / "view.png"
    done = _browser(tmp_path, f"--screenshot={shot}", "--window-size=1200,800", served + "?q=Qdrant")
    assert shot.exists(), done.stderr[-2000:]
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000
    assert (int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")) == (1200, 800)
    image = pytest.importorskip("matplotlib.image").imread(str(shot))
    colours = {tuple(px) for px in image[::8, ::8, :3].reshape(-1, 3).round(2).tolist()}
    assert len(colours) > 30, "the page drew more than a blank canvas"
