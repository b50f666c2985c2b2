-- Up Migration

-- The insertion-order index, keyed by the array [collection, scope] rather than by the two
-- columns, so that no lookup of one record can take it for the primary key. Keyed by the columns,
-- it matched a lookup's `collection = $1 AND scope = $2` as well as the primary key did, and
-- whenever the planner's statistics were behind the table (a fresh or fast-growing sandbox, before
-- autovacuum's next ANALYZE) both looked like one row and the smaller index won: each read, lock
-- and lease update of one record then walked every record of its scope in insertion order,
-- filtering on the id (docs/performance.md, the stores table). Only the keyset pages' statements
-- name the array, so only they can use it.
DROP INDEX records_order;
CREATE UNIQUE INDEX records_order ON records ((ARRAY[collection, scope]), seq);

-- Down Migration

DROP INDEX records_order;
CREATE UNIQUE INDEX records_order ON records (collection, scope, seq);
