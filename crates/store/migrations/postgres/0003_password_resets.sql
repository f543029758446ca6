-- Password reset links: only the token's hash is kept, with its account
-- and when it stops working (an hour); one link an account at a time.
CREATE TABLE password_resets (
    token_hash BYTEA PRIMARY KEY,
    account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created BIGINT NOT NULL,
    expires BIGINT NOT NULL
);
CREATE INDEX password_resets_account ON password_resets (account_id);
