import { fileURLToPath } from 'node:url';
import { isAbsolute, resolve } from 'node:path';

/** The repository root (server/src/config → ../../..). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Everything the server reads from the environment (docs/conventions.md "Environment"). */
export interface ServerConfig {
  port: number;
  /** Interface to listen on. `localhost` binds 127.0.0.1 and ::1 only. */
  host: string;
  dataDir: string;
  /** Origin the server is reached at; the OIDC issuer and absolute URLs are built from it. */
  publicOrigin: string;
  uploadMaxBytes: number;
  archiveTtlSeconds: number;
  /** Brand hosts for which the storefront config service answers 503 (tests of the fallback). */
  storefrontFailHosts: string[];
  /** How long a push socket may stay unauthenticated. */
  pushAuthTimeoutMs: number;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = positiveInt(env, 'PORT', 8080);
  const dataDir = env.DATA_DIR ? resolve(REPO_ROOT, env.DATA_DIR) : resolve(REPO_ROOT, '.data');
  const publicOrigin = (env.PUBLIC_ORIGIN || `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+$/.test(publicOrigin)) {
    throw new Error(
      `PUBLIC_ORIGIN must be an origin like http://localhost:${port}, got "${publicOrigin}"`,
    );
  }
  return {
    port,
    host: env.HOST || 'localhost',
    dataDir: isAbsolute(dataDir) ? dataDir : resolve(dataDir),
    publicOrigin,
    uploadMaxBytes: positiveInt(env, 'UPLOAD_MAX_BYTES', 52_428_800),
    archiveTtlSeconds: positiveInt(env, 'ARCHIVE_TTL_SECONDS', 3600),
    storefrontFailHosts: (env.STOREFRONT_FAIL_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    pushAuthTimeoutMs: positiveInt(env, 'PUSH_AUTH_TIMEOUT_MS', 5000),
  };
}
