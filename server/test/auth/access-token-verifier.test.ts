import { EventEmitter } from 'node:events';
import type Provider from 'oidc-provider';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AccessTokenVerifier, bearerToken } from '../../src/auth/access-token-verifier.ts';
import { closeTestDatabase, openTestDatabase } from '../../src/testing/test-database.ts';
import type { Db } from '../../src/db/database.ts';
import { seedUsers, demoUserId } from '../../src/seed/users.ts';

const TOKEN = 'a'.repeat(43);

/** A provider stand-in: `AccessToken.find` answers from a map and counts the look-ups. */
function fakeProvider(
  tokens: Map<string, { accountId: string; clientId: string; exp: number; grantId?: string }>,
) {
  const emitter = new EventEmitter();
  let finds = 0;
  const provider = Object.assign(emitter, {
    AccessToken: {
      find: async (value: string) => {
        finds += 1;
        return tokens.get(value);
      },
    },
  });
  return {
    provider: provider as unknown as Provider,
    finds: () => finds,
    emit: emitter.emit.bind(emitter),
  };
}

let db: Db;
let now: number;
beforeAll(async () => {
  db = await openTestDatabase();
  await seedUsers(db);
});
beforeEach(() => {
  now = 1_700_000_000_000;
});
afterAll(async () => {
  await closeTestDatabase(db);
});

describe('AccessTokenVerifier', () => {
  it('returns the user and caches the answer for 30 s at most', async () => {
    const tokens = new Map([
      [TOKEN, { accountId: demoUserId('demo'), clientId: 'web', exp: now / 1000 + 3600 }],
    ]);
    const fake = fakeProvider(tokens);
    const verifier = new AccessTokenVerifier({ provider: fake.provider, db, now: () => now });
    expect(await verifier.verify(TOKEN)).toEqual({
      id: demoUserId('demo'),
      email: 'demo@example.com',
      isBusiness: false,
    });
    now += 29_000;
    await verifier.verify(TOKEN);
    expect(fake.finds()).toBe(1);
    now += 2_000;
    await verifier.verify(TOKEN);
    expect(fake.finds()).toBe(2);
  });

  it('never trusts a cached token past its expiry', async () => {
    const exp = now / 1000 + 10;
    const tokens = new Map([
      [TOKEN, { accountId: demoUserId('business'), clientId: 'desktop', exp }],
    ]);
    const fake = fakeProvider(tokens);
    const verifier = new AccessTokenVerifier({ provider: fake.provider, db, now: () => now });
    expect(await verifier.verify(TOKEN)).toMatchObject({ isBusiness: true });
    now += 10_000;
    expect(await verifier.verify(TOKEN)).toBeUndefined();
    expect(fake.finds()).toBe(2);
  });

  it('rejects unknown, malformed, foreign-client and orphaned tokens', async () => {
    const tokens = new Map([
      [
        'b'.repeat(43),
        { accountId: demoUserId('demo'), clientId: 'someone-else', exp: now / 1000 + 60 },
      ],
      ['c'.repeat(43), { accountId: 'deleted-user', clientId: 'web', exp: now / 1000 + 60 }],
    ]);
    const fake = fakeProvider(tokens);
    const verifier = new AccessTokenVerifier({ provider: fake.provider, db, now: () => now });
    expect(await verifier.verify('d'.repeat(43))).toBeUndefined();
    expect(await verifier.verify('b'.repeat(43))).toBeUndefined();
    expect(await verifier.verify('c'.repeat(43))).toBeUndefined();
    expect(await verifier.verify('not a token!')).toBeUndefined();
    expect(await verifier.verify('x'.repeat(5000))).toBeUndefined();
    expect(fake.finds()).toBe(3); // malformed ones never reach the provider
  });

  it('drops cached tokens when their grant is revoked', async () => {
    const tokens = new Map([
      [
        TOKEN,
        { accountId: demoUserId('demo'), clientId: 'web', exp: now / 1000 + 3600, grantId: 'g1' },
      ],
    ]);
    const fake = fakeProvider(tokens);
    const verifier = new AccessTokenVerifier({ provider: fake.provider, db, now: () => now });
    await verifier.verify(TOKEN);
    expect(verifier.size).toBe(1);
    tokens.delete(TOKEN);
    fake.emit('grant.revoked', {}, 'g1');
    expect(verifier.size).toBe(0);
    expect(await verifier.verify(TOKEN)).toBeUndefined();
  });

  it('keeps the cache bounded, evicting the least recently used', async () => {
    const tokens = new Map(
      ['t1', 't2', 't3'].map((name) => [
        name.padEnd(43, 'x'),
        { accountId: demoUserId('demo'), clientId: 'web', exp: now / 1000 + 3600 },
      ]),
    );
    const fake = fakeProvider(tokens);
    const verifier = new AccessTokenVerifier({
      provider: fake.provider,
      db,
      now: () => now,
      maxEntries: 2,
    });
    const [t1, t2, t3] = [...tokens.keys()] as [string, string, string];
    await verifier.verify(t1);
    await verifier.verify(t2);
    await verifier.verify(t1); // t1 is now the most recent
    await verifier.verify(t3); // evicts t2
    expect(verifier.size).toBe(2);
    const before = fake.finds();
    await verifier.verify(t1);
    expect(fake.finds()).toBe(before);
    await verifier.verify(t2);
    expect(fake.finds()).toBe(before + 1);
  });
});

describe('bearerToken', () => {
  it('reads only the Bearer scheme', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearer')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
