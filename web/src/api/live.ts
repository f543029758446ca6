// A WebSocket that reconnects by itself, after a random pause whose
// ceiling grows with every failure (see reconnect.ts), and tells its owner
// of every message and of its state.

import { reconnectDelay } from './reconnect';
import type { LiveMessage } from './types';

/** Whether a live socket is connected. */
export type LiveState = 'connecting' | 'open' | 'closed';

/** An open live connection; `close()` ends it for good. */
export interface Live {
  send(message: unknown): boolean;
  close(): void;
}

/** Connects to `path` (`/api/games/{id}/live`, `/api/lobby/live`). */
export function connectLive(
  path: string,
  onMessage: (message: LiveMessage) => void,
  onState: (state: LiveState) => void,
): Live {
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const open = () => {
    if (stopped) return;
    onState('connecting');
    const url = new URL(path, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      onState('open');
    };
    ws.onmessage = (event) => {
      try {
        onMessage(JSON.parse(String(event.data)) as LiveMessage);
      } catch {
        /* a message that is not JSON is ignored */
      }
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      if (stopped) return;
      onState('closed');
      const pause = reconnectDelay(attempt);
      attempt += 1;
      timer = setTimeout(open, pause);
    };
  };

  const wake = () => {
    if (!socket && !stopped) {
      clearTimeout(timer);
      attempt = 0;
      open();
    }
  };
  window.addEventListener('online', wake);
  document.addEventListener('visibilitychange', wake);
  open();

  return {
    send(message) {
      if (socket?.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    close() {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', wake);
      socket?.close();
      socket = null;
    },
  };
}
