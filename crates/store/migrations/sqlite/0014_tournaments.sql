-- Tournaments: a round robin, a Swiss or Single Capture Go tables, run by
-- days per move. `settings` is the JSON of what the organiser chose (the
-- variant, the options, the kind, the planned rounds, days per move,
-- rated, vacation); `round` counts the rounds started, and a round is
-- started (or the event finished) only by the statement that moves
-- `round` on from the value it was read at, so two servers never start
-- one twice.
CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    rating_pool TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('round_robin', 'double_round_robin', 'swiss', 'scg_tables')),
    settings TEXT NOT NULL,
    organiser_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    state TEXT NOT NULL CHECK (state IN ('upcoming', 'running', 'finished')),
    max_players INTEGER NOT NULL,
    rounds_planned INTEGER NOT NULL,
    round INTEGER NOT NULL DEFAULT 0,
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
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    joined BIGINT NOT NULL,
    joined_round INTEGER NOT NULL DEFAULT 0,
    withdrawn BIGINT,
    timeouts INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, account_id)
);
CREATE INDEX tournament_players_account ON tournament_players (account_id);

-- Each game of a round: its board, the players by seat (account ids as
-- JSON), and once it is over its result (JSON: each seat's place, a
-- greater number finishing better, or that it was called off).
CREATE TABLE tournament_games (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    game_key TEXT NOT NULL UNIQUE REFERENCES games (key) ON DELETE CASCADE,
    players TEXT NOT NULL,
    result TEXT,
    PRIMARY KEY (tournament_id, round, board)
);
CREATE INDEX tournament_games_pending ON tournament_games (tournament_id) WHERE result IS NULL;

-- A player without a game in a round: `points` in half points (2 the
-- pairing's bye, 1 a late joiner's, 0 a round robin's round off).
CREATE TABLE tournament_byes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    points INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, round, account_id)
);

-- Notices of a tournament (a round started, the event over): about a
-- tournament, and about a game only where there is one. SQLite changes a
-- column's NOT NULL and a CHECK only by making the table again.
CREATE TABLE notices_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game_key TEXT REFERENCES games (key) ON DELETE CASCADE,
    tournament_id INTEGER REFERENCES tournaments (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('your_turn', 'invited', 'declined', 'offer', 'round_open', 'game_over', 'chat',
        'tournament_round', 'tournament_over')),
    seat TEXT,
    text TEXT NOT NULL,
    at BIGINT NOT NULL
);
INSERT INTO notices_new (id, account_id, game_key, kind, seat, text, at)
SELECT id, account_id, game_key, kind, seat, text, at FROM notices;
DROP TABLE notices;
ALTER TABLE notices_new RENAME TO notices;
CREATE INDEX notices_account ON notices (account_id, id);
