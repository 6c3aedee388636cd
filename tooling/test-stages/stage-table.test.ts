import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullResult, TestCase, TestResult } from '@playwright/test/reporter';
import type { TestModule } from 'vitest/node';
import { afterEach, describe, expect, it } from 'vitest';
import PlaywrightStageTimes from '../../e2e/reporters/stage-times.ts';
import { formatTable, playwrightRows, vitestRows } from './stage-table.mjs';
import VitestStageTimes from './vitest-stage-times.ts';

const dirs: string[] = [];
function stagesDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'test-stages-'));
  dirs.push(dir);
  process.env.TEST_STAGES_DIR = dir;
  return dir;
}
afterEach(() => {
  delete process.env.TEST_STAGES_DIR;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A finished vitest file as the reporter sees it: its project, diagnostic and tests' states. */
function testModule(project: string, seconds: number, states: Array<'passed' | 'failed'>) {
  return {
    project: { name: project },
    diagnostic: () => ({
      environmentSetupDuration: 100,
      prepareDuration: 0,
      collectDuration: 400,
      setupDuration: 0,
      duration: seconds * 1000 - 500,
    }),
    children: { allTests: () => states.map((state) => ({ result: () => ({ state }) })) },
  } as unknown as TestModule;
}

/** A Playwright test of `project` with its runs (a retry is a second run). */
function playwrightTest(project: string, runs: Array<{ start: number; seconds: number }>) {
  const outcome = runs.length > 1 ? 'flaky' : 'expected';
  const test = {
    parent: { project: () => ({ name: project }) },
    outcome: () => outcome,
  } as unknown as TestCase;
  const results = runs.map(
    ({ start, seconds }, retry) =>
      ({ startTime: new Date(start), duration: seconds * 1000, retry }) as unknown as TestResult,
  );
  return { test, results };
}

describe('the stage reporters', () => {
  it('vitest: each project’s files, tests, failures and summed seconds', () => {
    const dir = stagesDir();
    new VitestStageTimes().onTestRunEnd([
      testModule('core', 2, ['passed', 'passed']),
      testModule('core', 3, ['failed']),
      testModule('server', 5, ['passed']),
    ]);
    const report = JSON.parse(readFileSync(join(dir, 'vitest.json'), 'utf8'));
    expect(report.projects).toEqual({
      core: { files: 2, tests: 3, failed: 1, busySeconds: 5 },
      server: { files: 1, tests: 1, failed: 0, busySeconds: 5 },
    });
  });

  it('Playwright: each project’s span, summed seconds, outcomes and the retries used', () => {
    const dir = stagesDir();
    const reporter = new PlaywrightStageTimes();
    const t0 = Date.UTC(2026, 10, 25);
    const runs = [
      playwrightTest('web', [{ start: t0, seconds: 4 }]),
      playwrightTest('web', [
        { start: t0 + 1000, seconds: 2 },
        { start: t0 + 5000, seconds: 3 },
      ]),
      playwrightTest('setup', [{ start: t0 - 2000, seconds: 1 }]),
    ];
    for (const { test, results } of runs)
      for (const result of results) reporter.onTestEnd(test, result);
    reporter.onEnd({ status: 'passed', duration: 9000 } as FullResult);
    const report = JSON.parse(readFileSync(join(dir, 'playwright.json'), 'utf8'));
    expect(report.projects.web).toEqual({
      tests: 2,
      passed: 1,
      failed: 0,
      skipped: 0,
      flaky: 1,
      busySeconds: 9,
      spanSeconds: 8,
      retries: 1,
    });
    expect(report.projects.setup).toMatchObject({ tests: 1, passed: 1, spanSeconds: 1 });
  });

  it('write nothing outside npm test (no TEST_STAGES_DIR)', () => {
    expect(() => new VitestStageTimes().onTestRunEnd([testModule('core', 1, [])])).not.toThrow();
    expect(() =>
      new PlaywrightStageTimes().onEnd({ status: 'passed', duration: 0 } as FullResult),
    ).not.toThrow();
  });
});

describe('the table npm test prints', () => {
  it('has a row per stage and per project, the retries, failures marked, and the totals', () => {
    const rows = [
      { name: 'static checks (two at a time)', seconds: 31.96, ok: true },
      ...vitestRows({
        projects: { core: { files: 90, tests: 682, failed: 1, busySeconds: 38.5 } },
      }),
      ...playwrightRows({
        projects: {
          web: {
            tests: 147,
            passed: 136,
            failed: 0,
            skipped: 10,
            flaky: 1,
            busySeconds: 418.2,
            spanSeconds: 211.7,
            retries: 1,
          },
        },
      }),
    ];
    const table = formatTable(rows, 344.8, 71.6);
    expect(table).toContain('static checks (two at a time)               32.0 s');
    expect(table).toMatch(/ {2}core +38\.5 s {2}FAILED {2}busy; 90 files, 682 tests, 1 failed/);
    expect(table).toMatch(
      / {2}web +211\.7 s {2}first start to last end; busy 418 s; 136 passed, 10 skipped, 1 flaky/,
    );
    expect(table).toMatch(/ {2}retries used +1\n/);
    expect(table).toMatch(/npm test +344\.8 s\n/);
    expect(table).toMatch(/with npm ci before it +416\.4 s {2}\(npm ci 72 s\)/);
    expect(formatTable([], 10)).not.toContain('npm ci');
  });
});
