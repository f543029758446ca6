// Any game's board, drawn in SVG from the server's board model: a labelled
// grid of cells (each named with the model's words, its pieces drawn by
// their kind's art), the spots off the grid, the last move, and the cells
// and spots that may be clicked now. Every cell and spot has
// `data-square`; those that may be clicked are focusable and answer Enter
// and Space as a click does.

import type { ComponentChildren } from 'preact';
import type { BoardModel, Piece } from '../api/types';
import { PieceGlyph } from '../art';
import { CELL, type Layout, cellCorner, labels, layout, spotBox } from './geometry';
import './boards.css';

/** What a board is drawn from, and what clicking it does. */
export interface BoardProps {
  board: BoardModel;
  /** Drawn turned half round (for the second player). */
  flipped: boolean;
  /** Cells and spots that may be clicked now. */
  targets: ReadonlySet<string>;
  /** Cells and spots clicked so far in the move being built, in order. */
  selected: readonly string[];
  /** What the board is, for a screen reader (the game's name and `board`). */
  label: string;
  /** Called with a cell's or spot's name when it is clicked. */
  onPlace(name: string): void;
  /** Cells lit to show them (a rules example's reach), marked as targets are but not clickable. */
  lit?: ReadonlySet<string>;
}

/** A stack of pieces, bottom first, each a little higher; its height when more than one share the bottom's kind. */
export function Stack(props: { pieces: readonly Piece[] }) {
  const { pieces } = props;
  if (pieces.length === 0) return null;
  if (pieces.length === 1) return <Drawn piece={pieces[0]} />;
  const step = pieces.length > 4 ? 0.9 : 1.2;
  const height = pieces.filter((p) => p.kind === pieces[0].kind).length;
  return (
    <g class="stack">
      {pieces.map((piece, i) => (
        <g key={i} transform={`translate(0 ${-i * step})`}>
          <Drawn piece={piece} />
        </g>
      ))}
      {height > 1 && (
        <text x="9.3" y="9.4" class="height" text-anchor="end">
          {height}
        </text>
      )}
    </g>
  );
}

function Drawn(props: { piece: Piece }) {
  return (
    <g class={props.piece.pending ? 'pending' : undefined}>
      <PieceGlyph piece={props.piece} />
    </g>
  );
}

/** The marks a place carries: the last move, selected, and a target's dot or ring. */
function Marks(props: { w: number; h: number; last: boolean; selected: boolean; target: boolean; occupied: boolean }) {
  const { w, h } = props;
  return (
    <>
      {props.last && <rect width={w} height={h} class="last-mark" />}
      {props.selected && <rect x="0.4" y="0.4" width={w - 0.8} height={h - 0.8} class="selected-mark" />}
      {props.target &&
        (props.occupied ? (
          <rect x="0.6" y="0.6" width={w - 1.2} height={h - 1.2} rx="1.5" class="target-ring" />
        ) : (
          <circle cx={w / 2} cy={h / 2} r="1.5" class="target-dot" />
        ))}
    </>
  );
}

/** Handlers and attributes that make a place clickable by mouse and keyboard. */
function clickable(name: string, props: BoardProps) {
  const target = props.targets.has(name);
  const selected = props.selected.includes(name);
  const act = () => props.onPlace(name);
  return {
    target,
    selected,
    attributes: {
      'data-square': name,
      tabindex: target || selected ? 0 : undefined,
      onClick: act,
      onKeyDown: (e: KeyboardEvent) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          act();
        }
      },
    },
  };
}

/** The ring a focused place shows: a light line around a dark one, so that one of them stands out on any cell. */
function FocusRing(props: { w: number; h: number }) {
  const { w, h } = props;
  return (
    <>
      <rect x="0.5" y="0.5" width={w - 1} height={h - 1} rx="0.8" class="focus-ring focus-out" />
      <rect x="0.5" y="0.5" width={w - 1} height={h - 1} rx="0.8" class="focus-ring focus-in" />
    </>
  );
}

function classes(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

function Cells(props: BoardProps & { l: Layout }) {
  const { board, l } = props;
  const last = new Set(board.last_move);
  const rows: ComponentChildren[] = [];
  for (let r = 0; r < l.rows; r += 1) {
    const cells = board.cells.slice(r * l.columns, (r + 1) * l.columns).map((cell, c) => {
      const index = r * l.columns + c;
      const { x, y } = cellCorner(l, index);
      const { target, selected, attributes } = clickable(cell.name, props);
      const shade = board.checkered ? ((r + c) % 2 === 0 ? 'light' : 'dark') : 'plain';
      return (
        <g
          key={cell.name}
          role="gridcell"
          aria-label={cell.words}
          aria-selected={selected ? 'true' : undefined}
          class={classes('sq', shade, cell.zone && `zone-${cell.zone}`, cell.zone_owner && `zone-owner-${cell.zone_owner}`, target && 'target', props.lit?.has(cell.name) && 'lit', selected && 'selected', last.has(cell.name) && 'last')}
          transform={`translate(${x} ${y})`}
          {...attributes}
        >
          <rect width={CELL} height={CELL} class="cell" />
          <Marks w={CELL} h={CELL} last={last.has(cell.name)} selected={false} target={false} occupied={false} />
          <Stack pieces={cell.stack} />
          <Marks w={CELL} h={CELL} last={false} selected={selected} target={target || !!props.lit?.has(cell.name)} occupied={cell.stack.length > 0} />
          <FocusRing w={CELL} h={CELL} />
        </g>
      );
    });
    rows.push(
      <g key={board.rows[r]} role="row">
        {cells}
      </g>,
    );
  }
  return <>{rows}</>;
}

function Spots(props: BoardProps & { l: Layout }) {
  const { board, l } = props;
  const last = new Set(board.last_move);
  return (
    <>
      {board.spots.map((spot) => {
        const box = spotBox(l, board, spot);
        const { target, selected, attributes } = clickable(spot.name, props);
        const top = spot.stack[spot.stack.length - 1];
        const scale = Math.min(box.w, box.h) / CELL;
        return (
          <g
            key={spot.name}
            role={target || selected ? 'button' : 'img'}
            aria-label={spot.words}
            aria-pressed={target || selected ? (selected ? 'true' : 'false') : undefined}
            class={classes('sq', 'spot', `zone-${spot.zone}`, spot.owner && `zone-owner-${spot.owner}`, target && 'target', selected && 'selected', last.has(spot.name) && 'last')}
            transform={`translate(${box.x} ${box.y})`}
            {...attributes}
          >
            <title>{spot.words}</title>
            <rect width={box.w} height={box.h} rx="2" class="spot-body" />
            <Marks w={box.w} h={box.h} last={last.has(spot.name)} selected={false} target={false} occupied={false} />
            {top && (
              <g transform={`translate(${box.w / 2 - 5 * scale} ${box.h / 2 - 5 * scale}) scale(${scale})`}>
                <Drawn piece={top} />
              </g>
            )}
            {spot.stack.length > 1 && (
              <text x={box.w - 0.6} y={box.h - 0.8} class="height" text-anchor="end">
                {spot.stack.length}
              </text>
            )}
            {!top && spot.name.length <= 2 && (
              <text x={box.w / 2} y={box.h / 2 + 1.1} text-anchor="middle" class="spot-name" aria-hidden="true">
                {spot.name}
              </text>
            )}
            <Marks w={box.w} h={box.h} last={false} selected={selected} target={target} occupied={!!top} />
            <FocusRing w={box.w} h={box.h} />
          </g>
        );
      })}
    </>
  );
}

/** A game's board. */
export function Board(props: BoardProps) {
  const { board, flipped } = props;
  const l = layout(board, flipped);
  const names = labels(board, flipped);
  return (
    <svg viewBox={`0 0 ${l.width} ${l.height}`} class={`board${flipped ? ' flipped' : ''}`} role="group" aria-label={props.label}>
      <rect x={l.x - 0.8} y={l.y - 0.8} width={l.columns * CELL + 1.6} height={l.rows * CELL + 1.6} rx="1" class="frame" />
      <g role="grid" aria-label={`${props.label}: ${board.rows.length} rows of ${board.columns.length} cells`} aria-rowcount={board.rows.length} aria-colcount={board.columns.length}>
        <Cells {...props} l={l} />
      </g>
      <g aria-hidden="true">
        {names.columns.map((c, col) => (
          <text key={`c${c}`} x={l.x + col * CELL + CELL / 2} y={l.y + l.rows * CELL + 4.4} text-anchor="middle" class="coord">
            {c}
          </text>
        ))}
        {names.rows.map((r, row) => (
          <text key={`r${r}`} x={l.x - 3.2} y={l.y + row * CELL + CELL / 2 + 1.2} text-anchor="middle" class="coord">
            {r}
          </text>
        ))}
      </g>
      {board.spots.length > 0 && (
        <g role="group" aria-label="Off the board">
          <Spots {...props} l={l} />
        </g>
      )}
    </svg>
  );
}
