-- Tournaments: a round robin, a Swiss or Single Capture Go tables, run by
-- days per move. `settings` is the JSON of what the organiser chose (the
-- variant, the options, the kind, the planned rounds, days per move,
-- rated, vacation); `round` counts the rounds started, and a round is
-- started (or the event finished) only by the statement that moves
-- `round` on from the value it was read at, so two servers never start
-- one twice.
CREATE TABLE tournaments (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    rating_pool TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('round_robin', 'double_round_robin', 'swiss', 'scg_tables')),
    settings TEXT NOT NULL,
    organiser_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    state TEXT NOT NULL CHECK (state IN ('upcoming', 'running', 'finished')),
    max_players BIGINT NOT NULL,
    rounds_planned BIGINT NOT NULL,
    round BIGINT NOT NULL DEFAULT 0,
    starts_at BIGINT NOT NULL,
    created BIGINT NOT NULL,
    ended_at BIGINT,
    called_off TEXT
);
CREATE INDEX tournaments_state ON tournaments (state, starts_at);
CREATE INDEX tournaments_organiser ON tournaments (organiser_id, created);

-- Who is in it: `joined_round` the rounds started when they joined (a
-- late joiner's half-point byes), `withdrawn` when they stopped being
-- paired, `timeouts` the games of the event they lost on time.
CREATE TABLE tournament_players (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    joined BIGINT NOT NULL,
    joined_round BIGINT NOT NULL DEFAULT 0,
    withdrawn BIGINT,
    timeouts BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, account_id)
);
CREATE INDEX tournament_players_account ON tournament_players (account_id);

-- Each game of a round: its board, the players by seat (account ids as
-- JSON), and once it is over its result (JSON: each seat's place, a
-- greater number finishing better, or that it was called off).
CREATE TABLE tournament_games (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round BIGINT NOT NULL,
    board BIGINT NOT NULL,
    game_key TEXT NOT NULL UNIQUE REFERENCES games (key) ON DELETE CASCADE,
    players TEXT NOT NULL,
    result TEXT,
    PRIMARY KEY (tournament_id, round, board)
);
CREATE INDEX tournament_games_pending ON tournament_games (tournament_id) WHERE result IS NULL;

-- A player without a game in a round: `points` in half points (2 the
-- pairing's bye, 1 a late joiner's, 0 a round robin's round off).
CREATE TABLE tournament_byes (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round BIGINT NOT NULL,
    account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    points BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, round, account_id)
);

-- Notices of a tournament (a round started, the event over): about a
-- tournament, and about a game only where there is one.
ALTER TABLE notices ALTER COLUMN game_key DROP NOT NULL;
ALTER TABLE notices ADD COLUMN tournament_id BIGINT REFERENCES tournaments (id) ON DELETE CASCADE;
ALTER TABLE notices DROP CONSTRAINT IF EXISTS notices_kind_check;
ALTER TABLE notices ADD CONSTRAINT notices_kind_check
    CHECK (kind IN ('your_turn', 'invited', 'declined', 'offer', 'round_open', 'game_over', 'chat',
        'tournament_round', 'tournament_over'));
