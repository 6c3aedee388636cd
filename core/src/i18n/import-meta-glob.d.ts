// Vite's `import.meta.glob` (vitest runs on Vite); core's tsconfig does not load vite/client.
interface ImportMeta {
  glob<T = unknown>(
    pattern: string,
    options?: { eager?: boolean; import?: string },
  ): Record<string, T>;
}
