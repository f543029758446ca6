-- Sessions with a number, their last use (they end after a time unused)
-- and the address they were started from; mail addresses verified before
-- mail goes to them; mail given up after its attempts; games with their
-- creator. SQLite dialect.

CREATE TABLE sessions_numbered (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    token_hash BLOB NOT NULL UNIQUE,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created BIGINT NOT NULL,
    last_used BIGINT NOT NULL,
    address TEXT
);
INSERT INTO sessions_numbered (token_hash, account_id, created, last_used)
    SELECT token_hash, account_id, created, created FROM sessions ORDER BY created;
DROP TABLE sessions;
ALTER TABLE sessions_numbered RENAME TO sessions;
CREATE INDEX sessions_account ON sessions (account_id);
CREATE INDEX sessions_last_used ON sessions (last_used);

ALTER TABLE accounts ADD COLUMN email_verified BOOLEAN NOT NULL DEFAULT 0;

CREATE TABLE email_verifications (
    token_hash BLOB PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    created BIGINT NOT NULL,
    expires BIGINT NOT NULL
);
CREATE INDEX email_verifications_account ON email_verifications (account_id);

ALTER TABLE mail ADD COLUMN failed BIGINT;
CREATE INDEX mail_account ON mail (account_id, failed);

ALTER TABLE games ADD COLUMN creator_id INTEGER REFERENCES accounts (id);
CREATE INDEX games_creator ON games (creator_id, state);
