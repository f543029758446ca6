// The tournaments: those to come, those under way and those over, each a
// link to its page; a new one for a signed-in player; and how they run.

import { useEffect, useState } from 'preact/hooks';
import { gameName, useCatalog } from '../api/catalog';
import * as api from '../api/client';
import { problemText } from '../api/problem';
import type { TournamentSummary } from '../api/types';
import { NewTournamentForm } from '../parts/new-tournament';
import { kindName, paceText, playersText, roundsText, whenText } from '../parts/tournaments';
import { useSession } from '../session';

/** A list of tournaments, each a link to its page. */
function TournamentList(props: { state: api.TournamentState; empty: string }) {
  const catalog = useCatalog();
  const [list, setList] = useState<TournamentSummary[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    api.listTournaments(props.state).then(setList, (e) => setProblem(problemText(e)));
  }, [props.state]);
  if (problem) return <p class="error" role="alert">{problem}</p>;
  if (!list) return <p class="hint">Loading…</p>;
  if (list.length === 0) return <p class="hint" data-testid={`tournaments-${props.state}`}>{props.empty}</p>;
  return (
    <ul class="games tournaments" data-testid={`tournaments-${props.state}`}>
      {list.map((t) => (
        <li key={t.id} data-tournament-id={t.id}>
          <a href={`/tournaments/${t.id}`}>
            <strong>{t.name}</strong>
            <span class="who">
              {gameName(catalog, t.game, t.variant)} · {kindName(t.kind)} · {playersText(t)} · {roundsText(t)} · {paceText(t.kind, t.days_per_move)} ·
              by {t.organiser}
            </span>
            <span class="state">{whenText(t)}</span>
            <span class="tag">{t.rated ? 'rated' : 'casual'}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** `/tournaments`. */
export function TournamentsPage() {
  const me = useSession();
  return (
    <div class="tournaments-page">
      <section class="panel">
        <h1>Tournaments</h1>
        <p class="hint">
          Games against many players, a round at a time, with standings: join one, or <a href="#new-tournament">organise your own</a>.{' '}
          <a href="#how">How tournaments run</a>.
        </p>
        <h2>Upcoming</h2>
        <TournamentList state="upcoming" empty="None is coming: create one below." />
      </section>
      <section class="panel">
        <h2>Running</h2>
        <TournamentList state="running" empty="None is under way." />
      </section>
      <section class="panel">
        <h2>Finished</h2>
        <TournamentList state="finished" empty="None has finished yet." />
      </section>
      <section class="panel" id="new-tournament">
        <h2>New tournament</h2>
        {me && !me.guest ? (
          <NewTournamentForm />
        ) : me ? (
          <p>
            Guests play in no tournament: <a href="/signup">sign up</a> to organise one or to join.
          </p>
        ) : me === null ? (
          <p>
            <a href="/signin">Sign in</a> or <a href="/signup">sign up</a> to organise a tournament or to join one; anyone may follow them.
          </p>
        ) : null}
      </section>
      <section class="panel" id="how">
        <h2>How tournaments run</h2>
        <ul>
          <li>
            <strong>A round robin</strong> has everyone play everyone once (a double round robin, twice: once on each side), every game
            started at once. <strong>A Swiss</strong> pairs players of like scores a round at a time, once the round before has ended,
            and pairs no two twice while it can help it. Single Capture Go seats its players at <strong>tables</strong> of 3 to 12, by
            rating.
          </li>
          <li>
            A win scores 1, a draw ½. A Swiss’s bye, when the players are odd in number, scores 1; a player may join a Swiss until half
            its rounds have started, scoring ½ for each round they missed. At a table, each player scores against each other player as in
            a game between them, by finishing place, the table as a whole worth one point.
          </li>
          <li>
            Ties are broken by <strong>Sonneborn–Berger</strong> (SB: the scores of the opponents beaten, plus half those drawn), then{' '}
            <strong>Buchholz</strong> (the opponents’ scores added up), then the points scored among the players still tied (head to
            head).
          </li>
          <li>
            A player who withdraws, or loses two games on time, is not paired again; the games they played still count.
          </li>
        </ul>
      </section>
    </div>
  );
}
