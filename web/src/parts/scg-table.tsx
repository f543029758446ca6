import type { GameView } from '../api/types';

/** The Single Capture Go table: the round, the plays in, your play, every announcement. */
export function ScgPanel(props: { view: GameView; remaining: string[] }) {
  const scg = props.view.scg!;
  const playing = props.view.you.some((s) => props.remaining.includes(s)) && props.view.status.state === 'ongoing';
  return (
    <div class="scg">
      <p data-testid="plays-in">
        Round {scg.round}: <strong>{scg.plays_in}</strong> of {props.remaining.length} plays in
      </p>
      {playing && (
        <p data-testid="my-play">
          {scg.my_play ? (
            <>Your play: <strong>{scg.my_play}</strong>. Click another square to change it until the round closes.</>
          ) : (
            <>Click a square to play it. Nobody sees your play before the round closes.</>
          )}
        </p>
      )}
      <h2>Announcements</h2>
      {scg.announcements.length === 0 ? (
        <p class="hint">None yet: the first comes when round 1 closes.</p>
      ) : (
        <ol class="announcements" data-testid="announcements" reversed>
          {[...scg.announcements].reverse().map((text, i) => (
            <li key={scg.announcements.length - i}>
              <pre>{text}</pre>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
