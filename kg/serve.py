"""``kg serve``: a read-only SPARQL 1.1 endpoint over a built store, on 127.0.0.1, with the standard library's HTTP
server: GET and POST queries, the W3C result formats by content negotiation, updates refused."""

from __future__ import annotations

import threading
import urllib.parse
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from pyoxigraph import QueryBoolean, QueryResultsFormat, QuerySolutions, RdfFormat

from kg.errors import StoreError
from kg.rdf import NAMESPACES
from kg.sparql import SPARQL_TIMEOUT, uses_service
from kg.store import KgStore, open_store

__all__ = ["SparqlServer", "make_server"]

# media type → format, in the order a client that accepts anything gets them
_RESULT_TYPES = {
    "application/sparql-results+json": QueryResultsFormat.JSON, "application/json": QueryResultsFormat.JSON,
    "application/sparql-results+xml": QueryResultsFormat.XML, "application/xml": QueryResultsFormat.XML,
    "text/csv": QueryResultsFormat.CSV, "text/tab-separated-values": QueryResultsFormat.TSV,
}
_GRAPH_TYPES = {
    "text/turtle": RdfFormat.TURTLE, "application/n-triples": RdfFormat.N_TRIPLES,
    "application/rdf+xml": RdfFormat.RDF_XML, "application/n-quads": RdfFormat.N_QUADS,
    "application/trig": RdfFormat.TRIG,
    # N3 readers (SPARQLWrapper's N3, rdflib) read Turtle, which is N3
    "text/n3": RdfFormat.TURTLE, "application/n3": RdfFormat.TURTLE, "text/rdf+n3": RdfFormat.TURTLE,
    "application/rdf+n3": RdfFormat.TURTLE,
}
_SHORT = {"json": "application/sparql-results+json", "xml": "application/sparql-results+xml", "csv": "text/csv",
          "tsv": "text/tab-separated-values", "ttl": "text/turtle", "turtle": "text/turtle",
          "nt": "application/n-triples", "ntriples": "application/n-triples", "n3": "text/turtle",
          "rdf": "application/rdf+xml"}
_UPDATE_REFUSED = "this endpoint is read-only: kg serve answers queries; rebuild the store to change it"


def _choose(accept: str, offered: dict[str, object]) -> str | None:
    """The offered media type the Accept header prefers (q-values honoured; */* gives the first offered)."""
    ranked = []
    for index, part in enumerate(accept.split(",") if accept.strip() else ["*/*"]):
        media, *params = (p.strip() for p in part.split(";"))
        q = 1.0
        for param in params:
            if param.startswith("q="):
                try:
                    q = float(param[2:])
                except ValueError:
                    q = 0.0
        ranked.append((-q, index, media.lower()))
    for neg_q, _, media in sorted(ranked):
        if neg_q >= 0:
            break
        if media in offered:
            return media
        if media in ("*/*", "application/*", "text/*"):
            prefix = media.split("/")[0]
            for candidate in offered:
                if media == "*/*" or candidate.startswith(prefix + "/"):
                    return candidate
    return None


class _Handler(BaseHTTPRequestHandler):
    server: SparqlServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:
        if self.server.log is not None:
            self.server.log(format % args)

    def _reply(self, status: int, body: bytes, content_type: str = "text/plain; charset=utf-8",
               extra: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Access-Control-Allow-Origin", "*")
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _error(self, status: int, message: str, extra: dict[str, str] | None = None) -> None:
        self._reply(status, (message + "\n").encode("utf-8"), extra=extra)

    def do_OPTIONS(self) -> None:
        self._reply(HTTPStatus.NO_CONTENT, b"", extra={
            "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
            "Access-Control-Allow-Headers": "Content-Type, Accept"})

    def do_GET(self) -> None:
        url = urllib.parse.urlsplit(self.path)
        params = urllib.parse.parse_qs(url.query, keep_blank_values=True)
        if url.path not in ("/query", "/sparql"):
            if url.path == "/" and "query" not in params:
                self._error(HTTPStatus.OK, "kg serve: a read-only SPARQL 1.1 endpoint; send queries to /query")
                return
            if url.path != "/":
                self._error(HTTPStatus.NOT_FOUND, "not found: queries go to /query")
                return
        if "update" in params:
            self._error(HTTPStatus.FORBIDDEN, _UPDATE_REFUSED)
            return
        self._answer(params)

    def do_POST(self) -> None:
        url = urllib.parse.urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        kind = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        params = urllib.parse.parse_qs(url.query, keep_blank_values=True)
        if kind == "application/sparql-update" or url.path == "/update":
            self._error(HTTPStatus.FORBIDDEN, _UPDATE_REFUSED)
            return
        if url.path not in ("/", "/query", "/sparql"):
            self._error(HTTPStatus.METHOD_NOT_ALLOWED, _UPDATE_REFUSED, {"Allow": "GET, OPTIONS"})
            return
        if kind == "application/sparql-query":
            params["query"] = [body.decode("utf-8", errors="replace")]
        elif kind == "application/x-www-form-urlencoded":
            params.update(urllib.parse.parse_qs(body.decode("utf-8", errors="replace"), keep_blank_values=True))
        else:
            self._error(HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
                        "send the query as application/sparql-query or application/x-www-form-urlencoded")
            return
        if "update" in params:
            self._error(HTTPStatus.FORBIDDEN, _UPDATE_REFUSED)
            return
        self._answer(params)

    def _refuse_writes(self) -> None:
        self._error(HTTPStatus.METHOD_NOT_ALLOWED, _UPDATE_REFUSED, {"Allow": "GET, POST, OPTIONS"})

    do_PUT = do_DELETE = do_PATCH = _refuse_writes

    def _answer(self, params: dict[str, list[str]]) -> None:
        queries = params.get("query") or []
        if len(queries) != 1:
            self._error(HTTPStatus.BAD_REQUEST, "give exactly one query (the query parameter)")
            return
        if params.get("default-graph-uri") or params.get("named-graph-uri"):
            self._error(HTTPStatus.BAD_REQUEST, "kg serve queries every graph; leave out default-graph-uri")
            return
        # a format parameter (json, xml, csv, n3, … as some clients send) comes first, then the Accept header
        wanted = _SHORT.get((params.get("format") or params.get("output") or [""])[0].lower())
        accept = (f"{wanted}, " if wanted else "") + (self.headers.get("Accept") or "*/*")
        try:
            status, body, content_type = self.server.evaluate(queries[0], accept)
        except StoreError as err:
            self._error(HTTPStatus.BAD_REQUEST, str(err))
            return
        self._reply(status, body, content_type)


class SparqlServer(ThreadingHTTPServer):
    """The HTTP server: one read-only store, every query bounded in time."""

    daemon_threads = True

    def __init__(self, store: KgStore, port: int = 0, *, host: str = "127.0.0.1", timeout: float = SPARQL_TIMEOUT,
                 allow_service: bool = False, log=None) -> None:
        super().__init__((host, port), _Handler)
        self.store, self.query_timeout, self.allow_service, self.log = store, timeout, allow_service, log

    @property
    def url(self) -> str:
        """The query URL, e.g. ``http://127.0.0.1:7878/query``."""
        host, port = self.server_address[:2]
        return f"http://{host}:{port}/query"

    def evaluate(self, text: str, accept: str) -> tuple[int, bytes, str]:
        """Run a query: (HTTP status, body, content type). The work runs in a thread abandoned at the timeout.

        Raises:
            StoreError: if the query is not valid SPARQL, uses SERVICE or updates.
        """
        if not self.allow_service and uses_service(text):
            raise StoreError("the query uses SERVICE; kg serve works offline (start it with --allow-service)")
        done: dict[str, object] = {}

        def run() -> None:
            try:
                done["result"] = self._serialize(text, accept)
            except (SyntaxError, ValueError, OSError, RuntimeError) as err:
                done["error"] = err.with_traceback(None)  # the query's result must be dropped in this thread

        worker = threading.Thread(target=run, daemon=True)
        worker.start()
        worker.join(self.query_timeout)
        if worker.is_alive():
            return (HTTPStatus.SERVICE_UNAVAILABLE,
                    f"the query ran longer than {self.query_timeout:g} s and was stopped\n".encode(), "text/plain")
        if "error" in done:
            err = done["error"]
            if isinstance(err, _NotAcceptable):
                return HTTPStatus.NOT_ACCEPTABLE, f"{err}\n".encode(), "text/plain; charset=utf-8"
            raise StoreError(f"SPARQL query failed: {err}")
        return done["result"]  # type: ignore[return-value]

    def _serialize(self, text: str, accept: str) -> tuple[int, bytes, str]:
        result = self.store.oxigraph.query(text, prefixes=NAMESPACES, use_default_graph_as_union=True)
        offered = _RESULT_TYPES if isinstance(result, QuerySolutions | QueryBoolean) else _GRAPH_TYPES
        media = _choose(accept, offered)
        if media is None:
            raise _NotAcceptable(f"cannot answer as {accept}; this result can be sent as: {', '.join(offered)}")
        body = result.serialize(format=offered[media])
        charset = "; charset=utf-8" if media.startswith("text/") or media.endswith(("json", "xml")) else ""
        return HTTPStatus.OK, body, media + charset


class _NotAcceptable(ValueError):
    """No offered format matches the Accept header."""


def make_server(store: str | Path | KgStore, port: int = 7878, *, timeout: float = SPARQL_TIMEOUT,
                allow_service: bool = False, log=None) -> SparqlServer:
    """A read-only SPARQL endpoint over the store a build wrote into ``store``, bound to 127.0.0.1:``port``
    (0: a free port). ``serve_forever()`` runs it; ``url`` says where it listens.

    Raises:
        StoreError: if there is no store there.
        OSError: if the port is taken.
    """
    kg_store = store if isinstance(store, KgStore) else open_store(store)
    return SparqlServer(kg_store, port, timeout=timeout, allow_service=allow_service, log=log)

