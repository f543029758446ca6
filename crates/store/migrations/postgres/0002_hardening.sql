-- Sessions with a number, their last use (they end after a time unused)
-- and the address they were started from; mail addresses verified before
-- mail goes to them; mail given up after its attempts; games with their
-- creator. PostgreSQL dialect.

ALTER TABLE sessions ADD COLUMN id BIGSERIAL UNIQUE;
ALTER TABLE sessions ADD COLUMN last_used BIGINT;
UPDATE sessions SET last_used = created;
ALTER TABLE sessions ALTER COLUMN last_used SET NOT NULL;
ALTER TABLE sessions ADD COLUMN address TEXT;
CREATE INDEX sessions_last_used ON sessions (last_used);

ALTER TABLE accounts ADD COLUMN email_verified BOOLEAN NOT NULL DEFAULT FALSE;

CREATE TABLE email_verifications (
    token_hash BYTEA PRIMARY KEY,
    account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    created BIGINT NOT NULL,
    expires BIGINT NOT NULL
);
CREATE INDEX email_verifications_account ON email_verifications (account_id);

ALTER TABLE mail ADD COLUMN failed BIGINT;
CREATE INDEX mail_account ON mail (account_id, failed);

ALTER TABLE games ADD COLUMN creator_id BIGINT REFERENCES accounts (id);
CREATE INDEX games_creator ON games (creator_id, state);
