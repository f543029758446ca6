// The form that creates a tournament: its name, the game or edition from
// the catalog with its options, the kind the game allows, a Swiss's
// rounds, the pace, whether it is rated, its room and its start.

import { useState } from 'preact/hooks';
import { useCatalog } from '../api/catalog';
import * as api from '../api/client';
import { problemText } from '../api/problem';
import { navigate } from '../router';
import { OptionField, type OptionInput } from './new-game';
import { defaultStart, kindName, kindsFor, newTournamentRequest, playerBounds, type TournamentKind } from './tournaments';

/** The new-tournament form; on success, the new tournament's page. */
export function NewTournamentForm() {
  const catalog = useCatalog();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState(0);
  const [options, setOptions] = useState<Record<string, OptionInput>>({});
  const [kind, setKind] = useState<TournamentKind>('round_robin');
  const [rounds, setRounds] = useState('5');
  const [days, setDays] = useState('3');
  const [rated, setRated] = useState(true);
  const [maxPlayers, setMaxPlayers] = useState('');
  const [startsAt, setStartsAt] = useState(() => defaultStart(new Date()));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const entry = catalog?.games[chosen] ?? null;

  if (!catalog || !entry) return <p class="hint">Loading the games…</p>;
  const kinds = kindsFor(entry);
  const shownKind = kinds.includes(kind) ? kind : kinds[0];
  const [fewest, most, usual] = playerBounds(shownKind);

  const submit = async (event: Event) => {
    event.preventDefault();
    setError(null);
    const request = newTournamentRequest({ name, entry, options, kind: shownKind, rounds, days, rated, maxPlayers, startsAt });
    if (typeof request === 'string') {
      setError(request);
      return;
    }
    setBusy(true);
    try {
      const view = await api.createTournament(request);
      navigate(`/tournaments/${view.id}`);
    } catch (e) {
      setError(problemText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="new-game new-tournament" onSubmit={submit} data-testid="new-tournament">
      <div class="row">
        <label class="wide">
          Name
          <input name="name" maxLength={80} required value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
      </div>
      <div class="row">
        <label>
          Game
          <select
            name="game"
            value={chosen}
            onChange={(e) => {
              const next = Number(e.currentTarget.value);
              setChosen(next);
              setOptions({});
              const allowed = kindsFor(catalog.games[next] ?? null);
              if (!allowed.includes(kind)) setKind(allowed[0]);
            }}
          >
            {catalog.games.map((g, i) => (
              <option key={`${g.game}/${g.variant ?? ''}`} value={i}>{g.name}</option>
            ))}
          </select>
        </label>
        <label>
          Kind
          <select name="kind" value={shownKind} onChange={(e) => setKind(e.currentTarget.value as TournamentKind)}>
            {kinds.map((k) => (
              <option key={k} value={k}>{kindName(k)}</option>
            ))}
          </select>
        </label>
        {shownKind === 'swiss' && (
          <label>
            Rounds <span class="hint">(1–20)</span>
            <input name="rounds" inputMode="numeric" size={4} value={rounds} onInput={(e) => setRounds(e.currentTarget.value)} />
          </label>
        )}
      </div>
      {entry.options.length > 0 && (
        <div class="row">
          {entry.options.map((option) => (
            <OptionField key={option.name} option={option} value={options[option.name]} set={(value) => setOptions({ ...options, [option.name]: value })} />
          ))}
        </div>
      )}
      <div class="row">
        <label>
          {shownKind === 'scg_tables' ? 'Days per round' : 'Days per move'} <span class="hint">(1–365)</span>
          <input name="days_per_move" inputMode="numeric" size={4} value={days} onInput={(e) => setDays(e.currentTarget.value)} />
        </label>
        <label>
          Most players <span class="hint">({fewest}–{most}; {usual} if left empty)</span>
          <input name="max_players" inputMode="numeric" size={5} placeholder={String(usual)} value={maxPlayers} onInput={(e) => setMaxPlayers(e.currentTarget.value)} />
        </label>
        <label>
          Starts
          <input type="datetime-local" name="starts_at" value={startsAt} onInput={(e) => setStartsAt(e.currentTarget.value)} />
        </label>
      </div>
      <p class="hint">
        {shownKind === 'swiss'
          ? 'A Swiss pairs players of like scores each round; anyone may join until half its rounds are played.'
          : shownKind === 'scg_tables'
            ? 'Players are seated at tables of 3 to 12 each round; a table’s point is shared by finishing place.'
            : shownKind === 'double_round_robin'
              ? 'Everyone plays everyone twice, once on each side: 3 to 12 players.'
              : 'Everyone plays everyone once: 3 to 12 players.'}{' '}
        It starts by itself at its time if enough have joined, else it is called off; you may start it sooner.
      </p>
      <label class="check">
        <input type="checkbox" name="rated" checked={rated} onChange={(e) => setRated(e.currentTarget.checked)} /> Rated: its games change the players’ ratings
      </label>
      {error && <p class="error" role="alert" data-testid="error">{error}</p>}
      <button type="submit" disabled={busy} data-testid="create-tournament">Create the tournament</button>
    </form>
  );
}
