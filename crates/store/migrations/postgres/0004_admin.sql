-- Administrators and disabled accounts (a disabled account cannot sign
-- in). Other processes are told of changes with NOTIFY, so PostgreSQL
-- needs no table of announcements.
ALTER TABLE accounts ADD COLUMN admin BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE accounts ADD COLUMN disabled BIGINT;
