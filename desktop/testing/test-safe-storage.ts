import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SafeStorageLike } from '../main/storage/token-store';

/**
 * Stands in for Electron's `safeStorage` under Node: real AES-256-GCM with a key that lives in
 * this object only (the OS keychain's part). `available: false` plays a desktop without a
 * keyring; `backend: 'basic_text'` plays Linux's fixed-key fallback.
 */
export function testSafeStorage(
  options: { available?: boolean; backend?: string } = {},
): SafeStorageLike & { key: Buffer } {
  const store = {
    key: randomBytes(32),
    isEncryptionAvailable: () => options.available ?? true,
    getSelectedStorageBackend: () => options.backend ?? 'gnome_libsecret',
    encryptString(plain: string): Buffer {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', store.key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decryptString(encrypted: Buffer): string {
      const decipher = createDecipheriv('aes-256-gcm', store.key, encrypted.subarray(0, 12));
      decipher.setAuthTag(encrypted.subarray(12, 28));
      return Buffer.concat([decipher.update(encrypted.subarray(28)), decipher.final()]).toString(
        'utf8',
      );
    },
  };
  return store;
}
