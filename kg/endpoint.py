"""A SPARQL 1.1 store over HTTP: the same questions over the SPARQL protocol, the graph loaded by the Graph Store
Protocol. Only the standard library speaks HTTP; pyoxigraph reads and writes the RDF and the result formats."""

from __future__ import annotations

import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from string import Template

from pyoxigraph import (
    BlankNode,
    NamedNode,
    QueryResultsFormat,
    RdfFormat,
    Variable,
    parse,
    parse_query_results,
)
from pyoxigraph import Literal as RdfLiteral

from kg.errors import StoreError
from kg.lookup import Objects, Term
from kg.rdf import NAMESPACES, id_from_iri
from kg.rdf_terms import ENTITY_CLASSES
from kg.store import KgStore, StoredEntity, name_forms

__all__ = ["EndpointStore", "RemoteLookup", "SparqlClient", "endpoint_urls", "is_endpoint", "open_endpoint"]

_RESULTS = "application/sparql-results+json"
_GRAPH = "application/n-triples"
_CHUNK = 200  # subjects per look-up request: VALUES blocks stay well under any server's request limit
# templates filled once per request by string.Template, which never re-reads what it inserts
_OBJECTS = Template("SELECT ?s ?p ?o WHERE { VALUES ?s { $subjects } VALUES ?p { $predicates } "
                    "{ ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } }")
_SUBJECTS = Template("SELECT ?s ?o WHERE { VALUES ?o { $objects } "
                     "{ ?s $predicate ?o } UNION { GRAPH ?g { ?s $predicate ?o } } }")
_HAVING = Template("SELECT DISTINCT ?s WHERE { VALUES ?s { $subjects } "
                   "{ ?s $predicate $obj } UNION { GRAPH ?g { ?s $predicate $obj } } }")
_ENTITIES = """SELECT ?e ?type ?label ?alias ?parent WHERE {{
  VALUES ?type {{ {types} }}
  ?e a ?type ; skos:prefLabel ?label .
  OPTIONAL {{ ?e skos:altLabel ?alias }}
  OPTIONAL {{ ?e kg:versionOf|kg:featureOf|kg:partOf ?parent }}
}}""".format(types=" ".join(str(c) for c in ENTITY_CLASSES.values()))
_PROLOGUE = "".join(f"PREFIX {prefix}: <{namespace}>\n" for prefix, namespace in NAMESPACES.items())


def is_endpoint(source: object) -> bool:
    """True for an ``http://`` or ``https://`` URL (a SPARQL endpoint rather than a folder)."""
    return isinstance(source, str) and source.startswith(("http://", "https://"))


# Graph Store Protocol path → the query path beside it: Oxigraph, Fuseki, Virtuoso, GraphDB
_GSP_TO_QUERY = (("/store", "/query"), ("/data", "/sparql"), ("/sparql-graph-crud", "/sparql"),
                 ("/rdf-graphs/service", ""))


def endpoint_urls(url: str) -> tuple[str, str]:
    """The query and Graph Store Protocol URLs of ``url``.

    A server root (``http://host:7878``) gets Oxigraph's ``/query`` and ``/store``. A Graph Store Protocol URL
    of Oxigraph (``/store``), Fuseki (``/DATASET/data``), Virtuoso (``/sparql-graph-crud``) or GraphDB
    (``/repositories/ID/rdf-graphs/service``) is paired with its query URL; any other URL serves as both.
    """
    parts = urllib.parse.urlsplit(url)
    if parts.path in ("", "/") and not parts.query:
        base = url.rstrip("/")
        return f"{base}/query", f"{base}/store"
    for store_path, query_path in _GSP_TO_QUERY:
        if parts.path.endswith(store_path):
            path = parts.path[:-len(store_path)] + query_path
            return urllib.parse.urlunsplit(parts._replace(path=path, query="")), url
    return url, url


def _term(term: object) -> str:
    """A term as SPARQL writes it (pyoxigraph's N-Triples form; IRIs and literals are validated and escaped)."""
    if isinstance(term, NamedNode | RdfLiteral):
        return str(term)
    raise StoreError(f"cannot send {term!r} to a SPARQL endpoint")


def _chunks(items: list, size: int = _CHUNK) -> Iterator[list]:
    for start in range(0, len(items), size):
        yield items[start:start + size]


class SparqlClient:
    """Sends queries (SPARQL 1.1 protocol) and graphs (Graph Store Protocol) to one server."""

    def __init__(self, url: str, timeout: float = 60.0, *, query_url: str | None = None) -> None:
        self.query_url, self.store_url = endpoint_urls(url)
        self.query_url = query_url or self.query_url
        self.timeout = timeout

    def _send(self, method: str, url: str, data: bytes | None, headers: dict[str, str]) -> tuple[str, bytes]:
        request = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return response.headers.get("Content-Type", ""), response.read()
        except urllib.error.HTTPError as err:
            detail = err.read().decode("utf-8", errors="replace").strip()[:500]
            raise StoreError(f"{method} {url} failed: HTTP {err.code} {err.reason}"
                             + (f": {detail}" if detail else "")) from err
        except (urllib.error.URLError, OSError) as err:
            reason = getattr(err, "reason", err)
            raise StoreError(f"cannot reach the SPARQL endpoint {url}: {reason}; is the server running?") from err

    def query(self, text: str, *, prefixes: dict[str, str] | None = None, use_default_graph_as_union: bool = True,
              substitutions: dict[Variable, NamedNode | RdfLiteral] | None = None):
        """Run a query remotely; answers as pyoxigraph's ``Store.query`` does (solutions, a boolean, triples).

        kg's prefixes are declared before the query; ``substitutions`` bind variables through a VALUES clause.
        (Whether the default graph is the union of all graphs is the server's setting.)
        """
        head = _PROLOGUE if prefixes else ""
        if substitutions:
            names = " ".join(str(v) for v in substitutions)
            text = f"{text}\nVALUES ({names}) {{ ({' '.join(_term(t) for t in substitutions.values())}) }}"
        body = urllib.parse.urlencode({"query": head + text}).encode("utf-8")
        kind, data = self._send("POST", self.query_url, body, {
            "Content-Type": "application/x-www-form-urlencoded",
            "Accept": f"{_RESULTS}, {_GRAPH};q=0.9, text/turtle;q=0.8"})
        kind = kind.split(";")[0].strip().lower()
        try:
            if kind in (_RESULTS, "application/json"):
                return parse_query_results(data, QueryResultsFormat.JSON)
            if kind == _GRAPH:
                return list(parse(data, RdfFormat.N_TRIPLES))
            if kind == "text/turtle":
                return list(parse(data, RdfFormat.TURTLE))
        except (SyntaxError, ValueError) as err:
            raise StoreError(f"the SPARQL endpoint {self.query_url} sent an answer kg cannot read: {err}") from err
        raise StoreError(f"the SPARQL endpoint {self.query_url} answered with {kind or 'no content type'}, "
                         "not SPARQL results")

    def put_graph(self, graph: NamedNode | None, data: bytes, content_type: str = _GRAPH) -> None:
        """Replace one graph (``None``: the default graph) with ``data``."""
        self._send("PUT", self._graph_url(graph), data, {"Content-Type": content_type})

    def delete_graph(self, graph: NamedNode) -> None:
        """Drop one named graph."""
        self._send("DELETE", self._graph_url(graph), None, {})

    def _graph_url(self, graph: NamedNode | None) -> str:
        query = "default" if graph is None else urllib.parse.urlencode({"graph": graph.value})
        return f"{self.store_url}{'&' if '?' in self.store_url else '?'}{query}"

    def select(self, text: str) -> Iterator[dict[str, object]]:
        """The solutions of a SELECT query (kg's prefixes declared) as variable → term."""
        result = self.query(text, prefixes=NAMESPACES)
        columns = [v.value for v in result.variables]
        for solution in result:
            yield {c: solution[c] for c in columns}


class RemoteLookup:
    """The look-ups of :mod:`kg.lookup` as SPARQL queries, batched by VALUES, over every graph of the server."""

    def __init__(self, client: SparqlClient) -> None:
        self._client = client

    def objects(self, subjects: Iterable[Term], predicates: Iterable[NamedNode]) -> Objects:
        wanted = " ".join(_term(p) for p in dict.fromkeys(predicates))
        out: Objects = {}
        for chunk in _chunks([s for s in dict.fromkeys(subjects) if isinstance(s, NamedNode)]):
            text = _OBJECTS.substitute(subjects=" ".join(_term(s) for s in chunk), predicates=wanted)
            for row in self._client.select(text):
                values = out.setdefault(row["s"], {}).setdefault(row["p"], [])
                if row["o"] not in values:
                    values.append(row["o"])
        return out

    def subjects(self, predicate: NamedNode, objects: Iterable[Term]) -> dict[Term, list[Term]]:
        out: dict[Term, list[Term]] = {}
        for chunk in _chunks([o for o in dict.fromkeys(objects) if not isinstance(o, BlankNode)]):
            text = _SUBJECTS.substitute(objects=" ".join(_term(o) for o in chunk), predicate=_term(predicate))
            for row in self._client.select(text):
                values = out.setdefault(row["o"], [])
                if row["s"] not in values:
                    values.append(row["s"])
        return out

    def having(self, subjects: Iterable[Term], predicate: NamedNode, obj: Term) -> set[Term]:
        found: set[Term] = set()
        for chunk in _chunks([s for s in dict.fromkeys(subjects) if isinstance(s, NamedNode)]):
            text = _HAVING.substitute(subjects=" ".join(_term(s) for s in chunk), predicate=_term(predicate),
                                  obj=_term(obj))
            found |= {row["s"] for row in self._client.select(text)}
        return found


@dataclass
class EndpointStore(KgStore):
    """A remote store asked like the embedded one: its name index is read from the entities' labels."""

    url: str = ""

    @cached_property
    def lookup(self) -> RemoteLookup:  # type: ignore[override]
        return RemoteLookup(self.oxigraph)


def open_endpoint(url: str, timeout: float = 60.0, *, index: bool = True) -> EndpointStore:
    """Connect to the SPARQL endpoint at ``url`` and read its entities (names, aliases, types, parts), which the
    questions resolve names with (``index=False``: not needed for free SPARQL).

    Raises:
        StoreError: if the server cannot be reached or answers with an error.
    """
    client = SparqlClient(url, timeout=timeout)
    found: dict[str, dict] = {}
    for row in client.select(_ENTITIES) if index else ():
        entity_id = id_from_iri(row["e"])
        e = found.setdefault(entity_id, {"iri": row["e"].value, "name": row["label"].value,
                                         "type": row["type"].value.rpartition("#")[2],
                                         "aliases": [], "part_of": None})
        if row["alias"] is not None and row["alias"].value not in e["aliases"]:
            e["aliases"].append(row["alias"].value)
        if row["parent"] is not None:
            e["part_of"] = id_from_iri(row["parent"])
    entities = {eid: StoredEntity(id=eid, iri=e["iri"], name=e["name"], type=e["type"],
                                  aliases=tuple(sorted(e["aliases"])), part_of=e["part_of"])
                for eid, e in sorted(found.items())}
    names = {form: tuple(ids) for form, ids in name_forms(entities.values()).items()}
    return EndpointStore(path=Path(client.query_url), oxigraph=client, entities=entities, names=names,
                         info={"endpoint": client.query_url}, url=client.query_url)
