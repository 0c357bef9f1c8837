-- A club's history brought over from The Tournament Director 3, and what its leagues count.

-- A person as TD3 knew them: the parts of the name it keeps apart, a second e-mail and phone, its ID field
-- (OptID) and its own UUID, by which the same person is found again in every save.
ALTER TABLE members ADD COLUMN first_name TEXT;
ALTER TABLE members ADD COLUMN last_name TEXT;
ALTER TABLE members ADD COLUMN email2 TEXT;
ALTER TABLE members ADD COLUMN phone2 TEXT;
ALTER TABLE members ADD COLUMN td3_id TEXT;
ALTER TABLE members ADD COLUMN td3_uuid TEXT;
CREATE INDEX members_td3_uuid ON members(td3_uuid);

-- Where a night came from ('td3': a save; NULL: a tournament file), how TD3 grouped it, and its money as a
-- league formula reads it: the house's part of the buy-in, what each kind of purchase put into the pool,
-- rebuys and add-ons bought, the places paid. A night recorded before this knew only its buy-in.
ALTER TABLE tournaments ADD COLUMN source TEXT;
ALTER TABLE tournaments ADD COLUMN td3_league TEXT;
ALTER TABLE tournaments ADD COLUMN td3_season TEXT;
ALTER TABLE tournaments ADD COLUMN fee INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN rebuys INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN add_ons INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN buy_ins_amount INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN rebuys_amount INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN add_ons_amount INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN paid_places INTEGER NOT NULL DEFAULT 0;
UPDATE tournaments SET buy_ins_amount = entries * buy_in,
    rebuys = (SELECT COALESCE(SUM(r.rebuys), 0) FROM results r WHERE r.tournament = tournaments.id),
    add_ons = (SELECT COALESCE(SUM(r.add_ons), 0) FROM results r WHERE r.tournament = tournaments.id),
    paid_places = (SELECT COUNT(*) FROM results r WHERE r.tournament = tournaments.id AND r.prize > 0);

-- What each person paid (buy-in and re-entries, rebuys, add-ons: the whole price), whether they reached the
-- final table, and TD3's own correction of their hits for the night.
ALTER TABLE results ADD COLUMN buy_in_cost INTEGER NOT NULL DEFAULT 0;
ALTER TABLE results ADD COLUMN rebuy_cost INTEGER NOT NULL DEFAULT 0;
ALTER TABLE results ADD COLUMN add_on_cost INTEGER NOT NULL DEFAULT 0;
ALTER TABLE results ADD COLUMN final_table INTEGER NOT NULL DEFAULT 0;
ALTER TABLE results ADD COLUMN hits_adjustment INTEGER NOT NULL DEFAULT 0;
UPDATE results SET buy_in_cost = (1 + reentries) * (SELECT buy_in FROM tournaments t WHERE t.id = results.tournament),
    final_table = CASE WHEN place IS NOT NULL AND place <= 9 THEN 1 ELSE 0 END;

-- A league's formula language ('tourneydesk' or 'td3'), whether it counts chosen members only, and whether
-- the others (guests) are ranked in its table.
ALTER TABLE leagues ADD COLUMN language TEXT NOT NULL DEFAULT 'tourneydesk';
ALTER TABLE leagues ADD COLUMN chosen_members INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leagues ADD COLUMN guests TEXT NOT NULL DEFAULT 'ranked';
CREATE TABLE league_members (
    league INTEGER NOT NULL REFERENCES leagues(id),
    member INTEGER NOT NULL REFERENCES members(id),
    PRIMARY KEY (league, member)
);

-- Points given or taken by hand: in one league (league set) or in every league that counts the night
-- (league NULL: TD3's per-night points adjustments), for one night or (tournament_id NULL) the league.
CREATE TABLE adjustments (
    id INTEGER PRIMARY KEY,
    league INTEGER REFERENCES leagues(id),
    tournament_id TEXT,
    member INTEGER NOT NULL REFERENCES members(id),
    points REAL NOT NULL,
    reason TEXT,
    created_at REAL NOT NULL
);
CREATE INDEX adjustments_member ON adjustments(member);

-- A prize table kept as shares of the pool (basis points, first place first), and a buy-in kept as its
-- price: what a template's payouts and prices are made from.
CREATE TABLE payout_profiles (name TEXT PRIMARY KEY, places TEXT NOT NULL, saved_at REAL NOT NULL);
CREATE TABLE buy_ins (
    name TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    prize INTEGER NOT NULL,
    bounty INTEGER NOT NULL,
    fee INTEGER NOT NULL,
    chips INTEGER NOT NULL,
    saved_at REAL NOT NULL
);
