// `npm test`: every check the project has, in the order that fails fastest, then a table of
// what each stage took (tooling/test-stages/stage-table.mjs). The static checks run two at a
// time (each is one process on one core); vitest and Playwright use both cores themselves. The
// projects' rows come from the stage reporters (tooling/test-stages/vitest-stage-times.ts,
// e2e/reporters/stage-times.ts), which write to TEST_STAGES_DIR.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatTable, playwrightRows, vitestRows } from '../tooling/test-stages/stage-table.mjs';
import { typecheckCommand, typecheckProjects } from './typecheck.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const stagesDir = join(root, 'node_modules', '.cache', 'test-stages');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const env = { ...process.env, TEST_STAGES_DIR: stagesDir };

/** @typedef {{ name: string, command: string, args: readonly string[] }} Job */
/** @typedef {import('../tooling/test-stages/stage-table.mjs').Row} Row */

/** @type {Row[]} */
const rows = [];
const started = Date.now();

/**
 * Runs a command; with `capture` its output is collected and printed in one piece when it ends
 * (for jobs that run side by side), otherwise it goes straight to the terminal.
 * @param {Job} job
 * @param {boolean} capture
 * @returns {Promise<Row>}
 */
function run(job, capture = false) {
  const begin = Date.now();
  return new Promise((resolve) => {
    const child = spawn(job.command, job.args, {
      cwd: root,
      env,
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code) => {
      const row = { name: job.name, seconds: (Date.now() - begin) / 1000, ok: code === 0 };
      if (capture) {
        const status = row.ok ? 'passed' : 'FAILED';
        process.stdout.write(`\n── ${job.name}: ${status} in ${row.seconds.toFixed(1)} s\n`);
        process.stdout.write(output.trimEnd() ? `${output.trimEnd()}\n` : '');
      }
      resolve(row);
    });
  });
}

/**
 * Runs jobs two at a time; after a failure no new job starts.
 * @param {Job[]} jobs
 * @returns {Promise<Row[]>}
 */
async function runSideBySide(jobs) {
  const queue = [...jobs];
  /** @type {Row[]} */
  const done = [];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const row = await run(job, true);
      done.push(row);
      if (!row.ok) queue.length = 0;
    }
  };
  await Promise.all([worker(), worker()]);
  return jobs.flatMap((job) => done.filter((row) => row.name === job.name));
}

/** @param {string} file */
function readStageFile(file) {
  const path = join(stagesDir, file);
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

/** @param {Row} row */
function sequential(row) {
  rows.push(row);
  return row.ok;
}

function printTable() {
  const install = process.env.CI_INSTALL_SECONDS;
  const total = (Date.now() - started) / 1000;
  process.stdout.write(`\n${formatTable(rows, total, install ? Number(install) : undefined)}`);
}

async function main() {
  rmSync(stagesDir, { recursive: true, force: true });
  mkdirSync(stagesDir, { recursive: true });

  /** @type {Job[]} */
  const staticChecks = [
    { name: 'chromium', command: process.execPath, args: ['scripts/ensure-chromium.mjs'] },
    { name: 'format', command: npm, args: ['run', '-s', 'format:check'] },
    { name: 'lint', command: npm, args: ['run', '-s', 'lint'] },
    { name: 'lint:electron', command: npm, args: ['run', '-s', 'lint:electron'] },
    ...typecheckProjects.map((project) => {
      const [command, args] = typecheckCommand(project);
      return { name: `typecheck ${project}`, command, args };
    }),
  ];
  const checksStart = Date.now();
  const checks = await runSideBySide(staticChecks);
  rows.push({
    name: 'static checks (two at a time)',
    seconds: (Date.now() - checksStart) / 1000,
    ok: checks.length === staticChecks.length && checks.every((row) => row.ok),
  });
  rows.push(...checks.map((row) => ({ ...row, name: `  ${row.name}` })));
  if (!rows.every((row) => row.ok)) return false;

  const unit = await run({ name: 'unit (vitest)', command: npm, args: ['run', 'test:unit'] });
  rows.push(unit);
  const unitReport = readStageFile('vitest.json');
  if (unitReport) rows.push(...vitestRows(unitReport));
  if (!unit.ok) return false;

  if (!sequential(await run({ name: 'build', command: npm, args: ['run', 'build'] }))) return false;

  const e2e = await run({ name: 'e2e (Playwright)', command: npm, args: ['run', 'test:e2e'] });
  rows.push(e2e);
  const e2eReport = readStageFile('playwright.json');
  if (e2eReport) rows.push(...playwrightRows(e2eReport));
  return e2e.ok;
}

const ok = await main();
printTable();
process.exit(ok ? 0 : 1);
