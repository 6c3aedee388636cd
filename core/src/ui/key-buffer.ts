/**
 * Keys pressed between a navigation and the moment the next page's code has loaded and can
 * listen: without this, an Escape or arrow key pressed right after opening the photo preview
 * (whose route loads on demand) would be lost. The navigating page starts the buffer; the page
 * that arrives takes the keys once it can act on them. Unclaimed keys expire.
 */

/** How long keys wait for a page to take them. */
export const KEY_BUFFER_MS = 3000;

let keys: string[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let wanted: ReadonlySet<string> = new Set();

function record(event: KeyboardEvent) {
  if (event.defaultPrevented || event.isComposing || event.repeat) return;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (wanted.has(event.key)) keys.push(event.key);
}

function stop() {
  window.removeEventListener('keydown', record, true);
  if (timer !== null) clearTimeout(timer);
  timer = null;
}

/** Starts keeping the presses of `keyNames` (e.g. 'Escape', 'ArrowRight') for the next page. */
export function bufferKeys(keyNames: readonly string[]): void {
  stop();
  keys = [];
  wanted = new Set(keyNames);
  window.addEventListener('keydown', record, true);
  timer = setTimeout(() => {
    stop();
    keys = [];
  }, KEY_BUFFER_MS);
}

/** True while presses are being kept for a page that has not taken them yet. */
export function isBufferingKeys(): boolean {
  return timer !== null;
}

/** The keys pressed since `bufferKeys`, in order; the buffer stops and empties. */
export function takeBufferedKeys(): string[] {
  stop();
  const taken = keys;
  keys = [];
  return taken;
}
