import { gzipSync } from 'node:zlib';

/**
 * What a first visit downloads before its first paint, from the bundle (docs/architecture.md
 * "Boot"): every entry chunk (the boot script and the app's entry) with its static imports, plus
 * the route's page chunk with its static imports. It is what bench:timeline counts as "initial
 * JS" on My photos (the scripts requested before the first thumbnail is painted), in the same
 * unit: each script gzipped on its own at zlib's default level.
 */
export interface BundleChunk {
  fileName: string;
  name: string;
  code: string;
  imports: string[];
  isEntry: boolean;
  isDynamicEntry: boolean;
  moduleIds: string[];
}

export interface FirstVisit {
  /** The page chunk's name (`my-photos-page`), or `entry` for the entries alone. */
  route: string;
  files: string[];
  gzipBytes: number;
}

/**
 * Modules a first visit never runs before its first paint, each a few KB or more: the dialogs,
 * menus and pickers that open on a click, the sign-in library (a visit with a valid token never
 * needs it), uploads, forms, the full zod build (the app uses zod/mini), the cookie banner, the
 * toast container, error reporting. The build fails when one of them is in a first visit's
 * scripts: moved there by a static import, it costs every visit its bytes and compile time.
 */
export const NOT_IN_FIRST_VISIT: readonly RegExp[] = [
  /node_modules\/zod\/v4\/classic\//,
  /node_modules\/(openid-client|oauth4webapi)\//,
  /node_modules\/(date-fns|react-hook-form|@hookform|tus-js-client|hash-wasm|@sentry)\//,
  /node_modules\/vanilla-cookieconsent\//,
  /node_modules\/@mantine\/(notifications|dropzone|modals)\//,
  /node_modules\/@floating-ui\//,
  /node_modules\/@mantine\/core\/esm\/components\/(Popover|Combobox|Select|Modal|Menu|Tooltip|ScrollArea|Drawer)\//,
  /node_modules\/react-i18next\/dist\/es\/Trans/,
];

/**
 * Modules the entries alone (every page's first download, evaluated in one task before anything
 * renders) may not hold, though the pages that use them load them: the photo schemas (about 50
 * zod/mini schemas built at import) came in once through a constant the web platform imports.
 */
export const NOT_IN_ENTRY: readonly RegExp[] = [/\/core\/src\/api\/schemas\/photo\.ts$/];

function closure(byName: Map<string, BundleChunk>, roots: string[], into = new Set<string>()) {
  const visit = (fileName: string) => {
    if (into.has(fileName)) return;
    into.add(fileName);
    for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return into;
}

/** The entries alone, then the entries with each of `routes` (page chunk names). */
export function firstVisits(chunks: BundleChunk[], routes: readonly string[]): FirstVisit[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const gzip = (files: Set<string>) =>
    [...files].reduce((sum, file) => sum + gzipSync(byName.get(file)?.code ?? '').length, 0);
  const entries = closure(
    byName,
    chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
  );
  const visits: FirstVisit[] = [{ route: 'entry', files: [...entries], gzipBytes: gzip(entries) }];
  for (const route of routes) {
    const page = chunks.find((chunk) => chunk.isDynamicEntry && chunk.name === route);
    if (!page) continue;
    const files = closure(byName, [page.fileName], new Set(entries));
    visits.push({ route, files: [...files], gzipBytes: gzip(files) });
  }
  return visits;
}

/** The modules of `files` that match one of `patterns`, as "module (chunk)". */
export function forbiddenModules(
  chunks: BundleChunk[],
  files: readonly string[],
  patterns: readonly RegExp[] = NOT_IN_FIRST_VISIT,
): string[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  return files.flatMap((file) =>
    (byName.get(file)?.moduleIds ?? [])
      // A stylesheet's module is no script: its CSS is counted by no JS budget.
      .filter((id) => !/\.css($|\?)/.test(id))
      .filter((id) => patterns.some((pattern) => pattern.test(id.replaceAll('\\', '/'))))
      .map((id) => `${id.replace(/^.*node_modules\//, '')} (${file})`),
  );
}
