//! What self-play says about a game: how often the first player wins, how
//! long games last, how many moves there are to choose from, how games end.

use std::collections::BTreeMap;

use crate::arena::GameResult;
use crate::stats::MatchStats;

/// A summary of a set of self-play games.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Games played.
    pub games: usize,
    /// The first player's score (wins, half the draws) with its interval.
    pub first_player: MatchStats,
    /// Mean game length in plies.
    pub mean_plies: f64,
    /// Shortest and longest game.
    pub plies_range: (usize, usize),
    /// Mean number of legal moves over all plies of all games.
    pub mean_branching: f64,
    /// Mean number of legal moves at each ply, while at least a tenth of
    /// the games last that long.
    pub branching_by_ply: Vec<f64>,
    /// How many games ended by each rule.
    pub endings: BTreeMap<String, usize>,
}

/// Summarises games; `first_label` is the first player's label (`w` …).
pub fn analyse(results: &[GameResult], first_label: &str) -> Analysis {
    let games = results.len();
    let scores: Vec<f64> = results
        .iter()
        .map(|r| {
            if r.winners.is_empty() {
                0.5
            } else if r.winners.iter().any(|w| w == first_label) {
                1.0 / r.winners.len() as f64
            } else {
                0.0
            }
        })
        .collect();
    let total_plies: usize = results.iter().map(|r| r.plies).sum();
    let all_branching: usize = results.iter().flat_map(|r| r.branching.iter()).sum();
    let mut endings = BTreeMap::new();
    for r in results {
        *endings.entry(r.reason.clone()).or_insert(0) += 1;
    }
    let longest = results.iter().map(|r| r.plies).max().unwrap_or(0);
    let mut branching_by_ply = Vec::new();
    for ply in 0..longest {
        let here: Vec<usize> = results.iter().filter_map(|r| r.branching.get(ply).copied()).collect();
        if here.len() * 10 < games.max(1) {
            break;
        }
        branching_by_ply.push(here.iter().sum::<usize>() as f64 / here.len() as f64);
    }
    Analysis {
        games,
        first_player: MatchStats::from_scores(&scores),
        mean_plies: total_plies as f64 / games.max(1) as f64,
        plies_range: (results.iter().map(|r| r.plies).min().unwrap_or(0), longest),
        mean_branching: all_branching as f64 / total_plies.max(1) as f64,
        branching_by_ply,
        endings,
    }
}

/// A line chart as a standalone SVG document: `series` are (name, points)
/// with points as (x, y); axes are labelled with `x_label` and `y_label`.
pub fn svg_chart(title: &str, x_label: &str, y_label: &str, series: &[(&str, Vec<(f64, f64)>)]) -> String {
    let (w, h, left, bottom, top, right) = (720.0, 400.0, 60.0, 50.0, 40.0, 20.0);
    let points = series.iter().flat_map(|(_, p)| p.iter());
    let (mut x_max, mut y_max) = (1.0f64, 1.0f64);
    let mut y_min = 0.0f64;
    for &(x, y) in points {
        x_max = x_max.max(x);
        y_max = y_max.max(y);
        y_min = y_min.min(y);
    }
    let sx = |x: f64| left + (x / x_max) * (w - left - right);
    let sy = |y: f64| h - bottom - (y - y_min) / (y_max - y_min) * (h - bottom - top);
    let colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"];
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{}\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">{}</text>\n\
         <line x1=\"{left}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\"/>\n\
         <line x1=\"{left}\" y1=\"{top}\" x2=\"{left}\" y2=\"{}\" stroke=\"black\"/>\n\
         <text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n\
         <text x=\"16\" y=\"{}\" text-anchor=\"middle\" transform=\"rotate(-90 16 {})\">{}</text>\n",
        w / 2.0,
        escape(title),
        h - bottom,
        w - right,
        h - bottom,
        h - bottom,
        w / 2.0,
        h - 12.0,
        escape(x_label),
        h / 2.0,
        h / 2.0,
        escape(y_label),
    );
    for i in 0..=4 {
        let y = y_min + (y_max - y_min) * i as f64 / 4.0;
        svg += &format!("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{:.1}</text>\n", left - 6.0, sy(y) + 4.0, y);
        let x = x_max * i as f64 / 4.0;
        svg += &format!("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{:.0}</text>\n", sx(x), h - bottom + 16.0, x);
    }
    for (i, (name, pts)) in series.iter().enumerate() {
        let colour = colours[i % colours.len()];
        let path: Vec<String> = pts.iter().map(|&(x, y)| format!("{:.1},{:.1}", sx(x), sy(y))).collect();
        svg += &format!(
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" points=\"{}\"/>\n",
            path.join(" ")
        );
        svg += &format!(
            "<text x=\"{}\" y=\"{}\" fill=\"{colour}\">{}</text>\n",
            w - right - 160.0,
            top + 16.0 * (i as f64 + 1.0),
            escape(name)
        );
    }
    svg += "</svg>\n";
    svg
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
