-- Up Migration

-- A record's lease (Transaction.claim): who runs the job the record is, and until when (epoch ms
-- of that server's clock). Columns beside the body, so a service's update of the record (which
-- writes the body) keeps the lease, and deleting the record ends it. NULL: nobody holds it.
ALTER TABLE records ADD COLUMN lease_holder text, ADD COLUMN lease_until bigint;

-- Down Migration

ALTER TABLE records DROP COLUMN lease_holder, DROP COLUMN lease_until;
