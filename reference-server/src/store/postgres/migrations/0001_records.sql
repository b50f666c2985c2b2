-- Up Migration

-- Every collection in one table, as the journal store keeps them: a record is its JSON text
-- (`json`, not `jsonb`: the text is kept as written, key order and all, and a "\u0000" escape a
-- partner sent is stored rather than refused), found by collection, scope and id.
CREATE TABLE records (
  collection text NOT NULL,
  scope text NOT NULL,
  id text NOT NULL,
  -- Insertion order: set when a record is first put (an update keeps it; a record deleted and put
  -- again gets a new one and moves last, as in the journal store).
  seq bigint GENERATED ALWAYS AS IDENTITY,
  body json NOT NULL,
  PRIMARY KEY (collection, scope, id)
);

-- Keyset pages in insertion order and newest first: WHERE collection = $1 AND scope = $2 AND seq > $3 ORDER BY seq.
CREATE UNIQUE INDEX records_order ON records (collection, scope, seq);

-- Down Migration

DROP TABLE records;
