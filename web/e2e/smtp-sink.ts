// A mail server for the browser tests: it listens on a free loopback port,
// speaks enough SMTP for the server's mailer (greeting, EHLO, MAIL, RCPT,
// DATA, QUIT) and keeps every message it is given.

import { createServer, type Server, type Socket } from 'node:net';

/** A message received. */
export interface Received {
  to: string;
  data: string;
}

/** A running sink. */
export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for `--smtp`. */
  url: string;
  received: Received[];
  stop(): Promise<void>;
}

function converse(socket: Socket, received: Received[]): void {
  let buffer = '';
  let inData = false;
  let data: string[] = [];
  let to = '';
  socket.write('220 localhost ESMTP sink\r\n');
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    let end;
    while ((end = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (inData) {
        if (line === '.') {
          inData = false;
          received.push({ to, data: data.join('\n') });
          data = [];
          socket.write('250 queued\r\n');
        } else {
          data.push(line.startsWith('..') ? line.slice(1) : line);
        }
        continue;
      }
      const command = line.toUpperCase();
      if (command.startsWith('EHLO') || command.startsWith('HELO')) socket.write('250-localhost\r\n250 8BITMIME\r\n');
      else if (command.startsWith('RCPT TO')) {
        to = line.slice(8).replace(/^[:\s]*<?/, '').replace(/>.*$/, '');
        socket.write('250 ok\r\n');
      } else if (command.startsWith('DATA')) {
        inData = true;
        socket.write('354 go on\r\n');
      } else if (command.startsWith('QUIT')) {
        socket.end('221 bye\r\n');
      } else socket.write('250 ok\r\n');
    }
  });
  socket.on('error', () => undefined);
}

/** Starts a sink on 127.0.0.1 at a free port. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: Received[] = [];
  const server: Server = createServer((socket) => converse(socket, received));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The verification link's path in a message (quoted-printable undone). */
export function verificationLink(message: Received): string | null {
  return linkIn(message, /\/verify\?token=[0-9a-f]{64}/);
}

/** The password reset link's path in a message. */
export function resetLink(message: Received): string | null {
  return linkIn(message, /\/reset\?token=[0-9a-f]{64}/);
}

function linkIn(message: Received, pattern: RegExp): string | null {
  const body = message.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const found = pattern.exec(body);
  return found ? found[0] : null;
}
