import { useEffect, useRef } from 'react';
import { openDialogCount } from '../../ui/dialog-stack';
import { isBufferingKeys, takeBufferedKeys } from '../../ui/key-buffer';

export interface PreviewKeys {
  onClose: () => void;
  /** Null when there is no previous / next photo. */
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
  /**
   * The photo is shown: keys pressed while the preview's code or its list was still loading are
   * acted on now, in order (see `ui/key-buffer.ts`). @default true
   */
  ready?: boolean;
}

/**
 * The preview's keys (docs/product.md#screens): Escape closes, the arrow keys page. A dialog over
 * the preview owns the keyboard (its Escape never reaches here). The listener runs in the capture
 * phase, so a tooltip of the toolbar that swallows Escape to close itself does not make the
 * first Escape after a click on a toolbar icon do nothing.
 */
export function usePreviewKeys({ onClose, onPrevious, onNext, ready = true }: PreviewKeys): void {
  const handlers = useRef({ onClose, onPrevious, onNext });
  const shown = useRef(ready);
  useEffect(() => {
    handlers.current = { onClose, onPrevious, onNext };
    shown.current = ready;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (openDialogCount() > 0 || event.defaultPrevented || event.isComposing) return;
      // Until the photo is shown the buffer keeps the key and hands it over once: acting on it
      // here as well would page twice.
      if (!shown.current && isBufferingKeys()) return;
      act(handlers.current, event.key);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
  useEffect(() => {
    if (!ready) return;
    // The first buffered key only: a second arrow would page from a photo not yet shown.
    const [first] = takeBufferedKeys();
    if (first !== undefined && openDialogCount() === 0) act(handlers.current, first);
  }, [ready]);
}

function act(handlers: Omit<PreviewKeys, 'ready'>, key: string) {
  if (key === 'Escape') handlers.onClose();
  else if (key === 'ArrowLeft') handlers.onPrevious?.();
  else if (key === 'ArrowRight') handlers.onNext?.();
}
