// One board of any of the four games, drawn in SVG from a position
// string. Each square (and each off-board target) is an element with
// `data-square`; the squares that may be clicked now are lit, focusable
// and answer Enter and Space as a click does.

import type { ComponentChildren } from 'preact';
import { CELL, MARGIN, type Shape, SHAPES, cellOf, cornerOf, labels, squareName } from './geometry';
import { AgogPiece, OgamaStackGlyph, SagePieceGlyph, ScgMark, Toad } from './pieces';
import { parseAgog, parseOgama, parseSage, parseScg } from './position';
import type { BoardProps } from './types';
import './boards.css';

const PLAYER = {
  agog: { w: 'white', b: 'black' },
  sage: { b: 'black', r: 'red' },
  ogama: { o: 'orange', b: 'blue' },
} as const;

/** What one square shows: its look, its piece, and words for a screen reader. */
interface Square {
  name: string;
  file: number;
  rank: number;
  tint: string;
  piece: ComponentChildren;
  words: string;
  occupied: boolean;
}

/** A square or an off-board target that may be clicked. */
function Target(props: {
  name: string;
  board: BoardProps;
  x: number;
  y: number;
  w?: number;
  h?: number;
  occupied: boolean;
  words: string;
  class?: string;
  /** What lies under the last move's tint (the square itself). */
  ground?: ComponentChildren;
  children?: ComponentChildren;
}) {
  const { name, board } = props;
  const w = props.w ?? CELL;
  const h = props.h ?? CELL;
  const target = board.targets.has(name);
  const selected = board.selected.includes(name);
  const last = board.lastMove.includes(name);
  const classes = ['sq', props.class ?? '', target ? 'target' : '', selected ? 'selected' : '', last ? 'last' : ''].filter(Boolean).join(' ');
  const act = () => board.onSquare(name);
  return (
    <g
      data-square={name}
      class={classes}
      transform={`translate(${props.x} ${props.y})`}
      tabindex={target || selected ? 0 : undefined}
      role={target || selected ? 'button' : undefined}
      aria-label={props.words}
      onClick={act}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          act();
        }
      }}
    >
      {props.ground}
      {last && <rect width={w} height={h} class="last-mark" />}
      {props.children}
      {selected && <rect x="0.4" y="0.4" width={w - 0.8} height={h - 0.8} class="selected-mark" />}
      {target && (props.occupied ? <rect x="0.6" y="0.6" width={w - 1.2} height={h - 1.2} rx="1.5" class="target-ring" /> : <circle cx={w / 2} cy={h / 2} r="1.5" class="target-dot" />)}
    </g>
  );
}

function squaresOf(props: BoardProps): { shape: Shape; squares: Square[]; extras: (origin: { x: number; y: number }) => ComponentChildren; extraHeight: number; side: number } {
  const { game, position } = props;
  const squares: Square[] = [];
  const checker = (file: number, rank: number) => ((file + rank) % 2 === 0 ? 'dark' : 'light');
  if (game === 'agog') {
    const p = parseAgog(position, props.variant);
    p.board.forEach((rank, r) =>
      rank.forEach((unit, f) => {
        const name = squareName(SHAPES.agog, f, r);
        const sanctum = name === 'a1' ? ' sanctum sanctum-w' : name === 'h8' ? ' sanctum sanctum-b' : '';
        squares.push({
          name,
          file: f,
          rank: r,
          tint: `${checker(f, r)}${sanctum}`,
          piece: unit && <AgogPiece unit={unit} />,
          words: `${name}${sanctum ? ` (${name === 'a1' ? "White's" : "Black's"} sanctum)` : ''}${unit ? `, ${PLAYER.agog[unit.owner]} ${unit.kind.replace('-', ' ')}` : ''}`,
          occupied: !!unit,
        });
      }),
    );
    return { shape: SHAPES.agog, squares, extras: () => null, extraHeight: 0, side: 0 };
  }
  if (game === 'sage') {
    const p = parseSage(position);
    p.board.forEach((rank, r) =>
      rank.forEach((piece, f) => {
        const name = squareName(SHAPES.sage, f, r);
        const zone = r === 4 ? ' river' : r === 3 || r === 5 ? ' bank' : '';
        squares.push({
          name,
          file: f,
          rank: r,
          tint: `${checker(f, r)}${zone}`,
          piece: piece && <SagePieceGlyph piece={piece} />,
          words: `${name}${zone ? `,${zone}` : ''}${piece ? `, ${PLAYER.sage[piece.owner]} ${piece.kind}` : ''}`,
          occupied: !!piece,
        });
      }),
    );
    const shape = SHAPES.sage;
    const extras = (o: { x: number; y: number }) => {
      const centre = (file: number, rank: number) => {
        const { col, row } = cellOf(shape, file, rank, props.flipped);
        return { x: o.x + col * CELL + CELL / 2, y: o.y + row * CELL + CELL / 2 };
      };
      const tower = (owner: 'b' | 'r') => {
        const [low, high] = owner === 'b' ? [0, 1] : [7, 8];
        const a = centre(3, low);
        const b = centre(4, high);
        const x = (a.x + b.x) / 2;
        const y = (a.y + b.y) / 2;
        const home = p.inTower[owner];
        const name = owner === p.side ? 'T' : `tower-${owner}`;
        return (
          <Target
            key={owner}
            name={name}
            board={props}
            x={x - 3.4}
            y={y - 3.4}
            w={6.8}
            h={6.8}
            occupied={home}
            class={`tower tower-${owner}`}
            words={`${PLAYER.sage[owner]}'s tower${home ? ', the Sage is in it' : ', empty'}`}
          >
            <rect width="6.8" height="6.8" rx="3.4" class="tower-body" />
            <path d="M1.6 2.2 v-0.9 h1 v0.9 h1.1 v-0.9 h1 v0.9 h1.1 v-0.9" class="tower-crown" />
            {home && <circle cx="3.4" cy="3.9" r="1.7" class={`tower-sage sage-${owner}`} />}
          </Target>
        );
      };
      const exit = (name: 'W' | 'E') => {
        const end = centre(name === 'W' ? 0 : 7, 4);
        const outward = (name === 'W') !== props.flipped ? -1 : 1;
        const x = outward < 0 ? o.x - 6.5 : o.x + shape.files * CELL + 0.5;
        const tip = outward < 0 ? 0.6 : 5.4;
        const back = outward < 0 ? 5.4 : 0.6;
        return (
          <Target key={name} name={name} board={props} x={x} y={end.y - 3} w={6} h={6} occupied={false} class="exit" words={`escape past the river's ${name === 'W' ? 'west' : 'east'} end`}>
            <path d={`M${back} 1 L${tip} 3 L${back} 5 Z`} class="exit-arrow" />
            <text x="3" y="-0.6" text-anchor="middle" class="coord">{name}</text>
          </Target>
        );
      };
      return (
        <>
          {tower('b')}
          {tower('r')}
          {exit('W')}
          {exit('E')}
        </>
      );
    };
    return { shape, squares, extras, extraHeight: 0, side: 7 };
  }
  if (game === 'ogama') {
    const p = parseOgama(position);
    p.board.forEach((rank, r) =>
      rank.forEach((stack, f) => {
        const name = squareName(SHAPES.ogama, f, r);
        const top = stack.discs[stack.discs.length - 1];
        squares.push({
          name,
          file: f,
          rank: r,
          tint: checker(f, r),
          piece: <OgamaStackGlyph stack={stack} />,
          words: stack.discs.length
            ? `${name}, ${stack.discs.length} disc${stack.discs.length > 1 ? 's' : ''}, ${PLAYER.ogama[top]} on top${stack.toad ? `, ${PLAYER.ogama[top]} toad` : ''}`
            : `${name}, empty`,
          occupied: stack.discs.length > 0,
        });
      }),
    );
    const shape = SHAPES.ogama;
    const extras = (o: { x: number; y: number }) => {
      const y = o.y + shape.ranks * CELL + 5;
      const hands = (['o', 'b'] as const).filter((c) => !p.toadsOn[c]);
      return hands.map((colour, i) => (
        <Target
          key={colour}
          name={colour === p.side ? 'T' : `hand-${colour}`}
          board={props}
          x={o.x + (i === 0 ? 0 : shape.files * CELL - 2 * CELL)}
          y={y}
          w={2 * CELL}
          h={CELL}
          occupied
          class="hand"
          words={`${PLAYER.ogama[colour]}'s toad, to be placed`}
        >
          <rect width={2 * CELL} height={CELL} rx="2" class="hand-body" />
          <Toad colour={colour} x={CELL} y={5.4} />
        </Target>
      ));
    };
    return { shape, squares, extras, extraHeight: p.toadsOn.o && p.toadsOn.b ? 0 : CELL + 6, side: 0 };
  }
  const p = parseScg(position);
  const shape = SHAPES.scg(p.size);
  p.grid.forEach((row, r) =>
    row.forEach((cell, f) => {
      const name = squareName(shape, f, r);
      const mine = props.pending === name && cell !== '.' && cell !== '@' ? false : props.pending === name;
      squares.push({
        name,
        file: f,
        rank: r,
        tint: 'grid',
        piece: cell !== '.' ? <ScgMark cell={cell} /> : mine ? <ScgMark cell={props.pendingLetter ?? '?'} ghost /> : null,
        words: `${name}${cell === '@' ? ', @' : cell !== '.' ? `, ${cell}` : ', empty'}${props.pending === name ? ', your play' : ''}`,
        occupied: cell !== '.',
      });
    }),
  );
  return { shape, squares, extras: () => null, extraHeight: 0, side: 0 };
}

/** A game's board. */
export function Board(props: BoardProps) {
  let drawn;
  try {
    drawn = squaresOf(props);
  } catch (e) {
    return (
      <p class="board-error" role="alert">
        This position cannot be drawn: {e instanceof Error ? e.message : String(e)}
      </p>
    );
  }
  const { shape, squares, extras, extraHeight, side } = drawn;
  const width = shape.files * CELL + 2 * MARGIN + 2 * side;
  const height = shape.ranks * CELL + 2 * MARGIN + extraHeight;
  const origin = { x: MARGIN + side, y: MARGIN };
  const coords = labels(shape, props.flipped);
  const scg = props.game === 'scg';
  const colY = scg ? MARGIN - 1.8 : MARGIN + shape.ranks * CELL + 4.4;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      class={`board board-${props.game}${props.flipped ? ' flipped' : ''}`}
      role="group"
      aria-label={`${props.game} board`}
    >
      <rect x={origin.x - 0.8} y={origin.y - 0.8} width={shape.files * CELL + 1.6} height={shape.ranks * CELL + 1.6} rx="1" class="frame" />
      {squares.map((s) => {
        const { col, row } = cellOf(shape, s.file, s.rank, props.flipped);
        const { x, y } = cornerOf(col, row);
        return (
          <Target
            key={s.name}
            name={s.name}
            board={props}
            x={x + side}
            y={y}
            occupied={s.occupied}
            class={s.tint}
            words={s.words}
            ground={<rect width={CELL} height={CELL} class="cell" />}
          >
            {s.piece}
          </Target>
        );
      })}
      {coords.columns.map((c, col) => (
        <text key={`c${c}`} x={origin.x + col * CELL + CELL / 2} y={colY} text-anchor="middle" class="coord">
          {c}
        </text>
      ))}
      {coords.rows.map((r, row) => (
        <text key={`r${r}`} x={MARGIN - 2.6} y={origin.y + row * CELL + CELL / 2 + 1.2} text-anchor="middle" class="coord">
          {r}
        </text>
      ))}
      {extras(origin)}
    </svg>
  );
}
