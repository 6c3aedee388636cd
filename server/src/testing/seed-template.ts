import { createHash } from 'node:crypto';
import { constants, existsSync } from 'node:fs';
import {
  copyFile,
  link,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { join, relative } from 'node:path';
import { buildApp } from '../app.ts';
import { REPO_ROOT } from '../config/server-config.ts';
import { seedDemoData } from '../seed/index.ts';
import {
  createDatabase,
  databaseExists,
  databaseUrl,
  dropDatabase,
  promoteTemplate,
} from './test-database.ts';

/**
 * The demo data is made once and copied for every test server that asks for it: a full seed
 * renders some 300 JPEGs and the order PDFs (seconds on an idle machine, far more on two busy
 * cores), where a copy takes a fraction of a second.
 *
 * Templates live in `node_modules/.cache/photo-seed/`, one folder per key. The key is a hash of
 * everything the seed's result depends on: the server's and core's sources, the locale files,
 * the lock file (sharp, pdfkit …) and the UTC date, since orders, projects and widgets are dated
 * relative to the day they are made. Nothing ever writes to a template: servers get copies.
 */
export const SEED_CACHE_DIR = join(REPO_ROOT, 'node_modules', '.cache', 'photo-seed');

/** Folders whose files are never changed in place (written to a temp name, then renamed). */
const IMMUTABLE_FOLDERS = new Set(['storage']);
/** A template older than this with another key is removed when a new one is made. */
const STALE_AFTER_MS = 60 * 60 * 1000;
const SEED_INPUTS = ['server/src', 'core/src', 'core/locales'];
const TEST_FILE = /\.test\.tsx?$/;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** The template's key: changes whenever the seed could produce something else. */
export async function seedKey(today = new Date()): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`day ${today.toISOString().slice(0, 10)}\n`);
  for (const input of SEED_INPUTS) {
    for await (const file of filesUnder(join(REPO_ROOT, input))) {
      if (TEST_FILE.test(file)) continue;
      hash.update(`${relative(REPO_ROOT, file)}\n`);
      hash.update(await readFile(file));
    }
  }
  hash.update(await readFile(join(REPO_ROOT, 'package-lock.json')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Copies a data folder: the content store by hard links (its files are immutable), everything
 * else (the database, secrets, documents) as real copies, copy-on-write where the file system
 * can. Falls back to copies when `to` is on another file system.
 */
export async function copyDataDir(from: string, to: string): Promise<void> {
  await copyFolder(from, to, (name) => IMMUTABLE_FOLDERS.has(name));
}

async function copyFolder(
  from: string,
  to: string,
  linkFolder: (name: string) => boolean,
  linkFiles = false,
): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      await copyFolder(source, target, () => false, linkFiles || linkFolder(entry.name));
    } else if (entry.isFile()) {
      if (linkFiles && (await linked(source, target))) continue;
      await copyFile(source, target, constants.COPYFILE_FICLONE);
    }
  }
}

/** A hard link, or false when `target` is on another file system. */
async function linked(source: string, target: string): Promise<boolean> {
  try {
    await link(source, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EXDEV') return false;
    throw error;
  }
}

/**
 * Seeds a new data folder with the demo data, then closes it (the database checkpointed);
 * with `env.DATABASE_URL`, into that PostgreSQL database instead of the folder's SQLite file.
 */
async function makeTemplate(dataDir: string, env: Record<string, string> = {}): Promise<void> {
  // No listener: the port only names the issuer, which nothing in the seed stores.
  const app = await buildApp({ dataDir, port: 1, logger: false, env });
  try {
    await seedDemoData(app.deps);
  } finally {
    await app.close();
  }
}

/** Removes old templates of other keys (SQLite `<key>` and PostgreSQL `pg-<key>` folders). */
async function removeStaleTemplates(key: string): Promise<void> {
  const entries = await readdir(SEED_CACHE_DIR).catch(() => [] as string[]);
  for (const name of entries) {
    if (name === key || name === `pg-${key}`) continue;
    const path = join(SEED_CACHE_DIR, name);
    const info = await stat(path).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > STALE_AFTER_MS)
      await rm(path, { recursive: true, force: true });
  }
}

let current: Promise<string> | undefined;

/**
 * The folder of today's demo-data template, made if it does not exist yet. Safe to call from
 * several processes at once: each builds in a private folder and renames it into place; the
 * first rename wins and the others throw theirs away.
 */
export function seedTemplate(): Promise<string> {
  current ??= (async () => {
    const key = await seedKey();
    const dir = join(SEED_CACHE_DIR, key);
    if (existsSync(join(dir, 'app.db'))) return dir;
    await mkdir(SEED_CACHE_DIR, { recursive: true });
    const building = await mkdtemp(join(SEED_CACHE_DIR, `.building-${key}-`));
    try {
      await makeTemplate(building);
      await rename(building, dir);
    } catch (error) {
      await rm(building, { recursive: true, force: true });
      if (!existsSync(join(dir, 'app.db'))) throw error;
    }
    await removeStaleTemplates(key);
    return dir;
  })();
  current.catch(() => {
    current = undefined;
  });
  return current;
}

/** Marks a finished PostgreSQL template folder and names its database. */
const POSTGRES_TEMPLATE_FILE = 'postgres-template';

export interface PostgresSeedTemplate {
  /** The data folder (content store, secrets, documents) to copy. */
  dir: string;
  /** The database to copy with `CREATE DATABASE … TEMPLATE`. */
  database: string;
}

let currentPostgres: Promise<PostgresSeedTemplate> | undefined;

/**
 * Today's demo-data template on the PostgreSQL server of `adminUrl`: database `seed_<key>`
 * (the key of {@link seedKey}) and its data folder `pg-<key>` beside the SQLite templates.
 * Made if missing; like {@link seedTemplate}, several processes may race and one wins.
 */
export function postgresSeedTemplate(adminUrl: string): Promise<PostgresSeedTemplate> {
  currentPostgres ??= (async () => {
    const key = await seedKey();
    const template = { dir: join(SEED_CACHE_DIR, `pg-${key}`), database: `seed_${key}` };
    if (
      existsSync(join(template.dir, POSTGRES_TEMPLATE_FILE)) &&
      (await databaseExists(adminUrl, template.database))
    )
      return template;
    await mkdir(SEED_CACHE_DIR, { recursive: true });
    const building = await mkdtemp(join(SEED_CACHE_DIR, `.building-pg-${key}-`));
    const database = await createDatabase(adminUrl);
    try {
      await makeTemplate(building, { DATABASE_URL: databaseUrl(adminUrl, database) });
      await writeFile(join(building, POSTGRES_TEMPLATE_FILE), template.database);
      // A template database without its folder (a folder removed by hand) is made again.
      await dropDatabase(adminUrl, template.database);
      await promoteTemplate(adminUrl, database, template.database);
      await rm(template.dir, { recursive: true, force: true });
      await rename(building, template.dir);
    } catch (error) {
      await rm(building, { recursive: true, force: true });
      await dropDatabase(adminUrl, database);
      if (!existsSync(join(template.dir, POSTGRES_TEMPLATE_FILE))) throw error;
    }
    await removeStaleTemplates(key);
    return template;
  })();
  currentPostgres.catch(() => {
    currentPostgres = undefined;
  });
  return currentPostgres;
}
