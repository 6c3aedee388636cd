/**
 * Keeps the OIDC tokens encrypted at rest with Electron's `safeStorage` (Keychain, DPAPI or
 * the Secret Service). When the OS offers no encryption the tokens stay in memory only: the
 * user signs in again after a restart rather than finding tokens in plain text on disk (the
 * renderer shows a notice). On Linux without a keyring Electron reports encryption as available
 * but uses its `basic_text` backend, a fixed key (ente#7942): that counts as no encryption.
 */
import { readFile, rm } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from './atomic-write';

/** The part of Electron's `safeStorage` this module uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  /** Linux only: `basic_text`, `gnome_libsecret`, `kwallet…` or `unknown`. */
  getSelectedStorageBackend?(): string;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

export const storedTokensSchema = z.object({
  accessToken: z.string().min(1),
  /** Epoch milliseconds; null when the provider did not say. */
  expiresAt: z.number().nullable(),
  refreshToken: z.string().min(1).nullable(),
  idToken: z.string().min(1).nullable(),
  claims: z
    .object({
      sub: z.string(),
      email: z.string(),
      idp_type: z.string(),
      idp_sub: z.string(),
      authentication_method: z.string().optional(),
    })
    .nullable(),
});
export type StoredTokens = z.infer<typeof storedTokensSchema>;

/** True when `safeStorage` really encrypts (not the fixed-key `basic_text` fallback). */
export function canEncrypt(safeStorage: SafeStorageLike): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  return safeStorage.getSelectedStorageBackend?.() !== 'basic_text';
}

export function createTokenStore(filePath: string, safeStorage: SafeStorageLike) {
  let memory: StoredTokens | null = null;
  let loaded = false;

  async function load(): Promise<StoredTokens | null> {
    if (loaded) return memory;
    loaded = true;
    if (!canEncrypt(safeStorage)) return memory;
    let encrypted: Buffer;
    try {
      encrypted = await readFile(filePath);
    } catch {
      return memory;
    }
    try {
      const parsed = storedTokensSchema.safeParse(JSON.parse(safeStorage.decryptString(encrypted)));
      memory = parsed.success ? parsed.data : null;
    } catch {
      memory = null;
    }
    // Unreadable (another OS user, a changed keyring) or malformed: drop it, sign in again.
    if (memory === null) await rm(filePath, { force: true });
    return memory;
  }

  async function save(tokens: StoredTokens): Promise<void> {
    memory = storedTokensSchema.parse(tokens);
    loaded = true;
    if (!canEncrypt(safeStorage)) return;
    await writeFileAtomic(filePath, safeStorage.encryptString(JSON.stringify(memory)));
  }

  async function clear(): Promise<void> {
    memory = null;
    loaded = true;
    await rm(filePath, { force: true });
  }

  /** `memory` when tokens cannot be kept encrypted on disk (see above). */
  const storageMode = (): 'encrypted' | 'memory' =>
    canEncrypt(safeStorage) ? 'encrypted' : 'memory';

  return { load, save, clear, storageMode };
}

export type TokenStore = ReturnType<typeof createTokenStore>;
