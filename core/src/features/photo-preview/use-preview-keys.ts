import { useEffect } from 'react';
import { openDialogCount } from '../../ui/dialog-stack';

export interface PreviewKeys {
  onClose: () => void;
  /** Null when there is no previous / next photo. */
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
}

/**
 * The preview's keys (docs/product.md#screens): Escape closes, the arrow keys page. A dialog over
 * the preview owns the keyboard (its Escape never reaches here), and a key another handler
 * already took is left alone.
 */
export function usePreviewKeys({ onClose, onPrevious, onNext }: PreviewKeys): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (openDialogCount() > 0 || event.defaultPrevented) return;
      if (event.key === 'Escape') onClose();
      else if (event.key === 'ArrowLeft') onPrevious?.();
      else if (event.key === 'ArrowRight') onNext?.();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose, onPrevious, onNext]);
}
