import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The module pattern of `src/modules/index.ts`, checked on the source so that a new module
 * follows it: every module folder is registered there, and queries live in repositories.
 */
const modulesDir = join(import.meta.dirname, '../../src/modules');
const sourceFiles = (readdirSync(modulesDir, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.ts'))
  .map((file) => ({ file, text: readFileSync(join(modulesDir, file), 'utf8') }));
/** Folders with code (git keeps no empty folder, so a clean checkout has no others). */
const moduleFolders = [
  ...new Set(
    sourceFiles
      .map(({ file }) => file.split('/'))
      .filter((parts) => parts.length > 1)
      .map((parts) => parts[0]!),
  ),
];

/** A Kysely query built or run, or raw SQL. */
const QUERY = /\.(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\(|\bsql`/;
const isRepository = (file: string) => file.endsWith('-repository.ts');
const isRoutes = (file: string) => /(^|\/)(plugin|[\w-]+-routes)\.ts$/.test(file);

describe('API modules', () => {
  it('are all registered from modules/index.ts', () => {
    const index = readFileSync(join(modulesDir, 'index.ts'), 'utf8');
    expect(moduleFolders.length).toBeGreaterThan(0);
    const unregistered = moduleFolders.filter((folder) => !index.includes(`from './${folder}/`));
    expect(unregistered).toEqual([]);
  });

  it('have their routes in plugin.ts or <name>-routes.ts', () => {
    const withoutRoutes = moduleFolders.filter(
      (folder) => !sourceFiles.some(({ file }) => file.startsWith(`${folder}/`) && isRoutes(file)),
    );
    expect(withoutRoutes).toEqual([]);
  });

  it('build and run queries only in *-repository.ts files', () => {
    const offenders = sourceFiles
      .filter(({ file, text }) => !isRepository(file) && QUERY.test(text))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('open no transactions in route handlers (a repository function or a service does)', () => {
    const offenders = sourceFiles
      .filter(({ file, text }) => isRoutes(file) && /\.transaction\(/.test(text))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });
});
