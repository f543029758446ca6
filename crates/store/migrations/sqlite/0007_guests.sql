-- Guests: accounts made at a click to play at once, with no password and
-- no mail. A guest who signs up becomes an ordinary account, keeping its
-- games; one unused for 30 days and holding no seat is removed.
ALTER TABLE accounts ADD COLUMN guest BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX accounts_guest ON accounts (guest);
