-- Schema 3: the checkpoint and the command answers sealed to the chain.
--
-- Both live outside the chain over the log, and were trusted as stored: a changed digit in the
-- checkpoint showed another state on the next open, a changed answer was given to a client that
-- retried its command. Now each is written with the chain's hash at the event it stands for and a
-- seal (hex SHA-256, tourneydesk.store.seal) over that hash and what it holds; one whose seal does
-- not hold is not used. A checkpoint of an older file has no seal: it is folded from the log once,
-- and the next checkpoint is sealed. The answers a file already holds are sealed by the program in
-- the same transaction as this migration, once the chain has been checked.
ALTER TABLE checkpoint ADD COLUMN hash TEXT;      -- the chain's hash at `seq`
ALTER TABLE checkpoint ADD COLUMN commands INTEGER; -- the commands the log holds up to `seq`
ALTER TABLE checkpoint ADD COLUMN seal TEXT;

-- The answers, kept by their id alone (WITHOUT ROWID): a command's answer is then one b-tree page
-- written at its commit, not a row and an index entry in two, which is a page less for every command
-- the flush at COMMIT waits for. A row without an id (never written by the program) cannot be asked
-- for again, and is not kept.
CREATE TABLE commands_sealed (
    command_id TEXT    PRIMARY KEY,
    first_seq  INTEGER NOT NULL,
    last_seq   INTEGER NOT NULL,
    result     TEXT    NOT NULL,
    seal       TEXT
) WITHOUT ROWID;
INSERT INTO commands_sealed (command_id, first_seq, last_seq, result)
    SELECT command_id, first_seq, last_seq, result FROM commands WHERE command_id IS NOT NULL;
DROP TABLE commands;
ALTER TABLE commands_sealed RENAME TO commands;
