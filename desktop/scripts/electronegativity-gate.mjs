// Runs Doyensec's electronegativity over desktop/ and fails when it reports any HIGH or MEDIUM
// finding (LOW and INFORMATIONAL ones are listed for review). electronegativity itself always
// exits 0, so this reads its CSV report. Part of `npm test` (`npm run lint:electron`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const packageJson = require.resolve('@doyensec/electronegativity/package.json');
const { bin } = JSON.parse(readFileSync(packageJson, 'utf8'));
const cli = path.join(
  path.dirname(packageJson),
  typeof bin === 'string' ? bin : bin.electronegativity,
);
// The Electron version we ship, so the scan needs no release list from the network.
const electronVersion = JSON.parse(
  readFileSync(require.resolve('electron/package.json'), 'utf8'),
).version;

/** RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

const dir = mkdtempSync(path.join(tmpdir(), 'electronegativity-'));
try {
  const report = path.join(dir, 'report.csv');
  const run = spawnSync(
    process.execPath,
    [
      cli,
      '--input',
      path.join(root, 'desktop'),
      '--electron-version',
      electronVersion,
      '--relative',
      '--output',
      report,
    ],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let csv;
  try {
    csv = readFileSync(report, 'utf8');
  } catch {
    console.error(run.stdout, run.stderr);
    console.error('electronegativity wrote no report: the scan did not run.');
    process.exit(1);
  }
  const [header, ...findings] = parseCsv(csv);
  if (!header || header[0] !== 'issue') {
    console.error(`electronegativity's report has no header:\n${csv.slice(0, 500)}`);
    process.exit(1);
  }
  const blocking = [];
  for (const [issue, severity, confidence, file, location, , description] of findings) {
    const line = `${severity.padEnd(6)} ${issue} ${file}:${location} (${confidence}) ${description}`;
    console.info(line);
    if (severity === 'HIGH' || severity === 'MEDIUM') blocking.push(line);
  }
  console.info(
    `electronegativity (Electron ${electronVersion}): ${findings.length} finding(s), ${blocking.length} HIGH or MEDIUM`,
  );
  if (blocking.length > 0) process.exit(1);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
