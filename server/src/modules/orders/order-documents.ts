import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { HttpError } from '../../http/http-error.ts';

/**
 * Where order documents (product PDFs, invoices, invoice group files) live:
 * `{DATA_DIR}/documents/{userId}/…`. One folder per user, so deleting an account removes all
 * of that user's files with {@link removeUserDocuments}. Paths in the database are relative to
 * the user's folder and are never taken from a request.
 */
export function documentsRoot(dataDir: string): string {
  return path.join(dataDir, 'documents');
}

const USER_ID = /^[0-9a-f-]{36}$/i;

export function userDocumentsDir(dataDir: string, userId: string): string {
  if (!USER_ID.test(userId)) throw new Error('A user id must be a UUID');
  return path.join(documentsRoot(dataDir), userId);
}

/** Absolute path of a stored document; throws if the relative path would leave the folder. */
export function userDocumentPath(dataDir: string, userId: string, storagePath: string): string {
  const base = userDocumentsDir(dataDir, userId);
  const full = path.resolve(base, storagePath);
  if (!full.startsWith(base + path.sep)) throw new Error('Document path outside the user folder');
  return full;
}

/** Writes a document (atomically enough for seed and tests: a new file name each time). */
export async function writeUserDocument(
  dataDir: string,
  userId: string,
  storagePath: string,
  bytes: Buffer,
): Promise<number> {
  const full = userDocumentPath(dataDir, userId, storagePath);
  await mkdir(path.dirname(full), { recursive: true });
  await writeFile(full, bytes);
  return bytes.length;
}

/** Removes every document of a user (account deletion). */
export async function removeUserDocuments(dataDir: string, userId: string): Promise<void> {
  await rm(userDocumentsDir(dataDir, userId), { recursive: true, force: true });
}

/**
 * Sends a stored PDF as a download (`application/pdf` is never compressed, so its length
 * stays exact). A row whose file went missing answers 404 naming `field`, like an unknown id.
 */
export async function sendUserDocument(
  reply: FastifyReply,
  document: { dataDir: string; userId: string; storagePath: string; fileName: string },
  field: string,
): Promise<FastifyReply> {
  const full = userDocumentPath(document.dataDir, document.userId, document.storagePath);
  const size = await stat(full).then(
    (info) => info.size,
    () => undefined,
  );
  if (size === undefined) throw new HttpError(404, 'File not found', field);
  const safeName = document.fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  return reply
    .type('application/pdf')
    .header('content-length', size)
    .header('content-disposition', `attachment; filename="${safeName}"`)
    .header('cache-control', 'private, no-store')
    .send(createReadStream(full));
}
