import { preloadRoutePage } from '@photo/core/app/routes.tsx';
import { PRELOADED_ROUTES } from './route-preloads';

// Every page module of the app, by file: the page a pattern's address shows must come from the
// module its chunk is named after, or the server would preload some other page's code.
const pageModules = import.meta.glob<Record<string, unknown>>('../core/src/features/*/pages/*.tsx');

describe('the preloaded routes', () => {
  it("each pattern is a page of the app's route table, and its chunk is that page's module", async () => {
    for (const [pattern, chunk] of Object.entries(PRELOADED_ROUTES)) {
      const path = pattern.replace(/:\w+/g, 'x1');
      const page = preloadRoutePage(path);
      expect(page, pattern).toBeDefined();
      const component = await page!.preload();
      const files = Object.keys(pageModules).filter((file) => file.endsWith(`/${chunk}.tsx`));
      expect(files, chunk).toHaveLength(1);
      const exported = Object.values(await pageModules[files[0]!]!());
      expect(exported, `${pattern} shows ${component.name}, not a page of ${chunk}`).toContain(
        component,
      );
    }
  });
});
