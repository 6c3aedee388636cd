import { WebSocket } from 'ws';

/** A push socket that records what it receives and how it closed. */
export async function connect(url: string) {
  const socket = new WebSocket(url);
  const received: string[] = [];
  let closedWith: { code: number; reason: string } | undefined;
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => {
      closedWith = { code, reason: reason.toString() };
      resolve(closedWith);
    }),
  );
  socket.on('message', (data) => received.push(data.toString()));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const authenticate = async (token: string) => {
    const count = received.length;
    socket.send(JSON.stringify({ action: 'authenticate', token }));
    const until = Date.now() + 10_000;
    while (received.length === count && !closedWith && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 10));
    return received[count];
  };
  return { socket, received, closed, authenticate, isOpen: () => !closedWith };
}
