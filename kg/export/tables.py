"""CSV tables and Cypher load scripts for property-graph stores (Neo4j ``LOAD CSV``, Kùzu ``COPY``)."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import networkx as nx

from kg.atomic import open_atomic, write_text, write_text_pieces
from kg.cells import csv_cell
from kg.errors import ExportError
from kg.graph import attribute_types, flatten, node_labels, upper_snake
from kg.models import KnowledgeGraph
from kg.registry import register_exporter
from kg.shared import views

__all__ = ["Tables", "build_tables", "kuzu_script", "load_kuzu", "neo4j_script", "write_tables"]

_NOT_IDENT = re.compile(r"[^A-Za-z0-9_]")
_NEO4J_CAST = {"boolean": "toBoolean", "long": "toInteger", "double": "toFloat"}
_KUZU_TYPE = {"boolean": "BOOLEAN", "long": "INT64", "double": "DOUBLE", "string": "STRING"}
_KUZU_FILES = re.compile(r"'(nodes|edges)\.csv'")


class Tables:
    """Column types, columns in use and relationship patterns of ``nodes.csv`` and ``edges.csv``; the rows
    themselves are made from the graph as they are written (:meth:`csv_lines`), so no table is held whole."""

    def __init__(self, graph: nx.MultiDiGraph) -> None:
        self._graph = graph
        self._node_ids = sorted(graph.nodes, key=str)
        self._edge_ids = sorted(graph.edges(keys=True), key=lambda e: e[2])
        self.node_types = {"id": "string", "labels": "string",
                           **attribute_types(self._node_data(n) for n in self._node_ids)}
        self.edge_types = {"id": "string", "source": "string", "target": "string", "rel_type": "string",
                           **attribute_types(self._edge_data(e) for e in self._edge_ids)}
        self.node_columns = _order(self.node_types, ("id", "labels", "kind", "label"))
        self.edge_columns = _order(self.edge_types, ("id", "source", "target", "rel_type", "kind", "label"))
        self.node_label = {n: ":".join(node_labels(graph.nodes[n])) for n in self._node_ids}
        self._filled_by_labels: dict[str, set[str]] = {}  # columns with a value, per node labels / rel type
        for row in self.rows("nodes"):
            self._filled_by_labels.setdefault(row["labels"], set()).update(c for c, v in row.items() if v)
        self._filled_by_type: dict[str, set[str]] = {}
        patterns = set()
        for row in self.rows("edges"):
            self._filled_by_type.setdefault(row["rel_type"], set()).update(c for c, v in row.items() if v)
            patterns.add((row["rel_type"], self.node_label[row["source"]].split(":")[0],
                          self.node_label[row["target"]].split(":")[0]))
        self.patterns = sorted(patterns)

    def _node_data(self, node: Any) -> dict[str, Any]:
        return {_ident(k): v for k, v in self._graph.nodes[node].items()}

    def _edge_data(self, edge: tuple) -> dict[str, Any]:
        return {_ident(a): b for a, b in self._graph.edges[edge].items()}

    def rows(self, which: str) -> Iterator[dict[str, str]]:
        """The rows of ``nodes.csv`` or ``edges.csv`` (every cell text), made one at a time in id order."""
        if which == "nodes":
            for n in self._node_ids:
                yield self._row({**self._node_data(n), "id": n, "labels": ":" + self.node_label[n]},
                                self.node_columns, self.node_types)
        else:
            for u, v, k in self._edge_ids:
                d = self._edge_data((u, v, k))
                yield self._row({**d, "id": k, "source": u, "target": v,
                                 "rel_type": upper_snake(str(d.get("rel", "related")))},
                                self.edge_columns, self.edge_types)

    def used_node_columns(self, labels: str) -> list[str]:
        """Node columns with a value in some row whose labels are ``labels`` or start with ``labels:``."""
        filled = set().union(*(cols for row_labels, cols in self._filled_by_labels.items()
                               if (row_labels + ":").startswith(f":{labels}:")))
        return [c for c in self.node_columns if c == "id" or c in filled]

    def used_edge_columns(self, rel_type: str) -> list[str]:
        """Edge columns with a value in some row of relationship type ``rel_type``."""
        filled = self._filled_by_type.get(rel_type, set())
        return [c for c in self.edge_columns if c == "id" or c in filled]

    @staticmethod
    def _row(data: Mapping[str, Any], columns: Sequence[str], types: Mapping[str, str]) -> dict[str, str]:
        return {c: flatten(data[c], types[c]) if c in data else "" for c in columns}

    def csv_lines(self, which: str) -> Iterator[str]:
        """``nodes.csv`` or ``edges.csv`` a row at a time: a header row, RFC 4180 quoting, ``\\n`` line ends.

        A text cell a spreadsheet would run as a formula (``=``, ``+``, ``-``, ``@``, tab, CR) starts with ``'``.
        """
        columns = self.node_columns if which == "nodes" else self.edge_columns
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
        writer.writeheader()
        for row in self.rows(which):
            writer.writerow({c: csv_cell(v) for c, v in row.items()})
            if out.tell() >= 1 << 16:
                yield out.getvalue()
                out.seek(0)
                out.truncate()
        yield out.getvalue()

    def csv(self, which: str) -> str:
        """``nodes.csv`` or ``edges.csv`` as text (what :meth:`csv_lines` writes)."""
        return "".join(self.csv_lines(which))


def build_tables(kg: KnowledgeGraph) -> Tables:
    """The tables of ``kg``'s property graph (see ``kg.graph.to_networkx``)."""
    with views(kg) as view:
        return Tables(view.networkx)


def _ident(name: str) -> str:
    return _NOT_IDENT.sub("_", name) or "_"


def _order(types: Mapping[str, str], first: Sequence[str]) -> list[str]:
    return [c for c in first if c in types] + sorted(c for c in types if c not in first)


def _q(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def neo4j_script(tables: Tables) -> str:
    """Neo4j 5 Cypher that loads ``nodes.csv`` and ``edges.csv`` from the import directory.

    Nodes are MERGEd on ``id`` with their labels (``:Entity:Product``, ``:Claim``); relationships are
    MERGEd on their ``id`` with UPPER_SNAKE types, so parallel statements stay separate and rerunning
    the script adds nothing. Typed columns are converted with ``toFloat``/``toInteger``/``toBoolean``.
    """
    lines = ["// kg property graph for Neo4j 5: copy nodes.csv and edges.csv into the import directory,",
             "// then run: cypher-shell -f import.cypher", ""]
    for label in sorted({labels.split(":")[0] for labels in tables.node_label.values()}):
        lines.append(f"CREATE CONSTRAINT kg_{label.lower()}_id IF NOT EXISTS "
                     f"FOR (n:`{label}`) REQUIRE n.id IS UNIQUE;")
    for labels in sorted(set(tables.node_label.values())):
        sets = _neo4j_sets("n", tables.used_node_columns(labels), tables.node_types, skip=("id", "labels"))
        lines += ["", "LOAD CSV WITH HEADERS FROM 'file:///nodes.csv' AS row",
                  f"WITH row WHERE row.labels = {_q(':' + labels)}",
                  f"MERGE (n{''.join(f':`{p}`' for p in labels.split(':'))} {{id: row.id}})", f"SET {sets};"]
    for rel_type, src, tgt in tables.patterns:
        sets = _neo4j_sets("r", tables.used_edge_columns(rel_type), tables.edge_types,
                           skip=("id", "source", "target", "rel_type"))
        lines += ["", "LOAD CSV WITH HEADERS FROM 'file:///edges.csv' AS row",
                  f"WITH row WHERE row.rel_type = {_q(rel_type)}",
                  f"MATCH (a:`{src}` {{id: row.source}}), (b:`{tgt}` {{id: row.target}})",
                  f"MERGE (a)-[r:`{rel_type}` {{id: row.id}}]->(b)", f"SET {sets};"]
    return "\n".join(lines) + "\n"


def _neo4j_sets(var: str, columns: Sequence[str], types: Mapping[str, str], skip: Sequence[str]) -> str:
    parts = []
    for c in columns:
        if c not in skip:
            cast = _NEO4J_CAST.get(types[c])
            parts.append(f"{var}.`{c}` = {cast}(row.`{c}`)" if cast else f"{var}.`{c}` = row.`{c}`")
    return ", ".join(parts)


def kuzu_script(tables: Tables) -> str:
    """Kùzu Cypher: one node table per base label (Entity, Claim), one rel table per relationship type.

    The CSV columns are declared with their types (``LOAD WITH HEADERS``), so Kùzu does not sniff
    them: left to itself it reads ``18 months`` as an INTERVAL and writes it back as ``1 year 6 months``.
    File names are relative (``'nodes.csv'``): run it from the export directory or through ``load_kuzu``.
    """
    opts = "(header=true, parallel=false, quote='\"', escape='\"')"
    statements = []
    node_source = _kuzu_source("nodes.csv", tables.node_columns, tables.node_types, opts)
    for base in sorted({labels.split(":")[0] for labels in tables.node_label.values()}):
        columns = [c for c in tables.used_node_columns(base) if c != "labels"]
        ddl = ", ".join(f"`{c}` {_KUZU_TYPE[tables.node_types[c]]}" for c in columns)
        statements.append(f"CREATE NODE TABLE `{base}`({ddl}, PRIMARY KEY(`id`))")
        returns = ", ".join(f"`{c}`" for c in columns)
        statements.append(f"COPY `{base}` FROM ({node_source} WHERE `labels` = {_q(':' + base)} OR `labels` "
                          f"STARTS WITH {_q(':' + base + ':')} RETURN {returns})")
    seen: dict[str, tuple[str, str]] = {}
    edge_source = _kuzu_source("edges.csv", tables.edge_columns, tables.edge_types, opts)
    for rel_type, src, tgt in tables.patterns:
        if seen.setdefault(rel_type, (src, tgt)) != (src, tgt):
            raise ExportError(f"relationship type {rel_type} links more than one pair of node tables")
        props = [c for c in tables.used_edge_columns(rel_type) if c not in ("source", "target", "rel_type")]
        ddl = ", ".join(f"`{c}` {_KUZU_TYPE[tables.edge_types[c]]}" for c in props)
        statements.append(f"CREATE REL TABLE `{rel_type}`(FROM `{src}` TO `{tgt}`, {ddl})")
        returns = ", ".join(f"`{c}`" for c in ["source", "target", *props])
        statements.append(f"COPY `{rel_type}` FROM ({edge_source} WHERE `rel_type` = {_q(rel_type)} "
                          f"RETURN {returns})")
    header = "// kg property graph for Kùzu: run it in this folder or via kg.export.tables.load_kuzu\n"
    return header + "".join(f"{s};\n" for s in statements)


def _kuzu_source(name: str, columns: Sequence[str], types: Mapping[str, str], opts: str) -> str:
    header = ", ".join(f"`{c}` {_KUZU_TYPE[types[c]]}" for c in columns)
    return f"LOAD WITH HEADERS ({header}) FROM '{name}' {opts}"


def load_kuzu(directory: str | Path, connection: Any) -> None:
    """Run ``directory/kuzu.cypher`` on an open ``kuzu.Connection`` (an empty database)."""
    folder = Path(directory).resolve()
    script = (folder / "kuzu.cypher").read_text(encoding="utf-8")
    for statement in script.split(";\n"):
        body = "\n".join(line for line in statement.splitlines() if not line.startswith("//")).strip()
        if body:
            connection.execute(_KUZU_FILES.sub(lambda m: _q((folder / f"{m[1]}.csv").as_posix()), body))


@register_exporter("csv", directory=True,
                   description="nodes.csv + edges.csv with import.cypher (Neo4j) and kuzu.cypher (Kùzu)",
                   readers="Neo4j (LOAD CSV), Kùzu, pandas, spreadsheets")
def write_tables(kg: KnowledgeGraph, path: Path) -> None:
    """Write ``nodes.csv``, ``edges.csv``, ``import.cypher`` and ``kuzu.cypher`` into the folder ``path``."""
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise ExportError(f"{folder}: the csv format writes a folder, but this is a file")
    try:
        with views(kg) as view:
            tables = Tables(view.networkx)
            for which in ("nodes", "edges"):
                with open_atomic(folder / f"{which}.csv") as handle:
                    write_text_pieces(handle, tables.csv_lines(which))
            write_text(folder / "import.cypher", neo4j_script(tables))
            write_text(folder / "kuzu.cypher", kuzu_script(tables))
    except OSError as err:
        raise ExportError(f"cannot write {folder}: {err}") from err
