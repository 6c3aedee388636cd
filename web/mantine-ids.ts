import type { Plugin } from 'vite';

/** Mantine's `useId` module, as `@mantine/hooks` ships it. */
export const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/** What is served in its place (a package path: the desktop build bundles this file elsewhere). */
export const STABLE_USE_ID = '@photo/core/ui/mantine-use-id';

/**
 * Mantine's `useId` renders with React's id, then swaps in a random one from a layout effect, so
 * every Mantine component with an id (tabs, menus, inputs, alerts) renders twice on mount. That
 * second render is a state update inside React's commit, which React renders synchronously, and
 * with it every effect still pending: the first commit of a signed-in page (the shell, the page
 * and the effects that start its queries) became one long task on a phone. React's own id is
 * unique within the app's root and the same from the first render, which is all the ids are for
 * (labels, `aria-controls`); this serves Mantine that instead. The build fails if Mantine moves
 * the module, rather than silently going back to the double render.
 */
export function mantineStableIds(): Plugin {
  let root = process.cwd();
  let replaced = false;
  return {
    name: 'photo:mantine-stable-ids',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async load(id) {
      if (!MANTINE_USE_ID.test(id)) return null;
      // Resolved from the app's root: Mantine's own folder may not see the workspace packages.
      const ours = await this.resolve(STABLE_USE_ID, `${root}/index.html`);
      if (!ours) this.error(`${STABLE_USE_ID} not found from ${root}`);
      replaced = true;
      return `export { useId } from ${JSON.stringify(ours.id)};`;
    },
    buildEnd(error) {
      if (!error && !this.meta.watchMode && !replaced)
        this.error(
          "@mantine/hooks' useId module was not found where web/mantine-ids.ts expects it: update MANTINE_USE_ID.",
        );
    },
  };
}
