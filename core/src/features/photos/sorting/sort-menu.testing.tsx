import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import enGB from '../../../../locales/en-GB.json';
import { createI18n } from '../../../i18n/i18n';
import { markContentShown } from '../../../ui/first-content';
import { loadFloating } from '../../../ui/use-floating';
import { SortMenu } from './sort-menu';

/** Renders the library's sort menu (date taken, newest first) in English; returns `onChange`. */
export async function renderSortMenu(onChange = vi.fn()) {
  const i18n = await createI18n({ locale: 'en-GB', resources: { 'en-GB': { translation: enGB } } });
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <SortMenu
          view="photos"
          value={{ sortKey: 'dateTaken', sortOrder: 'desc' }}
          onChange={onChange}
        />
      </MantineProvider>
    </I18nextProvider>,
  );
  return onChange;
}

/**
 * Renders the sort menu, presses its stand-in button (the menus' code not loaded yet) and lets
 * the code arrive while the pointer is still down; answers the stand-in.
 */
export async function pressStandInAsTheMenuLoads(): Promise<HTMLElement> {
  await renderSortMenu();
  const standIn = screen.getByRole('button', { name: 'Sort photos: Date taken (newest first)' });
  fireEvent.pointerDown(standIn);
  act(() => markContentShown());
  await act(() => loadFloating());
  return standIn;
}
