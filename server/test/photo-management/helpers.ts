/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field or checked with the zod schemas */
import WebSocket from 'ws';

export interface Api {
  token: string;
  get(path: string): Promise<{ status: number; body: any }>;
  send(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
}

/** JSON client for /api/photo with a bearer token. */
export function apiClient(origin: string, token: string): Api {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${origin}/api/photo${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  return { token, get: (path) => call('GET', path), send: call };
}

/** Number of entries and compression methods of a zip, from its central directory. */
export function zipEntries(zip: Buffer): Array<{ name: string; method: number }> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a zip');
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  const entries: Array<{ name: string; method: number }> = [];
  for (let i = 0; i < count; i += 1) {
    const method = zip.readUInt16LE(offset + 10);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extra = zip.readUInt16LE(offset + 30);
    const comment = zip.readUInt16LE(offset + 32);
    entries.push({
      name: zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8'),
      method,
    });
    offset += 46 + nameLength + extra + comment;
  }
  return entries;
}

/** An authenticated push socket collecting every JSON message it receives. */
export async function pushSocket(
  origin: string,
  token: string,
): Promise<{
  messages: any[];
  close(): void;
  waitFor(predicate: (m: any) => boolean, ms?: number): Promise<any>;
}> {
  const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/push`);
  const messages: any[] = [];
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
  });
  const waitFor = async (predicate: (m: any) => boolean, ms = 20_000) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const found = messages.find(predicate);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`push message not received; got ${JSON.stringify(messages)}`);
  };
  return { messages, close: () => socket.close(), waitFor };
}

export async function poll<T>(fn: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const value = await fn();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition not met in time');
}
