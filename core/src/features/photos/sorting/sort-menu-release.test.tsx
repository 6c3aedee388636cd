import { fireEvent, screen, waitFor } from '@testing-library/react';
import { pressStandInAsTheMenuLoads } from './sort-menu.testing';

// A file of its own: the floating widgets are module state and must not be loaded yet.

it('gives up the held stand-in once a press on it ends elsewhere, leaving the menu closed', async () => {
  const standIn = await pressStandInAsTheMenuLoads();
  expect(standIn.isConnected).toBe(true);
  fireEvent.pointerUp(document.body);
  await waitFor(() => expect(standIn.isConnected).toBe(false));
  expect(screen.getByRole('button', { name: 'Sort photos: Date taken (newest first)' })).not.toBe(
    standIn,
  );
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
});
