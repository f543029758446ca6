-- Ratings: Glicko-2 per account and rating pool (a game and edition:
-- `agog`, `agog/classic`, `sage`, `ogama`, `scg`), each change kept for
-- the player's chart, and each game's pool and how each seat's rating
-- came out of it.
CREATE TABLE ratings (
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    pool TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    last_rated INTEGER,
    PRIMARY KEY (account_id, pool)
);
CREATE INDEX ratings_leaderboard ON ratings (pool, rating DESC);

CREATE TABLE rating_history (
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    pool TEXT NOT NULL,
    at INTEGER NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    game_key TEXT NOT NULL
);
CREATE INDEX rating_history_account ON rating_history (account_id, pool, at);

ALTER TABLE games ADD COLUMN rating_pool TEXT;
UPDATE games SET rating_pool = CASE
    WHEN json_extract(record, '$.options.variant') IS NULL
      OR json_extract(record, '$.options.variant') = 'current' THEN game
    ELSE game || '/' || (json_extract(record, '$.options.variant')) END;

-- A rated game's seat once the game is over: the player's rating after it
-- and how much it changed.
ALTER TABLE game_seats ADD COLUMN rating_after REAL;
ALTER TABLE game_seats ADD COLUMN deviation_after REAL;
ALTER TABLE game_seats ADD COLUMN rating_change REAL;
