"""HTML view: self-contained, compact and XSS-safe; drawn in headless Chromium (slow) at both sizes."""

from __future__ import annotations

import functools
import html
import http.server
import json
import re
import shutil
import threading
from importlib import resources
from pathlib import Path

import pytest
from large_graph import large_kg

from kg.errors import ExportError
from kg.export.html import html_page, json_island, page_data
from kg.ids import entity_id
from kg.models import SYMMETRIC_RELATIONS, Claim, Entity
from kg.registry import get_exporter

XSS = "</script><img src=x onerror=\"document.title='pwned'\">"
ISLAND = re.compile(r'<script type="application/json" id="kg-data">(.*?)</script>', re.DOTALL)
SHOTS = Path(__file__).resolve().parent.parent / "build" / "screenshots"  # kept after the run, to look at
EXPORTS = Path(__file__).resolve().parent.parent / "exports"  # test_api checks these match a fresh build


@pytest.fixture(scope="module")
def xss_kg(sample_kg):
    """``sample_kg`` plus an entity whose name is markup, with one claim about it."""
    ev = sample_kg.claims[0].evidence
    entity = Entity(id=entity_id(XSS), name=XSS, type="Product")
    claim = Claim(id="claim:xss0000000000001", about=entity.id, type="risk", text=XSS, evidence=ev)
    return sample_kg.model_copy(update={"entities": sample_kg.entities + (entity,),
                                        "claims": sample_kg.claims + (claim,)})


@pytest.fixture(scope="module")
def big_kg():
    """A synthetic graph the size of a 10,000-quote build (~15,000 nodes, 14,000 relations)."""
    return large_kg(10_000)


def test_assets_ship_with_the_package():
    assets = resources.files("kg.export").joinpath("assets")
    assert assets.joinpath("cytoscape.min.js").read_text(encoding="utf-8").startswith("/**")
    assert "Cytoscape Consortium" in assets.joinpath("cytoscape.LICENSE").read_text(encoding="utf-8")
    for name, owner in (("cytoscape-fcose", "iVis-at-Bilkent"), ("cose-base", "iVis@Bilkent"),
                        ("layout-base", "iVis@Bilkent")):
        assert owner in assets.joinpath(f"{name}.LICENSE").read_text(encoding="utf-8")
        assert assets.joinpath(f"{name}.js").read_text(encoding="utf-8").startswith("(function webpackUniversal")


def test_page_is_self_contained(xss_kg):
    page = html_page(xss_kg)
    external = re.search(r"<(script|link|img|iframe)[^>]+(src|href)=", page, re.IGNORECASE)
    assert not external, "no external resources"
    assert not re.search(r"https?://(?!www\.w3\.org)", page.split("<script>", 1)[0].split("<style>", 1)[0])
    assert "Content-Security-Policy" in page and "<title>kg graph</title>" in page
    # error hook, data, cytoscape, layout-base, cose-base, fcose, app
    assert page.count("<script") == page.count("</script>") == 7


def test_json_island_is_escaped_and_complete(xss_kg):
    page = html_page(xss_kg)
    island = ISLAND.search(page)[1]
    assert "<" not in island and ">" not in island and "&" not in island
    assert json.loads(island) == json.loads(json.dumps(page_data(xss_kg)))
    assert json_island({"a": "<&>"}) == '{"a":"\\u003c\\u0026\\u003e"}'


def _evidence_text(doc, row, at):
    quote, start, end, own = row[at], row[at + 1], row[at + 2], row[at + 6]
    return own or doc["quotes"][quote][0][start:end]


def test_page_data_rows_round_trip(sample_kg):
    doc = page_data(sample_kg)
    ids = [row[0] for row in doc["entities"]]
    assert ids == sorted(e.id for e in sample_kg.entities)
    got = sorted((ids[r[0]], ids[r[1]], doc["rels"][r[2]], bool(r[3]), r[4] or None, _evidence_text(doc, r, 5),
                  doc["rules"][r[9]]) for r in doc["relations"])
    want = sorted((r.source, r.target, r.type, r.hedged, r.horizon, r.evidence.text, r.evidence.rule)
                  for r in sample_kg.relations)
    assert got == want
    claims = sorted((ids[c[0]], doc["claim_types"][c[1]], c[2] or _evidence_text(doc, c, 9), c[3], c[4] or None)
                    for c in doc["claims"])
    assert claims == sorted((c.about, c.type, c.text, c.value, c.unit) for c in sample_kg.claims)
    qdrant = ids.index(entity_id("Qdrant"))
    assert doc["entities"][qdrant][5] == ids.index(entity_id("Qdrant Solutions"))  # maker, by index
    assert len(doc["contradictions"]) == 1 and doc["rules"][doc["contradictions"][0][3]] == "contradiction.polarity"


def test_page_data_stores_each_quote_once(big_kg):
    doc = page_data(big_kg)
    island = json_island(doc)
    cited = {r.evidence.quote_id for r in big_kg.relations} | {c.evidence.quote_id for c in big_kg.claims}
    assert len(doc["quotes"]) == len(cited)
    text = max((q.text for q in big_kg.quotes if q.id in cited), key=len)
    assert island.count(json.dumps(text, ensure_ascii=False)[1:-1]) == 1, "a quote text is stored once"
    assert all(r[11] == "" for r in doc["relations"]), "evidence that is a slice of its quote is not repeated"
    chars = sum(len(q.text) for q in big_kg.quotes if q.id in cited)
    assert len(island) < 2.2 * chars + 120 * (len(big_kg.relations) + len(big_kg.claims) + len(big_kg.entities))


def test_page_data_rejects_dangling_references(sample_kg):
    bad = sample_kg.model_copy(update={"claims": sample_kg.claims[:1] + (
        sample_kg.claims[1].model_copy(update={"about": "ent:nobody"}),)})
    with pytest.raises(ExportError, match="ent:nobody"):
        page_data(bad)


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
def browser(tmp_path_factory):
    """The system Chromium, driven by Playwright (no browser download), headless with a fresh profile."""
    sync_api = pytest.importorskip("playwright.sync_api")
    executable = _chromium()
    with sync_api.sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("profile")), executable_path=executable, headless=True,
            viewport={"width": 1200, "height": 800},
            args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"])
        try:
            yield context
        finally:
            context.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory, xss_kg, big_kg):
    """Both pages served on 127.0.0.1 from a temporary folder; yields the base URL."""
    root = tmp_path_factory.mktemp("site")
    get_exporter("html").write(xss_kg, root / "sample.html")
    get_exporter("html").write(big_kg, root / "large.html")
    shutil.copyfile(EXPORTS / "kg.html", root / "reviews.html")  # the 48-quote sample build, as committed

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):  # keep pytest output clean
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def _open(browser, url: str):
    page = browser.new_page()
    page.goto(url)
    page.wait_for_function("window.kgReady === true", timeout=30_000)
    assert page.evaluate("document.documentElement.dataset.errors") == ""
    assert page.evaluate("document.documentElement.dataset.warnings") == ""
    return page


def _screenshot(page, name: str) -> None:
    """A screenshot of the whole window, kept in build/screenshots/; checks it is sized and not blank."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    shot = SHOTS / name
    page.wait_for_timeout(200)  # the label pass runs once the view settles
    page.screenshot(path=str(shot))
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000
    assert (int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")) == (1200, 800)
    image = pytest.importorskip("matplotlib.image").imread(str(shot))
    canvas = image[60:, 240:800, :3]  # the graph, right of the legend, left of the panel
    colours = {tuple(px) for px in canvas[::6, ::6].reshape(-1, 3).round(2).tolist()}
    assert len(colours) > 40, "the page drew more than a blank canvas"


def _state(page) -> dict:
    return page.evaluate("""() => {
      const cy = window.kgCy, ext = cy.extent();
      const inside = n => { const p = n.position(); return p.x >= ext.x1 && p.x <= ext.x2 && p.y >= ext.y1 && p.y <= ext.y2; };
      const sel = cy.nodes('.found');
      return Object.assign({}, window.kgView, {
        zoom: cy.zoom(),
        labelled: cy.nodes().filter(n => n.data('lbl')).map(n => n.id()),
        hoodInView: sel.length ? sel.closedNeighborhood().nodes().every(inside) : null,
        hoodSize: sel.length ? sel.closedNeighborhood().nodes().length : 0,
        legendTypes: [...document.querySelectorAll('#legend input[id^="filter-type-"]')].map(b => b.id.slice(12)),
        legendRels: [...document.querySelectorAll('#legend input[data-filter]:not([id^="filter-type-"])')]
                      .map(b => b.dataset.filter),
        visibleEdges: +document.body.dataset.visibleEdges,
      });
    }""")


@pytest.mark.slow
def test_sample_at_a_glance(browser, site, xss_kg):
    page = _open(browser, site + "sample.html")
    state = _state(page)
    linked = {e for r in xss_kg.relations for e in (r.source, r.target)}
    assert state["drawnNodes"] == state["connected"] == len(linked), "entities with no relation are left out"
    assert state["isolated"] == len(xss_kg.entities) - len(linked)
    assert entity_id("Qdrant") in state["labelled"] and len(state["labelled"]) >= len(linked) - 2
    about_qdrant = sum(c.about == entity_id("Qdrant") for c in xss_kg.claims)
    label = page.evaluate("(id) => window.kgCy.getElementById(id).data('lbl')", entity_id("Qdrant"))
    assert label == f"Qdrant · {about_qdrant}", "claims are collapsed into a count on their entity"
    merged = {(r.type, *(sorted((r.source, r.target)) if r.type in SYMMETRIC_RELATIONS else (r.source, r.target)))
              for r in xss_kg.relations}
    assert page.evaluate("window.kgCy.nodes().length + window.kgCy.edges().length") == len(linked) + len(merged), \
        "no claim nodes are drawn; statements between the same two entities are one line"
    assert set(state["legendTypes"]) == {e.type for e in xss_kg.entities}
    assert set(state["legendRels"]) == {r.type for r in xss_kg.relations}
    _screenshot(page, "sample.png")
    page.click("#isolated")
    panel = page.inner_text("#panel")
    assert "Not connected" in panel and "PostgreSQL" not in panel and "Qdrant Solutions" not in panel
    page.close()


@pytest.mark.slow
def test_sample_build_reads_at_a_glance(browser, site):
    page = _open(browser, site + "reviews.html")
    state = _state(page)
    assert state["entities"] > 50 and state["isolated"] > 0 and state["drawnNodes"] == state["connected"]
    assert len(state["labelled"]) >= 0.7 * state["drawnNodes"], "most names are readable without zooming"
    assert {"ent:qdrant", "ent:cursor", "ent:e2b"} <= set(state["labelled"]), "the best-connected are named"
    assert set(state["legendRels"]) >= {"competes_with", "depends_on"} and "Product" in state["legendTypes"]
    _screenshot(page, "reviews.png")
    page.fill("#search", "qdrant")
    page.press("#search", "Enter")
    page.wait_for_function("document.body.dataset.selected === 'ent:qdrant'")
    panel = page.inner_text("#panel")
    assert panel.index("RELATIONS (") < panel.index("CLAIMS (") and "pgvector" in panel
    assert _state(page)["hoodInView"]
    _screenshot(page, "reviews-qdrant.png")
    page.close()


@pytest.mark.slow
def test_sample_search_opens_relations_before_claims(browser, site):
    page = _open(browser, site + "sample.html?q=qdrant")
    assert page.evaluate("document.body.dataset.selected") == entity_id("Qdrant")
    panel = page.inner_html("#panel")
    assert "<h2>Qdrant</h2>" in panel
    assert panel.index("Relations (") < panel.index("Claims (")
    assert "p99 under 15 ms" in panel and "<mark>serverless filtering</mark>" in panel
    assert "pgvector" in panel and "Weaviate" in panel and "sample.txt" in panel
    assert "contradicts (filtering)" in panel
    state = _state(page)
    assert state["hoodInView"] and state["hoodSize"] >= 5
    page.close()


@pytest.mark.slow
def test_markup_names_stay_text_and_filters_hide_edges(browser, site, xss_kg):
    page = _open(browser, site + "sample.html?hide=competes_with&q=" + "%3C%2Fscript%3E%3Cimg")
    assert page.evaluate("document.body.dataset.selected") == entity_id(XSS)
    assert page.title().startswith("ready:")
    dom = page.content()
    assert "<img" not in dom.split('id="kg-data"')[0], "a name must never become markup"
    assert html.escape(XSS, quote=False) in dom
    competes = page.evaluate("window.kgCy.edges('.r-competes_with').length")
    assert competes > 0 and page.evaluate("window.kgCy.edges('.r-competes_with:visible').length") == 0
    assert _state(page)["visibleEdges"] == page.evaluate("window.kgCy.edges().length") - competes
    assert not page.is_checked("#filter-competes_with") and page.is_checked("#filter-depends_on")
    page.close()


@pytest.mark.slow
def test_large_graph_opens_on_an_overview_in_under_3_seconds(browser, site, big_kg):
    page = _open(browser, site + "large.html")
    state = _state(page)
    if state["readyMs"] >= 3000:  # the machine is shared: one more opening before calling the page slow
        page.close()
        page = _open(browser, site + "large.html")
        state = _state(page)
    assert state["readyMs"] < 3000, f"ready {state['readyMs']} ms after navigation started ({state['timings']})"
    assert state["entities"] == len(big_kg.entities) and state["isolated"] > 500
    assert state["drawnNodes"] == 150 and state["drawnEdges"] <= 3 * state["drawnNodes"]
    assert len(state["labelled"]) >= 40
    assert len(state["legendTypes"]) == 6
    _screenshot(page, "large.png")
    page.close()


@pytest.mark.slow
def test_large_graph_search_loads_and_zooms_to_a_neighbourhood(browser, site):
    page = _open(browser, site + "large.html")
    before = _state(page)
    drawn = set(page.evaluate("window.kgCy.nodes().map(n => n.id())"))
    # an entity outside the overview that has relations: search it by name, as a user would
    name = page.evaluate("""() => {
      const cy = window.kgCy; const D = JSON.parse(document.getElementById('kg-data').textContent);
      const drawn = new Set(cy.nodes().map(n => n.id())); const linked = new Set();
      D.relations.forEach(r => { linked.add(r[0]); linked.add(r[1]); });
      const i = D.entities.findIndex((e, k) => linked.has(k) && !drawn.has(e[0]));
      return D.entities[i][1];
    }""")
    assert name
    page.fill("#search", name)
    page.press("#search", "Enter")
    page.wait_for_function("document.body.dataset.selected !== ''")
    state = _state(page)
    assert state["selected"] not in drawn and state["drawnNodes"] > before["drawnNodes"]
    assert state["hoodInView"] and state["hoodSize"] >= 2 and state["zoom"] > before["zoom"]
    assert state["selected"] in state["labelled"]
    assert page.inner_text("#panel h2") == name
    _screenshot(page, "large-search.png")
    page.close()


@pytest.mark.slow
def test_the_page_streams_its_data_a_row_at_a_time(tmp_path):
    """Writing the page holds its scripts and the graph's indexes, not its text: memory grows with the graph far
    slower than the file does (the page used to be built whole, island and all: about 6 bytes held a byte)."""
    import tracemalloc

    peaks, sizes = [], []
    for quotes in (2_500, 10_000):
        graph = large_kg(quotes)
        path = tmp_path / f"{quotes}.html"
        tracemalloc.start()
        tracemalloc.reset_peak()  # pytest may be tracing already: count from here
        try:
            get_exporter("html").write(graph, path)
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
        sizes.append(path.stat().st_size)
    assert sizes[1] - sizes[0] > 1_500_000
    assert peaks[1] - peaks[0] < 1.5 * (sizes[1] - sizes[0]), (peaks, sizes)
