//! Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2012), as
//! lichess runs it: every game is rated at once, as a rating period of
//! its own, and a player's deviation grows with the days since their last
//! rated game. Two additions, both reducing to the paper when unused: a
//! result may carry a weight (a many-player game rated as pairs, each
//! pair counting for part of a game) and an edge in Elo (a handicap's
//! worth, added to the player's rating when their expected score is
//! worked out).
//!
//! No crate kept for Glicko-2 takes weights or a shifted expected score,
//! so the update is written here and checked against the paper's worked
//! example and against the `skillratings` crate where both apply.

/// Glicko-2's factor between the Glicko scale (1500 and its deviations)
/// and its own (0 and radians of it).
pub const SCALE: f64 = 173.7178;

/// How closely the new volatility is sought (the paper's ε).
const CONVERGENCE: f64 = 0.000_001;

/// At most this many steps of the volatility's search (it converges in
/// under ten; the bound keeps a pathological input from looping).
const MAX_STEPS: usize = 200;

/// A player's rating: the estimate, its deviation (how uncertain it is)
/// and its volatility (how erratic the player's results are).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating, 1500 for a new player.
    pub rating: f64,
    /// Its deviation: the rating is within twice this of the player's
    /// strength, 95 times in 100.
    pub deviation: f64,
    /// How much the player's strength is expected to vary.
    pub volatility: f64,
}

/// The settings of a rating system.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// A new player's rating.
    pub initial: Rating,
    /// How much the volatility may change (the paper's τ).
    pub tau: f64,
    /// The least deviation a rating keeps.
    pub min_deviation: f64,
    /// The greatest deviation (a new player's).
    pub max_deviation: f64,
    /// The greatest volatility.
    pub max_volatility: f64,
    /// Rating periods in a day: how fast an idle player's deviation grows.
    pub periods_per_day: f64,
    /// A rating is provisional while its deviation is at least this.
    pub provisional_deviation: f64,
}

impl Settings {
    /// lichess's settings: a new player at 1500, deviation 500,
    /// volatility 0.09; τ 0.75; deviations between 45 and 500; volatility
    /// at most 0.1; 0.21436 rating periods a day (a deviation of 60 with
    /// volatility 0.06 grows to about 110 in a year idle); provisional
    /// from a deviation of 110.
    pub const LICHESS: Settings = Settings {
        initial: Rating { rating: 1500.0, deviation: 500.0, volatility: 0.09 },
        tau: 0.75,
        min_deviation: 45.0,
        max_deviation: 500.0,
        max_volatility: 0.1,
        periods_per_day: 0.21436,
        provisional_deviation: 110.0,
    };

    /// The settings of the paper's example: τ 0.5, one rating period,
    /// no bounds on deviation or volatility.
    pub const PAPER: Settings = Settings {
        initial: Rating { rating: 1500.0, deviation: 350.0, volatility: 0.06 },
        tau: 0.5,
        min_deviation: 0.0,
        max_deviation: f64::INFINITY,
        max_volatility: f64::INFINITY,
        periods_per_day: 1.0,
        provisional_deviation: 110.0,
    };
}

/// One result to rate a player by.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// The opponent's rating before the game.
    pub opponent: Rating,
    /// The player's score: 1 a win, 0.5 a draw, 0 a loss.
    pub score: f64,
    /// How much of a game the result counts for (1 for a game of two).
    pub weight: f64,
    /// The player's edge over the opponent in Elo from the game's terms
    /// (a handicap): added to the player's rating when their expected
    /// score is worked out, so a win with an edge counts for less.
    pub edge: f64,
}

impl Outcome {
    /// A plain game of two: weight 1, no edge.
    pub fn plain(opponent: Rating, score: f64) -> Outcome {
        Outcome { opponent, score, weight: 1.0, edge: 0.0 }
    }
}

/// The factor by which an opponent's deviation `phi` softens a result.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// The expected score of a player at `mu` against one at `mu_j` with
/// deviation `phi_j` (Glicko-2 scale).
fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Rating {
    /// The rating with its deviation grown for `days` without a rated
    /// game (never beyond the greatest deviation).
    pub fn after_idle(self, days: f64, settings: &Settings) -> Rating {
        let periods = (days * settings.periods_per_day).max(0.0);
        let phi = self.deviation / SCALE;
        let grown = (phi * phi + periods * self.volatility * self.volatility).sqrt() * SCALE;
        Rating { deviation: grown.min(settings.max_deviation).max(self.deviation.min(settings.max_deviation)), ..self }
    }

    /// Whether the rating is provisional (shown with "?").
    pub fn is_provisional(&self, settings: &Settings) -> bool {
        self.deviation >= settings.provisional_deviation
    }
}

/// `player`'s rating after `outcomes`, `periods` rating periods after
/// their last rated game (1 in the paper's example; days times
/// [`Settings::periods_per_day`] when every game is rated at once). With
/// no outcome (or none of any weight), only the deviation grows.
pub fn rate(player: Rating, outcomes: &[Outcome], periods: f64, settings: &Settings) -> Rating {
    let periods = if periods.is_finite() { periods.max(0.0) } else { 0.0 };
    let mu = (player.rating - 1500.0) / SCALE;
    let phi = player.deviation / SCALE;
    let sigma = player.volatility;
    let mut inverse_v = 0.0;
    let mut sum = 0.0;
    for o in outcomes.iter().filter(|o| o.weight > 0.0 && o.weight.is_finite()) {
        let mu_j = (o.opponent.rating - 1500.0) / SCALE;
        let phi_j = o.opponent.deviation / SCALE;
        let e = expected(mu + o.edge / SCALE, mu_j, phi_j);
        inverse_v += o.weight * g(phi_j).powi(2) * e * (1.0 - e);
        sum += o.weight * g(phi_j) * (o.score.clamp(0.0, 1.0) - e);
    }
    if inverse_v <= 0.0 {
        let grown = (phi * phi + periods * sigma * sigma).sqrt() * SCALE;
        return Rating { deviation: bounded(grown, settings), ..player };
    }
    let v = 1.0 / inverse_v;
    let delta = v * sum;
    let sigma = new_volatility(phi, sigma, v, delta, settings.tau).min(settings.max_volatility);
    let phi_star = (phi * phi + periods * sigma * sigma).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * sum;
    Rating { rating: 1500.0 + SCALE * mu_new, deviation: bounded(phi_new * SCALE, settings), volatility: sigma }
}

/// `deviation` within the settings' bounds.
fn bounded(deviation: f64, settings: &Settings) -> f64 {
    deviation.max(settings.min_deviation).min(settings.max_deviation)
}

/// The new volatility (the paper's step 5, by the Illinois algorithm).
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2)) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 && k < MAX_STEPS as f64 {
            k += 1.0;
        }
        a - k * tau
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    for _ in 0..MAX_STEPS {
        if (big_b - big_a).abs() <= CONVERGENCE {
            break;
        }
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b < 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
    }
    let found = (big_a / 2.0).exp();
    if found.is_finite() { found } else { sigma }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(rating: f64, deviation: f64) -> Rating {
        Rating { rating, deviation, volatility: 0.06 }
    }

    /// The paper's worked example: 1500/200/0.06 beats 1400/30, loses to
    /// 1550/100 and to 1700/300, and ends at 1464.06/151.52/0.05999.
    #[test]
    fn the_papers_example() {
        let player = rating(1500.0, 200.0);
        let outcomes = [
            Outcome::plain(rating(1400.0, 30.0), 1.0),
            Outcome::plain(rating(1550.0, 100.0), 0.0),
            Outcome::plain(rating(1700.0, 300.0), 0.0),
        ];
        let after = rate(player, &outcomes, 1.0, &Settings::PAPER);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_weight_of_one_half_moves_half_as_far_for_a_settled_player() {
        let player = Rating { rating: 1600.0, deviation: 60.0, volatility: 0.06 };
        let opponent = Rating { rating: 1600.0, deviation: 60.0, volatility: 0.06 };
        let whole = rate(player, &[Outcome::plain(opponent, 1.0)], 0.0, &Settings::LICHESS);
        let half = rate(player, &[Outcome { weight: 0.5, ..Outcome::plain(opponent, 1.0) }], 0.0, &Settings::LICHESS);
        let (whole, half) = (whole.rating - 1600.0, half.rating - 1600.0);
        assert!(whole > 0.0 && half > 0.0);
        assert!((half / whole - 0.5).abs() < 0.05, "{half} against {whole}");
    }

    #[test]
    fn an_edge_makes_a_win_count_for_less_and_a_loss_for_more() {
        let player = rating(1500.0, 100.0);
        let opponent = rating(1500.0, 100.0);
        let settings = Settings::LICHESS;
        let win = rate(player, &[Outcome::plain(opponent, 1.0)], 0.0, &settings);
        let win_with_edge = rate(player, &[Outcome { edge: 150.0, ..Outcome::plain(opponent, 1.0) }], 0.0, &settings);
        let loss = rate(player, &[Outcome::plain(opponent, 0.0)], 0.0, &settings);
        let loss_with_edge = rate(player, &[Outcome { edge: 150.0, ..Outcome::plain(opponent, 0.0) }], 0.0, &settings);
        assert!(win_with_edge.rating < win.rating);
        assert!(loss_with_edge.rating < loss.rating);
        // An edge equal to the rating gap makes the game even: a draw
        // between 1650 giving 150 and 1500 moves neither.
        let even =
            rate(rating(1650.0, 100.0), &[Outcome { edge: -150.0, ..Outcome::plain(opponent, 0.5) }], 0.0, &settings);
        assert!((even.rating - 1650.0).abs() < 0.01, "{even:?}");
    }

    #[test]
    fn an_idle_year_takes_a_settled_deviation_from_60_to_about_110() {
        let settled = rating(1800.0, 60.0);
        let after = settled.after_idle(365.0, &Settings::LICHESS);
        assert!((after.deviation - 110.0).abs() < 5.0, "{after:?}");
        assert!(!settled.is_provisional(&Settings::LICHESS));
        assert!(
            after.deviation < 500.0 && rating(1500.0, 499.0).after_idle(1e9, &Settings::LICHESS).deviation == 500.0
        );
    }

    #[test]
    fn no_outcome_only_grows_the_deviation() {
        let player = rating(1700.0, 80.0);
        let after = rate(player, &[], 10.0, &Settings::LICHESS);
        assert_eq!(after.rating, 1700.0);
        assert!(after.deviation > 80.0);
    }

    #[test]
    fn a_new_player_moves_far_and_stays_within_bounds() {
        let settings = Settings::LICHESS;
        let new = settings.initial;
        let after = rate(new, &[Outcome::plain(new, 1.0)], 0.0, &settings);
        assert!(after.rating > 1650.0 && after.rating < 1800.0, "{after:?}");
        assert!(after.deviation <= 500.0 && after.deviation >= 45.0);
        assert!(after.volatility <= 0.1);
    }
    proptest::proptest! {
        /// Plain games (weight 1, no edge, one period) rate as the
        /// `skillratings` crate rates them.
        #[test]
        fn plain_games_agree_with_skillratings(
            player in (800.0f64..2600.0, 40.0f64..350.0, 0.03f64..0.1),
            games in proptest::collection::vec((800.0f64..2600.0, 40.0f64..350.0, 0u8..3), 1..12),
        ) {
            use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};
            use skillratings::Outcomes;
            let me = Rating { rating: player.0, deviation: player.1, volatility: player.2 };
            let ours = rate(
                me,
                &games.iter().map(|&(r, d, s)| Outcome::plain(rating(r, d), f64::from(s) / 2.0)).collect::<Vec<_>>(),
                1.0,
                &Settings { tau: 0.75, ..Settings::PAPER },
            );
            let theirs = glicko2_rating_period(
                &Glicko2Rating { rating: me.rating, deviation: me.deviation, volatility: me.volatility },
                &games
                    .iter()
                    .map(|&(r, d, s)| {
                        let outcome = [Outcomes::LOSS, Outcomes::DRAW, Outcomes::WIN][usize::from(s)];
                        (Glicko2Rating { rating: r, deviation: d, volatility: 0.06 }, outcome)
                    })
                    .collect::<Vec<_>>(),
                &Glicko2Config { tau: 0.75, ..Glicko2Config::new() },
            );
            proptest::prop_assert!((ours.rating - theirs.rating).abs() < 0.01, "{ours:?} against {theirs:?}");
            proptest::prop_assert!((ours.deviation - theirs.deviation).abs() < 0.01, "{ours:?} against {theirs:?}");
            proptest::prop_assert!((ours.volatility - theirs.volatility).abs() < 1e-5, "{ours:?} against {theirs:?}");
        }
    }
}
