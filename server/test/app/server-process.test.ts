// Database-independent: the server under test is a child process, which runs on the embedded
// database whichever project starts it, so the file runs in the vitest project `server` only,
// not again in `server-pg` (vitest.config.ts).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/testing/free-port.ts';

const serverDir = fileURLToPath(new URL('../../', import.meta.url));
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('npm start -w server (src/server.ts)', () => {
  it('seeds, prints the brands and demo logins, serves on localhost and 127.0.0.1, and exits 0 on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'photo-process-'));
    dirs.push(dataDir);
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );

    const deadline = Date.now() + 45_000;
    while (!output.includes('Press Ctrl-C to stop.')) {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(output).toContain(`http://albelli-nl.localhost:${port}/`);
    expect(output).toContain(`http://hofmann-es.localhost:${port}/`);
    expect(output).toContain('demo@example.com / demo1234');
    expect(output).toContain('business@example.com / demo1234');
    expect(output).toContain('freshly seeded');

    for (const host of ['localhost', '127.0.0.1']) {
      const response = await fetch(`http://${host}:${port}/config.json`);
      expect(response.status, host).toBe(200);
      expect(
        ((await response.json()) as { Auth: { ChannelAuthority: string } }).Auth.ChannelAuthority,
      ).toBe(`http://localhost:${port}/oidc`);
    }
    // A brand host, as Chromium would send it (Node cannot resolve *.localhost itself).
    const branded = await fetch(
      `http://127.0.0.1:${port}/api/storefront/config?host=albelli-nl.localhost`,
      {
        headers: { host: `albelli-nl.localhost:${port}` },
      },
    );
    expect(branded.status).toBe(200);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);
});
