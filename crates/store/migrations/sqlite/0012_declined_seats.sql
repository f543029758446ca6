-- A seat whose invited account declined stays kept, for the game's
-- creator to fill: `invited_id` still names who declined, and `declined`
-- says they did. Nobody else may take it until the creator invites
-- someone else or opens it.
ALTER TABLE game_seats ADD COLUMN declined BOOLEAN NOT NULL DEFAULT FALSE;

-- The creator is told when an invitation is declined: a notice of its own
-- kind. SQLite changes a CHECK only by making the table again.
CREATE TABLE notices_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game_key TEXT NOT NULL REFERENCES games (key) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('your_turn', 'invited', 'declined', 'offer', 'round_open', 'game_over', 'chat')),
    seat TEXT,
    text TEXT NOT NULL,
    at BIGINT NOT NULL
);
INSERT INTO notices_new (id, account_id, game_key, kind, seat, text, at)
SELECT id, account_id, game_key, kind, seat, text, at FROM notices;
DROP TABLE notices;
ALTER TABLE notices_new RENAME TO notices;
CREATE INDEX notices_account ON notices (account_id, id);
