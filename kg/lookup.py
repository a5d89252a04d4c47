"""The two look-ups every question is built from: what subjects say (objects), and who says it (subjects).

A question starts from the entity's ids and follows the graph from there, so its cost grows with the facts
about that entity, not with the store. Both look-ups read every graph (the default graph and each document's
named graph) and give each object once.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from pyoxigraph import BlankNode, NamedNode, Store
from pyoxigraph import Literal as RdfLiteral

__all__ = ["LocalLookup", "Lookup", "Objects", "Term"]

Term = NamedNode | BlankNode | RdfLiteral
# subject → predicate → objects (each once, in the store's order)
Objects = dict[Term, dict[NamedNode, list[Term]]]
_WHOLE_SUBJECT = 3  # from this many predicates on, one scan of the subject beats one look-up per predicate


class Lookup(Protocol):
    """Where the questions read the graph: the embedded store, or a SPARQL endpoint."""

    def objects(self, subjects: Iterable[Term], predicates: Iterable[NamedNode]) -> Objects:
        """The objects of ``predicates`` for each of ``subjects`` (subjects without any are left out)."""
        ...

    def subjects(self, predicate: NamedNode, objects: Iterable[Term]) -> dict[Term, list[Term]]:
        """The subjects that have ``predicate`` with each of ``objects``."""
        ...

    def having(self, subjects: Iterable[Term], predicate: NamedNode, obj: Term) -> set[Term]:
        """Those of ``subjects`` that have ``predicate`` ``obj`` (e.g. ``rdf:type kg:Claim``)."""
        ...


def _add(found: dict, key: Term, value: Term) -> None:
    values = found.setdefault(key, [])
    if value not in values:  # the same statement in several documents' graphs
        values.append(value)


class LocalLookup:
    """The look-ups on the embedded pyoxigraph store: index scans, no query planning."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def objects(self, subjects: Iterable[Term], predicates: Iterable[NamedNode]) -> Objects:
        wanted = list(dict.fromkeys(predicates))
        wanted_set = set(wanted)
        scan = self._store.quads_for_pattern
        out: Objects = {}
        for subject in dict.fromkeys(subjects):
            if isinstance(subject, RdfLiteral):
                continue
            found: dict[NamedNode, list[Term]] = {}
            if len(wanted) >= _WHOLE_SUBJECT:
                for quad in scan(subject, None, None, None):
                    predicate = quad.predicate
                    if predicate in wanted_set:
                        _add(found, predicate, quad.object)
            else:
                for predicate in wanted:
                    for quad in scan(subject, predicate, None, None):
                        _add(found, predicate, quad.object)
            if found:
                out[subject] = found
        return out

    def subjects(self, predicate: NamedNode, objects: Iterable[Term]) -> dict[Term, list[Term]]:
        out: dict[Term, list[Term]] = {}
        for obj in dict.fromkeys(objects):
            for quad in self._store.quads_for_pattern(None, predicate, obj, None):
                _add(out, obj, quad.subject)
        return out

    def having(self, subjects: Iterable[Term], predicate: NamedNode, obj: Term) -> set[Term]:
        scan = self._store.quads_for_pattern
        return {s for s in dict.fromkeys(subjects)
                if not isinstance(s, RdfLiteral) and next(iter(scan(s, predicate, obj, None)), None) is not None}
