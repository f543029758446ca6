-- The moves of a turn-based game, one row each, appended as they are
-- played: a move writes one row, not the whole record again. The record
-- in `games` keeps everything else (its game, options, seats, result and
-- the position now); a game read back is the two put together.
CREATE TABLE game_moves (
    game_key TEXT NOT NULL REFERENCES games (key) ON DELETE CASCADE,
    ply BIGINT NOT NULL,
    move TEXT NOT NULL,
    at BIGINT,
    PRIMARY KEY (game_key, ply)
);

INSERT INTO game_moves (game_key, ply, move, at)
SELECT g.key, m.ordinality - 1, m.value ->> 'move',
       CAST(EXTRACT(EPOCH FROM CAST(m.value ->> 'at' AS TIMESTAMPTZ)) AS BIGINT)
FROM games g, jsonb_array_elements(CAST(g.record AS JSONB) -> 'moves') WITH ORDINALITY m;

UPDATE games SET record = CAST(CAST(record AS JSONB) - 'moves' AS TEXT)
WHERE CAST(record AS JSONB) ? 'moves';

-- The seats whose move (or play) the game awaits, a bit each (seat 0 the
-- lowest): a person's "your turn" count is one query. NULL until known
-- (games stored before are filled in when a server starts).
ALTER TABLE games ADD COLUMN awaited BIGINT;
