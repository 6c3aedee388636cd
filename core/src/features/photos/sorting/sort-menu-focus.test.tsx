import { act, screen, waitFor } from '@testing-library/react';
import { markContentShown } from '../../../ui/first-content';
import { loadFloating } from '../../../ui/use-floating';
import { renderSortMenu } from './sort-menu.testing';

// A file of its own: the floating widgets are module state and must not be loaded yet.

it('keeps the keyboard focus when the real menu button replaces the stand-in', async () => {
  await renderSortMenu();
  const standIn = screen.getByRole('button', { name: 'Sort photos: Date taken (newest first)' });
  standIn.focus();
  act(() => markContentShown());
  await act(() => loadFloating());
  await waitFor(() => expect(standIn.isConnected).toBe(false));
  expect(document.activeElement).toBe(
    screen.getByRole('button', { name: 'Sort photos: Date taken (newest first)' }),
  );
  expect(document.activeElement).not.toBe(standIn);
});
