import type { GameView, RoundView } from '../api/types';

/** A game of rounds: the round, the plays in, your play, every announcement. */
export function RoundsPanel(props: { view: GameView; round: RoundView; remaining: string[] }) {
  const round = props.round;
  const playing = props.view.you.some((s) => props.remaining.includes(s)) && props.view.status.state === 'ongoing';
  return (
    <div class="rounds">
      <p data-testid="plays-in">
        Round {round.round}: <strong>{round.plays_in}</strong> of {props.remaining.length} plays in
      </p>
      {playing && (
        <p data-testid="my-play">
          {round.my_play ? (
            <>Your play: <strong>{round.my_play}</strong>. Click another square to change it until the round closes.</>
          ) : (
            <>
              {round.round === 1 && round.announcements.length === 0 && 'Every player plays at once, round by round. '}
              Click an empty square to play it. Nobody sees your play before the round closes.
            </>
          )}
        </p>
      )}
      <h2>Announcements</h2>
      {round.announcements.length === 0 ? (
        <p class="hint">None yet: the first comes when round 1 closes.</p>
      ) : (
        <ol class="announcements" data-testid="announcements" reversed>
          {[...round.announcements].reverse().map((text, i) => (
            <li key={round.announcements.length - i}>
              <pre>{text}</pre>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
