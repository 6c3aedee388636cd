import { act, fireEvent, screen } from '@testing-library/react';
import { markContentShown } from '../../../ui/first-content';
import { renderSortMenu } from './sort-menu.testing';

// One file, run in order: the floating widgets are module state, loaded once per file.

describe('sort menu, loaded after the first paint (initial JS budget)', () => {
  it('before the menu code is there, the same button stands in and a click loads and opens the menu', async () => {
    await renderSortMenu();
    const button = screen.getByRole('button', { name: 'Sort photos: Date taken (newest first)' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    fireEvent.click(button);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Date taken (newest first)',
      'Date taken (oldest first)',
      'Date uploaded (newest first)',
      'Date uploaded (oldest first)',
    ]);
  });

  it('once loaded, picking an option changes the sort', async () => {
    const onChange = await renderSortMenu();
    act(() => markContentShown());
    const button = await screen.findByRole('button', {
      name: 'Sort photos: Date taken (newest first)',
    });
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Date uploaded (oldest first)' }));
    expect(onChange).toHaveBeenCalledWith({ sortKey: 'created', sortOrder: 'asc' });
  });
});
