/* eslint-disable @typescript-eslint/no-explicit-any -- push messages of every kind; tests check the fields they expect or parse them with the zod schemas */
import WebSocket from 'ws';

/** An authenticated push socket that collects every JSON message it receives. */
export interface PushSocket {
  messages: any[];
  /** Resolves with the close code and reason once the socket closes. */
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
  /** The first message matching `predicate`, waiting up to `ms` for it. */
  waitFor(predicate: (message: any) => boolean, ms?: number): Promise<any>;
}

/** Opens `/push` on `origin`, authenticates with `token` and resolves once it says `OK`. */
export async function openPushSocket(origin: string, token: string): Promise<PushSocket> {
  const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/push`);
  const messages: any[] = [];
  // An error after the socket opened (its server killed, in the cluster journey) is not the
  // test's: the close that follows is what a test looks at.
  socket.on('error', () => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => socket.send(JSON.stringify({ action: 'authenticate', token })));
    socket.on('message', (data) => {
      const text = data.toString();
      if (text === 'OK') return resolve();
      try {
        messages.push(JSON.parse(text));
      } catch {
        // not JSON: ignored like the client does
      }
    });
    void closed.then(({ code, reason }) => reject(new Error(`push closed: ${code} ${reason}`)));
  });
  const waitFor = async (predicate: (message: any) => boolean, ms = 20_000) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const found = messages.find(predicate);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`push message not received; got ${JSON.stringify(messages)}`);
  };
  return { messages, closed, close: () => socket.close(), waitFor };
}
