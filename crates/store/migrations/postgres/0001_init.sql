-- Arbiter's first schema, PostgreSQL dialect. Times are unix seconds.

CREATE TABLE accounts (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    email TEXT,
    notify_email BOOLEAN NOT NULL DEFAULT TRUE,
    created BIGINT NOT NULL
);

CREATE TABLE sessions (
    token_hash BYTEA PRIMARY KEY,
    account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created BIGINT NOT NULL
);

CREATE INDEX sessions_account ON sessions (account_id);

CREATE TABLE games (
    key TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('open', 'active', 'finished')),
    version BIGINT NOT NULL,
    record TEXT NOT NULL,
    deadline BIGINT,
    created BIGINT NOT NULL,
    updated BIGINT NOT NULL
);

CREATE INDEX games_state_updated ON games (state, updated);
CREATE INDEX games_deadline ON games (deadline);

CREATE TABLE game_seats (
    game_key TEXT NOT NULL REFERENCES games (key) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    account_id BIGINT REFERENCES accounts (id),
    computer_level INTEGER,
    PRIMARY KEY (game_key, seat),
    CHECK (account_id IS NULL OR computer_level IS NULL)
);

CREATE INDEX game_seats_account ON game_seats (account_id);

CREATE TABLE mail (
    id BIGSERIAL PRIMARY KEY,
    account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    to_address TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    created BIGINT NOT NULL,
    next_attempt BIGINT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    sent BIGINT,
    last_error TEXT
);

CREATE INDEX mail_due ON mail (sent, next_attempt);
