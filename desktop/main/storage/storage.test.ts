import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSettingsStore } from './settings-store';
import { createTokenStore, type SafeStorageLike, type StoredTokens } from './token-store';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'photo-storage-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A stand-in for the OS keychain: XOR with a key, so the file never holds the plain text. */
function fakeSafeStorage(available = true): SafeStorageLike & { key: number } {
  const fake = {
    key: 0x5a,
    isEncryptionAvailable: () => available,
    encryptString: (plain: string) =>
      Buffer.from(Buffer.from(plain, 'utf8').map((b) => b ^ fake.key)),
    decryptString: (encrypted: Buffer) => {
      const plain = Buffer.from(encrypted.map((b) => b ^ fake.key)).toString('utf8');
      if (!plain.startsWith('{'))
        throw new Error(
          'Error while decrypting the ciphertext provided to safeStorage.decryptString.',
        );
      return plain;
    },
  };
  return fake;
}

const tokens: StoredTokens = {
  accessToken: 'access-secret-123',
  expiresAt: 1_900_000_000_000,
  refreshToken: 'refresh-secret-456',
  idToken: 'header.payload.signature',
  claims: {
    sub: 'u1',
    email: 'demo@example.com',
    idp_type: 'local',
    idp_sub: 'u1',
    authentication_method: 'password',
  },
};

describe('settings store', () => {
  it('round-trips values through the file', async () => {
    const file = path.join(dir, 'settings.json');
    const store = createSettingsStore(file);
    expect(await store.load()).toEqual({});
    await store.set('sortOptions', '{"key":"created","order":"desc"}');
    await store.set('flag:PhotoManagementUploadEnabled', 'true');
    await store.remove('flag:PhotoManagementUploadEnabled');

    const reopened = createSettingsStore(file);
    expect(await reopened.load()).toEqual({ sortOptions: '{"key":"created","order":"desc"}' });
  });

  it('keeps the order of quick successive writes', async () => {
    const file = path.join(dir, 'settings.json');
    const store = createSettingsStore(file);
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.set('scroll', String(i))));
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ scroll: '19' });
  });

  it('starts empty from a damaged file', async () => {
    const file = path.join(dir, 'settings.json');
    await writeFile(file, '{"a": 1, broken');
    expect(await createSettingsStore(file).load()).toEqual({});
    await writeFile(file, '{"a": 1}');
    expect(await createSettingsStore(file).load()).toEqual({});
  });
});

describe('token store', () => {
  it('writes tokens encrypted and reads them back', async () => {
    const file = path.join(dir, 'tokens.bin');
    const safeStorage = fakeSafeStorage();
    await createTokenStore(file, safeStorage).save(tokens);

    const raw = await readFile(file);
    expect(raw.toString('utf8')).not.toContain('access-secret-123');
    expect(raw.toString('utf8')).not.toContain('refresh-secret-456');
    expect(await createTokenStore(file, safeStorage).load()).toEqual(tokens);
  });

  it('keeps tokens in memory only when the OS offers no encryption', async () => {
    const file = path.join(dir, 'tokens.bin');
    const store = createTokenStore(file, fakeSafeStorage(false));
    await store.save(tokens);
    expect(await store.load()).toEqual(tokens);
    expect(existsSync(file)).toBe(false);
  });

  it('drops a file it cannot decrypt', async () => {
    const file = path.join(dir, 'tokens.bin');
    await createTokenStore(file, fakeSafeStorage()).save(tokens);
    const otherKeyring = fakeSafeStorage();
    otherKeyring.key = 0x11;
    expect(await createTokenStore(file, otherKeyring).load()).toBeNull();
    expect(existsSync(file)).toBe(false);
  });

  it('clears the file on sign-out', async () => {
    const file = path.join(dir, 'tokens.bin');
    const store = createTokenStore(file, fakeSafeStorage());
    await store.save(tokens);
    await store.clear();
    expect(await store.load()).toBeNull();
    expect(existsSync(file)).toBe(false);
  });
});
