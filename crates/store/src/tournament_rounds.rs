//! Starting a tournament's round with its games, and ending the
//! tournament: each in one transaction that first moves the tournament's
//! `round` on from the value the caller read, so that of two servers
//! doing it at once exactly one does.

use crate::error::StoreError;
use crate::game_rows::write_record;
use crate::key::GameKey;
use crate::open::Store;
use crate::tournaments::{RoundStart, TournamentEnd};

/// The refusal when another server moved the tournament on first.
fn moved_on(tournament: i64, expected: u32) -> StoreError {
    StoreError::Stale { key: GameKey(format!("tournament {tournament}")), expected: i64::from(expected), found: -1 }
}

impl Store {
    /// Starts a round: its games (created active, each with its record,
    /// seats and moves), their rows in the tournament, its byes, the
    /// notices and mail that tell of it. A tournament started before its
    /// time starts now (its `starts_at` says when it did). Refused with
    /// [`StoreError::Stale`] (and nothing stored) if the tournament's
    /// round is no longer `expected_round`, it is over, or a player joined
    /// or withdrew since it was read.
    pub async fn start_tournament_round(&self, start: &RoundStart) -> Result<(), StoreError> {
        let mut records = Vec::with_capacity(start.games.len());
        for (game, _) in &start.games {
            let head = arbiter_play::GameRecord { moves: Vec::new(), ..game.record.clone() };
            records.push(write_record(&game.key, &head)?);
        }
        in_write_transaction!(self, tx => {
            let moved = sqlx::query(
                "UPDATE tournaments SET round = $3, rounds_planned = $4, state = 'running', \
                 starts_at = CASE WHEN state = 'upcoming' AND starts_at > $5 THEN $5 ELSE starts_at END \
                 WHERE id = $1 AND round = $2 AND state <> 'finished'",
            )
            .bind(start.tournament)
            .bind(i64::from(start.expected_round))
            .bind(i64::from(start.new_round))
            .bind(i64::from(start.rounds_planned))
            .bind(start.now.unix())
            .execute(&mut *tx)
            .await?;
            if moved.rows_affected() == 0 {
                return Err(moved_on(start.tournament, start.expected_round));
            }
            // The tournament's row is this transaction's now (a join
            // waits for it): the players the round was paired from must
            // be those in it, or it is paired again.
            let (players, withdrawn) = sqlx::query_as::<_, (i64, i64)>(
                "SELECT COUNT(*), COUNT(withdrawn) FROM tournament_players WHERE tournament_id = $1",
            )
            .bind(start.tournament)
            .fetch_one(&mut *tx)
            .await?;
            if (players, withdrawn) != (i64::from(start.players), i64::from(start.withdrawn)) {
                return Err(moved_on(start.tournament, start.expected_round));
            }
            for ((game, row), record) in start.games.iter().zip(&records) {
                crate::game_queries::insert_game!(tx, game, record).await?;
                let moves = crate::game_moves::MovesWrite::whole(game.record.moves.clone());
                crate::game_moves::write_moves!(tx, &game.key, &moves).await?;
                let players: Vec<i64> = row.players.iter().map(|a| a.0).collect();
                sqlx::query(
                    "INSERT INTO tournament_games (tournament_id, round, board, game_key, players) VALUES ($1, $2, $3, $4, $5)",
                )
                .bind(start.tournament)
                .bind(i64::from(row.round))
                .bind(i64::from(row.board))
                .bind(game.key.0.as_str())
                .bind(serde_json::to_string(&players).unwrap_or_default())
                .execute(&mut *tx)
                .await?;
            }
            for bye in &start.byes {
                sqlx::query(
                    "INSERT INTO tournament_byes (tournament_id, round, account_id, points) VALUES ($1, $2, $3, $4) \
                     ON CONFLICT (tournament_id, round, account_id) DO NOTHING",
                )
                .bind(start.tournament)
                .bind(i64::from(bye.round))
                .bind(bye.account.0)
                .bind(i64::from(bye.points))
                .execute(&mut *tx)
                .await?;
            }
            for notice in &start.notices {
                crate::notices::insert_tournament_notice!(&mut *tx, notice, start.now).await?;
            }
            for mail in &start.mail {
                crate::mail_queries::insert_mail!(&mut *tx, mail).await?;
            }
            tx.commit().await?;
        });
        self.announce_tournament_notices(&start.notices).await
    }

    /// Ends a tournament (played out, or called off), with the notices
    /// and mail that tell of it. Refused with [`StoreError::Stale`] if its
    /// round is no longer `expected_round` or it is over already.
    pub async fn end_tournament(&self, end: &TournamentEnd) -> Result<(), StoreError> {
        in_write_transaction!(self, tx => {
            let moved = sqlx::query(
                "UPDATE tournaments SET state = 'finished', ended_at = $3, called_off = $4 \
                 WHERE id = $1 AND round = $2 AND state <> 'finished'",
            )
            .bind(end.tournament)
            .bind(i64::from(end.expected_round))
            .bind(end.now.unix())
            .bind(end.called_off.as_deref())
            .execute(&mut *tx)
            .await?;
            if moved.rows_affected() == 0 {
                return Err(moved_on(end.tournament, end.expected_round));
            }
            for notice in &end.notices {
                crate::notices::insert_tournament_notice!(&mut *tx, notice, end.now).await?;
            }
            for mail in &end.mail {
                crate::mail_queries::insert_mail!(&mut *tx, mail).await?;
            }
            tx.commit().await?;
        });
        self.announce_tournament_notices(&end.notices).await
    }

    /// Tells the other servers that the accounts `notices` are for have
    /// new notices.
    async fn announce_tournament_notices(
        &self,
        notices: &[crate::notices::TournamentNotice],
    ) -> Result<(), StoreError> {
        let mut accounts: Vec<_> = notices.iter().map(|n| n.account).collect();
        accounts.sort_by_key(|a| a.0);
        accounts.dedup();
        self.notify_notices(&accounts).await
    }
}
