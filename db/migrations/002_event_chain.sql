-- Schema 2: the chain over the log.
--
-- Each event keeps the hash (hex SHA-256) of its contents and of the hash of the event before
-- it, as computed by tourneydesk.store.chain. Opening a file checks the whole chain, so a byte
-- changed anywhere in the log is found and named by the seq of the first event that no longer
-- matches. SQL cannot compute SHA-256: the hashes of a file's existing events are written by
-- the program in the same transaction as this migration.
ALTER TABLE events ADD COLUMN hash TEXT;
