#!/usr/bin/env node
/**
 * What a first visit's JavaScript is made of, per package and per app module, in gzip bytes.
 *
 *   npm run build:web && node scripts/js-breakdown.mjs [path] [--modules]
 *
 * The scripts counted are those of web/dist/index.html (the boot script, the entry and its
 * modulepreloads) plus the page chunks the server preloads for `path`, a pattern of
 * route-preloads.json as web/route-preloads.ts spells it, e.g. /my-photos/albums/:id (default
 * /my-photos: what bench:timeline counts before the first thumbnail).
 *
 * Each chunk's minified bytes are attributed to their sources through the chunk's sourcemap. A
 * source's gzip share is its marginal cost: the chunk's gzip size minus the gzip size of the
 * chunk with that source's bytes left out (gzip shares dictionary across a chunk, so the shares
 * add up to a little less than the chunk; the remainder is printed as "shared").
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';

const dist = join(import.meta.dirname, '..', 'web', 'dist');
const args = process.argv.slice(2);
const route = args.find((arg) => arg.startsWith('/')) ?? '/my-photos';
const perModule = args.includes('--modules');

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = [
  ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g),
].map((match) => match[1]);
const preloads = JSON.parse(readFileSync(join(dist, 'route-preloads.json'), 'utf8'));
if (!Object.hasOwn(preloads, route)) {
  console.error(`No pattern ${route} in route-preloads.json: ${Object.keys(preloads).join(' ')}`);
  process.exit(1);
}
const routeScripts = preloads[route].scripts;
const files = [...new Set([...entry, ...routeScripts])];

/** A sourcemap's mappings as [line, column, sourceIndex] segments in order (-1: no source). */
function segments(mappings) {
  return decode(mappings).flatMap((line, index) =>
    line.map((segment) => [index, segment[0], segment.length > 1 ? segment[1] : -1]),
  );
}

/** node_modules/<package> or the app file (core/src/…, web/src/…). */
function owner(source) {
  // Sources are relative to web/dist/assets: ../../src/… is web's, ../../../core/src/… core's.
  const path = source
    .replace(/\\/g, '/')
    .replace(/^(\.\.\/)+/, '')
    .replace(/^src\//, 'web/src/');
  if (perModule && path.includes('node_modules/')) return path.split('node_modules/').pop();
  if (path.includes('node_modules/')) {
    const parts = path.split('node_modules/').pop().split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (perModule) return path;
  const app = path.match(/^(core|web)\/src\/(features\/[^/]+|[^/]+)/);
  return app ? `${app[1]}/src/${app[2]}` : path;
}

const totals = new Map();
let grand = 0;
const chunkLines = [];
for (const file of files) {
  const code = readFileSync(join(dist, file), 'utf8');
  let map = { mappings: '', sources: [] };
  try {
    map = JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8'));
  } catch {
    // rolldown's runtime chunk has no sourcemap: all of it counts as "(unmapped)".
  }
  const lineStarts = [0];
  for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStarts.push(i + 1);
  // Each generated character belongs to the source of the segment it falls in.
  const byOwner = new Map();
  const segs = segments(map.mappings);
  if (segs.length === 0) byOwner.set('(no sourcemap)', [[0, code.length]]);
  for (let i = 0; i < segs.length; i++) {
    const [line, column, source] = segs[i];
    const start = lineStarts[line] + column;
    const next = segs[i + 1];
    const end = next ? lineStarts[next[0]] + next[1] : code.length;
    const key = source < 0 ? '(unmapped)' : owner(map.sources[source]);
    const ranges = byOwner.get(key) ?? [];
    ranges.push([start, end]);
    byOwner.set(key, ranges);
  }
  const whole = gzipSync(code).length;
  grand += whole;
  chunkLines.push(`${(whole / 1024).toFixed(1).padStart(6)} KB  ${file}`);
  for (const [key, ranges] of byOwner) {
    let without = '';
    let at = 0;
    for (const [start, end] of ranges.sort((a, b) => a[0] - b[0])) {
      without += code.slice(at, start);
      at = Math.max(at, end);
    }
    without += code.slice(at);
    const share = whole - gzipSync(without).length;
    const entryTotals = totals.get(key) ?? { gz: 0, raw: 0, chunks: new Set() };
    entryTotals.gz += share;
    entryTotals.raw += code.length - without.length;
    entryTotals.chunks.add(
      file
        .split('/')
        .pop()
        .replace(/-[\w-]{8}\.js$/, ''),
    );
    totals.set(key, entryTotals);
  }
}

console.info(
  `First visit to ${route}: ${files.length} scripts, ${(grand / 1024).toFixed(1)} KB gzip`,
);
console.info(chunkLines.join('\n'));
console.info('\n   gzip KB   min KB  source (chunks)');
let attributed = 0;
for (const [key, { gz, raw, chunks }] of [...totals].sort((a, b) => b[1].gz - a[1].gz)) {
  attributed += gz;
  if (gz < 200 && !perModule) continue;
  console.info(
    `${(gz / 1024).toFixed(1).padStart(9)} ${(raw / 1024).toFixed(1).padStart(8)}  ${key} (${[...chunks].join(', ')})`,
  );
}
console.info(
  `${((grand - attributed) / 1024).toFixed(1).padStart(9)}           shared (gzip context between sources) and sources under 0.2 KB`,
);
