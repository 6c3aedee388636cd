/**
 * Mantine's floating widgets (Menu, Tooltip and the floating-ui engine under them, ~30 KB gzip)
 * in a chunk of their own, loaded through `useFloating` after the first paint.
 */
export { Menu, Tooltip } from '@mantine/core';
