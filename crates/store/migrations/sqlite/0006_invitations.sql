-- Invitations and private games. A seat kept for one invited account
-- (open, but only that account may take it) names it in invited_id. A
-- private game has an invite code: it is in no public list, and its open
-- seats are taken with the code.
ALTER TABLE game_seats ADD COLUMN invited_id INTEGER REFERENCES accounts (id);
CREATE INDEX game_seats_invited ON game_seats (invited_id);
ALTER TABLE games ADD COLUMN invite_code TEXT;
