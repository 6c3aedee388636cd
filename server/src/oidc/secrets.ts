import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JWK } from 'oidc-provider';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { sharedSecret } from '../db/server-secrets.ts';

const secretsSchema = z.object({
  cookieKeys: z.array(z.string().min(32)).min(1),
  jwks: z.object({ keys: z.array(z.record(z.string(), z.unknown())).min(1) }),
});
export type OidcSecrets = { cookieKeys: string[]; jwks: { keys: JWK[] } };

/** Where versions before the shared secrets kept them; imported once when present. */
export const SECRETS_FILE = 'oidc-secrets.json';
const SECRET_NAME = 'oidc';

function parseSecrets(text: string, source: string): OidcSecrets {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = secretsSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${source} does not hold valid sign-in provider secrets`);
  return parsed.data as OidcSecrets;
}

function generateSecrets(): OidcSecrets {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  return {
    cookieKeys: [randomBytes(32).toString('base64url')],
    jwks: { keys: [{ ...jwk, kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' }] },
  };
}

/**
 * The cookie signing keys and the ID-token signing key, kept in the database so that every
 * instance signs and checks with the same keys and a restart keeps sessions, cookies and issued
 * ID tokens valid. Created by the first instance that starts (`sharedSecret`); a data folder
 * from before keeps its keys: its `oidc-secrets.json` is imported on the first start.
 */
export async function loadOrCreateOidcSecrets(db: Db, dataDir: string): Promise<OidcSecrets> {
  const file = join(dataDir, SECRETS_FILE);
  const text = await sharedSecret(db, SECRET_NAME, () => {
    const legacy = readLegacyFile(file);
    if (legacy !== undefined) return JSON.stringify(parseSecrets(legacy, file));
    return JSON.stringify(generateSecrets());
  });
  return parseSecrets(text, 'The database');
}

function readLegacyFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
