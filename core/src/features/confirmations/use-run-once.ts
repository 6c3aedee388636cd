import { useEffect, useRef } from 'react';

/**
 * Runs a one-shot side effect (a confirmation token is single-use) exactly once per mount,
 * also under StrictMode's double effects.
 */
export function useRunOnce(effect: () => void): void {
  const done = useRef(false);
  const latest = useRef(effect);
  useEffect(() => {
    latest.current = effect;
  });
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    latest.current();
  }, []);
}
