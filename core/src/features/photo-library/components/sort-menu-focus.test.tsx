import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import enGB from '../../../../locales/en-GB.json';
import { createI18n } from '../../../i18n/i18n';
import { markContentShown } from '../../../ui/first-content';
import { loadFloating } from '../../../ui/use-floating';
import { SortMenu } from './sort-menu';

// A file of its own: the floating widgets are module state and must not be loaded yet.
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

it('keeps the keyboard focus when the real menu button replaces the stand-in', async () => {
  renderMenu();
  const standIn = screen.getByRole('button', { name: 'Sort photos: Date taken (newest first)' });
  standIn.focus();
  act(() => markContentShown());
  await act(() => loadFloating());
  await waitFor(() => expect(standIn.isConnected).toBe(false));
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sort photos: Date taken (newest first)' }));
  expect(document.activeElement).not.toBe(standIn);
});
