import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../src/testing/sign-in.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import type { Api } from './helpers.ts';
import { apiClient } from './helpers.ts';

let server: TestServer;
let demo: Api;

beforeAll(async () => {
  server = await startTestServer();
  demo = apiClient(
    server.origin,
    (await signIn(server.origin, 'demo@example.com', 'demo1234')).accessToken,
  );
}, 120_000);
afterAll(async () => {
  await server?.close();
}, 120_000);

/** Names that would hide or disguise themselves (docs/product.md#validation). */
const REFUSED = [
  '\u200B', // zero-width space only
  '\u200B \uFEFF\u2060', // blanks and invisible characters only
  '\u3164\u115F', // Hangul fillers: blank-looking letters
  'a\u0000b', // NUL
  'tab\tname', // control character
  'line\nbreak',
  'bell\u0007',
  'C1\u0085control',
  'Holiday\u202Egpj.exe', // right-to-left override
  '\u2066isolated\u2069',
];

describe('album names (create and rename)', () => {
  it.each(REFUSED.map((name) => [JSON.stringify(name), name]))(
    'refuses %s with "Name not valid"',
    async (_label, name) => {
      const created = await demo.send('POST', '/albums', { name });
      expect(created.status).toBe(400);
      expect(created.body.field).toBe('body.name');
      expect(created.body.message).toContain('Name not valid');
    },
  );

  it('renames with the same rule, and keeps names that only contain joiners among visible text', async () => {
    const { albumId } = (await demo.send('POST', '/albums', { name: 'Été 2024 🎉' })).body;
    expect((await demo.get(`/albums/${albumId}`)).body.albumName).toBe('Été 2024 🎉');
    for (const name of REFUSED) {
      const renamed = await demo.send('PATCH', `/albums/${albumId}`, { name });
      expect([renamed.status, renamed.body.field], JSON.stringify(name)).toEqual([
        400,
        'body.name',
      ]);
    }
    // A zero-width joiner inside an emoji sequence is part of visible text.
    const family = '👨\u200D👩\u200D👧 Family';
    const renamed = await demo.send('PATCH', `/albums/${albumId}`, { name: family });
    expect(renamed.status).toBe(200);
    expect(renamed.body.albumName).toBe(family);
  });
});
