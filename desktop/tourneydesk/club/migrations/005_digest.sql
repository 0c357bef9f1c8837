-- What the club file holds, as TourneyDesk wrote it: for each table, its rows' hashes combined, kept up to
-- date inside every change and worked out again on open (club/store.py), so that a byte changed on the disk
-- is found; and the club's own id, which the note of what was acknowledged beside the file names.
CREATE TABLE digest (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
INSERT INTO meta (key, value) VALUES ('club_id', lower(hex(randomblob(16))));
