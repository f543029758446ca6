// The account page's vacation part (`/account#vacation`): the days left
// this year, the vacation running (ended with a button), those booked
// ahead (each taken back with one), a vacation started now for some days
// or hours or booked from a date to a date, the automatic start before a
// timeout, and the games a vacation does not stop.

import { useEffect, useState } from 'preact/hooks';
import { problemText } from '../api/problem';
import type { Me, VacationView } from '../api/types';
import { cancelVacation, endVacation, getVacation, setVacationAuto, startVacation } from '../api/vacation';
import {
  type LengthUnit,
  allowanceText,
  localToRfc3339,
  notStoppedRows,
  notStoppedSummary,
  spanText,
  untilAfter,
  vacationProblem,
  vacationTime,
} from './vacation';

/** What the part last said: news, or a refusal. */
type Said = { ok: boolean; text: string } | null;

/** Brings the part into view when the address asks for it (`#vacation`: a notice's link). */
function followHash(): void {
  if (location.hash !== '#vacation') return;
  requestAnimationFrame(() => document.getElementById('vacation')?.scrollIntoView({ block: 'start' }));
}

/** The vacation part of the account page; a guest's says guests have none. */
export function VacationPart(props: { me: Me }) {
  const guest = props.me.guest;
  const [view, setView] = useState<VacationView | null>(null);
  const [said, setSaid] = useState<Said>(null);
  const [busy, setBusy] = useState(false);
  const [amount, setAmount] = useState('3');
  const [unit, setUnit] = useState<LengthUnit>('days');
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  // The automatic start as just switched, until the server's answer says how it stands.
  const [autoWanted, setAutoWanted] = useState<boolean | null>(null);

  useEffect(() => {
    if (guest) return;
    let gone = false;
    getVacation().then(
      (v) => !gone && setView(v),
      (e) => !gone && setSaid({ ok: false, text: problemText(e) }),
    );
    return () => {
      gone = true;
    };
  }, [guest, props.me.id]);

  useEffect(() => {
    followHash();
    window.addEventListener('popstate', followHash);
    return () => window.removeEventListener('popstate', followHash);
  }, []);
  // Once the part has its contents it has its height: into view again.
  useEffect(() => followHash(), [view === null]);

  /** Does `work`; its answer is the vacations as they now stand, and `ok` (from that answer) what to say. */
  const act = async (work: () => Promise<VacationView>, ok: (after: VacationView) => string) => {
    setSaid(null);
    setBusy(true);
    try {
      const after = await work();
      setView(after);
      setSaid({ ok: true, text: ok(after) });
    } catch (e) {
      setSaid({ ok: false, text: problemText(e) });
    } finally {
      setBusy(false);
    }
  };

  if (guest) {
    return (
      <section class="stack vacation" id="vacation" aria-labelledby="vacation-heading" data-testid="vacation">
        <h2 id="vacation-heading">Vacation</h2>
        <p data-testid="vacation-guest">
          Guests have no vacation days: <a href="/signup">sign up</a> to keep your games and take vacations.
        </p>
      </section>
    );
  }

  const now = Date.now();
  const startNow = (event: Event) => {
    event.preventDefault();
    if (!view) return;
    const end = untilAfter(now, amount, unit);
    if ('problem' in end) {
      setSaid({ ok: false, text: end.problem });
      return;
    }
    const problem = vacationProblem(now, Date.parse(end.until), now, view.hours_left);
    if (problem) {
      setSaid({ ok: false, text: problem });
      return;
    }
    void act(
      () => startVacation({ until: end.until }),
      (after) => `Your vacation has begun: your clocks stand still until ${vacationTime(after.current?.until ?? end.until, Date.now())}.`,
    );
  };
  const book = (event: Event) => {
    event.preventDefault();
    if (!view) return;
    const begins = localToRfc3339(from);
    const ends = localToRfc3339(until);
    if (!begins || !ends) {
      setSaid({ ok: false, text: 'Give when the vacation begins and when it ends.' });
      return;
    }
    const problem = vacationProblem(Date.parse(begins), Date.parse(ends), Date.now(), view.hours_left);
    if (problem) {
      setSaid({ ok: false, text: problem });
      return;
    }
    void act(
      () => startVacation({ from: begins, until: ends }),
      () => {
        setFrom('');
        setUntil('');
        return `Booked: ${spanText({ from: begins, until: ends, auto: false }, Date.now())}.`;
      },
    );
  };

  const rows = view ? notStoppedRows(view.not_stopped) : [];
  return (
    <section class="stack vacation" id="vacation" aria-labelledby="vacation-heading" data-testid="vacation">
      <h2 id="vacation-heading">Vacation</h2>
      <p class="hint">
        While you are on vacation your clock stands still in your games with days per move, and your opponents see until when. A move of yours ends it.
      </p>
      {!view && !said && <p>Loading…</p>}
      {view && (
        <>
          <p data-testid="vacation-left">{allowanceText(view)}.</p>
          {view.current ? (
            <p class="notice" data-testid="vacation-current">
              You are on vacation until <time dateTime={view.current.until}>{vacationTime(view.current.until, now)}</time>
              {view.current.auto ? ' (it started by itself)' : ''}.{' '}
              <button type="button" disabled={busy} onClick={() => act(endVacation, () => 'Your vacation is over: your clocks run again.')} data-testid="vacation-end">
                End vacation
              </button>
            </p>
          ) : (
            <form class="vacation-form" onSubmit={startNow} data-testid="vacation-start">
              <h3>Start a vacation now</h3>
              <div class="row">
                <label>
                  For how long
                  <input name="vacation_length" inputMode="decimal" size={5} value={amount} onInput={(e) => setAmount(e.currentTarget.value)} />
                </label>
                <select name="vacation_unit" aria-label="Days or hours" value={unit} onChange={(e) => setUnit(e.currentTarget.value as LengthUnit)}>
                  <option value="days">days</option>
                  <option value="hours">hours</option>
                </select>
                <button type="submit" disabled={busy} data-testid="vacation-start-now">Start the vacation</button>
              </div>
            </form>
          )}
          {view.booked.length > 0 && (
            <div data-testid="vacation-booked">
              <h3>Booked ahead</h3>
              <ul class="vacations">
                {view.booked.map((span) => (
                  <li key={span.id} data-vacation={span.id}>
                    {spanText(span, now)}{' '}
                    <button
                      type="button"
                      class="link"
                      disabled={busy}
                      aria-label={`Take back the vacation from ${spanText(span, now)}`}
                      onClick={() => act(() => cancelVacation(span.id), () => 'Taken back: its days are free again.')}
                    >
                      Take back
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <form class="vacation-form" onSubmit={book} data-testid="vacation-book">
            <h3>Book a vacation ahead</h3>
            <p class="hint">In your own time; the server keeps it in UTC. Its days are counted now and freed if you take it back.</p>
            <div class="row">
              <label>
                From
                <input type="datetime-local" name="vacation_from" required value={from} onInput={(e) => setFrom(e.currentTarget.value)} />
              </label>
              <label>
                Until
                <input type="datetime-local" name="vacation_until" required value={until} onInput={(e) => setUntil(e.currentTarget.value)} />
              </label>
              <button type="submit" disabled={busy} data-testid="vacation-book-submit">Book</button>
            </div>
          </form>
          <label class="check">
            <input
              type="checkbox"
              name="vacation_auto"
              checked={autoWanted ?? view.auto}
              disabled={busy}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setAutoWanted(on);
                void act(() => setVacationAuto(on), () => (on ? 'A vacation will start by itself before a move runs out of time.' : 'No vacation will start by itself.')).finally(() =>
                  setAutoWanted(null),
                );
              }}
              data-testid="vacation-auto"
            />{' '}
            Start a vacation by itself when a move of mine is 12 hours from running out of time
          </label>
          <div data-testid="vacation-not-stopped">
            <p class="hint">{notStoppedSummary(rows.length)}</p>
            {rows.length > 0 && (
              <ul class="vacations">
                {rows.map((row) => (
                  <li key={row.id} data-game-id={row.id}>
                    <a href={row.href}>{row.label}</a>: {row.reason}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
      {said && (
        <p class={said.ok ? 'ok' : 'error'} role="status" data-testid="vacation-said">
          {said.text}
        </p>
      )}
    </section>
  );
}
