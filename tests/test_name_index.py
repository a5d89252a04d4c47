"""The name index in SQLite: the mappings a store's questions read equal the dicts they were made from."""

from __future__ import annotations

import sqlite3

import pytest

from kg.name_index import FILE, open_names, write_names
from kg.store import StoredEntity, name_forms

# hand-built: a product with a release and a feature, a maker, an alias shared with another entity's name
_ENTITIES = {
    "ent:acme": {"iri": "https://example.org/kg/ent/acme", "name": "Acme", "type": "Organization", "aliases": [],
                 "part_of": None},
    "ent:zeta": {"iri": "https://example.org/kg/ent/zeta", "name": "Zeta", "type": "Product",
                 "aliases": ["ZetaDB", "Acme"], "part_of": None},
    "ent:zeta-2": {"iri": "https://example.org/kg/ent/zeta-2", "name": "Zeta 2", "type": "Release",
                   "aliases": [], "part_of": "ent:zeta"},
    "ent:zeta-search": {"iri": "https://example.org/kg/ent/zeta-search", "name": "Zeta Search", "type": "Feature",
                        "aliases": ["Search"], "part_of": "ent:zeta"},
}


class _E:
    def __init__(self, eid: str, e: dict) -> None:
        self.id, self.name, self.aliases = eid, e["name"], tuple(e["aliases"])


def _names() -> dict[str, list[str]]:
    return name_forms(_E(eid, e) for eid, e in _ENTITIES.items())


@pytest.fixture
def opened(tmp_path):
    path = write_names(tmp_path, _ENTITIES, _names())
    assert path == tmp_path / FILE and not list(tmp_path.glob(".*"))
    found = open_names(path)
    assert found is not None
    return found


def test_the_mappings_equal_the_dicts_they_were_written_from(opened):
    entities, names, parts = opened
    expected = {eid: StoredEntity(id=eid, iri=e["iri"], name=e["name"], type=e["type"], aliases=tuple(e["aliases"]),
                                  part_of=e["part_of"]) for eid, e in sorted(_ENTITIES.items())}
    assert dict(entities) == expected and list(entities) == sorted(_ENTITIES) and len(entities) == 4
    assert list(entities.values()) == list(expected.values()) and dict(entities.items()) == expected
    assert entities["ent:zeta"].aliases == ("ZetaDB", "Acme")
    assert "ent:zeta" in entities and "ent:nothing" not in entities and 3 not in entities
    assert entities.get("ent:nothing") is None
    with pytest.raises(KeyError):
        entities["ent:nothing"]
    assert dict(names) == {form: tuple(ids) for form, ids in _names().items()} and list(names) == sorted(_names())
    assert names["acme"] == ("ent:acme", "ent:zeta")  # the canonical name first, then the other's alias
    assert "search" in names and "zeta 3" not in names and len(names) == len(_names())
    assert dict(parts) == {"ent:zeta": ("ent:zeta-2", "ent:zeta-search")} and len(parts) == 1
    assert parts.get("ent:acme", ()) == () and "ent:acme" not in parts and "ent:zeta" in parts


def test_the_file_depends_only_on_the_index(tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir(), two.mkdir()
    write_names(one, _ENTITIES, _names())
    write_names(two, dict(reversed(_ENTITIES.items())), dict(reversed(_names().items())))
    assert (one / FILE).read_bytes() == (two / FILE).read_bytes()


def test_a_file_of_another_format_is_not_opened(tmp_path):
    path = write_names(tmp_path, _ENTITIES, _names())
    with sqlite3.connect(path) as db:
        db.execute("UPDATE meta SET value = '99' WHERE key = 'format'")
    db.close()
    assert open_names(path) is None
    with pytest.raises(sqlite3.Error):
        open_names(tmp_path / "missing.sqlite")
