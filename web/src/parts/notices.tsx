// The header's notices: the count of games waiting for the person's move
// (also in the tab's title), the list of what they were told (an
// invitation accepted or declined from it), live from `/api/me/live`;
// and, when they switched it on, a browser notification and a short
// sound on their turn.

import { useEffect, useRef, useState } from 'preact/hooks';
import * as api from '../api/client';
import { connectLive } from '../api/live';
import { problemText } from '../api/problem';
import type { NoticeView, PersonalMessage } from '../api/types';
import { navigate } from '../router';
import { ALERTS_KEY, SEEN_KEY, noticeHref, noticeTag, titled, unread, wantsAlert, withNotice } from './notice-logic';

/** The window event each message of the personal channel is passed on as (its `detail`). */
export const PERSONAL_EVENT = 'arbiter:personal';

/** Whether this browser's turn alerts are on. */
export function alertsOn(): boolean {
  try {
    return localStorage.getItem(ALERTS_KEY) === 'on';
  } catch {
    return false;
  }
}

/** Turns this browser's turn alerts on (asking for permission to notify) or off. */
export async function setAlerts(on: boolean): Promise<NotificationPermission | 'unsupported'> {
  try {
    localStorage.setItem(ALERTS_KEY, on ? 'on' : 'off');
  } catch {
    /* a browser that keeps nothing */
  }
  if (!on) return 'default';
  if (!('Notification' in window)) return 'unsupported';
  return Notification.permission === 'default' ? Notification.requestPermission() : Notification.permission;
}

/** A short two-note chime, made on the spot. */
function chime(): void {
  try {
    const audio = new AudioContext();
    const now = audio.currentTime;
    [660, 880].forEach((pitch, i) => {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = pitch;
      gain.gain.setValueAtTime(0.15, now + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.001, now + i * 0.12 + 0.11);
      tone.connect(gain).connect(audio.destination);
      tone.start(now + i * 0.12);
      tone.stop(now + i * 0.12 + 0.12);
    });
    setTimeout(() => void audio.close(), 600);
  } catch {
    /* no sound here */
  }
}

/** Tells the person of `notice` outside the page, if they asked for it. */
function alert(notice: NoticeView): void {
  if (!wantsAlert(notice, alertsOn(), location.pathname, document.hidden)) return;
  chime();
  if ('Notification' in window && Notification.permission === 'granted') {
    const href = noticeHref(notice);
    const shown = new Notification('Arbiter', { body: notice.text, tag: `arbiter-${notice.game ?? `tournament-${notice.tournament ?? notice.id}`}` });
    shown.onclick = () => {
      window.focus();
      if (href) navigate(href);
    };
  }
}

function readSeen(): number {
  try {
    return Number(localStorage.getItem(SEEN_KEY) ?? 0) || 0;
  } catch {
    return 0;
  }
}

/** The notices button of the header and its list. */
export function NoticeBell() {
  const [count, setCount] = useState(0);
  const [list, setList] = useState<NoticeView[]>([]);
  const [open, setOpen] = useState(false);
  const [seen, setSeen] = useState(readSeen);
  const [error, setError] = useState<string | null>(null);
  const countRef = useRef(0);
  countRef.current = count;
  const holder = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let gone = false;
    api.getNotices().then(
      (got) => {
        if (gone) return;
        setList((held) => got.notices.reduce(withNotice, held));
        setCount(got.your_turn);
      },
      () => {},
    );
    const live = connectLive(
      '/api/me/live',
      (raw) => {
        const message = raw as unknown as PersonalMessage;
        // The lobby follows the same channel: an invitation or a turn
        // changes its lists.
        window.dispatchEvent(new CustomEvent(PERSONAL_EVENT, { detail: message }));
        if (message.type === 'counts') setCount(message.your_turn);
        else if (message.type === 'notice') {
          setList((held) => withNotice(held, message.notice));
          alert(message.notice);
        }
      },
      () => {},
    );
    return () => {
      gone = true;
      live.close();
    };
  }, []);

  // The count in the tab's title, whatever title the page sets.
  useEffect(() => {
    const apply = () => {
      const want = titled(document.title, countRef.current);
      if (document.title !== want) document.title = want;
    };
    apply();
    const title = document.querySelector('title');
    if (!title) return;
    const watcher = new MutationObserver(apply);
    watcher.observe(title, { childList: true, characterData: true, subtree: true });
    return () => watcher.disconnect();
  }, [count]);
  useEffect(() => () => void (document.title = titled(document.title, 0)), []);

  // An open list closes on Escape (focus back on the button) and on a
  // press anywhere outside it (focus back on the button if it was inside).
  useEffect(() => {
    if (!open) return;
    const close = (refocus: boolean) => {
      setOpen(false);
      if (refocus) button.current?.focus();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close(true);
      }
    };
    const onPress = (e: PointerEvent) => {
      const inside = holder.current;
      if (!inside || inside.contains(e.target as Node)) return;
      close(inside.contains(document.activeElement));
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
    };
  }, [open]);

  const fresh = unread(list, seen);
  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next && list.length > 0) {
      const newest = Math.max(seen, ...list.map((n) => n.id));
      setSeen(newest);
      try {
        localStorage.setItem(SEEN_KEY, String(newest));
      } catch {
        /* kept for this page only */
      }
    }
  };
  const answer = (notice: NoticeView, accept: boolean) => {
    const { game, seat } = notice;
    if (!game || !seat) return;
    setError(null);
    const work = accept ? api.takeSeat(game, seat) : api.declineSeat(game, seat);
    work.then(
      () => {
        setOpen(false);
        if (accept) navigate(`/games/${encodeURIComponent(game)}`);
      },
      (e) => setError(problemText(e)),
    );
  };
  // The name read out starts with the words shown ("Notices 4"), then
  // says what they mean: a name that differs from its label confuses
  // voice control.
  const waiting = count === 1 ? 'game waits' : 'games wait';
  return (
    <span class="notices" ref={holder}>
      <button type="button" ref={button} class="link bell" aria-expanded={open} aria-controls={open ? 'notice-list' : undefined} onClick={toggle} data-testid="notices">
        Notices{' '}
        {count > 0 && <span class="badge" data-testid="turn-count">{count}</span>}
        <span class="visually-hidden">
          {count > 0 ? ` ${waiting} for your move` : ': no game waits for your move'}
          {fresh > 0 ? `, ${fresh} new` : ''}
        </span>
        {fresh > 0 && <span class="dot" aria-hidden="true" />}
      </button>
      {open && (
        <div class="notice-list" id="notice-list" role="region" aria-label="Your notices" data-testid="notice-list">
          <div class="notice-head">
            <h2>Notices</h2>
            <button
              type="button"
              class="link"
              onClick={() => {
                setOpen(false);
                button.current?.focus();
              }}
              data-testid="notices-close"
            >
              Close
            </button>
          </div>
          {list.length === 0 && (
            <p class="hint">Nothing yet: you are told here of your turn, invitations, offers and chat in your games, replies played from your plans, a vacation started by itself, and of your tournaments’ rounds.</p>
          )}
          <ul>
            {list.map((n) => {
              const href = noticeHref(n);
              const tag = noticeTag(n.kind);
              return (
                <li key={n.id} class={n.id > seen ? 'new' : ''} data-kind={n.kind}>
                  {tag && (
                    <>
                      <span class="tag">{tag}</span>{' '}
                    </>
                  )}
                  {href ? <a href={href} onClick={() => setOpen(false)}>{n.text}</a> : <span>{n.text}</span>}{' '}
                  <time dateTime={n.at}>{new Date(n.at).toLocaleString()}</time>
                  {n.kind === 'invited' && n.game && n.seat && (
                    <span class="answer">
                      <button type="button" onClick={() => answer(n, true)} data-testid={`notice-accept-${n.game}`}>Accept</button>{' '}
                      <button type="button" onClick={() => answer(n, false)}>Decline</button>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
          {error && <p class="error" role="alert">{error}</p>}
        </div>
      )}
    </span>
  );
}

/** The account page's switch for turn alerts in this browser. */
export function AlertsSwitch() {
  const [on, setOn] = useState(alertsOn);
  const [note, setNote] = useState<string | null>(null);
  const change = async (next: boolean) => {
    setOn(next);
    const permission = await setAlerts(next);
    if (!next) setNote(null);
    else if (permission === 'granted') setNote('This browser will notify you and chime on your turn.');
    else if (permission === 'unsupported') setNote('This browser shows no notifications: it will chime on your turn.');
    else setNote('Notifications are blocked for this site: this browser will only chime on your turn.');
  };
  return (
    <fieldset class="alerts">
      <legend>On your turn</legend>
      <label>
        <input type="checkbox" checked={on} onChange={(e) => void change((e.target as HTMLInputElement).checked)} data-testid="turn-alerts" />{' '}
        Notify me and play a short sound when it is my turn (in this browser)
      </label>
      {note && <p class="hint" role="status">{note}</p>}
    </fieldset>
  );
}
