import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { useId as mantineUseId } from '@mantine/hooks';
import { render } from '@testing-library/react';
import { Profiler } from 'react';
import { MANTINE_USE_ID, STABLE_USE_ID, mantineStableIds } from './mantine-ids';
import { useId } from '@photo/core/ui/mantine-use-id';

interface Hooks {
  configResolved(config: { root: string }): void;
  load(this: unknown, id: string): Promise<string | null>;
  buildEnd(this: unknown, error?: Error): void;
}
const hooks = () => mantineStableIds() as unknown as Hooks;
/** What the build gives a plugin's `load`: a resolver (here the module's place in an app). */
const resolver = () => ({
  resolve: vi.fn(async () => ({ id: '/app/core/src/ui/mantine-use-id.ts' })),
  error: (message: string) => {
    throw new Error(message);
  },
});

/** How many times a component using `use` committed while mounting, and the ids it rendered. */
function mount(use: (given?: string) => string, given?: string) {
  const ids: string[] = [];
  let commits = 0;
  function Labelled() {
    const id = use(given);
    ids.push(id);
    return <span id={id}>photo</span>;
  }
  render(
    <Profiler id="mount" onRender={() => (commits += 1)}>
      <Labelled />
      <Labelled />
    </Profiler>,
  );
  return { commits, ids };
}

describe('Mantine ids from React (web/mantine-ids.ts)', () => {
  it('serves our useId in place of the module @mantine/hooks ships, and nothing else', async () => {
    const shipped = join(
      dirname(createRequire(import.meta.url).resolve('@mantine/hooks')),
      '..',
      'esm',
      'use-id',
      'use-id.mjs',
    );
    expect(existsSync(shipped)).toBe(true);
    expect(MANTINE_USE_ID.test(shipped)).toBe(true);
    const plugin = hooks();
    plugin.configResolved({ root: '/app/web' });
    const context = resolver();
    expect(await plugin.load.call(context, shipped)).toBe(
      'export { useId } from "/app/core/src/ui/mantine-use-id.ts";',
    );
    // Resolved from the app, whose workspace packages Mantine's own folder may not see.
    expect(context.resolve).toHaveBeenCalledWith(STABLE_USE_ID, '/app/web/index.html');
    const hover = join(dirname(shipped), '..', 'use-hover', 'use-hover.mjs');
    expect(await plugin.load.call(context, hover)).toBeNull();
  });

  it('fails the build when the module was never seen', async () => {
    const error = vi.fn();
    hooks().buildEnd.call({ meta: { watchMode: false }, error });
    expect(error).toHaveBeenCalledWith(expect.stringContaining('MANTINE_USE_ID'));
    const seen = hooks();
    await seen.load.call(resolver(), '/app/node_modules/@mantine/hooks/esm/use-id/use-id.mjs');
    const quiet = vi.fn();
    seen.buildEnd.call({ meta: { watchMode: false }, error: quiet });
    expect(quiet).not.toHaveBeenCalled();
  });

  it("mounts in one commit with one id per component, where Mantine's own commits twice", () => {
    const ours = mount(useId);
    expect(ours.commits).toBe(1);
    expect(new Set(ours.ids).size).toBe(2);
    expect(ours.ids.every((id) => /^mantine-[\w-]+$/.test(id))).toBe(true);
    // The reason for the plugin: if Mantine stops re-rendering on mount, it can go.
    expect(mount(mantineUseId).commits).toBe(2);
  });

  it('keeps a given id', () => {
    expect(mount(useId, 'upload-dialog').ids).toEqual(['upload-dialog', 'upload-dialog']);
  });
});
