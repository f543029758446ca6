-- Administrators and disabled accounts (a disabled account cannot sign
-- in); and what another process on the same file (an administrator's
-- command) tells the running server: games changed, sessions ended.
ALTER TABLE accounts ADD COLUMN admin BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD COLUMN disabled BIGINT;
CREATE TABLE announcements (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    origin BIGINT NOT NULL,
    channel TEXT NOT NULL,
    payload TEXT NOT NULL,
    created BIGINT NOT NULL
);
