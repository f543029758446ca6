-- Vacations: while one runs, the clock of its player stands still in
-- every days-per-move game that allows it. `ends` is when it was to end;
-- `ended` when it did, if earlier (a move, the player); `closed` once
-- every game of the player has been told it is over.
CREATE TABLE vacations (
    id BIGSERIAL PRIMARY KEY,
    account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    starts BIGINT NOT NULL,
    ends BIGINT NOT NULL,
    ended BIGINT,
    auto BOOLEAN NOT NULL DEFAULT FALSE,
    closed BOOLEAN NOT NULL DEFAULT FALSE,
    created BIGINT NOT NULL,
    CHECK (ends > starts)
);
CREATE INDEX vacations_account ON vacations (account_id, starts);
CREATE INDEX vacations_open ON vacations (closed, starts);

-- Whether a vacation starts by itself when a move is close to timing out.
ALTER TABLE accounts ADD COLUMN vacation_auto BOOLEAN NOT NULL DEFAULT FALSE;

-- The player is told when a vacation started by itself.
ALTER TABLE notices DROP CONSTRAINT IF EXISTS notices_kind_check;
ALTER TABLE notices ADD CONSTRAINT notices_kind_check
    CHECK (kind IN ('your_turn', 'invited', 'declined', 'offer', 'round_open', 'game_over', 'chat',
        'tournament_round', 'tournament_over', 'conditional_played', 'conditional_dropped', 'vacation'));
