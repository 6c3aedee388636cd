/**
 * A performance mark for the first visit's waterfall (bench:timeline prints the marks beside the
 * requests). Never throws: tests with fake timers may replace `performance` without `mark`.
 */
export function markMilestone(name: string): void {
  globalThis.performance?.mark?.(name);
}
