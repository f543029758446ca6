// A game's chat: the players' room and the spectators' room, as the
// viewer may read and write them. Messages arrive on the game's socket;
// text is shown as text, never as markup.

import { useEffect, useRef, useState } from 'preact/hooks';
import * as api from '../api/client';
import { problemText } from '../api/problem';
import type { ChatMessageView, GameView, Me } from '../api/types';

/** The rooms the viewer may read, and the one they may write in (if any). */
export function chatRooms(view: Pick<GameView, 'you' | 'status'>, me: Pick<Me, 'guest'> | null | undefined): { read: api.Room[]; write: api.Room | null } {
  const player = view.you.length > 0;
  const over = view.status.state === 'over' || view.status.state === 'aborted';
  const read: api.Room[] = player && !over ? ['players'] : ['players', 'spectators'];
  const write = !me || me.guest ? null : player ? 'players' : 'spectators';
  return { read, write };
}

/** `messages` with `message` added once, oldest first. */
export function withMessage(messages: ChatMessageView[], message: ChatMessageView): ChatMessageView[] {
  if (messages.some((m) => m.id === message.id)) return messages;
  return [...messages, message].sort((a, b) => a.id - b.id);
}

const ROOM_NAMES: Record<api.Room, string> = { players: 'Players', spectators: 'Spectators' };

/** The chat panel of a game's page. */
export function ChatPanel(props: { view: GameView; me: Me | null | undefined; messages: ChatMessageView[]; add(message: ChatMessageView): void; load(messages: ChatMessageView[]): void }) {
  const { read, write } = chatRooms(props.view, props.me);
  const [room, setRoom] = useState<api.Room>(write ?? 'players');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [muted, setMuted] = useState<string[]>([]);
  const shownRoom = read.includes(room) ? room : read[0];
  const readKey = read.join(',');

  useEffect(() => {
    let gone = false;
    Promise.all(read.map((r) => api.readChat(props.view.id, r))).then(
      (rooms) => !gone && props.load(rooms.flat()),
      () => {},
    );
    return () => {
      gone = true;
    };
  }, [props.view.id, readKey, props.me?.id]);

  const send = async (event: Event) => {
    event.preventDefault();
    if (!write || !text.trim()) return;
    try {
      props.add(await api.writeChat(props.view.id, write, text));
      setText('');
      setError(null);
    } catch (e) {
      setError(problemText(e));
    }
  };

  const shown = props.messages.filter((m) => m.room === shownRoom && !muted.includes(m.name));
  // The newest message in view as messages come.
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [shown.length, shownRoom]);
  return (
    <section class="chat" aria-label="Chat" data-testid="chat">
      <h2>Chat</h2>
      {read.length > 1 && (
        <div class="rooms" role="group" aria-label="Rooms">
          {read.map((r) => (
            <button type="button" key={r} aria-pressed={r === shownRoom} onClick={() => setRoom(r)} data-testid={`room-${r}`}>
              {ROOM_NAMES[r]}
            </button>
          ))}
        </div>
      )}
      <ol ref={list} class="messages" aria-live="polite" data-testid="chat-messages" data-room={shownRoom}>
        {shown.length === 0 && <li class="hint">No messages yet.</li>}
        {shown.map((m) => (
          <li key={m.id} data-message-id={m.id}>
            <strong>{m.name}</strong> <span class="text">{m.text}</span>
            {props.me && m.name !== props.me.name && (
              <button
                type="button"
                class="link mute"
                title={`Hide ${m.name}'s messages`}
                onClick={() => api.mute(m.name).then(() => setMuted([...muted, m.name]), (e) => setError(problemText(e)))}
              >
                mute
              </button>
            )}
          </li>
        ))}
      </ol>
      {write && shownRoom === write ? (
        <form class="say" onSubmit={send}>
          <label for="chat-input" class="visually-hidden">A message to the {write}' room</label>
          <input id="chat-input" data-testid="chat-input" maxLength={500} autocomplete="off" value={text} onInput={(e) => setText(e.currentTarget.value)} placeholder={`Write to the ${write}`} />
          <button type="submit" disabled={!text.trim()} data-testid="chat-send">Send</button>
        </form>
      ) : (
        !write && props.me === null && <p class="hint">Sign in to chat.</p>
      )}
      {props.me?.guest && <p class="hint">Guests read the chat; sign up to write.</p>}
      {error && <p class="error" role="alert">{error}</p>}
    </section>
  );
}
