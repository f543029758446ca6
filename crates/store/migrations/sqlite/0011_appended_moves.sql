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
) WITHOUT ROWID;

INSERT INTO game_moves (game_key, ply, move, at)
SELECT g.key, m.key, json_extract(m.value, '$.move'), unixepoch(json_extract(m.value, '$.at'))
FROM games g, json_each(g.record, '$.moves') m;

UPDATE games SET record = json_remove(record, '$.moves') WHERE json_type(record, '$.moves') IS NOT NULL;

-- The seats whose move (or play) the game awaits, a bit each (seat 0 the
-- lowest): a person's "your turn" count is one query. NULL until known
-- (games stored before are filled in when a server starts).
ALTER TABLE games ADD COLUMN awaited BIGINT;
