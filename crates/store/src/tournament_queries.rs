//! Creating, listing and reading tournaments, and players joining and
//! leaving them (their types: `tournaments.rs`; rounds and results:
//! `tournament_rounds.rs`).

use arbiter_play::Timestamp;

use crate::accounts::AccountId;
use crate::error::StoreError;
use crate::key::GameKey;
use crate::open::Store;
use crate::tournaments::{
    Departure, Entrant, EntryRefusal, NewTournament, StoredTournament, TableResult, TournamentBye, TournamentGame,
    TournamentKind, TournamentState, TournamentWhole,
};

/// A tournament's columns, its organiser's name and its number of
/// players, from `tournaments t`.
macro_rules! tournament_select {
    () => {
        "SELECT t.id, t.name, t.game, t.rating_pool, t.kind, t.settings, t.organiser_id, a.name AS organiser_name, \
         t.state, t.max_players, t.rounds_planned, t.round, t.starts_at, t.created, t.ended_at, t.called_off, \
         (SELECT COUNT(*) FROM tournament_players p WHERE p.tournament_id = t.id) AS players \
         FROM tournaments t JOIN accounts a ON a.id = t.organiser_id "
    };
}

#[derive(sqlx::FromRow)]
struct TournamentRow {
    id: i64,
    name: String,
    game: String,
    rating_pool: String,
    kind: String,
    settings: String,
    organiser_id: i64,
    organiser_name: String,
    state: String,
    max_players: i64,
    rounds_planned: i64,
    round: i64,
    starts_at: i64,
    created: i64,
    ended_at: Option<i64>,
    called_off: Option<String>,
    players: i64,
}

/// A count as the API keeps it (never negative, never past `u32`).
fn count(value: i64) -> u32 {
    u32::try_from(value.max(0)).unwrap_or(u32::MAX)
}

impl TournamentRow {
    fn read(self) -> Result<StoredTournament, StoreError> {
        let bad = |what: &str| StoreError::Record {
            key: GameKey(format!("tournament {}", self.id)),
            reason: format!("unknown {what}"),
        };
        Ok(StoredTournament {
            id: self.id,
            kind: TournamentKind::parse(&self.kind).ok_or_else(|| bad("kind"))?,
            state: TournamentState::parse(&self.state).ok_or_else(|| bad("state"))?,
            name: self.name,
            game: self.game,
            rating_pool: self.rating_pool,
            settings: self.settings,
            organiser: AccountId(self.organiser_id),
            organiser_name: self.organiser_name,
            max_players: count(self.max_players),
            rounds_planned: count(self.rounds_planned),
            round: count(self.round),
            starts_at: Timestamp::from_unix(self.starts_at),
            created: Timestamp::from_unix(self.created),
            ended_at: self.ended_at.map(Timestamp::from_unix),
            called_off: self.called_off,
            players: count(self.players),
        })
    }
}

#[derive(sqlx::FromRow)]
struct EntrantRow {
    account_id: i64,
    name: String,
    bot: bool,
    joined: i64,
    joined_round: i64,
    withdrawn: Option<i64>,
    timeouts: i64,
    rating: Option<f64>,
    deviation: Option<f64>,
}

/// The most tournaments a list holds.
pub const TOURNAMENTS_A_PAGE: i64 = 100;

impl Store {
    /// Creates a tournament; its id.
    pub async fn create_tournament(&self, new: &NewTournament) -> Result<i64, StoreError> {
        let id = on_pool!(self, pool => {
            sqlx::query_scalar::<_, i64>(
                "INSERT INTO tournaments (name, game, rating_pool, kind, settings, organiser_id, state, max_players, \
                 rounds_planned, round, starts_at, created) VALUES ($1, $2, $3, $4, $5, $6, 'upcoming', $7, $8, 0, $9, $10) \
                 RETURNING id",
            )
            .bind(new.name.as_str())
            .bind(new.game.as_str())
            .bind(new.rating_pool.as_str())
            .bind(new.kind.as_str())
            .bind(new.settings.as_str())
            .bind(new.organiser.0)
            .bind(i64::from(new.max_players))
            .bind(i64::from(new.rounds_planned))
            .bind(new.starts_at.unix())
            .bind(new.now.unix())
            .fetch_all(pool)
            .await.and_then(crate::returning::one)
        })?;
        Ok(id)
    }

    /// How many tournaments `account` organises that are not over.
    pub async fn unfinished_tournaments_of(&self, account: AccountId) -> Result<u32, StoreError> {
        let n = on_pool!(self, pool => {
            sqlx::query_scalar::<_, i64>(
                "SELECT COUNT(*) FROM tournaments WHERE organiser_id = $1 AND state <> 'finished'",
            )
            .bind(account.0)
            .fetch_one(pool)
            .await
        })?;
        Ok(count(n))
    }

    /// The tournaments in `state` (any, if `None`): upcoming ones soonest
    /// first, the others the latest started first; at most
    /// [`TOURNAMENTS_A_PAGE`].
    pub async fn tournaments(&self, state: Option<TournamentState>) -> Result<Vec<StoredTournament>, StoreError> {
        let rows = on_pool!(self, pool => {
            sqlx::query_as::<_, TournamentRow>(concat!(
                tournament_select!(),
                "WHERE ($1 IS NULL OR t.state = $1) \
                 ORDER BY CASE WHEN t.state = 'upcoming' THEN t.starts_at ELSE -t.starts_at END, t.id LIMIT $2"
            ))
            .bind(state.map(TournamentState::as_str))
            .bind(TOURNAMENTS_A_PAGE)
            .fetch_all(pool)
            .await
        })?;
        rows.into_iter().map(TournamentRow::read).collect()
    }

    /// The tournament `id` with its players, games and byes, read at one
    /// moment; `None` if there is none.
    pub async fn tournament(&self, id: i64) -> Result<Option<TournamentWhole>, StoreError> {
        in_read_snapshot!(self, tx => async {
            let row = sqlx::query_as::<_, TournamentRow>(concat!(tournament_select!(), "WHERE t.id = $1"))
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
            let Some(row) = row else { return Ok::<_, StoreError>(None) };
            let tournament = row.read()?;
            let players = sqlx::query_as::<_, EntrantRow>(
                "SELECT p.account_id, a.name, a.bot, p.joined, p.joined_round, p.withdrawn, p.timeouts, \
                 r.rating, r.deviation FROM tournament_players p JOIN accounts a ON a.id = p.account_id \
                 LEFT JOIN ratings r ON r.account_id = p.account_id AND r.pool = $2 \
                 WHERE p.tournament_id = $1 ORDER BY p.joined, p.account_id",
            )
            .bind(id)
            .bind(tournament.rating_pool.as_str())
            .fetch_all(&mut *tx)
            .await?
            .into_iter()
            .map(|p| Entrant {
                account: AccountId(p.account_id),
                name: p.name,
                bot: p.bot,
                joined: Timestamp::from_unix(p.joined),
                joined_round: count(p.joined_round),
                withdrawn: p.withdrawn.map(Timestamp::from_unix),
                timeouts: count(p.timeouts),
                rating: p.rating.zip(p.deviation),
            })
            .collect();
            let games = sqlx::query_as::<_, (i64, i64, String, String, Option<String>)>(
                "SELECT round, board, game_key, players, result FROM tournament_games \
                 WHERE tournament_id = $1 ORDER BY round, board",
            )
            .bind(id)
            .fetch_all(&mut *tx)
            .await?
            .into_iter()
            .map(|(round, board, game, players, result)| {
                let bad = |reason: String| StoreError::Record { key: GameKey(game.clone()), reason };
                let players: Vec<i64> =
                    serde_json::from_str(&players).map_err(|e| bad(format!("tournament players: {e}")))?;
                let result = match result {
                    Some(text) => {
                        Some(TableResult::read(&text).ok_or_else(|| bad(format!("'{text}' is no result")))?)
                    }
                    None => None,
                };
                Ok(TournamentGame {
                    round: count(round),
                    board: count(board),
                    game: GameKey(game.clone()),
                    players: players.into_iter().map(AccountId).collect(),
                    result,
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
            let byes = sqlx::query_as::<_, (i64, i64, i64)>(
                "SELECT round, account_id, points FROM tournament_byes WHERE tournament_id = $1 ORDER BY round, account_id",
            )
            .bind(id)
            .fetch_all(&mut *tx)
            .await?
            .into_iter()
            .map(|(round, account, points)| TournamentBye {
                round: count(round),
                account: AccountId(account),
                points: count(points),
            })
            .collect();
            Ok(Some(TournamentWhole { tournament, players, games, byes }))
        }
        .await)
    }

    /// Puts `account` in the tournament `id` at `now`: before it starts,
    /// or in a Swiss until half its rounds have started (a half-point bye
    /// for each round started). Refused if it is full, over, started, or
    /// they are in it already.
    pub async fn join_tournament(
        &self,
        id: i64,
        account: AccountId,
        now: Timestamp,
    ) -> Result<Result<(), EntryRefusal>, StoreError> {
        in_write_transaction!(self, tx => {
            // One entry at a time (SQLite's writers take turns already).
            let sql = match self.pool {
                crate::open::Pool::Postgres(_) => {
                    "SELECT kind, state, max_players, rounds_planned, round FROM tournaments WHERE id = $1 FOR UPDATE"
                }
                crate::open::Pool::Sqlite(_) => {
                    "SELECT kind, state, max_players, rounds_planned, round FROM tournaments WHERE id = $1"
                }
            };
            let row = sqlx::query_as::<_, (String, String, i64, i64, i64)>(sql)
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
            let Some((kind, state, max, planned, round)) = row else { return Ok(Err(EntryRefusal::NotFound)) };
            let already = sqlx::query_scalar::<_, i64>(
                "SELECT COUNT(*) FROM tournament_players WHERE tournament_id = $1 AND account_id = $2",
            )
            .bind(id)
            .bind(account.0)
            .fetch_one(&mut *tx)
            .await?;
            if already > 0 {
                return Ok(Err(EntryRefusal::AlreadyIn));
            }
            let late_swiss = kind == TournamentKind::Swiss.as_str() && 2 * round < planned;
            match state.as_str() {
                "finished" => return Ok(Err(EntryRefusal::Over)),
                "running" if !late_swiss => return Ok(Err(EntryRefusal::Started)),
                _ => {}
            }
            let players = sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM tournament_players WHERE tournament_id = $1")
                .bind(id)
                .fetch_one(&mut *tx)
                .await?;
            if players >= max {
                return Ok(Err(EntryRefusal::Full { max: count(max) }));
            }
            sqlx::query(
                "INSERT INTO tournament_players (tournament_id, account_id, joined, joined_round) VALUES ($1, $2, $3, $4)",
            )
            .bind(id)
            .bind(account.0)
            .bind(now.unix())
            .bind(round)
            .execute(&mut *tx)
            .await?;
            for missed in 1..=round {
                sqlx::query("INSERT INTO tournament_byes (tournament_id, round, account_id, points) VALUES ($1, $2, $3, 1)")
                    .bind(id)
                    .bind(missed)
                    .bind(account.0)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
        });
        Ok(Ok(()))
    }

    /// Takes `account` out of the tournament `id` at `now`: before it
    /// starts they are no longer in it; after, they are withdrawn (never
    /// paired again). Refused if it is over or they are not in it.
    pub async fn leave_tournament(
        &self,
        id: i64,
        account: AccountId,
        now: Timestamp,
    ) -> Result<Result<Departure, EntryRefusal>, StoreError> {
        in_write_transaction!(self, tx => {
            let state = sqlx::query_scalar::<_, String>("SELECT state FROM tournaments WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
            let departure = match state.as_deref() {
                None => return Ok(Err(EntryRefusal::NotFound)),
                Some("finished") => return Ok(Err(EntryRefusal::Over)),
                Some("upcoming") => {
                    let gone = sqlx::query("DELETE FROM tournament_players WHERE tournament_id = $1 AND account_id = $2")
                        .bind(id)
                        .bind(account.0)
                        .execute(&mut *tx)
                        .await?;
                    if gone.rows_affected() == 0 {
                        return Ok(Err(EntryRefusal::NotIn));
                    }
                    Departure::Left
                }
                Some(_) => {
                    let gone = sqlx::query(
                        "UPDATE tournament_players SET withdrawn = $3 \
                         WHERE tournament_id = $1 AND account_id = $2 AND withdrawn IS NULL",
                    )
                    .bind(id)
                    .bind(account.0)
                    .bind(now.unix())
                    .execute(&mut *tx)
                    .await?;
                    if gone.rows_affected() == 0 {
                        return Ok(Err(EntryRefusal::NotIn));
                    }
                    Departure::Withdrew
                }
            };
            tx.commit().await?;
            Ok(Ok(departure))
        })
    }

    /// The upcoming tournaments due to start at `now`, and the running
    /// ones with no game waiting for its result (a round to pair, or the
    /// end): what the tournament job looks at.
    pub async fn tournaments_due(&self, now: Timestamp) -> Result<Vec<i64>, StoreError> {
        let ids = on_pool!(self, pool => {
            sqlx::query_scalar::<_, i64>(
                "SELECT id FROM tournaments WHERE (state = 'upcoming' AND starts_at <= $1) \
                 OR (state = 'running' AND NOT EXISTS \
                     (SELECT 1 FROM tournament_games g WHERE g.tournament_id = tournaments.id AND g.result IS NULL)) \
                 ORDER BY id LIMIT 100",
            )
            .bind(now.unix())
            .fetch_all(pool)
            .await
        })?;
        Ok(ids)
    }

    /// When the next upcoming tournament starts, if any.
    pub async fn next_tournament_start(&self) -> Result<Option<Timestamp>, StoreError> {
        let at = on_pool!(self, pool => {
            sqlx::query_scalar::<_, Option<i64>>("SELECT MIN(starts_at) FROM tournaments WHERE state = 'upcoming'")
                .fetch_one(pool)
                .await
        })?;
        Ok(at.map(Timestamp::from_unix))
    }

    /// Tournament games that are over but whose result is not kept yet
    /// (at most `limit`), with their tournaments.
    pub async fn tournament_games_unrecorded(&self, limit: i64) -> Result<Vec<(i64, GameKey)>, StoreError> {
        let rows = on_pool!(self, pool => {
            sqlx::query_as::<_, (i64, String)>(
                "SELECT tg.tournament_id, tg.game_key FROM tournament_games tg JOIN games g ON g.key = tg.game_key \
                 WHERE tg.result IS NULL AND g.state = 'finished' ORDER BY tg.tournament_id LIMIT $1",
            )
            .bind(limit)
            .fetch_all(pool)
            .await
        })?;
        Ok(rows.into_iter().map(|(t, k)| (t, GameKey(k))).collect())
    }

    /// Keeps how the tournament game `game` came out, once; each account
    /// of `timed_out` lost it on time, and is withdrawn at its second such
    /// loss in the event. The tournament, if the result was new.
    pub async fn record_tournament_result(
        &self,
        game: &GameKey,
        result: &TableResult,
        timed_out: &[AccountId],
        now: Timestamp,
    ) -> Result<Option<i64>, StoreError> {
        in_write_transaction!(self, tx => {
            let tournament = sqlx::query_scalar::<_, i64>(
                "UPDATE tournament_games SET result = $2 WHERE game_key = $1 AND result IS NULL RETURNING tournament_id",
            )
            .bind(game.0.as_str())
            .bind(result.write())
            .fetch_optional(&mut *tx)
            .await?;
            if let Some(tournament) = tournament {
                for account in timed_out {
                    sqlx::query(
                        "UPDATE tournament_players SET timeouts = timeouts + 1, \
                         withdrawn = CASE WHEN timeouts + 1 >= 2 AND withdrawn IS NULL THEN $3 ELSE withdrawn END \
                         WHERE tournament_id = $1 AND account_id = $2",
                    )
                    .bind(tournament)
                    .bind(account.0)
                    .bind(now.unix())
                    .execute(&mut *tx)
                    .await?;
                }
            }
            tx.commit().await?;
            Ok(tournament)
        })
    }
}
