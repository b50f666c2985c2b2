-- Up Migration

-- What an `increment` op (async-store.ts) does to a record that exists: the number in one field
-- plus `amount`, the record's other fields and their order as they were, a missing field counted
-- as 0. The same rule and the same words as the file store's (ops.ts, `incremented`): a field
-- holding anything but a number, or a sum past JavaScript's safe integers, fails the statement
-- and so the transaction.
CREATE FUNCTION rs_increment(record_body json, add_to text, amount numeric, in_collection text, record_id text) RETURNS json
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  held json := record_body -> add_to;
  kind text := json_typeof(held);
  total numeric;
BEGIN
  IF held IS NULL THEN
    total := amount;
  ELSIF kind = 'number' THEN
    total := held::text::numeric + amount;
  ELSE
    RAISE EXCEPTION '% %: field % holds %, not a number', in_collection, record_id, add_to,
      CASE kind WHEN 'null' THEN 'null' WHEN 'array' THEN 'an array' WHEN 'object' THEN 'an object' ELSE 'a ' || kind END
      USING ERRCODE = '22023';
  END IF;
  IF abs(total) > 9007199254740991 THEN
    RAISE EXCEPTION '% %: field % would hold %, past the safe integers', in_collection, record_id, add_to, total USING ERRCODE = '22003';
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

DROP FUNCTION rs_increment(json, text, numeric, text, text);
