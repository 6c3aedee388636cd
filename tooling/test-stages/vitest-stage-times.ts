import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** One project's share of the run, as `scripts/test.mjs` reads it. */
interface ProjectTimes {
  files: number;
  tests: number;
  failed: number;
  busySeconds: number;
}

/**
 * Writes each vitest project's share of one run (files, tests, the summed seconds of its files)
 * to `$TEST_STAGES_DIR/vitest.json`, for the table `npm test` prints at its end. The projects run
 * side by side in one pool, so their seconds overlap and add up to more than the run took.
 */
export default class VitestStageTimes implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const dir = process.env.TEST_STAGES_DIR;
    if (!dir) return;
    const projects: Record<string, ProjectTimes> = {};
    for (const module of testModules) {
      const name = module.project.name || 'default';
      const times = (projects[name] ??= { files: 0, tests: 0, failed: 0, busySeconds: 0 });
      const diagnostic = module.diagnostic();
      times.files += 1;
      times.busySeconds +=
        (diagnostic.environmentSetupDuration +
          diagnostic.prepareDuration +
          diagnostic.collectDuration +
          diagnostic.setupDuration +
          diagnostic.duration) /
        1000;
      for (const test of module.children.allTests()) {
        times.tests += 1;
        if (test.result().state === 'failed') times.failed += 1;
      }
    }
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'vitest.json'), JSON.stringify({ projects }, null, 2));
  }
}
