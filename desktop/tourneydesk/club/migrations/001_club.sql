-- The club between nights: members, the results of finished tournaments, leagues and templates.
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

-- A member's row is never deleted: a merged member points at the one kept, an erased one keeps only
-- its member id (never handed out again) and its public handle.
CREATE TABLE members (
    id INTEGER PRIMARY KEY,
    member_id TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    nickname TEXT,
    email TEXT,
    phone TEXT,
    notes TEXT,
    joined TEXT,
    handle TEXT NOT NULL UNIQUE,
    key TEXT NOT NULL,
    erased INTEGER NOT NULL DEFAULT 0,
    merged_into INTEGER REFERENCES members(id)
);
CREATE INDEX members_key ON members(key);

CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY,
    tournament_id TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    date TEXT NOT NULL,
    template TEXT,
    currency TEXT NOT NULL,
    buy_in INTEGER NOT NULL,
    entries INTEGER NOT NULL,
    players INTEGER NOT NULL,
    prize_pool INTEGER NOT NULL,
    finished INTEGER NOT NULL,
    recorded_at REAL NOT NULL,
    source_seq INTEGER NOT NULL
);
CREATE INDEX tournaments_date ON tournaments(date);

CREATE TABLE results (
    tournament INTEGER NOT NULL REFERENCES tournaments(id),
    player TEXT NOT NULL,
    member INTEGER NOT NULL REFERENCES members(id),
    name TEXT NOT NULL,
    place INTEGER,
    prize INTEGER NOT NULL,
    bounty_won INTEGER NOT NULL,
    knockouts INTEGER NOT NULL,
    reentries INTEGER NOT NULL,
    rebuys INTEGER NOT NULL,
    add_ons INTEGER NOT NULL,
    PRIMARY KEY (tournament, player)
);
CREATE INDEX results_member ON results(member);

CREATE TABLE leagues (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    formula TEXT NOT NULL,
    best INTEGER,
    template TEXT,
    date_from TEXT,
    date_to TEXT,
    tie_break TEXT NOT NULL,
    created_at REAL NOT NULL
);
CREATE TABLE league_tournaments (
    league INTEGER NOT NULL REFERENCES leagues(id),
    tournament_id TEXT NOT NULL,
    PRIMARY KEY (league, tournament_id)
);

CREATE TABLE templates (name TEXT PRIMARY KEY, config TEXT NOT NULL, saved_at REAL NOT NULL);

-- Every accepted command, in order: what changed the club file, when and from where.
CREATE TABLE journal (
    seq INTEGER PRIMARY KEY,
    at REAL NOT NULL,
    type TEXT NOT NULL,
    station TEXT,
    command TEXT NOT NULL
);

-- Which template a tournament file was made from (the start page says so when it makes one).
CREATE TABLE made_from (tournament_id TEXT PRIMARY KEY, template TEXT NOT NULL);
