import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { sharedSecret } from '../../db/server-secrets.ts';
import { HttpError } from '../../http/http-error.ts';

function readLegacyKey(file: string): Buffer | undefined {
  try {
    const key = readFileSync(file);
    return key.length >= 32 ? key : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * HMAC-SHA256 with a key kept in the database, so cursors and signed URLs survive a restart and
 * hold on every instance, but mean nothing to another installation. Signatures are truncated to 128 bits.
 */
export class Signer {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    this.key = key;
  }

  /**
   * The key every instance shares, from the database (`sharedSecret`); created by the first
   * instance to start. A data folder from before keeps its links valid: its
   * `secrets/photo-management.key` is imported on the first start.
   */
  static async shared(db: Db, dataDir: string): Promise<Signer> {
    const encoded = await sharedSecret(db, 'photo-management-hmac', () => {
      const legacy = readLegacyKey(path.join(dataDir, 'secrets', 'photo-management.key'));
      return (legacy ?? randomBytes(32)).toString('base64url');
    });
    const key = Buffer.from(encoded, 'base64url');
    if (key.length < 32) throw new Error('The stored photo-management key is too short');
    return new Signer(key);
  }

  sign(data: string): string {
    return createHmac('sha256', this.key)
      .update(data)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }

  verify(data: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(data));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

/** A keyset position: the sort value and the id that breaks ties. */
export type CursorPosition = readonly [value: string, id: string];

/**
 * Cursors are `base64url(JSON position).signature`, the signature covering the position and
 * the context (user, route, scope, sort). A cursor edited, forged, or replayed on another
 * list or by another user is rejected with 400 naming `query.cursor`.
 */
export class CursorCodec {
  private readonly signer: Signer;

  constructor(signer: Signer) {
    this.signer = signer;
  }

  encode(context: string, position: CursorPosition): string {
    const payload = Buffer.from(JSON.stringify(position)).toString('base64url');
    return `${payload}.${this.signer.sign(`cursor|${context}|${payload}`)}`;
  }

  decode(context: string, cursor: string): CursorPosition {
    const dot = cursor.indexOf('.');
    const payload = dot > 0 ? cursor.slice(0, dot) : '';
    const signature = dot > 0 ? cursor.slice(dot + 1) : '';
    if (!payload || !signature || !this.signer.verify(`cursor|${context}|${payload}`, signature)) {
      throw new HttpError(400, 'The cursor is invalid for this list', 'query.cursor');
    }
    const position: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (
      !Array.isArray(position) ||
      position.length !== 2 ||
      typeof position[0] !== 'string' ||
      typeof position[1] !== 'string'
    ) {
      throw new HttpError(400, 'The cursor is invalid for this list', 'query.cursor');
    }
    return [position[0], position[1]];
  }
}

/** Image URLs live one to two hours; the bucket keeps URLs stable (browser-cacheable) for an hour. */
const IMAGE_URL_BUCKET_SECONDS = 3600;

/**
 * Signs image URLs for `<img>` tags, which cannot send a bearer header. One signature per
 * (photo, viewer, expiry) covers every variant of that photo; the image route re-checks that
 * the viewer may still read the photo. Signatures are memoised per expiry bucket, so a page
 * of 500 photos costs 500 map look-ups once warm, not 500 HMACs.
 */
export class ImageUrlSigner {
  private readonly signer: Signer;
  private memo = new Map<string, string>();
  private memoExpiry = 0;

  constructor(signer: Signer) {
    this.signer = signer;
  }

  /** Expiry (unix seconds) for URLs handed out now. */
  currentExpiry(nowMs = Date.now()): number {
    const bucket = Math.floor(nowMs / 1000 / IMAGE_URL_BUCKET_SECONDS);
    return (bucket + 2) * IMAGE_URL_BUCKET_SECONDS;
  }

  signature(photoId: string, viewerId: string, expiry: number): string {
    if (expiry !== this.memoExpiry || this.memo.size > 250_000) {
      this.memo = new Map();
      this.memoExpiry = expiry;
    }
    const key = `${photoId}|${viewerId}`;
    let signature = this.memo.get(key);
    if (signature === undefined) {
      signature = this.signer.sign(`img|${photoId}|${viewerId}|${expiry}`);
      this.memo.set(key, signature);
    }
    return signature;
  }

  verify(
    photoId: string,
    viewerId: string,
    expiry: number,
    signature: string,
    nowMs = Date.now(),
  ): boolean {
    if (!Number.isSafeInteger(expiry) || expiry * 1000 < nowMs) return false;
    return this.signer.verify(`img|${photoId}|${viewerId}|${expiry}`, signature);
  }
}

/** Archive URLs: bound to the download and its owner, valid for a few minutes. */
export const ARCHIVE_URL_TTL_SECONDS = 300;

/**
 * The query of a signed link (image and archive URLs): `u` the user it was signed for, `e`
 * its expiry in unix seconds, `s` the signature.
 */
export const signedLinkQuerySchema = z.object({
  u: z.string().min(1).max(100),
  e: z.coerce.number().int().min(0),
  s: z.string().min(1).max(100),
});

/** 403 naming the query field when a signed link has expired or its signature does not match. */
export function checkSignedLink(kind: 'image' | 'download', expiry: number, valid: () => boolean) {
  if (expiry * 1000 < Date.now())
    throw new HttpError(403, `The ${kind} link has expired`, 'query.e');
  if (!valid()) throw new HttpError(403, `The ${kind} link is not valid`, 'query.s');
}
