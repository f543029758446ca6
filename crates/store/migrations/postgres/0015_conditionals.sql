-- Conditional moves: each seat's lines ("if they play X, I play Y, …")
-- as JSON, read with the game and never shown to anyone but their
-- author. `conditionals_version` moves on when a player sets their lines
-- (the game's own `version`, which every viewer follows, does not), and
-- a change to the game is stored only if the lines are as it found them.
ALTER TABLE games ADD COLUMN conditionals TEXT;
ALTER TABLE games ADD COLUMN conditionals_version BIGINT NOT NULL DEFAULT 0;

-- The author is told when a line's reply is played, or dropped.
ALTER TABLE notices DROP CONSTRAINT IF EXISTS notices_kind_check;
ALTER TABLE notices ADD CONSTRAINT notices_kind_check
    CHECK (kind IN ('your_turn', 'invited', 'declined', 'offer', 'round_open', 'game_over', 'chat',
        'tournament_round', 'tournament_over', 'conditional_played', 'conditional_dropped'));
