// A game's offers: a takeback, a draw, a rematch. The buttons a player
// has (only what the catalog says the game takes), the other side's offer
// with accept and decline, and the rematch once it is made. Offers arrive
// in the game's view, live on its socket.

import { useState } from 'preact/hooks';
import { seatName } from '../api/catalog';
import * as api from '../api/client';
import { problemText } from '../api/problem';
import type { CatalogGame, GameView, OfferView } from '../api/types';

/** What an offer asks, in words, for the one who receives it. */
export function offerWords(offer: Pick<OfferView, 'kind'>, who: string): string {
  switch (offer.kind) {
    case 'takeback':
      return `${who} asks to take back their last move`;
    case 'draw':
      return `${who} offers a draw`;
    case 'rematch':
      return `${who} offers a rematch`;
    default:
      return `${who} offers a ${offer.kind}`;
  }
}

/** The offers the viewer may make now: `kinds` the game takes, none already made by them. */
export function offersToMake(
  view: Pick<GameView, 'you' | 'status' | 'ply' | 'offers' | 'rematch'> & { seats?: GameView['seats'] },
  kinds: readonly string[],
): api.OfferKind[] {
  if (view.you.length === 0) return [];
  // The computer refuses every draw: against it alone, none is offered.
  const others = (view.seats ?? []).filter((s) => !view.you.includes(s.seat));
  const onlyComputer = others.length > 0 && others.every((s) => s.kind === 'computer');
  const over = view.status.state === 'over' || view.status.state === 'aborted';
  const mine = new Set((view.offers ?? []).filter((o) => view.you.includes(o.by)).map((o) => o.kind));
  const may = (kind: api.OfferKind) => kinds.includes(kind) && !mine.has(kind);
  if (over) return view.rematch ? [] : (['rematch'] as const).filter(may);
  if (view.status.state !== 'ongoing') return [];
  return (['takeback', 'draw'] as const).filter((k) => may(k) && (k !== 'takeback' || view.ply > 0) && (k !== 'draw' || !onlyComputer));
}

const BUTTONS: Record<api.OfferKind, string> = {
  takeback: 'Ask to take back',
  draw: 'Offer a draw',
  rematch: 'Offer a rematch',
};

/** The offers panel of a game's page. */
export function OffersPanel(props: { view: GameView; entry: CatalogGame | null; shown(view: GameView): void }) {
  const { view, entry } = props;
  const [error, setError] = useState<string | null>(null);
  const offers = view.offers ?? [];
  const toMake = offersToMake(view, entry?.offers ?? []);
  const theirs = offers.filter((o) => !view.you.includes(o.by));
  const mine = offers.filter((o) => view.you.includes(o.by));
  const player = view.you.length > 0;
  const act = (work: Promise<GameView>) => {
    setError(null);
    work.then(props.shown, (e) => setError(problemText(e)));
  };
  const nameOf = (seat: string) => view.seats.find((s) => s.seat === seat)?.name ?? seatName(entry, seat);
  if (!player && !view.rematch) return null;
  return (
    <section class="offers" aria-label="Offers" data-testid="offers">
      {view.rematch && (
        <p>
          <a href={`/games/${encodeURIComponent(view.rematch)}`} data-testid="rematch-link">Go to the rematch</a>
        </p>
      )}
      {player &&
        theirs.map((o) => (
          <p key={`${o.kind}-${o.by}`} class="offer" role="status" data-testid={`offer-${o.kind}`}>
            {offerWords(o, nameOf(o.by))}{' '}
            <button type="button" onClick={() => act(api.answerOffer(view.id, o.kind as api.OfferKind, 'accept'))} data-testid={`accept-${o.kind}`}>
              Accept
            </button>{' '}
            <button type="button" onClick={() => act(api.answerOffer(view.id, o.kind as api.OfferKind, 'decline'))} data-testid={`decline-${o.kind}`}>
              Decline
            </button>
          </p>
        ))}
      {mine.map((o) => (
        <p key={`${o.kind}-mine`} class="offer mine" data-testid={`my-offer-${o.kind}`}>
          {o.kind === 'takeback' ? 'You asked to take back your move' : `You offered a ${o.kind}`}: waiting for an answer.{' '}
          <button type="button" class="link" onClick={() => act(api.answerOffer(view.id, o.kind as api.OfferKind, 'decline'))}>
            Withdraw
          </button>
        </p>
      ))}
      {toMake.length > 0 && (
        <div class="offer-buttons">
          {toMake.map((kind) => (
            <button type="button" key={kind} onClick={() => act(api.makeOffer(view.id, kind))} data-testid={`make-${kind}`}>
              {BUTTONS[kind]}
            </button>
          ))}
        </div>
      )}
      {error && <p class="error" role="alert">{error}</p>}
    </section>
  );
}
