-- Up Migration

-- What an `increment` op (async-store.ts) makes of a record that exists, as the file store does
-- (transaction-overlay.ts, `incremented`): the integer in one field plus `amount` (a missing field,
-- or null, counted as 0), the record's other fields and their order as they were, a new field
-- last. A field holding anything but an integer, or a sum past JavaScript's safe integers, fails
-- the statement, and so the transaction, with the file store's words for it.
CREATE FUNCTION rs_increment(record_body json, add_to text, amount bigint, in_collection text, record_id text) RETURNS json
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  held json := record_body -> add_to;
  kind text := coalesce(json_typeof(held), 'null');
  safe constant numeric := 9007199254740991;
  total numeric;
BEGIN
  IF kind = 'null' THEN
    total := amount;
  ELSIF kind = 'number' AND held::text::numeric = trunc(held::text::numeric) AND abs(held::text::numeric) <= safe THEN
    total := held::text::numeric + amount;
  END IF;
  IF total IS NULL OR abs(total) > safe THEN
    RAISE EXCEPTION '% %: % holds no integer to add % to', in_collection, record_id, add_to, amount USING ERRCODE = '22023';
  END IF;
  RETURN (
    SELECT json_object_agg(key, value ORDER BY appended, n)
    FROM (
      SELECT key, CASE WHEN key = add_to THEN to_json(total) ELSE value END, false, n FROM json_each(record_body) WITH ORDINALITY AS t(key, value, n)
      UNION ALL
      SELECT add_to, to_json(total), true, 0 WHERE held IS NULL
    ) AS fields(key, value, appended, n)
  );
END
$$;

-- Down Migration

DROP FUNCTION rs_increment(json, text, bigint, text, text);
