-- A seat whose invited account declined stays kept, for the game's
-- creator to fill: `invited_id` still names who declined, and `declined`
-- says they did. Nobody else may take it until the creator invites
-- someone else or opens it.
ALTER TABLE game_seats ADD COLUMN declined BOOLEAN NOT NULL DEFAULT FALSE;

-- The creator is told when an invitation is declined: a notice of its own
-- kind.
ALTER TABLE notices DROP CONSTRAINT IF EXISTS notices_kind_check;
ALTER TABLE notices ADD CONSTRAINT notices_kind_check
    CHECK (kind IN ('your_turn', 'invited', 'declined', 'offer', 'round_open', 'game_over', 'chat'));
