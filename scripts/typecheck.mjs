// Type-checks every workspace's tsconfig in turn (see the comment in tsconfig.json for why
// this is not `tsc -b`). Stops at the first project with errors.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const projects = [
  'core/tsconfig.json',
  'web/tsconfig.json',
  'server/tsconfig.json',
  'desktop/tsconfig.node.json',
  'desktop/tsconfig.web.json',
  'e2e/tsconfig.json',
  'tooling/tsconfig.json',
];
for (const project of projects) {
  process.stdout.write(`tsc -p ${project}\n`);
  execFileSync(process.execPath, [tsc, '-p', project], { stdio: 'inherit' });
}
