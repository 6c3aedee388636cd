// The server layer table that the lint zones are built from must stay acyclic, name every
// folder of server/src, and be equal to the table maintainers read in docs/architecture.md.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { topologicalOrder } from './feature-graph.js';
import { isRoutesFile, serverLayers, serverModules, serverRoot } from './server-layers.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const serverSrc = path.join(repoRoot, 'server/src');
const heading = '### Layers inside server/src';

/** The layer table under its heading in docs/architecture.md: layer -> layers it may import. */
function documentedTable(): Map<string, string[]> {
  const text = readFileSync(path.join(repoRoot, 'docs/architecture.md'), 'utf8');
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`docs/architecture.md lacks the section "${heading}"`);
  const section = text.slice(start + heading.length + 2).split(/\n#{2,3} /)[0] ?? '';
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|').map((cell) => cell.trim()));
  return new Map(
    rows.map((cells) => {
      const names = (cell: string | undefined) =>
        [...(cell ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
      return [names(cells[1])[0] ?? '', names(cells[3])];
    }),
  );
}

describe('server layer table', () => {
  it('is acyclic and names only its own layers', () => {
    expect(() => topologicalOrder(serverLayers)).not.toThrow();
    const layers = Object.keys(serverLayers);
    for (const allowed of Object.values(serverLayers)) {
      for (const layer of allowed) expect(layers).toContain(layer);
    }
    for (const layer of serverRoot) expect(layers).toContain(layer);
  });

  it('keeps migrations and db at the bottom and testing out of every other row', () => {
    expect(serverLayers['db/migrations']).toEqual([]);
    expect(serverLayers.db).toEqual(['db/migrations']);
    for (const [layer, allowed] of Object.entries(serverLayers)) {
      if (layer !== 'testing') expect(allowed, layer).not.toContain('testing');
    }
    // auth below oidc, mail below both, the shared dependencies below the modules.
    expect(serverLayers.auth).not.toContain('oidc');
    expect(serverLayers.mail).not.toContain('oidc');
    expect(serverLayers.mail).not.toContain('auth');
    expect(serverLayers['app-deps.ts']).not.toContain('modules');
  });

  it('names every folder and file of server/src and every module', () => {
    const layers = new Set(Object.keys(serverLayers).map((layer) => layer.split('/')[0]));
    const entries = readdirSync(serverSrc, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || /\.tsx?$/.test(entry.name))
      .filter((entry) => !entry.name.endsWith('.d.ts'))
      .map((entry) => entry.name);
    expect(entries.filter((name) => !layers.has(name))).toEqual([]);
    const modules = readdirSync(path.join(serverSrc, 'modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(modules.sort()).toEqual(Object.keys(serverModules).sort());
  });

  it("declares as public only existing files that are not a module's routes", () => {
    for (const [module, files] of Object.entries(serverModules)) {
      for (const file of files) {
        expect(isRoutesFile(file), `modules/${module}/${file}`).toBe(false);
        expect(existsSync(path.join(serverSrc, 'modules', module, `${file}.ts`))).toBe(true);
      }
    }
  });

  it('is written in docs/architecture.md with exactly the same rows', () => {
    const documented = documentedTable();
    expect([...documented.keys()]).toEqual(Object.keys(serverLayers));
    for (const [layer, allowed] of Object.entries(serverLayers)) {
      expect(documented.get(layer)?.sort(), `the row of ${layer}`).toEqual([...allowed].sort());
    }
  });
});
