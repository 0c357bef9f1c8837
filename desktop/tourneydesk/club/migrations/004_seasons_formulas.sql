-- A league runs season after season with the same rules: each season is a span of dates with its own
-- table (the league's nights played between its first and last day).
CREATE TABLE seasons (
    id INTEGER PRIMARY KEY,
    league INTEGER NOT NULL REFERENCES leagues(id),
    name TEXT NOT NULL,
    date_from TEXT NOT NULL,
    date_to TEXT NOT NULL,
    UNIQUE (league, name)
);
-- The club's own points formulas, kept by name so that a league can be given one (beside the presets), in
-- the language they are written in ('tourneydesk', or 'td3' for one brought over from TD3).
CREATE TABLE formulas (name TEXT PRIMARY KEY, text TEXT NOT NULL, language TEXT NOT NULL DEFAULT 'tourneydesk',
                       saved_at REAL NOT NULL);
