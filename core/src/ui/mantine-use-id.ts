import { useId as useReactId } from 'react';

/**
 * Mantine's `useId`, served in its place by the web and desktop builds (`web/mantine-ids.ts`): React's id, the
 * same from the first render, so a Mantine component renders once on mount; a given id wins.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/[^\w-]/g, '')}`;
}
