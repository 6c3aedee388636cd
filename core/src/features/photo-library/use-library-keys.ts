import { useEffect } from 'react';
import { useAppDispatch, useAppStore } from '../../store/hooks';
import { openDialogCount } from '../../ui/dialog-stack';
import { selectSelectionMode, selectionStopped } from '../photos/selection/selection-slice';

/** Keys typed into a field are the field's, not the page's. */
export function isTextField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * The library's keys: Escape leaves select mode, Ctrl/Cmd+A selects every photo (`selectAll`). Neither acts inside text fields or while a dialog is open (the dialog owns them).
 */
export function useLibraryKeys(selectAll: () => void): void {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (openDialogCount() > 0 || isTextField(event.target)) return;
      if (event.key === 'Escape' && selectSelectionMode(store.getState()) !== 'off') {
        dispatch(selectionStopped());
      } else if (
        (event.ctrlKey || event.metaKey) &&
        !event.altKey &&
        event.key.toLowerCase() === 'a'
      ) {
        event.preventDefault();
        selectAll();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [dispatch, selectAll, store]);
}
