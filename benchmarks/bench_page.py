"""How big is ``kg.html`` and how soon is it ready in headless Chromium, for a 10,000-quote graph?

    python benchmarks/bench_page.py                       # synthetic graph of 10,000 quotes, 3 openings
    python benchmarks/bench_page.py --quotes 2000 --repeat 5
    python benchmarks/bench_page.py --corpus DIR           # extract DIR first (slow: minutes at 10k quotes)

The graph is ``tests/large_graph.large_kg`` (entities, relations and claims shaped like a real build, made
in seconds) unless ``--corpus`` names review files to extract. Printed:

- the page's size, and bytes per quote; the CPU seconds ``html_page`` takes;
- the page's own ``readyMs`` (navigation start → overview laid out, labelled and fitted) and ``paintedMs``
  (two animation frames later), medians over ``--repeat`` openings in the system Chromium (Playwright);
- as a reference from the same run, a page of the same bytes — Cytoscape.js inlined and the same JSON island,
  parsed, nothing drawn — so the **ratio** ready / reference carries across machines better than seconds do.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from importlib import resources
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from kg.export.html import html_page, json_island, page_data

CYTOSCAPE = resources.files("kg.export").joinpath("assets", "cytoscape.min.js")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
REFERENCE = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>reference</title></head><body>
<script type="application/json" id="kg-data">{data}</script><script>{cytoscape}</script>
<script>JSON.parse(document.getElementById("kg-data").textContent);
window.kgView = {{readyMs: Math.round(performance.now())}}; window.kgReady = true;
requestAnimationFrame(function () {{ requestAnimationFrame(function () {{
  window.kgView.paintedMs = Math.round(performance.now()); }}); }});</script></body></html>"""


def _graph(args: argparse.Namespace):
    if args.corpus:
        from kg import api
        return api.extract([args.corpus])
    from large_graph import large_kg
    return large_kg(args.quotes)


def _open(context, url: str) -> dict:
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("window.kgReady === true", timeout=60_000)
    page.wait_for_function("window.kgView.paintedMs !== undefined", timeout=60_000)
    view = page.evaluate("window.kgView")
    page.close()
    return view


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quotes", type=int, default=10_000, help="size of the synthetic graph")
    parser.add_argument("--corpus", help="extract this folder of review files instead")
    parser.add_argument("--repeat", type=int, default=3, help="openings of each page (median)")
    parser.add_argument("--json", help="also write every figure to this file")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    graph = _graph(args)
    start = time.process_time()
    page = html_page(graph)
    export_cpu = time.process_time() - start
    quotes = len(graph.quotes)
    figures = {"quotes": quotes, "entities": len(graph.entities), "relations": len(graph.relations),
               "claims": len(graph.claims), "page_bytes": len(page.encode("utf-8")), "export_cpu_s": round(export_cpu, 2)}
    figures["bytes_per_quote"] = round(figures["page_bytes"] / max(quotes, 1))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "kg.html").write_text(page, encoding="utf-8")
        reference = REFERENCE.format(data=json_island(page_data(graph)), cytoscape=CYTOSCAPE.read_text(encoding="utf-8"))
        (root / "reference.html").write_text(reference, encoding="utf-8")
        chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
        if not chromium:
            raise SystemExit("no chromium binary found (Debian: apt-get install chromium)")
        with sync_playwright() as p:
            context = p.chromium.launch_persistent_context(str(root / "profile"), executable_path=chromium,
                                                           headless=True, viewport={"width": 1200, "height": 800},
                                                           args=ARGS)
            runs = {"page": [], "reference": []}
            for _ in range(args.repeat):  # interleaved, so both meet the same load
                runs["page"].append(_open(context, (root / "kg.html").as_uri()))
                runs["reference"].append(_open(context, (root / "reference.html").as_uri()))
            context.close()
    for name, views in runs.items():
        figures[f"{name}_ready_ms"] = statistics.median(v["readyMs"] for v in views)
        figures[f"{name}_painted_ms"] = statistics.median(v["paintedMs"] for v in views)
    figures["ready_ratio"] = round(figures["page_ready_ms"] / figures["reference_ready_ms"], 2)
    figures["drawn"] = f"{runs['page'][0]['drawnNodes']} entities, {runs['page'][0]['drawnEdges']} lines"
    width = max(len(k) for k in figures)
    for key, value in figures.items():
        print(f"{key:<{width}}  {value}")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
