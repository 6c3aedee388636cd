import { fireEvent, screen } from '@testing-library/react';
import { pressStandInAsTheMenuLoads } from './sort-menu.testing';

// A file of its own: the floating widgets are module state and must not be loaded yet.

it('opens the menu when its code arrives between the press and the release of the stand-in', async () => {
  const standIn = await pressStandInAsTheMenuLoads();
  // Still the pressed button: replaced now, the release would land on another element, no click.
  expect(standIn.isConnected).toBe(true);
  fireEvent.pointerUp(standIn);
  fireEvent.click(standIn);
  expect(await screen.findByRole('menu')).toBeInTheDocument();
  expect(screen.getByRole('menuitem', { name: 'Date taken (oldest first)' })).toBeInTheDocument();
  expect(standIn.isConnected).toBe(false);
});
