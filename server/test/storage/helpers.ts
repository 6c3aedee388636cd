/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field or checked with the zod schemas */
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import * as tus from 'tus-js-client';

export const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export interface TusOutcome {
  /** HTTP status of the last answer: 200 (finished; 201 in a creation), or the refusal's. */
  status: number;
  body: any;
  /** The upload URL, once created. */
  url: string | null;
}

export interface TusOptions {
  filename?: string;
  filetype?: string;
  /** Default: the real SHA-256 of `bytes`. */
  checksum?: string;
  albumId?: string;
  chunkSize?: number;
  /** Send the (first chunk of) bytes with the creation request (tus creation-with-upload). */
  withCreation?: boolean;
  /** Resume this upload instead of creating one. */
  uploadUrl?: string;
  onProgress?: (sent: number, total: number) => void;
  /** Receives the client, e.g. to abort it mid-way. */
  started?: (upload: tus.Upload) => void;
}

/** One upload through tus-js-client (the product's client library) under Node, no retries. */
export function tusUpload(
  origin: string,
  token: string,
  bytes: Buffer,
  options: TusOptions = {},
): Promise<TusOutcome> {
  return new Promise((resolve) => {
    const metadata: Record<string, string> = {
      filename: options.filename ?? 'photo.jpg',
      filetype: options.filetype ?? 'image/jpeg',
      checksum: options.checksum ?? sha256Hex(bytes),
    };
    if (options.albumId) metadata.albumId = options.albumId;
    const parse = (text: string | undefined) => {
      try {
        return text ? JSON.parse(text) : null;
      } catch {
        return text;
      }
    };
    const upload: tus.Upload = new tus.Upload(bytes, {
      endpoint: `${origin}/api/storage/files`,
      ...(options.uploadUrl ? { uploadUrl: options.uploadUrl } : {}),
      headers: { authorization: `Bearer ${token}` },
      metadata,
      retryDelays: [],
      storeFingerprintForResuming: false,
      ...(options.chunkSize ? { chunkSize: options.chunkSize } : {}),
      ...(options.withCreation ? { uploadDataDuringCreation: true } : {}),
      onProgress: options.onProgress ?? null,
      onSuccess: ({ lastResponse }) =>
        resolve({
          status: lastResponse.getStatus(),
          body: parse(lastResponse.getBody()),
          url: upload.url,
        }),
      onError: (error) => {
        const response = (error as tus.DetailedError).originalResponse;
        resolve({
          status: response?.getStatus() ?? 0,
          body: parse(response?.getBody()) ?? String(error),
          url: upload.url,
        });
      },
    });
    upload.start();
    options.started?.(upload);
  });
}

/** A raw tus request (for what tus-js-client would never send). */
export async function tusRequest(
  origin: string,
  token: string | undefined,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: Buffer,
): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await fetch(url.startsWith('http') ? url : `${origin}${url}`, {
    method,
    headers: {
      'tus-resumable': '1.0.0',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    ...(body ? { body: new Uint8Array(body) } : {}),
  });
  const text = await response.text();
  let parsed: any = text || null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: kept as text, which a test then fails on
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

/** `Upload-Metadata` value of a record. */
export const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** Every file below a folder (recursive), as paths relative to it. */
export async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

export async function waitUntil<T>(
  check: () => Promise<T | undefined | false>,
  ms = 20_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
