-- Conditional moves: each seat's lines ("if they play X, I play Y, …")
-- as JSON, read with the game and never shown to anyone but their
-- author. `conditionals_version` moves on when a player sets their lines
-- (the game's own `version`, which every viewer follows, does not), and
-- a change to the game is stored only if the lines are as it found them.
ALTER TABLE games ADD COLUMN conditionals TEXT;
ALTER TABLE games ADD COLUMN conditionals_version BIGINT NOT NULL DEFAULT 0;

-- The author is told when a line's reply is played, or dropped. SQLite
-- changes a CHECK only by making the table again.
CREATE TABLE notices_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game_key TEXT REFERENCES games (key) ON DELETE CASCADE,
    tournament_id INTEGER REFERENCES tournaments (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('your_turn', 'invited', 'declined', 'offer', 'round_open', 'game_over', 'chat',
        'tournament_round', 'tournament_over', 'conditional_played', 'conditional_dropped')),
    seat TEXT,
    text TEXT NOT NULL,
    at BIGINT NOT NULL
);
INSERT INTO notices_new (id, account_id, game_key, tournament_id, kind, seat, text, at)
SELECT id, account_id, game_key, tournament_id, kind, seat, text, at FROM notices;
DROP TABLE notices;
ALTER TABLE notices_new RENAME TO notices;
CREATE INDEX notices_account ON notices (account_id, id);
