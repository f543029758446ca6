-- Ratings: Glicko-2 per account and rating pool (a game and edition:
-- `agog`, `agog/classic`, `sage`, `ogama`, `scg`), each change kept for
-- the player's chart, and each game's pool and how each seat's rating
-- came out of it.
CREATE TABLE ratings (
    account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    pool TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL DEFAULT 0,
    last_rated BIGINT,
    PRIMARY KEY (account_id, pool)
);
CREATE INDEX ratings_leaderboard ON ratings (pool, rating DESC);

CREATE TABLE rating_history (
    account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    pool TEXT NOT NULL,
    at BIGINT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    game_key TEXT NOT NULL
);
CREATE INDEX rating_history_account ON rating_history (account_id, pool, at);

ALTER TABLE games ADD COLUMN rating_pool TEXT;
UPDATE games SET rating_pool = CASE
    WHEN (record::jsonb) -> 'options' ->> 'variant' IS NULL
      OR (record::jsonb) -> 'options' ->> 'variant' = 'current' THEN game
    ELSE game || '/' || ((record::jsonb) -> 'options' ->> 'variant') END;

-- A rated game's seat once the game is over: the player's rating after it
-- and how much it changed.
ALTER TABLE game_seats ADD COLUMN rating_after DOUBLE PRECISION;
ALTER TABLE game_seats ADD COLUMN deviation_after DOUBLE PRECISION;
ALTER TABLE game_seats ADD COLUMN rating_change DOUBLE PRECISION;
