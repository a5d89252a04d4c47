"""The relation and claim types of the graph, read once from ``ontology/facts.json`` and checked on load."""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from kg.errors import OntologyError
from kg.paths import ONTOLOGY_ENV, ontology_dir

__all__ = ["ENTITY_TYPES", "FACTS_FILE", "ClaimSpec", "FactTypes", "RelationSpec", "fact_types", "load_fact_types"]

FACTS_FILE = "facts.json"
ENTITY_TYPES: tuple[str, ...] = ("Product", "Organization", "Technology", "License", "Benchmark", "Platform")
_NAME = re.compile(r"[a-z][a-z0-9_]*")
_TERM = re.compile(r"kg:([A-Za-z_][A-Za-z0-9_]*)")
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_OWNERS = ("subject", "clause")
# whom a clause may give a claim to, unless its spec says (``owner_types``): a loose claim a product, a crisp one a maker
_DEFAULT_OWNERS = {False: frozenset({"Product"}), True: frozenset({"Product", "Organization"})}
# … and, when the owner is the subject of the claim's verb ("ROCm is competitive for general compute"), also these
_DEFAULT_ACTING = frozenset({"Technology"})


@dataclass(frozen=True)
class RelationSpec:
    """One relation type: its RDF predicate, direction, endpoint types and how viewers and readers treat it.

    ``iri`` is the local name of a ``kg:`` term (``competesWith``). ``maker_may_relate`` False means a thing
    is never related this way to its own maker or to the product it is part of. ``scored`` types are
    written to evaluation records and learned by the scorer; ``headline`` ones make up relation F1.
    ``horizon`` types carry a stated horizon ("within 12 months"). ``inverse`` names the relation read
    from its target's side in queries ("threatened_by"). ``alike``: endpoint types that relate this way only to
    their own kind (a platform competes with a platform: Fedora with Ubuntu, not Android with Python).
    """

    name: str
    iri: str
    label: str
    symmetric: bool
    source: frozenset[str]
    target: frozenset[str]
    maker_may_relate: bool
    scored: bool
    headline: bool
    horizon: bool
    facet: tuple[str, float] | None
    colour: str
    inverse: str | None
    alike: frozenset[str] = frozenset()


@dataclass(frozen=True)
class ClaimSpec:
    """One claim type: its RDF class, which claim wins on shared words, and whom the claim is about.

    ``crisp`` claims (measured or stated outright) win over loose ones on the same words; among crisp
    claims the lower ``precedence`` wins, loose ones are ranked by confidence and then ``precedence``.
    ``owner`` is ``subject`` (the quote's subject) or ``clause`` (another product that opens the claim's own
    clause owns it: "…, while Helicone charges $20/month"; or the one "it" stands for: "Chroma isn't a rival;
    it's a lovely notebook companion"). ``owner_types`` (optional): the entity types such an owner may have; by
    default a loose claim's owner must be a product, a crisp one's may be a maker. ``acting_owner_types`` (optional,
    default a technology): the types it may also have when it is the subject of the claim's verb.
    ``absorbs``: a loose assertion on the same words adds nothing to this crisp claim and is left out ("$20/month"
    states the price); a requirement does not absorb the drawback or strength the same words state.
    ``distinct_values`` (optional, false): two of its claims with different values are two claims even on the same
    words ("moved from MPL to BSL", "$27M ARR despite 13% churn"), not one read twice.
    """

    name: str
    cls: str
    crisp: bool
    precedence: int
    owner: str
    facet: tuple[str, float] | None
    absorbs: bool
    distinct_values: bool = False
    owner_types: frozenset[str] = frozenset({"Product"})
    acting_owner_types: frozenset[str] = frozenset({"Technology"})


@dataclass(frozen=True)
class FactTypes:
    """Every relation and claim type, in file order, with the views readers need."""

    path: Path
    relations: dict[str, RelationSpec]
    claims: dict[str, ClaimSpec]

    @property
    def relation_types(self) -> tuple[str, ...]:
        return tuple(self.relations)

    @property
    def claim_types(self) -> tuple[str, ...]:
        return tuple(self.claims)

    @property
    def symmetric(self) -> frozenset[str]:
        return frozenset(n for n, r in self.relations.items() if r.symmetric)

    @property
    def scored(self) -> tuple[str, ...]:
        return tuple(n for n, r in self.relations.items() if r.scored)

    @property
    def headline(self) -> tuple[str, ...]:
        return tuple(n for n, r in self.relations.items() if r.headline)

    @property
    def allowed_types(self) -> dict[str, tuple[set[str], set[str]]]:
        """Relation type → (allowed source entity types, allowed target entity types)."""
        return {n: (set(r.source), set(r.target)) for n, r in self.relations.items()}

    @property
    def scorer_labels(self) -> tuple[str, ...]:
        """The scorer's labels: ``none``, then each scored type; a directed one twice, ``x>`` (the earlier
        name is the source) and ``x<`` (the later one is)."""
        out = ["none"]
        for name in self.scored:
            out += [name] if self.relations[name].symmetric else [f"{name}>", f"{name}<"]
        return tuple(out)

    @property
    def crisp_claims(self) -> tuple[str, ...]:
        return tuple(c.name for c in sorted(self.claims.values(), key=lambda c: c.precedence) if c.crisp)

    @property
    def loose_claims(self) -> tuple[str, ...]:
        return tuple(c.name for c in sorted(self.claims.values(), key=lambda c: c.precedence) if not c.crisp)

    @property
    def facets(self) -> dict[str, tuple[str, float]]:
        """Fact type (relation or claim) → the perspective it votes for and the weight of its vote."""
        return {n: s.facet for n, s in (*self.relations.items(), *self.claims.items()) if s.facet}


def load_fact_types(path: str | Path | None = None) -> FactTypes:
    """The fact types of ``path`` (default: ``facts.json`` of the ontology folder), read once per path.

    Raises:
        OntologyError: naming the file and the key, if the file is missing, not JSON or malformed.
    """
    return _load(Path(path) if path else ontology_dir() / FACTS_FILE)


def fact_types() -> FactTypes:
    """The fact types in use (``KG_ONTOLOGY`` or the shipped ``ontology/``); cheap enough to call per fact."""
    return _in_use(os.environ.get(ONTOLOGY_ENV))


@lru_cache(maxsize=8)
def _in_use(folder: str | None) -> FactTypes:
    return load_fact_types()


@lru_cache(maxsize=8)
def _load(path: Path) -> FactTypes:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise OntologyError(f"{path}: cannot read the fact types: {err}") from err
    except json.JSONDecodeError as err:
        raise OntologyError(f"{path}:{err.lineno}: not valid JSON: {err.msg}") from err
    check = _Checker(path)
    check.object(raw, "", {"relations", "claims"})
    relations = {name: _relation(check, name, entry) for name, entry in check.table(raw["relations"], "relations")}
    claims = {name: _claim(check, name, entry) for name, entry in check.table(raw["claims"], "claims")}
    for kind, specs, attr in (("relations", relations, "iri"), ("claims", claims, "cls")):
        seen: dict[str, str] = {}
        for name, spec in specs.items():
            term = getattr(spec, attr)
            if term in seen:
                check.fail(f"{kind}.{name}", f"kg:{term} is already the term of {seen[term]}")
            seen[term] = name
    ranks: dict[int, str] = {}
    for name, claim in claims.items():
        if claim.precedence in ranks:
            check.fail(f"claims.{name}.precedence", f"{claim.precedence} is already the precedence of "
                                                    f"{ranks[claim.precedence]}; give each claim type its own")
        ranks[claim.precedence] = name
    return FactTypes(path, relations, claims)


def _relation(check: _Checker, name: str, entry: Any) -> RelationSpec:
    key = f"relations.{name}"
    check.object(entry, key, {"iri", "label", "symmetric", "source", "target", "maker_may_relate", "scored",
                              "headline", "horizon", "facet", "colour", "inverse"}, frozenset({"alike"}))
    spec = RelationSpec(
        name=name, iri=check.term(entry["iri"], f"{key}.iri"), label=check.text(entry["label"], f"{key}.label"),
        symmetric=check.flag(entry["symmetric"], f"{key}.symmetric"),
        source=check.entity_types(entry["source"], f"{key}.source"),
        target=check.entity_types(entry["target"], f"{key}.target"),
        maker_may_relate=check.flag(entry["maker_may_relate"], f"{key}.maker_may_relate"),
        scored=check.flag(entry["scored"], f"{key}.scored"), headline=check.flag(entry["headline"], f"{key}.headline"),
        horizon=check.flag(entry["horizon"], f"{key}.horizon"), facet=check.facet(entry["facet"], f"{key}.facet"),
        colour=check.colour(entry["colour"], f"{key}.colour"),
        inverse=None if entry["inverse"] is None else check.name(entry["inverse"], f"{key}.inverse"),
        alike=check.entity_types(entry["alike"], f"{key}.alike") if "alike" in entry else frozenset())
    if spec.headline and not spec.scored:
        check.fail(f"{key}.headline", "a headline relation must also be scored (\"scored\": true)")
    if spec.symmetric and spec.inverse:
        check.fail(f"{key}.inverse", "a symmetric relation reads the same both ways; use null")
    return spec


def _claim(check: _Checker, name: str, entry: Any) -> ClaimSpec:
    key = f"claims.{name}"
    check.object(entry, key, {"class", "crisp", "precedence", "owner", "facet", "absorbs"},
                 frozenset({"distinct_values", "owner_types", "acting_owner_types"}))
    precedence = entry["precedence"]
    if isinstance(precedence, bool) or not isinstance(precedence, int) or precedence < 1:
        check.fail(f"{key}.precedence", f"expected a whole number from 1, got {precedence!r}")
    if entry["owner"] not in _OWNERS:
        check.fail(f"{key}.owner", f"expected one of {', '.join(_OWNERS)}, got {entry['owner']!r}")
    if entry["absorbs"] is True and entry["crisp"] is not True:
        check.fail(f"{key}.absorbs", "only a crisp claim absorbs the assertions on its words")
    return ClaimSpec(name=name, cls=check.term(entry["class"], f"{key}.class"),
                     crisp=check.flag(entry["crisp"], f"{key}.crisp"), precedence=precedence, owner=entry["owner"],
                     facet=check.facet(entry["facet"], f"{key}.facet"),
                     absorbs=check.flag(entry["absorbs"], f"{key}.absorbs"),
                     distinct_values=check.flag(entry.get("distinct_values", False), f"{key}.distinct_values"),
                     owner_types=check.entity_types(entry["owner_types"], f"{key}.owner_types")
                     if "owner_types" in entry else _DEFAULT_OWNERS[entry["crisp"] is True],
                     acting_owner_types=check.entity_types(entry["acting_owner_types"], f"{key}.acting_owner_types")
                     if "acting_owner_types" in entry else _DEFAULT_ACTING)


class _Checker:
    """Checks values of one spec file; every failure names the file and the dotted key."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, key: str, problem: str) -> None:
        raise OntologyError(f"{self.path}: {key or 'top level'}: {problem}")

    def object(self, value: Any, key: str, required: set[str], optional: frozenset[str] = frozenset()) -> None:
        if not isinstance(value, dict):
            self.fail(key, f"expected an object, got {type(value).__name__}")
        where = f"{key}." if key else ""
        missing = sorted(required - set(value))
        if missing:
            self.fail(f"{where}{missing[0]}", "missing" + (f" (also missing: {', '.join(missing[1:])})"
                                                           if len(missing) > 1 else ""))
        unknown = sorted(k for k in value if k not in required | optional and not k.startswith("_"))
        if unknown:
            self.fail(f"{where}{unknown[0]}", f"unknown key; expected {', '.join(sorted(required | optional))} "
                                              "(keys starting with _ are comments)")

    def table(self, value: Any, key: str) -> list[tuple[str, Any]]:
        if not isinstance(value, dict) or not value:
            self.fail(key, "expected a non-empty object of type name → entry")
        for name in value:
            if not name.startswith("_"):
                self.name(name, f"{key}.{name}")
        return [(n, v) for n, v in value.items() if not n.startswith("_")]

    def name(self, value: Any, key: str) -> str:
        if not isinstance(value, str) or not _NAME.fullmatch(value):
            self.fail(key, f"expected a snake_case name (a-z, 0-9, _), got {value!r}")
        return value

    def term(self, value: Any, key: str) -> str:
        m = _TERM.fullmatch(value) if isinstance(value, str) else None
        if m is None:
            self.fail(key, f"expected a kg: term such as \"kg:competesWith\", got {value!r}")
        return m.group(1)  # type: ignore[union-attr]

    def text(self, value: Any, key: str) -> str:
        if not isinstance(value, str) or not value.strip():
            self.fail(key, f"expected non-empty text, got {value!r}")
        return value

    def flag(self, value: Any, key: str) -> bool:
        if not isinstance(value, bool):
            self.fail(key, f"expected true or false, got {value!r}")
        return value

    def colour(self, value: Any, key: str) -> str:
        if not isinstance(value, str) or not _COLOUR.fullmatch(value):
            self.fail(key, f"expected a colour such as \"#d9534f\", got {value!r}")
        return value.lower()

    def entity_types(self, value: Any, key: str) -> frozenset[str]:
        if not isinstance(value, list) or not value:
            self.fail(key, f"expected a non-empty list of entity types ({', '.join(ENTITY_TYPES)})")
        unknown = [t for t in value if t not in ENTITY_TYPES]
        if unknown:
            self.fail(key, f"unknown entity type {unknown[0]!r}; expected some of {', '.join(ENTITY_TYPES)}")
        return frozenset(value)

    def facet(self, value: Any, key: str) -> tuple[str, float] | None:
        if value is None:
            return None
        self.object(value, key, {"perspective", "weight"})
        self.name(value["perspective"], f"{key}.perspective")
        weight = value["weight"]
        if isinstance(weight, bool) or not isinstance(weight, int | float) or weight <= 0:
            self.fail(f"{key}.weight", f"expected a positive number, got {weight!r}")
        return value["perspective"], weight
