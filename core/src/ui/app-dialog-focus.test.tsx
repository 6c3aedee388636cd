import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import enGB from '../../locales/en-GB.json';
import { createI18n } from '../i18n/i18n';
import { AppDialog } from './app-dialog';

function Opener({ i18n }: { i18n: I18n }) {
  const [opened, setOpened] = useState(false);
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <button type="button" onClick={() => setOpened(true)}>
          Open it
        </button>
        {/* Mounted only once opened, as every lazily loaded dialog is on its first opening. */}
        {opened ? (
          <AppDialog
            opened
            onClose={() => setOpened(false)}
            title="Lazy"
            transitionProps={{ duration: 0 }}
          >
            lazy body
          </AppDialog>
        ) : null}
      </MantineProvider>
    </I18nextProvider>
  );
}

describe('AppDialog focus and names', () => {
  it(
    'names its × button and gives focus back to the opener when it closes',
    { timeout: 20_000 },
    async () => {
      const i18n = await createI18n({
        locale: 'en-GB',
        resources: { 'en-GB': { translation: enGB } },
      });
      render(<Opener i18n={i18n} />);
      const opener = screen.getByRole('button', { name: 'Open it' });
      opener.focus();
      fireEvent.click(opener);
      const dialog = await screen.findByRole('dialog', { name: 'Lazy' });
      const close = within(dialog).getByRole('button', { name: 'Close' });
      fireEvent.click(close);
      await waitFor(() => expect(document.activeElement).toBe(opener));
    },
  );
});
