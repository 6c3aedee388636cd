import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// Routes are lazy: vitest transforms each page module on first import, which takes seconds on a
// loaded 2-core CI machine. findBy*/waitFor still fail when the element never appears.
configure({ asyncUtilTimeout: 10_000 });

// Mantine reads these browser APIs; jsdom does not have them. Tests that run under plain Node
// (`// @vitest-environment node`: the platform-neutral upload engine) have no window at all.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}
