//! A tournament as the API shows it: the summary of a list, and the whole
//! view with players, standings and rounds.

use arbiter_api::{Bye, Pairing, Tiebreaks, TournamentPlayer, TournamentRound, TournamentSummary, TournamentView};
use arbiter_store::{AccountId, StoredTournament, TableResult, TournamentKind, TournamentState, TournamentWhole};

use super::plan;
use super::settings::Settings;

/// A tournament in a list.
pub fn summary(t: &StoredTournament) -> TournamentSummary {
    let settings = Settings::of(t).ok();
    TournamentSummary {
        id: t.id,
        name: t.name.clone(),
        game: t.game.clone(),
        variant: settings.as_ref().and_then(|s| s.variant.clone()),
        kind: t.kind.as_str().to_string(),
        state: t.state.as_str().to_string(),
        organiser: t.organiser_name.clone(),
        player_count: t.players,
        max_players: t.max_players,
        rounds_planned: t.rounds_planned,
        round: t.round,
        days_per_move: settings.as_ref().map_or(0, |s| s.days_per_move),
        rated: settings.as_ref().is_some_and(|s| s.rated),
        vacation: settings.as_ref().is_none_or(|s| s.vacation),
        starts_at: t.starts_at.rfc3339(),
        ended_at: t.ended_at.map(|at| at.rfc3339()),
        called_off: t.called_off.clone(),
    }
}

/// A number rounded to two places, as the view shows points.
fn two_places(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// The tournament `whole` as `viewer` sees it.
pub fn view(whole: &TournamentWhole, viewer: Option<AccountId>) -> TournamentView {
    let t = &whole.tournament;
    let s = summary(t);
    let settings = Settings::of(t).ok();
    let standings = plan::standings_of(whole);
    let players = whole
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let line = standings.iter().find(|l| l.player == i);
            TournamentPlayer {
                name: p.name.clone(),
                rating: p.rating.map(|r| r.0.round()),
                rank: line.map_or(0, |l| u32::try_from(l.rank).unwrap_or(u32::MAX)),
                score: line.map_or(0.0, |l| two_places(l.score)),
                tiebreaks: Tiebreaks {
                    sonneborn_berger: line.map_or(0.0, |l| two_places(l.sonneborn_berger)),
                    buchholz: line.map_or(0.0, |l| two_places(l.buchholz)),
                    head_to_head: line.map_or(0.0, |l| two_places(l.head_to_head)),
                },
                withdrawn: p.withdrawn.is_some(),
            }
        })
        .collect();
    let name = |a: AccountId| {
        whole.players.iter().find(|p| p.account == a).map_or_else(|| "?".to_string(), |p| p.name.clone())
    };
    let rounds = (1..=t.round)
        .map(|number| {
            let games: Vec<_> = whole.games.iter().filter(|g| g.round == number).collect();
            let pairings = games
                .iter()
                .map(|g| Pairing {
                    seats: g.players.iter().map(|a| name(*a)).collect(),
                    game: g.game.0.clone(),
                    result: g.result.as_ref().map(result_text),
                    points: g
                        .result
                        .as_ref()
                        .map(|r| plan::seat_points(r, g.players.len()).into_iter().map(two_places).collect()),
                })
                .collect();
            let byes = whole
                .byes
                .iter()
                .filter(|b| b.round == number)
                .map(|b| Bye { name: name(b.account), points: f64::from(b.points) / 2.0 })
                .collect();
            let running = games.iter().any(|g| g.result.is_none());
            TournamentRound { number, state: if running { "running" } else { "finished" }.to_string(), pairings, byes }
        })
        .collect();
    let me = viewer.and_then(|v| whole.players.iter().find(|p| p.account == v));
    let organiser = viewer == Some(t.organiser);
    let mut may = Vec::new();
    let full = t.players >= t.max_players;
    let late_swiss = t.kind == TournamentKind::Swiss && 2 * t.round < t.rounds_planned;
    match t.state {
        TournamentState::Upcoming => {
            if viewer.is_some() && me.is_none() && !full {
                may.push("join");
            }
            if me.is_some() {
                may.push("leave");
            }
            if organiser {
                may.extend(["start", "remove"]);
            }
        }
        TournamentState::Running => {
            if viewer.is_some() && me.is_none() && !full && late_swiss {
                may.push("join");
            }
            if me.is_some_and(|p| p.withdrawn.is_none()) {
                may.push("withdraw");
            }
            if organiser {
                may.push("remove");
            }
        }
        TournamentState::Finished => {}
    }
    TournamentView {
        id: s.id,
        name: s.name,
        game: s.game,
        variant: s.variant,
        options: settings.and_then(|s| s.options).map(|o| o.into_iter().collect()),
        kind: s.kind,
        state: s.state,
        organiser: s.organiser,
        max_players: s.max_players,
        rounds_planned: s.rounds_planned,
        round: s.round,
        days_per_move: s.days_per_move,
        rated: s.rated,
        vacation: s.vacation,
        starts_at: s.starts_at,
        ended_at: s.ended_at,
        called_off: s.called_off,
        players,
        rounds,
        standings: standings.iter().filter_map(|l| whole.players.get(l.player).map(|p| p.name.clone())).collect(),
        joined: me.is_some(),
        may: may.into_iter().map(str::to_string).collect(),
    }
}

/// A result as the pairings show it: `1-0`, `0-1`, `½-½`, `0-0` (called
/// off), or a table's places from 1 (`1 2 2 4`).
fn result_text(result: &TableResult) -> String {
    match result {
        TableResult::CalledOff => "0-0".to_string(),
        TableResult::Places(places) => match places[..] {
            [a, b] if a > b => "1-0".to_string(),
            [a, b] if a < b => "0-1".to_string(),
            [_, _] => "½-½".to_string(),
            _ => places
                .iter()
                .map(|mine| (1 + places.iter().filter(|p| *p > mine).count()).to_string())
                .collect::<Vec<_>>()
                .join(" "),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_read_as_players_write_them() {
        assert_eq!(result_text(&TableResult::Places(vec![2, 0])), "1-0");
        assert_eq!(result_text(&TableResult::Places(vec![0, 2])), "0-1");
        assert_eq!(result_text(&TableResult::Places(vec![1, 1])), "½-½");
        assert_eq!(result_text(&TableResult::CalledOff), "0-0");
        assert_eq!(result_text(&TableResult::Places(vec![5, 2, 2, 0])), "1 2 2 4");
    }
}
