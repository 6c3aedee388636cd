// The table `npm test` prints at its end (scripts/test.mjs): one row per stage with its seconds,
// and under the unit and end-to-end stages one row per vitest or Playwright project, read from
// the files their stage reporters write (vitest-stage-times.ts, e2e/reporters/stage-times.ts).

/**
 * @typedef {{ name: string, seconds: number | null, ok: boolean, detail?: string }} Row
 * @typedef {{ files: number, tests: number, failed: number, busySeconds: number }} VitestProject
 * @typedef {{ tests: number, passed: number, failed: number, skipped: number, flaky: number,
 *   busySeconds: number, spanSeconds: number, retries: number }} PlaywrightProject
 */

const NAME_WIDTH = 40;

/**
 * One row per vitest project: the seconds its files took added up (the projects share two
 * workers, so these overlap), its files and tests.
 * @param {{ projects: Record<string, VitestProject> }} report
 * @returns {Row[]}
 */
export function vitestRows(report) {
  return Object.entries(report.projects).map(([name, times]) => ({
    name: `  ${name}`,
    seconds: times.busySeconds,
    ok: times.failed === 0,
    detail: `busy; ${times.files} files, ${times.tests} tests${times.failed ? `, ${times.failed} failed` : ''}`,
  }));
}

/**
 * One row per Playwright project (from its first test's start to its last test's end, with the
 * summed seconds of its tests and their outcomes), then the retries the run used.
 * @param {{ projects: Record<string, PlaywrightProject> }} report
 * @returns {Row[]}
 */
export function playwrightRows(report) {
  let retries = 0;
  /** @type {Row[]} */
  const rows = Object.entries(report.projects).map(([name, times]) => {
    retries += times.retries;
    const outcomes = [`${times.passed} passed`];
    if (times.skipped) outcomes.push(`${times.skipped} skipped`);
    if (times.flaky) outcomes.push(`${times.flaky} flaky`);
    if (times.failed) outcomes.push(`${times.failed} failed`);
    return {
      name: `  ${name}`,
      seconds: times.spanSeconds,
      ok: times.failed === 0,
      detail: `first start to last end; busy ${times.busySeconds.toFixed(0)} s; ${outcomes.join(', ')}`,
    };
  });
  rows.push({ name: '  retries used', seconds: null, ok: true, detail: String(retries) });
  return rows;
}

/**
 * The printed table. `installSeconds`: how long `npm ci` took before `npm test` (CI passes it).
 * @param {Row[]} rows
 * @param {number} totalSeconds
 * @param {number} [installSeconds]
 * @returns {string}
 */
export function formatTable(rows, totalSeconds, installSeconds) {
  const line = (/** @type {string} */ name, /** @type {number | null} */ seconds) =>
    `${name.padEnd(NAME_WIDTH)} ${seconds === null ? ' '.repeat(9) : `${seconds.toFixed(1).padStart(7)} s`}`;
  const rule = '─'.repeat(90);
  const body = rows.map((row) => {
    const text = `${line(row.name, row.seconds)}${row.ok ? '' : '  FAILED'}`;
    return row.detail ? `${text}  ${row.detail}` : text;
  });
  const totals = [line('npm test', totalSeconds)];
  if (installSeconds !== undefined && Number.isFinite(installSeconds) && installSeconds > 0)
    totals.push(
      `${line('with npm ci before it', totalSeconds + installSeconds)}  (npm ci ${installSeconds.toFixed(0)} s)`,
    );
  return [rule, 'npm test: stages', rule, ...body, rule, ...totals, ''].join('\n');
}
