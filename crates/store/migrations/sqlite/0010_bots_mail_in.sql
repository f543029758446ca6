-- A bot account: an engine plays it through the API (for good).
ALTER TABLE accounts ADD COLUMN bot BOOLEAN NOT NULL DEFAULT FALSE;

-- The token in a mail's Reply-To (play+<token>@…): it names one account's
-- seat in one game, and the ply the mail was written at (a reply to an
-- older mail meets the ply guard). Only the token's hash is kept.
CREATE TABLE mail_tokens (
    token_hash BLOB PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game_key TEXT NOT NULL REFERENCES games (key) ON DELETE CASCADE,
    ply BIGINT NOT NULL,
    created BIGINT NOT NULL
);
CREATE INDEX mail_tokens_created ON mail_tokens (created);

-- The address replies to a queued mail go to, if any.
ALTER TABLE mail ADD COLUMN reply_to TEXT;

-- The mails taken in, by Message-ID, so that one is applied at most once.
CREATE TABLE mail_in (
    message_id TEXT PRIMARY KEY,
    account_id INTEGER REFERENCES accounts (id) ON DELETE SET NULL,
    game_key TEXT REFERENCES games (key) ON DELETE SET NULL,
    outcome TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX mail_in_at ON mail_in (at);
CREATE INDEX mail_in_account ON mail_in (account_id, at);
