//! Match statistics: score, Elo difference and their 95% intervals.

/// The two-sided 95% normal quantile.
const Z95: f64 = 1.959_964;

/// What a series of games between A and B says about their strengths.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MatchStats {
    /// Games played.
    pub games: usize,
    /// Games A won, lost and drew.
    pub wins: usize,
    /// Games A lost.
    pub losses: usize,
    /// Drawn games.
    pub draws: usize,
    /// A's mean score, 0 to 1 (a draw is half a point).
    pub score: f64,
    /// The 95% interval of A's mean score (Wilson's).
    pub score_interval: (f64, f64),
    /// A's Elo advantage over B (positive: A is stronger); infinite when A
    /// won or lost every game.
    pub elo: f64,
    /// The 95% interval of the Elo difference.
    pub elo_interval: (f64, f64),
}

/// The Elo difference that gives an expected score of `score`.
pub fn elo_from_score(score: f64) -> f64 {
    // A score within rounding of 0 or 1 (an interval's end after a clean
    // sweep) has no finite Elo.
    const EDGE: f64 = 1e-9;
    if score <= EDGE {
        f64::NEG_INFINITY
    } else if score >= 1.0 - EDGE {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

impl MatchStats {
    /// Statistics from A's score in each game (1, ½ or 0).
    pub fn from_scores(scores: &[f64]) -> MatchStats {
        let games = scores.len();
        let wins = scores.iter().filter(|&&s| s > 0.75).count();
        let losses = scores.iter().filter(|&&s| s < 0.25).count();
        let draws = games - wins - losses;
        let n = games.max(1) as f64;
        let score = scores.iter().sum::<f64>() / n;
        // Wilson's interval: sound near 0% and 100%, where the normal
        // approximation collapses to a point.
        let z2 = Z95 * Z95;
        let centre = (score + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 * (score * (1.0 - score) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
        let score_interval = ((centre - half).max(0.0), (centre + half).min(1.0));
        MatchStats {
            games,
            wins,
            losses,
            draws,
            score,
            score_interval,
            elo: elo_from_score(score),
            elo_interval: (elo_from_score(score_interval.0), elo_from_score(score_interval.1)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_scores_mean_no_difference() {
        let s = MatchStats::from_scores(&[1.0, 0.0, 0.5, 0.5]);
        assert_eq!((s.wins, s.losses, s.draws), (1, 1, 2));
        assert!(s.elo.abs() < 1e-9);
        assert!(s.elo_interval.0 < 0.0 && s.elo_interval.1 > 0.0);
    }

    #[test]
    fn three_quarters_is_about_191_elo() {
        assert!((elo_from_score(0.75) - 190.85).abs() < 0.1);
        let s = MatchStats::from_scores(&[1.0, 1.0, 1.0, 0.0]);
        assert!((s.score - 0.75).abs() < 1e-12);
        assert!(s.score_interval.0 < 0.75 && s.score_interval.1 < 1.0);
        let all = MatchStats::from_scores(&[1.0; 20]);
        assert!((all.score_interval.0 - 0.839).abs() < 0.001, "{:?}", all.score_interval);
        assert_eq!(all.elo, f64::INFINITY);
        assert!(all.elo_interval.0 > 280.0 && all.elo_interval.0.is_finite());
    }
}
