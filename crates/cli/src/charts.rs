//! Line charts as standalone SVG documents, for the self-play reports.

/// A line chart: `series` are (name, points) with points as (x, y); axes
/// are labelled with `x_label` and `y_label`.
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
