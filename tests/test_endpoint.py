"""`kg push` loads a built store into a real Oxigraph server; `kg query … --endpoint` answers as the store does."""

from __future__ import annotations

import importlib.util
import json
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from rdf_fixtures import AWKWARD, build_store, make_two_doc_kg

from kg import query
from kg.endpoint import SparqlClient, endpoint_urls, open_endpoint
from kg.errors import StoreError
from kg.push import push

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parent.parent
QUESTIONS = [("competitors", {}), ("threats", {"include_outgoing": True}),
             ("dependencies", {"include_incoming": True}), ("claims", {}), ("contradictions", {})]
_COUNT = "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[str]:
    """``oxigraph serve`` on a free local port, without a union default graph (as most stores start)."""
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
                urllib.request.urlopen(f"{base}/query?" + urllib.parse.urlencode({"query": "ASK {}"}), timeout=5)
                break
            except (urllib.error.URLError, ConnectionError):
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("oxigraph server did not start: " + process.stderr.read().decode(errors="replace"))
                time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _copies(out: Path, copies: int):
    spec = importlib.util.spec_from_file_location("big_store", ROOT / "benchmarks" / "big_store.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    base = make_two_doc_kg()
    module.make_store(out, quotes=copies * len(base.quotes), base=base, share=2)
    return query.as_store(out)


@pytest.fixture(scope="module")
def stores(tmp_path_factory):
    """A store of four renamed copies (8 documents) and a smaller one of two copies."""
    return _copies(tmp_path_factory.mktemp("four"), 4), _copies(tmp_path_factory.mktemp("two"), 2)


def _count(url: str) -> int:
    return int(next(SparqlClient(url).select(_COUNT))["n"].value)


def _names(store) -> list[str]:
    return sorted(e.id for e in store.entities.values())


def test_push_then_every_question_answers_as_the_local_store(server, stores):
    local = stores[0]
    result = push(local.path, server)
    assert (result.documents, result.removed) == (8, ())
    remote = open_endpoint(server)
    assert remote.entities == local.entities and remote.names == local.names
    assert query.competitors(remote, "Qdrant") == query.competitors(local, "Qdrant") != []
    for entity in _names(local):
        for name, options in QUESTIONS:
            assert getattr(query, name)(remote, entity, **options) == getattr(query, name)(local, entity, **options)
    assert query.claims(remote, None) == query.claims(local, None)
    assert query.quote_documents(remote, ["q:000000000001-c0"]) == query.quote_documents(local, ["q:000000000001-c0"])


def test_repush_replaces_and_drops_what_the_build_no_longer_has(server, stores):
    four, two = stores
    push(four.path, server)
    quads = _count(server)
    push(four.path, server)
    assert _count(server) == quads, "a second push of the same build duplicates nothing"
    result = push(two.path, server)
    assert len(result.removed) == 4
    assert query.competitors(open_endpoint(server), "Qdrant") == query.competitors(two, "Qdrant")
    assert _count(server) < quads


def _kg(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kg", *args], capture_output=True, text=True, timeout=120,
                          cwd=ROOT, check=False)


def test_cli_push_and_query_through_the_endpoint(server, tmp_path):
    store = build_store(make_two_doc_kg(), tmp_path)
    done = _kg("push", "--endpoint", f"{server}/store", "--store", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert "pushed 2 document graphs" in done.stderr
    for command in (["competitors", "Qdrant"], ["threats", "Qdrant"], ["claims", AWKWARD]):
        remote = _kg("query", *command, "--endpoint", f"{server}/query", "--format", "json")
        local = _kg("query", *command, "--store", str(tmp_path), "--format", "json")
        assert remote.returncode == local.returncode == 0, remote.stderr + local.stderr
        assert json.loads(remote.stdout) == json.loads(local.stdout) != []
    asked = _kg("sparql", "ASK { GRAPH ?g { ?a kg:competesWith ?b } }", "--endpoint", server)
    assert asked.returncode == 0 and "true" in asked.stdout, asked.stderr
    unknown = _kg("query", "competitors", "Qdrnat", "--endpoint", server)
    assert unknown.returncode == 3 and "Qdrant" in unknown.stderr
    assert store.entities


def test_an_endpoint_that_is_not_there_is_a_clear_error():
    url = f"http://127.0.0.1:{_free_port()}"
    with pytest.raises(StoreError, match="cannot reach the SPARQL endpoint"):
        open_endpoint(url)


def test_urls_of_a_server_root_and_of_given_endpoints():
    assert endpoint_urls("http://h:7878") == ("http://h:7878/query", "http://h:7878/store")
    assert endpoint_urls("http://h:7878/") == ("http://h:7878/query", "http://h:7878/store")
    assert endpoint_urls("http://h:7878/store") == ("http://h:7878/query", "http://h:7878/store")
    assert endpoint_urls("http://h:3030/kg/data") == ("http://h:3030/kg/sparql", "http://h:3030/kg/data")
    graphdb = "http://h:7200/repositories/kg/rdf-graphs/service"
    assert endpoint_urls(graphdb) == ("http://h:7200/repositories/kg", graphdb)
    fuseki = "http://h:3030/kg/sparql"
    assert endpoint_urls(fuseki) == (fuseki, fuseki)
