"""``kg push``: the built graph into a SPARQL 1.1 store by the Graph Store Protocol, one named graph per document."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from pyoxigraph import DefaultGraph, NamedNode, RdfFormat, Store, Triple, serialize

from kg.endpoint import SparqlClient
from kg.rdf_terms import ID_BASE
from kg.store import open_store

__all__ = ["ONTOLOGY_GRAPH", "PushResult", "push"]

ONTOLOGY_GRAPH = NamedNode("https://w3id.org/kg/ontology")
_DOCUMENT_GRAPHS = f"""SELECT DISTINCT ?g WHERE {{
  GRAPH ?g {{ ?quote dcterms:isPartOf ?g }} FILTER (STRSTARTS(STR(?g), "{ID_BASE}doc/"))
}}"""


@dataclass(frozen=True)
class PushResult:
    """What ``push`` sent: the documents' graphs, the triples in all, and stale graphs it dropped."""

    endpoint: str
    documents: int
    triples: int
    removed: tuple[str, ...]

    def summary(self) -> str:
        """'pushed 6 document graphs, the default graph and the ontology (3,120 triples) to URL'."""
        dropped = f"; dropped {len(self.removed)} graphs of documents no longer in the build" if self.removed else ""
        return (f"pushed {self.documents} document graphs, the default graph and the ontology "
                f"({self.triples:,} triples) to {self.endpoint}{dropped}")


def _triples(store: Store, graph: NamedNode | DefaultGraph, counter: list[int]) -> Iterator[Triple]:
    for quad in store.quads_for_pattern(None, None, None, graph):
        counter[0] += 1
        yield Triple(quad.subject, quad.predicate, quad.object)


def push(store: str | Path, url: str, *, timeout: float = 300.0) -> PushResult:
    """Load the store a build wrote into the SPARQL store at ``url`` (its Graph Store Protocol endpoint, or an
    Oxigraph server's root).

    Each document's graph is PUT as the named graph of the document's IRI, which replaces what an earlier push
    put there; the entities and the run go into the default graph (also replaced), ``ontology/kg.ttl`` into
    ``<https://w3id.org/kg/ontology>``. Graphs of documents that an earlier push sent and this build no longer
    has are deleted, so the server holds exactly this build.

    Raises:
        StoreError: if the store cannot be opened or the server refuses a request.
    """
    from kg.catalog import ontology_dir

    kg_store = open_store(store)
    client = SparqlClient(url, timeout=timeout)
    database, counter = kg_store.oxigraph, [0]
    documents = sorted(database.named_graphs(), key=lambda g: g.value)
    client.put_graph(None, serialize(_triples(database, DefaultGraph(), counter), format=RdfFormat.N_TRIPLES))
    for graph in documents:
        client.put_graph(graph, serialize(_triples(database, graph, counter), format=RdfFormat.N_TRIPLES))
    client.put_graph(ONTOLOGY_GRAPH, (ontology_dir() / "kg.ttl").read_bytes(), "text/turtle")
    pushed = {g.value for g in documents}
    stale = sorted(row["g"].value for row in client.select(_DOCUMENT_GRAPHS) if row["g"].value not in pushed)
    for graph in stale:
        client.delete_graph(NamedNode(graph))
    return PushResult(endpoint=client.store_url, documents=len(documents), triples=counter[0], removed=tuple(stale))
