"""Self-contained HTML view: vendored Cytoscape.js, the graph as a JSON island, search, filters, evidence."""

from __future__ import annotations

import html
import json
import re
from importlib import resources
from pathlib import Path

from kg.atomic import write_text
from kg.errors import ExportError
from kg.export.cytoscape import cytoscape_data
from kg.models import KnowledgeGraph
from kg.registry import register_exporter

__all__ = ["html_page", "json_island", "write_html"]

_MARKER = re.compile(r"@@KG_([A-Z]+)@@")
_SCRIPT_BREAKERS = re.compile(r"</script|<!--|<script", re.IGNORECASE)


def _asset(name: str) -> str:
    return resources.files("kg.export").joinpath("assets", name).read_text(encoding="utf-8")


def json_island(data: object) -> str:
    """``data`` as JSON safe inside ``<script type="application/json">``: ``<``, ``>``, ``&`` escaped.

    >>> json_island({"name": "</script>"})
    '{"name":"\\\\u003c/script\\\\u003e"}'
    """
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def html_page(kg: KnowledgeGraph) -> str:
    """One HTML page that shows ``kg`` offline: no network, every script and style inlined.

    The page reads ``?q=<name>`` (select and centre that node, fill the side panel) and
    ``?hide=<rel>,<rel>,claims`` (untick filters). When drawn it sets ``document.title`` to
    ``ready:<nodes>:<edges>``; script errors and warnings are recorded on ``<html data-errors>`` and
    ``data-warnings``, the selected node id on ``<body data-selected>``.

    Raises:
        ExportError: if a vendored script could end its ``<script>`` element early.
    """
    scripts = {"CYTOSCAPE": _asset("cytoscape.min.js"), "APP": _asset("view.js")}
    for name, code in scripts.items():
        if _SCRIPT_BREAKERS.search(code):
            raise ExportError(f"the {name.lower()} script contains '</script' or '<!--'; cannot inline it")
    parts = {**scripts, "CSS": _asset("view.css"), "DATA": json_island(cytoscape_data(kg)),
             "GENERATOR": html.escape(f"kg {kg.run.kg_version}")}
    return _MARKER.sub(lambda m: parts[m[1]], _asset("view.html"))  # one pass: inserted text is not rescanned


@register_exporter("html", suffixes=(".html", ".htm"), description="Offline interactive view (Cytoscape.js)")
def write_html(kg: KnowledgeGraph, path: Path) -> None:
    """Write ``kg`` as one self-contained interactive HTML page."""
    page = html_page(kg)
    try:
        write_text(path, page)
    except OSError as err:
        raise ExportError(f"cannot write {path}: {err}") from err
