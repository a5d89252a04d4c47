"""`kg serve`: a read-only SPARQL endpoint that real HTTP clients (SPARQLWrapper, urllib) can query."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from rdf_fixtures import build_store, make_two_doc_kg

from kg.serve import _choose, make_server

ROOT = Path(__file__).resolve().parent.parent
COMPETES = "SELECT ?a ?b WHERE { ?a kg:competesWith ?b } ORDER BY ?a ?b"


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    return build_store(make_two_doc_kg(), tmp_path_factory.mktemp("served"))


@pytest.fixture(scope="module")
def endpoint(store) -> Iterator[str]:
    """The server in this process, on a free port."""
    server = make_server(store, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.url
    finally:
        server.shutdown()
        server.server_close()


def _get(url: str, headers: dict[str, str] | None = None, method: str = "GET",
         data: bytes | None = None) -> tuple[int, str, bytes]:
    request = urllib.request.Request(url, headers=headers or {}, method=method, data=data)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers.get("Content-Type", ""), response.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers.get("Content-Type", ""), err.read()


def _ask_url(endpoint: str, query: str) -> str:
    return f"{endpoint}?" + urllib.parse.urlencode({"query": query})


@pytest.mark.parametrize(("accept", "media", "start"), [
    ("application/sparql-results+json", "application/sparql-results+json", b'{"head":{"vars":["a","b"]}'),
    ("application/sparql-results+xml", "application/sparql-results+xml", b"<?xml"),
    ("text/csv", "text/csv", b"a,b\r\n"),
    ("text/tab-separated-values", "text/tab-separated-values", b"?a\t?b\n"),
    ("text/html;q=0.9, */*;q=0.1", "application/sparql-results+json", b"{"),
])
def test_select_is_answered_in_the_format_asked_for(endpoint, accept, media, start):
    status, kind, body = _get(_ask_url(endpoint, COMPETES), {"Accept": accept})
    assert status == 200 and kind.startswith(media) and body.startswith(start), body[:200]


def test_post_query_forms_and_construct(endpoint):
    form = urllib.parse.urlencode({"query": "ASK { ?a kg:threatens ?b }"}).encode()
    status, _, body = _get(endpoint, {"Content-Type": "application/x-www-form-urlencoded",
                                      "Accept": "application/sparql-results+json"}, "POST", form)
    assert status == 200 and json.loads(body)["boolean"] is True
    status, kind, body = _get(endpoint, {"Content-Type": "application/sparql-query", "Accept": "application/n-triples"},
                              "POST", b"CONSTRUCT { ?b kg:competesWith ?a } WHERE { ?a kg:competesWith ?b }")
    assert status == 200 and kind.startswith("application/n-triples") and body.count(b" .\n") == 3


def test_updates_and_writes_are_refused(endpoint, store):
    update = urllib.parse.urlencode({"update": "INSERT DATA { <urn:a> <urn:b> <urn:c> }"}).encode()
    status, _, body = _get(endpoint, {"Content-Type": "application/x-www-form-urlencoded"}, "POST", update)
    assert status == 403 and b"read-only" in body
    status, _, _ = _get(endpoint, {"Content-Type": "application/sparql-update"}, "POST",
                        b"INSERT DATA { <urn:a> <urn:b> <urn:c> }")
    assert status == 403
    status, _, _ = _get(endpoint.replace("/query", "/store?default"), {"Content-Type": "application/n-triples"},
                        "PUT", b"<urn:a> <urn:b> <urn:c> .\n")
    assert status == 405
    status, _, body = _get(_ask_url(endpoint, "INSERT DATA { <urn:a> <urn:b> <urn:c> }"))
    assert status == 400
    assert not list(store.oxigraph.quads_for_pattern(None, None, None, None))[:0]
    assert _get(_ask_url(endpoint, "ASK { <urn:a> ?p ?o }"), {"Accept": "application/sparql-results+json"})[2] \
        == b'{"head":{},"boolean":false}'


def test_bad_queries_service_and_unacceptable_formats(endpoint):
    assert _get(_ask_url(endpoint, "SELECT WHERE {"))[0] == 400
    status, _, body = _get(_ask_url(endpoint, "SELECT * { SERVICE <http://example.org/sparql> { ?s ?p ?o } }"))
    assert status == 400 and b"SERVICE" in body
    assert _get(_ask_url(endpoint, COMPETES), {"Accept": "image/png"})[0] == 406


def test_content_negotiation_rules():
    offered = {"application/sparql-results+json": 1, "text/csv": 2}
    assert _choose("text/csv;q=0.5, application/sparql-results+json", offered) == "application/sparql-results+json"
    assert _choose("text/*", offered) == "text/csv"
    assert _choose("", offered) == "application/sparql-results+json"
    assert _choose("text/csv;q=0", offered) is None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def cli_endpoint(store) -> Iterator[str]:
    """`kg serve` as a user starts it, in its own process."""
    port = _free_port()
    process = subprocess.Popen([sys.executable, "-m", "kg", "serve", "--store", str(store.path.parent),
                                "--port", str(port)], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}/query"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(_ask_url(url, "ASK {}"), timeout=5)
                break
            except (urllib.error.URLError, ConnectionError):
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("kg serve did not start: " + process.stderr.read().decode(errors="replace"))
                time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.mark.slow
def test_sparqlwrapper_reads_select_ask_and_construct(cli_endpoint):
    from SPARQLWrapper import JSON, N3, POST, SPARQLWrapper

    client = SPARQLWrapper(cli_endpoint)
    client.setQuery("PREFIX kg: <https://w3id.org/kg/ontology#>\n" + COMPETES)
    client.setReturnFormat(JSON)
    rows = client.query().convert()["results"]["bindings"]
    assert len(rows) == 3 and rows[0]["a"]["type"] == "uri"
    client.setQuery("ASK { ?a <https://w3id.org/kg/ontology#threatens> ?b }")
    assert client.query().convert()["boolean"] is True
    client.setQuery("CONSTRUCT { ?b <urn:rival> ?a } WHERE { ?a <https://w3id.org/kg/ontology#competesWith> ?b }")
    client.setReturnFormat(N3)
    from rdflib import Graph

    graph = Graph().parse(data=client.query().convert(), format="n3")  # SPARQLWrapper hands N3 over as bytes
    assert len(graph) == 3
    client.setMethod(POST)
    client.setQuery("INSERT DATA { <urn:a> <urn:b> <urn:c> }")
    with pytest.raises(Exception) as refused:
        client.query()
    assert "403" in str(refused.value) or "Forbidden" in str(refused.value) or "read-only" in str(refused.value)
