import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToastCloseLabel, showToast, toastContainerMounted } from './toast';

describe('toasts', () => {
  it("name their × button in the page's language", async () => {
    render(
      <MantineProvider env="test">
        <Notifications />
      </MantineProvider>,
    );
    setToastCloseLabel('Sluiten');
    toastContainerMounted();
    showToast({ message: 'Foto’s downloaden' });
    expect(await screen.findByText('Foto’s downloaden')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sluiten' })).toBeVisible();
  });
});
