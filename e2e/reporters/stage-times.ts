import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** One Playwright project's share of the run, as `scripts/test.mjs` reads it. */
interface ProjectTimes {
  tests: number;
  passed: number;
  failed: number;
  skipped: number;
  flaky: number;
  /** Seconds of its test runs added up (workers run side by side). */
  busySeconds: number;
  /** Seconds from its first test's start to its last test's end. */
  spanSeconds: number;
  /** Runs that were retries of a failed one. */
  retries: number;
}

/**
 * Writes each project's tests, outcomes, retries and seconds to `$TEST_STAGES_DIR/playwright.json`
 * for the table `npm test` prints at its end; does nothing when that variable is not set.
 */
export default class StageTimes implements Reporter {
  private readonly tests = new Set<TestCase>();
  private readonly spans = new Map<string, { start: number; end: number }>();
  private readonly busy = new Map<string, number>();
  private readonly retries = new Map<string, number>();

  printsToStdio(): boolean {
    return false;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const project = projectOf(test);
    this.tests.add(test);
    const start = result.startTime.getTime();
    const span = this.spans.get(project) ?? { start, end: start };
    span.start = Math.min(span.start, start);
    span.end = Math.max(span.end, start + result.duration);
    this.spans.set(project, span);
    this.busy.set(project, (this.busy.get(project) ?? 0) + result.duration / 1000);
    if (result.retry > 0) this.retries.set(project, (this.retries.get(project) ?? 0) + 1);
  }

  onEnd(result: FullResult): void {
    const dir = process.env.TEST_STAGES_DIR;
    if (!dir) return;
    const projects: Record<string, ProjectTimes> = {};
    for (const test of this.tests) {
      const project = projectOf(test);
      const span = this.spans.get(project);
      const times = (projects[project] ??= {
        tests: 0,
        passed: 0,
        failed: 0,
        skipped: 0,
        flaky: 0,
        busySeconds: this.busy.get(project) ?? 0,
        spanSeconds: span ? (span.end - span.start) / 1000 : 0,
        retries: this.retries.get(project) ?? 0,
      });
      times.tests += 1;
      const outcome = test.outcome();
      if (outcome === 'expected') times.passed += 1;
      else if (outcome === 'skipped') times.skipped += 1;
      else if (outcome === 'flaky') times.flaky += 1;
      else times.failed += 1;
    }
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'playwright.json'),
      JSON.stringify({ status: result.status, seconds: result.duration / 1000, projects }, null, 2),
    );
  }
}

function projectOf(test: TestCase): string {
  return test.parent.project()?.name ?? 'default';
}
