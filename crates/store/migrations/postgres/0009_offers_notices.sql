-- Offers standing in a game (a takeback, a draw, a rematch), as JSON
-- [{"kind", "by", "ply"}], and the game a rematch made.
ALTER TABLE games ADD COLUMN offers TEXT NOT NULL DEFAULT '[]';
ALTER TABLE games ADD COLUMN rematch TEXT;

-- What the personal channel tells a person: their turn, an invitation, an
-- offer, a round opened, a game over, a chat message in their game.
CREATE TABLE notices (
    id BIGSERIAL PRIMARY KEY,
    account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game_key TEXT NOT NULL REFERENCES games (key) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('your_turn', 'invited', 'offer', 'round_open', 'game_over', 'chat')),
    seat TEXT,
    text TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX notices_account ON notices (account_id, id);
