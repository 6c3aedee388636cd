import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import enGB from '../../../../locales/en-GB.json';
import { createI18n } from '../../../i18n/i18n';
import { markContentShown } from '../../../ui/first-content';
import { SortMenu } from './sort-menu';

// One file, run in order: the floating widgets are module state, loaded once per file.
let i18n: I18n;
beforeAll(async () => {
  i18n = await createI18n({ locale: 'en-GB', resources: { 'en-GB': { translation: enGB } } });
});

function renderMenu(onChange = vi.fn()) {
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <SortMenu view="photos" value={{ sortKey: 'dateTaken', sortOrder: 'desc' }} onChange={onChange} />
      </MantineProvider>
    </I18nextProvider>,
  );
  return onChange;
}

describe('sort menu, loaded after the first paint (issue 4 initial JS)', () => {
  it('before the menu code is there, the same button stands in and a click loads and opens the menu', async () => {
    renderMenu();
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
    const onChange = renderMenu();
    act(() => markContentShown());
    const button = await screen.findByRole('button', { name: 'Sort photos: Date taken (newest first)' });
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Date uploaded (oldest first)' }));
    expect(onChange).toHaveBeenCalledWith({ sortKey: 'created', sortOrder: 'asc' });
  });
});
