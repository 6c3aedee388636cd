// `npm test`: every check the project has, in the order that fails fastest, then a table of
// what each stage took. The static checks run two at a time (each is one process on one core);
// vitest and Playwright use both cores themselves. The table comes from the stage reporters
// (tooling/test-stages/vitest-stage-times.ts, e2e/reporters/stage-times.ts), which write to
// TEST_STAGES_DIR.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { typecheckCommand, typecheckProjects } from './typecheck.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const stagesDir = join(root, 'node_modules', '.cache', 'test-stages');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const env = { ...process.env, TEST_STAGES_DIR: stagesDir };

/** @typedef {{ name: string, command: string, args: readonly string[] }} Job */
/** @typedef {{ name: string, seconds: number | null, ok: boolean, detail?: string }} Row */

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
function run(job, capture) {
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
  const total = (Date.now() - started) / 1000;
  const install = Number(process.env.CI_INSTALL_SECONDS);
  const lines = rows.map((row) => {
    const status = row.ok ? '' : '  FAILED';
    const seconds =
      row.seconds === null ? ' '.repeat(9) : `${row.seconds.toFixed(1).padStart(7)} s`;
    const line = `${row.name.padEnd(34)} ${seconds}${status}`;
    return row.detail ? `${line}  ${row.detail}` : line;
  });
  const rule = '─'.repeat(78);
  process.stdout.write(`\n${rule}\nnpm test: stages\n${rule}\n${lines.join('\n')}\n${rule}\n`);
  process.stdout.write(`${'npm test'.padEnd(34)} ${total.toFixed(1).padStart(7)} s\n`);
  if (Number.isFinite(install) && install > 0)
    process.stdout.write(
      `${'with npm ci before it'.padEnd(34)} ${(total + install).toFixed(1).padStart(7)} s` +
        `  (npm ci ${install.toFixed(0)} s)\n`,
    );
}

/** vitest's projects, from its stage reporter. */
function unitRows() {
  const report = readStageFile('vitest.json');
  if (!report) return;
  for (const [name, times] of Object.entries(report.projects)) {
    const failed = times.failed ? `, ${times.failed} failed` : '';
    rows.push({
      name: `  ${name}`,
      seconds: times.busySeconds,
      ok: times.failed === 0,
      detail: `busy; ${times.files} files, ${times.tests} tests${failed}`,
    });
  }
}

/** Playwright's projects, from its stage reporter. */
function e2eRows() {
  const report = readStageFile('playwright.json');
  if (!report) return;
  let retries = 0;
  for (const [name, times] of Object.entries(report.projects)) {
    retries += times.retries;
    const parts = [`${times.passed} passed`];
    if (times.skipped) parts.push(`${times.skipped} skipped`);
    if (times.flaky) parts.push(`${times.flaky} flaky`);
    if (times.failed) parts.push(`${times.failed} failed`);
    rows.push({
      name: `  ${name}`,
      seconds: times.spanSeconds,
      ok: times.failed === 0,
      detail: `first start to last end; busy ${times.busySeconds.toFixed(0)} s; ${parts.join(', ')}`,
    });
  }
  rows.push({ name: '  retries used', seconds: null, ok: true, detail: String(retries) });
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
  unitRows();
  if (!unit.ok) return false;

  if (!sequential(await run({ name: 'build', command: npm, args: ['run', 'build'] }))) return false;

  const e2e = await run({ name: 'e2e (Playwright)', command: npm, args: ['run', 'test:e2e'] });
  rows.push(e2e);
  e2eRows();
  return e2e.ok;
}

const ok = await main();
printTable();
process.exit(ok ? 0 : 1);
