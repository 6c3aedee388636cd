/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field or checked with the zod schemas */

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

/** POST /photos as multipart (part `file`, optional `albumId`), like the web app's upload. */
export async function uploadPhoto(
  origin: string,
  api: Api,
  bytes: Buffer,
  name: string,
  type: string,
  albumId?: string,
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  if (albumId) form.append('albumId', albumId);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${origin}/api/photo/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
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
