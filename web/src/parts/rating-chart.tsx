// A player's rating in one pool along time, as an SVG chart: one point a
// rated game, the grid's ratings at the left, the first and last days
// below.

import { useEffect, useState } from 'preact/hooks';
import * as api from '../api/client';
import { problemText } from '../api/problem';
import type { RatingPointView } from '../api/types';
import { ratingChart } from './ratings';

const WIDTH = 560;
const HEIGHT = 200;
const PAD = 36;

/** The day of `time` (RFC 3339), short: `25 Nov 2026`. */
function shortDay(time: string): string {
  return new Date(time).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** The chart of `name`'s rating in `pool`, named `title` for screen readers. */
export function RatingChart(props: { name: string; pool: string; title: string }) {
  const [history, setHistory] = useState<RatingPointView[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setHistory(null);
    api.getRatingHistory(props.name, props.pool).then(setHistory, (e) => setProblem(problemText(e)));
  }, [props.name, props.pool]);
  if (problem) return <p class="hint">{problem}</p>;
  if (!history) return <p class="hint">Loading the chart…</p>;
  if (history.length === 0) return <p class="hint">No rated game yet.</p>;
  const chart = ratingChart(history, WIDTH, HEIGHT, PAD);
  const last = history[history.length - 1];
  return (
    <svg
      class="rating-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`${props.title}: ${history.length} rated game${history.length === 1 ? '' : 's'}, from ${Math.round(history[0].rating)} to ${Math.round(last.rating)}`}
      data-testid={`rating-chart-${props.pool}`}
    >
      {chart.grid.map((g) => (
        <g key={g.rating} class="grid">
          <line x1={PAD} x2={WIDTH - PAD / 2} y1={g.y} y2={g.y} />
          <text x={PAD - 4} y={g.y + 4} text-anchor="end">
            {g.rating}
          </text>
        </g>
      ))}
      <polyline class="line" points={chart.line} fill="none" />
      {chart.points.map((p) => (
        <circle key={p.at + p.x} class="point" cx={p.x} cy={p.y} r={3}>
          <title>
            {Math.round(p.rating)} on {shortDay(p.at)}
          </title>
        </circle>
      ))}
      <text class="axis" x={PAD} y={HEIGHT - 8}>
        {shortDay(history[0].at)}
      </text>
      <text class="axis" x={WIDTH - PAD / 2} y={HEIGHT - 8} text-anchor="end">
        {shortDay(last.at)}
      </text>
    </svg>
  );
}
