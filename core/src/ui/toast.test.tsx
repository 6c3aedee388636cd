import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { setToastCloseLabel, showToast, toastContainerMounted } from './toast';

/** Every toast text that reached the page, in order, however briefly. */
function recordToasts(): string[] {
  const seen: string[] = [];
  new MutationObserver(() => {
    for (const text of ['Preparing download...', 'Downloading photos'])
      if (!seen.includes(text) && document.body.textContent?.includes(text)) seen.push(text);
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
  return seen;
}

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

  it('shows each message of a toast, even when the next came before the container was ready', async () => {
    const seen = recordToasts();
    // Both calls wait for the container: a fast archive finishes before it has loaded.
    showToast({ id: 'download-1', message: 'Preparing download...' });
    showToast({ id: 'download-1', message: 'Downloading photos' });
    render(
      <MantineProvider env="test">
        <Notifications />
      </MantineProvider>,
    );
    await act(async () => toastContainerMounted());
    expect(await screen.findByText('Downloading photos')).toBeVisible();
    expect(seen).toEqual(['Preparing download...', 'Downloading photos']);
  });
});
