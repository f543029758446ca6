-- How each seat came out of a finished game (won, lost, drawn, aborted,
-- unknown), written when the game ends, for a player's page. Games that
-- ended before are filled in by the server at start, from their records.
ALTER TABLE game_seats ADD COLUMN standing TEXT;
CREATE INDEX game_seats_account_standing ON game_seats (account_id, standing);
