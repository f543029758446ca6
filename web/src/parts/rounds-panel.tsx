import type { GameView, RoundView } from '../api/types';
import { setOut } from '../play/announcement';

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
              <AnnouncementText text={text} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** One announcement: its title, its sentences, who did what as a table,
 * and the grid it shows, folded (the board shows the grid now). */
function AnnouncementText(props: { text: string }) {
  const set = setOut(props.text);
  return (
    <article class="announcement">
      <h3>{set.title}</h3>
      {set.parts.map((part, i) => {
        if (part.kind === 'sentence') return <p key={i}>{part.text}</p>;
        if (part.kind === 'picture') {
          return (
            <details key={i}>
              <summary>{part.heading}</summary>
              <pre>{part.lines.join('\n')}</pre>
            </details>
          );
        }
        return (
          <table key={i}>
            <caption>{part.heading}</caption>
            <tbody>
              {part.rows.map((cells, r) => (
                <tr key={r}>
                  {cells.length > 1 ? (
                    <>
                      <th scope="row">{cells[0]}</th>
                      <td>{cells.slice(1).join(' ')}</td>
                    </>
                  ) : (
                    <td colSpan={2}>{cells[0]}</td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        );
      })}
    </article>
  );
}
