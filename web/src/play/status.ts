// The status line of a game: whose turn, the round, or how it ended.

import type { GameView } from '../api/types';
import { seatName } from './notation';

/** Who sits in a seat, in words. */
export function seatLabel(seat: GameView['seats'][number]): string {
  if (seat.kind === 'open') return 'open seat';
  if (seat.kind === 'computer') return `computer ${seat.level ?? ''}`.trim();
  return seat.name ?? '?';
}

/** The status line: whose turn, or how the game ended. */
export function statusText(view: GameView): string {
  const who = (seat: string) => {
    const s = view.seats.find((x) => x.seat === seat);
    const name = s && s.kind !== 'open' ? ` (${seatLabel(s)})` : '';
    return `${seatName(view.game, seat)}${name}`;
  };
  const status = view.status;
  if (status.state === 'open') {
    const open = view.seats.filter((s) => s.kind === 'open').length;
    return `Waiting for players: ${open} open seat${open === 1 ? '' : 's'}`;
  }
  if (status.state === 'over') {
    const reason = status.reason ? ` by ${status.reason}` : '';
    if (status.winners.length === 0) return `Over: a draw${reason}`;
    const names = status.winners.map(who).join(' and ');
    return `Over: ${names} ${status.winners.length === 1 ? 'wins' : 'share the win'}${reason}`;
  }
  if (view.game === 'scg' && view.scg) {
    const remaining = remainingPlayers(view).length;
    const mine = view.you.length > 0 ? (view.scg.my_play ? ` · your play: ${view.scg.my_play}` : ' · your play is not in yet') : '';
    return `Round ${view.scg.round}: ${view.scg.plays_in} of ${remaining} plays in${mine}`;
  }
  const mover = view.to_move[0];
  if (!mover) return 'Ongoing';
  return `${who(mover)} to move${view.you.includes(mover) ? ': your move' : ''}`;
}

/** Single Capture Go: the letters still in, from the position's last field. */
export function remainingPlayers(view: GameView): string[] {
  const field = view.position.split(' ').pop() ?? '';
  return field === '-' ? [] : [...field];
}
