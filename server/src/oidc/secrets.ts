import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JWK } from 'oidc-provider';
import { z } from 'zod';

const secretsSchema = z.object({
  cookieKeys: z.array(z.string().min(32)).min(1),
  jwks: z.object({ keys: z.array(z.record(z.string(), z.unknown())).min(1) }),
});
export type OidcSecrets = { cookieKeys: string[]; jwks: { keys: JWK[] } };

export const SECRETS_FILE = 'oidc-secrets.json';

/**
 * The cookie signing keys and the ID-token signing key, generated on first start and kept in
 * DATA_DIR, so a restart keeps sessions, cookies and issued ID tokens valid.
 */
export function loadOrCreateOidcSecrets(dataDir: string): OidcSecrets {
  const file = join(dataDir, SECRETS_FILE);
  let text: string | undefined;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (text !== undefined) {
    const parsed = secretsSchema.safeParse(JSON.parse(text));
    if (!parsed.success)
      throw new Error(`${file} is not a valid secrets file; delete it to regenerate`);
    return parsed.data as OidcSecrets;
  }
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  const secrets: OidcSecrets = {
    cookieKeys: [randomBytes(32).toString('base64url')],
    jwks: { keys: [{ ...jwk, kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' }] },
  };
  // Write then rename, so a crash never leaves half a file; 0600 as it holds private keys.
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  renameSync(temp, file);
  return secrets;
}
