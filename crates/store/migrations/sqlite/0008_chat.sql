-- Chat in each game: a players' room and a spectators' room. The writer's
-- name is kept as it was when the message was written.
CREATE TABLE chat_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_key TEXT NOT NULL REFERENCES games (key) ON DELETE CASCADE,
    room TEXT NOT NULL CHECK (room IN ('players', 'spectators')),
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX chat_messages_room ON chat_messages (game_key, room, id);

-- Whom an account no longer sees in chat.
CREATE TABLE muted (
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    muted_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    PRIMARY KEY (account_id, muted_id)
);
