/**
 * Analytics counters (docs/product.md#limits: named with the prefix `PhotoManagement`). The
 * product records events here; a deployment adds its analytics service with `addAnalyticsSink`.
 * Recent events stay readable for tests and support (`recentAnalyticsEvents`).
 */
type Sink = (event: string) => void;

const sinks = new Set<Sink>();
const recent: string[] = [];
const KEEP = 50;

export function trackEvent(event: string): void {
  recent.push(event);
  if (recent.length > KEEP) recent.shift();
  for (const sink of [...sinks]) {
    try {
      sink(event);
    } catch (error) {
      console.warn('An analytics sink failed', error);
    }
  }
}

export function addAnalyticsSink(sink: Sink): () => void {
  sinks.add(sink);
  return () => sinks.delete(sink);
}

export const recentAnalyticsEvents = (): readonly string[] => [...recent];
