"""Free SPARQL: SERVICE refused offline, queries bounded in time and rows, rows streamed."""

from __future__ import annotations

import pytest
from rdf_fixtures import build_store, make_two_doc_kg

from kg import sparql as query
from kg.errors import StoreError


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    return build_store(make_two_doc_kg(), tmp_path_factory.mktemp("sparql"))


@pytest.mark.parametrize("text", [
    "SELECT * WHERE { SERVICE <http://127.0.0.1:9/sparql> { ?s ?p ?o } }",
    "select * { service silent <http://example.org/>{?s ?p ?o}}",
])
def test_service_is_refused_offline(store, text):
    with pytest.raises(StoreError, match="SERVICE.*--allow-service"):
        query.sparql(store, text)


def test_service_in_a_string_iri_or_variable_is_not_service(store):
    text = 'SELECT ?service WHERE { ?service <urn:SERVICE> "SERVICE" } LIMIT 1 # SERVICE'
    assert query.sparql(store, text)[0] == ["service"]


def test_an_allowed_service_that_never_answers_is_stopped_at_the_timeout(store):
    import socket
    import time

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)  # accepts the connection, never answers
    port = listener.getsockname()[1]
    started = time.monotonic()
    try:
        with pytest.raises(StoreError, match="longer than 1 s"):
            query.sparql(store, f"SELECT * WHERE {{ SERVICE <http://127.0.0.1:{port}/sparql> {{ ?s ?p ?o }} }}",
                         allow_service=True, timeout=1)
    finally:
        listener.close()
    assert time.monotonic() - started < 5


def test_results_are_bounded_and_streamed(store):
    text = "SELECT ?s ?p ?o WHERE { ?s ?p ?o }"
    with pytest.raises(StoreError, match="more than 10 rows.*LIMIT"):
        query.sparql(store, text, max_rows=10)
    columns, rows = query.sparql_stream(store, text, max_rows=10)
    assert columns == ["s", "p", "o"]
    first = [next(rows) for _ in range(10)]  # read one by one; the rest is never materialised
    assert len(first) == 10
    rows.close()
