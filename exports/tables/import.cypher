// kg property graph for Neo4j 5: copy nodes.csv and edges.csv into the import directory,
// then run: cypher-shell -f import.cypher

CREATE CONSTRAINT kg_claim_id IF NOT EXISTS FOR (n:`Claim`) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT kg_entity_id IF NOT EXISTS FOR (n:`Entity`) REQUIRE n.id IS UNIQUE;

LOAD CSV WITH HEADERS FROM 'file:///nodes.csv' AS row
WITH row WHERE row.labels = ':Claim'
MERGE (n:`Claim` {id: row.id})
SET n.`kind` = row.`kind`, n.`label` = row.`label`, n.`about` = row.`about`, n.`claim_type` = row.`claim_type`, n.`comparator` = row.`comparator`, n.`confidence` = toFloat(row.`confidence`), n.`credibility` = row.`credibility`, n.`doc` = row.`doc`, n.`doc_name` = row.`doc_name`, n.`end` = toInteger(row.`end`), n.`evidence` = row.`evidence`, n.`horizon` = row.`horizon`, n.`polarity` = row.`polarity`, n.`quote` = row.`quote`, n.`rule` = row.`rule`, n.`start` = toInteger(row.`start`), n.`text` = row.`text`, n.`unit` = row.`unit`, n.`value` = row.`value`;

LOAD CSV WITH HEADERS FROM 'file:///nodes.csv' AS row
WITH row WHERE row.labels = ':Entity:Benchmark'
MERGE (n:`Entity`:`Benchmark` {id: row.id})
SET n.`kind` = row.`kind`, n.`label` = row.`label`, n.`aliases` = row.`aliases`, n.`discovered` = toBoolean(row.`discovered`), n.`mentions` = toInteger(row.`mentions`), n.`name` = row.`name`, n.`type` = row.`type`;

LOAD CSV WITH HEADERS FROM 'file:///nodes.csv' AS row
WITH row WHERE row.labels = ':Entity:License'
MERGE (n:`Entity`:`License` {id: row.id})
SET n.`kind` = row.`kind`, n.`label` = row.`label`, n.`aliases` = row.`aliases`, n.`discovered` = toBoolean(row.`discovered`), n.`mentions` = toInteger(row.`mentions`), n.`name` = row.`name`, n.`type` = row.`type`;

LOAD CSV WITH HEADERS FROM 'file:///nodes.csv' AS row
WITH row WHERE row.labels = ':Entity:Organization'
MERGE (n:`Entity`:`Organization` {id: row.id})
SET n.`kind` = row.`kind`, n.`label` = row.`label`, n.`aliases` = row.`aliases`, n.`discovered` = toBoolean(row.`discovered`), n.`mentions` = toInteger(row.`mentions`), n.`name` = row.`name`, n.`type` = row.`type`;

LOAD CSV WITH HEADERS FROM 'file:///nodes.csv' AS row
WITH row WHERE row.labels = ':Entity:Platform'
MERGE (n:`Entity`:`Platform` {id: row.id})
SET n.`kind` = row.`kind`, n.`label` = row.`label`, n.`aliases` = row.`aliases`, n.`discovered` = toBoolean(row.`discovered`), n.`mentions` = toInteger(row.`mentions`), n.`name` = row.`name`, n.`type` = row.`type`;

LOAD CSV WITH HEADERS FROM 'file:///nodes.csv' AS row
WITH row WHERE row.labels = ':Entity:Product'
MERGE (n:`Entity`:`Product` {id: row.id})
SET n.`kind` = row.`kind`, n.`label` = row.`label`, n.`aliases` = row.`aliases`, n.`description` = row.`description`, n.`discovered` = toBoolean(row.`discovered`), n.`maker` = row.`maker`, n.`mentions` = toInteger(row.`mentions`), n.`name` = row.`name`, n.`part_kind` = row.`part_kind`, n.`part_of` = row.`part_of`, n.`type` = row.`type`;

LOAD CSV WITH HEADERS FROM 'file:///nodes.csv' AS row
WITH row WHERE row.labels = ':Entity:Technology'
MERGE (n:`Entity`:`Technology` {id: row.id})
SET n.`kind` = row.`kind`, n.`label` = row.`label`, n.`description` = row.`description`, n.`discovered` = toBoolean(row.`discovered`), n.`maker` = row.`maker`, n.`mentions` = toInteger(row.`mentions`), n.`name` = row.`name`, n.`type` = row.`type`;

LOAD CSV WITH HEADERS FROM 'file:///edges.csv' AS row
WITH row WHERE row.rel_type = 'ABOUT'
MATCH (a:`Claim` {id: row.source}), (b:`Entity` {id: row.target})
MERGE (a)-[r:`ABOUT` {id: row.id}]->(b)
SET r.`kind` = row.`kind`, r.`label` = row.`label`, r.`claim_type` = row.`claim_type`, r.`confidence` = toFloat(row.`confidence`), r.`rel` = row.`rel`, r.`symmetric` = toBoolean(row.`symmetric`), r.`weight` = toFloat(row.`weight`);

LOAD CSV WITH HEADERS FROM 'file:///edges.csv' AS row
WITH row WHERE row.rel_type = 'COMPETES_WITH'
MATCH (a:`Entity` {id: row.source}), (b:`Entity` {id: row.target})
MERGE (a)-[r:`COMPETES_WITH` {id: row.id}]->(b)
SET r.`kind` = row.`kind`, r.`label` = row.`label`, r.`confidence` = toFloat(row.`confidence`), r.`doc` = row.`doc`, r.`doc_name` = row.`doc_name`, r.`end` = toInteger(row.`end`), r.`evidence` = row.`evidence`, r.`hedged` = toBoolean(row.`hedged`), r.`quote` = row.`quote`, r.`rel` = row.`rel`, r.`rule` = row.`rule`, r.`start` = toInteger(row.`start`), r.`symmetric` = toBoolean(row.`symmetric`), r.`weight` = toFloat(row.`weight`);

LOAD CSV WITH HEADERS FROM 'file:///edges.csv' AS row
WITH row WHERE row.rel_type = 'DEPENDS_ON'
MATCH (a:`Entity` {id: row.source}), (b:`Entity` {id: row.target})
MERGE (a)-[r:`DEPENDS_ON` {id: row.id}]->(b)
SET r.`kind` = row.`kind`, r.`label` = row.`label`, r.`confidence` = toFloat(row.`confidence`), r.`doc` = row.`doc`, r.`doc_name` = row.`doc_name`, r.`end` = toInteger(row.`end`), r.`evidence` = row.`evidence`, r.`hedged` = toBoolean(row.`hedged`), r.`quote` = row.`quote`, r.`rel` = row.`rel`, r.`rule` = row.`rule`, r.`start` = toInteger(row.`start`), r.`symmetric` = toBoolean(row.`symmetric`), r.`weight` = toFloat(row.`weight`);

LOAD CSV WITH HEADERS FROM 'file:///edges.csv' AS row
WITH row WHERE row.rel_type = 'DEVELOPED_BY'
MATCH (a:`Entity` {id: row.source}), (b:`Entity` {id: row.target})
MERGE (a)-[r:`DEVELOPED_BY` {id: row.id}]->(b)
SET r.`kind` = row.`kind`, r.`label` = row.`label`, r.`confidence` = toFloat(row.`confidence`), r.`doc` = row.`doc`, r.`doc_name` = row.`doc_name`, r.`end` = toInteger(row.`end`), r.`evidence` = row.`evidence`, r.`hedged` = toBoolean(row.`hedged`), r.`quote` = row.`quote`, r.`rel` = row.`rel`, r.`rule` = row.`rule`, r.`start` = toInteger(row.`start`), r.`symmetric` = toBoolean(row.`symmetric`), r.`weight` = toFloat(row.`weight`);

LOAD CSV WITH HEADERS FROM 'file:///edges.csv' AS row
WITH row WHERE row.rel_type = 'THREATENS'
MATCH (a:`Entity` {id: row.source}), (b:`Entity` {id: row.target})
MERGE (a)-[r:`THREATENS` {id: row.id}]->(b)
SET r.`kind` = row.`kind`, r.`label` = row.`label`, r.`confidence` = toFloat(row.`confidence`), r.`doc` = row.`doc`, r.`doc_name` = row.`doc_name`, r.`end` = toInteger(row.`end`), r.`evidence` = row.`evidence`, r.`hedged` = toBoolean(row.`hedged`), r.`horizon` = row.`horizon`, r.`quote` = row.`quote`, r.`rel` = row.`rel`, r.`rule` = row.`rule`, r.`start` = toInteger(row.`start`), r.`symmetric` = toBoolean(row.`symmetric`), r.`weight` = toFloat(row.`weight`);
