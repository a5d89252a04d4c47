"""The exports load into a real Oxigraph server over the Graph Store Protocol and answer SPARQL over HTTP."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator

import pytest
from rdf_fixtures import make_two_doc_kg

from kg.export.rdf import render
from kg.rdf import KG_NS

pytestmark = pytest.mark.slow

PREFIXES = f"PREFIX kg: <{KG_NS}>\nPREFIX skos: <http://www.w3.org/2004/02/skos/core#>\n"
TTL_GRAPH = "urn:x-kg:turtle-export"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _request(url: str, *, method: str = "GET", data: bytes | None = None,
             headers: dict[str, str] | None = None) -> bytes:
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert 200 <= response.status < 300, response.status
        return response.read()


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[str]:
    """An ``oxigraph serve`` process on a free local port; always terminated."""
    binary = shutil.which("oxigraph")
    if binary is None:
        pytest.skip("the oxigraph server binary is not installed (pip install oxigraph)")
    base = f"http://127.0.0.1:{_free_port()}"
    location = tmp_path_factory.mktemp("oxigraph")
    process = subprocess.Popen([binary, "serve", "--location", str(location), "--bind", base[len("http://"):]],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                _request(f"{base}/query?" + urllib.parse.urlencode({"query": "ASK {}"}),
                         headers={"Accept": "application/sparql-results+json"})
                break
            except (urllib.error.URLError, ConnectionError):
                if process.poll() is not None or time.monotonic() > deadline:
                    stderr = process.stderr.read().decode(errors="replace") if process.stderr else ""
                    pytest.fail(f"oxigraph server did not start: {stderr}")
                time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _select(base: str, query: str) -> list[dict[str, str]]:
    body = _request(f"{base}/query", method="POST", data=query.encode("utf-8"),
                    headers={"Content-Type": "application/sparql-query",
                             "Accept": "application/sparql-results+json"})
    return [{k: v["value"] for k, v in row.items()} for row in json.loads(body)["results"]["bindings"]]


def _competitors_of_qdrant(base: str, graph_pattern: str) -> set[str]:
    query = PREFIXES + f"""SELECT DISTINCT ?name WHERE {{
      ?qdrant skos:prefLabel "Qdrant" .
      {graph_pattern}
      ?other skos:prefLabel ?name .
    }}"""
    return {row["name"] for row in _select(base, query)}


def test_nquads_dataset_answers_who_competes_with_qdrant(server):
    _request(f"{server}/store", method="POST", data=render(make_two_doc_kg(), "n-quads"),
             headers={"Content-Type": "application/n-quads"})
    pattern = "GRAPH ?g { ?qdrant kg:competesWith|^kg:competesWith ?other }"
    assert _competitors_of_qdrant(server, pattern) == {"pgvector", "Weaviate"}
    graphs = {row["g"] for row in _select(server, "SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } }")}
    assert {"https://w3id.org/kg/id/doc/000000000001", "https://w3id.org/kg/id/doc/000000000002"} <= graphs


def test_turtle_export_put_into_a_named_graph_answers_too(server):
    url = f"{server}/store?" + urllib.parse.urlencode({"graph": TTL_GRAPH})
    _request(url, method="PUT", data=render(make_two_doc_kg(), "turtle"),
             headers={"Content-Type": "text/turtle"})
    query = PREFIXES + f"""SELECT DISTINCT ?name WHERE {{ GRAPH <{TTL_GRAPH}> {{
      ?qdrant skos:prefLabel "Qdrant" .
      ?qdrant kg:competesWith|^kg:competesWith ?other .
      ?other skos:prefLabel ?name .
    }} }}"""
    assert {row["name"] for row in _select(server, query)} == {"pgvector", "Weaviate"}
