-- Someone new tonight is recorded with the night's results but is a member only once the TD or the
-- cashier confirms them (or says which member they are): until then confirmed is 0. Members from
-- before are members.
ALTER TABLE members ADD COLUMN confirmed INTEGER NOT NULL DEFAULT 1;
