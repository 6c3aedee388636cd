import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import enGB from '../../../../locales/en-GB.json';
import { createI18n } from '../../../i18n/i18n';
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
