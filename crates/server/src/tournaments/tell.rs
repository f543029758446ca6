//! What a tournament tells its players on the personal channel and by
//! mail when a round starts and when it ends.

use arbiter_store::{AccountId, NoticeKind, TournamentGame, TournamentKind, TournamentNotice, TournamentWhole};

use super::plan::{self, PlannedRound};

/// Notices, and mails as (account, subject, body) to address.
#[derive(Debug, Default)]
pub struct Told {
    /// The notices to keep.
    pub notices: Vec<TournamentNotice>,
    /// The mails to send, where the account wants mail.
    pub mail: Vec<(AccountId, String, String)>,
}

impl Told {
    fn tell(
        &mut self,
        whole: &TournamentWhole,
        account: AccountId,
        kind: NoticeKind,
        game: Option<&TournamentGame>,
        subject: String,
        text: String,
    ) {
        self.notices.push(TournamentNotice {
            account,
            tournament: whole.tournament.id,
            game: game.map(|g| g.game.clone()),
            kind,
            text: text.clone(),
        });
        self.mail.push((account, subject, text));
    }
}

/// A player's name.
fn name_of(whole: &TournamentWhole, account: AccountId) -> &str {
    whole.players.iter().find(|p| p.account == account).map_or("?", |p| p.name.as_str())
}

/// What the start of `rounds` (with their `games`) tells each player.
pub fn round_started(whole: &TournamentWhole, rounds: &[PlannedRound], games: &[TournamentGame]) -> Told {
    let t = &whole.tournament;
    let mut told = Told::default();
    let all_at_once = matches!(t.kind, TournamentKind::RoundRobin | TournamentKind::DoubleRoundRobin);
    if all_at_once {
        for player in &whole.players {
            let mine: Vec<&TournamentGame> = games.iter().filter(|g| g.players.contains(&player.account)).collect();
            let text = format!(
                "{} has started: your {} games are all on now, at {} days a move.",
                t.name,
                mine.len(),
                plan_days(whole)
            );
            told.tell(
                whole,
                player.account,
                NoticeKind::TournamentRound,
                mine.first().copied(),
                format!("Arbiter: {} has started", t.name),
                text,
            );
        }
        return told;
    }
    for round in rounds {
        let number = round.number;
        for game in games.iter().filter(|g| g.round == number) {
            for &account in &game.players {
                let others: Vec<&str> =
                    game.players.iter().filter(|a| **a != account).map(|a| name_of(whole, *a)).collect();
                let seat = game.players.iter().position(|a| *a == account).map_or(0, |s| s + 1);
                let text = format!(
                    "Round {number} of {} has started: your game against {} (you are seat {seat}).",
                    t.name,
                    others.join(", ")
                );
                told.tell(
                    whole,
                    account,
                    NoticeKind::TournamentRound,
                    Some(game),
                    format!("Arbiter: round {number} of {}", t.name),
                    text,
                );
            }
        }
        for &(player, points) in &round.byes {
            let account = whole.players[player].account;
            let worth = match points {
                2 => "a bye, worth a point",
                1 => "a bye, worth half a point",
                _ => "no game this round",
            };
            let text = format!("Round {number} of {} has started: you have {worth}.", t.name);
            told.tell(
                whole,
                account,
                NoticeKind::TournamentRound,
                None,
                format!("Arbiter: round {number} of {}", t.name),
                text,
            );
        }
    }
    told
}

/// The days a move of `whole`'s games, as its settings have them.
fn plan_days(whole: &TournamentWhole) -> u32 {
    super::settings::Settings::of(&whole.tournament).map_or(0, |s| s.days_per_move)
}

/// What the end of `whole` (called off saying why, or played out) tells
/// each player.
pub fn ended(whole: &TournamentWhole, called_off: Option<&str>) -> Told {
    let t = &whole.tournament;
    let mut told = Told::default();
    let subject = format!("Arbiter: {} is over", t.name);
    if let Some(why) = called_off {
        for player in &whole.players {
            let text = format!("{} was called off: {why}.", t.name);
            told.tell(whole, player.account, NoticeKind::TournamentOver, None, subject.clone(), text);
        }
        return told;
    }
    let standings = plan::standings_of(whole);
    let field = whole.players.len();
    for line in &standings {
        let Some(player) = whole.players.get(line.player) else { continue };
        let winner = standings.first().and_then(|w| whole.players.get(w.player)).map_or("?", |p| p.name.as_str());
        let text = format!(
            "{} is over: you finished {} of {field} with {} points. It was won by {winner}.",
            t.name,
            ordinal(line.rank),
            points(line.score)
        );
        told.tell(whole, player.account, NoticeKind::TournamentOver, None, subject.clone(), text);
    }
    told
}

/// A score as people write it: `3`, `2½`, `½`, `0.67`.
pub fn points(score: f64) -> String {
    let halves = score * 2.0;
    if (halves - halves.round()).abs() > 1e-9 {
        return format!("{score:.2}");
    }
    let whole = (halves.round() as i64) / 2;
    let half = (halves.round() as i64) % 2 == 1;
    match (whole, half) {
        (0, true) => "½".to_string(),
        (w, true) => format!("{w}½"),
        (w, false) => w.to_string(),
    }
}

/// 1st, 2nd, 3rd, 4th… 11th, 12th, 13th, 21st.
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_and_places_read_as_people_write_them() {
        assert_eq!(points(3.0), "3");
        assert_eq!(points(2.5), "2½");
        assert_eq!(points(0.5), "½");
        assert_eq!(points(2.0 / 3.0), "0.67");
        assert_eq!(ordinal(1), "1st");
        assert_eq!(ordinal(12), "12th");
        assert_eq!(ordinal(22), "22nd");
        assert_eq!(ordinal(113), "113th");
    }
}
