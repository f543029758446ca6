// The status line of a game: whose turn, the round, or how it ended —
// seats named by the catalog.

import { seatName } from '../api/catalog';
import type { CatalogGame, GameView, SeatView } from '../api/types';

/** Who sits in a seat, in words. */
export function seatLabel(seat: SeatView): string {
  if (seat.kind === 'open') return 'open seat';
  if (seat.kind === 'invited') return `${seat.name ?? '?'} (invited)`;
  if (seat.kind === 'declined') return `${seat.name ?? '?'} declined`;
  if (seat.kind === 'computer') return `computer ${seat.level ?? ''}`.trim();
  if (seat.kind === 'bot') return `${seat.name ?? '?'} (bot)`;
  return seat.name ?? '?';
}

/** How each rule or event ends a game, as words after "wins" or "a draw" (the engine's own phrases). */
const REASONS: Record<string, string> = {
  capture: 'by capturing a journeyman',
  sanctum: 'by reaching the sanctum',
  immobilization: 'by immobilization',
  score: 'on points',
  passes: 'after two passes',
  tower: 'with a tower',
  'no-singles': 'by the no-singles rule',
  repetition: 'by repetition',
  'last-standing': 'as the last player standing',
  'most-letters': 'with the most letters',
  resignation: 'by resignation',
  timeout: 'on time',
  'move-limit': 'at the move limit',
  stalled: 'as the grid stopped changing',
  stopped: 'at the round limit',
  agreement: 'by agreement',
};

/** How a game ended, in words after "wins" (` by resignation`, ` with a tower`; a reason not known: ` by <word>`), with its leading space; none without a reason. */
export function reasonWords(reason: string | null | undefined): string {
  if (!reason) return '';
  return ` ${REASONS[reason] ?? `by ${reason}`}`;
}

/** The players still in a game of rounds: every one awaited while it goes on. */
export function remainingPlayers(view: Pick<GameView, 'to_move' | 'status'>): string[] {
  return view.status.state === 'ongoing' ? view.to_move : [];
}

/** The status line: whose turn, the round, or how the game ended. */
export function statusText(view: GameView, entry: CatalogGame | null): string {
  const who = (seat: string) => {
    const s = view.seats.find((x) => x.seat === seat);
    const name = s && s.kind !== 'open' ? ` (${seatLabel(s)})` : '';
    return `${seatName(entry, seat)}${name}`;
  };
  const status = view.status;
  if (status.state === 'open') {
    const open = view.seats.filter((s) => s.kind === 'open').length;
    const invited = view.seats.filter((s) => s.kind === 'invited').map((s) => s.name ?? '?');
    const declined = view.seats.filter((s) => s.kind === 'declined').map((s) => s.name ?? '?');
    const parts = [
      ...(open > 0 ? [`${open} open seat${open === 1 ? '' : 's'}`] : []),
      ...(invited.length > 0 ? [`${invited.join(', ')} invited`] : []),
      ...(declined.length > 0 ? [`${declined.join(', ')} declined: the seat waits for the creator to invite someone else or open it`] : []),
    ];
    return `Waiting for players: ${parts.join('; ')}`;
  }
  if (status.state === 'aborted') return 'Called off: nobody won';
  if (status.state === 'over') {
    const reason = reasonWords(status.reason);
    if (status.winners.length === 0) return `Over: a draw${reason}`;
    const names = status.winners.map(who).join(' and ');
    return `Over: ${names} ${status.winners.length === 1 ? 'wins' : 'share the win'}${reason}`;
  }
  const round = view.rounds;
  if (round) {
    const remaining = remainingPlayers(view).length;
    const mine = view.you.length > 0 ? (round.my_play ? ` · your play: ${round.my_play}` : ' · your play is not in yet') : '';
    return `Round ${round.round}: ${round.plays_in} of ${remaining} plays in${mine}`;
  }
  const mover = view.to_move[0];
  if (!mover) return 'Ongoing';
  return `${who(mover)} to move${view.you.includes(mover) ? ': your move' : ''}`;
}
