import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast, toastContainerMounted } from './toast';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a toast with an action (Undo)', () => {
  // Testing Library unmounts after each test: each gets the page and the container again.
  beforeEach(async () => {
    render(
      <MantineProvider env="test">
        <main id="main">
          <h1 tabIndex={-1}>My photos</h1>
        </main>
        <Notifications />
      </MantineProvider>,
    );
    await act(async () => toastContainerMounted());
  });

  it('runs the action once from a real button and closes', async () => {
    const undo = vi.fn();
    showToast({ message: '3 photos deleted', action: { label: 'Undo', onClick: undo } });
    const button = await screen.findByRole('button', { name: 'Undo' });
    await userEvent.click(button);
    expect(undo).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText('3 photos deleted')).toBeNull());
  });

  it('takes focus when it appears and stays open while focus is in it', async () => {
    showToast({
      message: 'Photo deleted',
      autoClose: 100,
      action: { label: 'Undo', onClick: () => {} },
    });
    const toast = (await screen.findByText('Photo deleted')).closest('[role="alert"]');
    await waitFor(() => expect(toast).toHaveFocus());
    await pause(250);
    expect(screen.getByText('Photo deleted')).toBeVisible();
    // Focus leaves: it closes after its time, and focus does not fall to the page's body.
    act(() => screen.getByRole('heading', { name: 'My photos' }).focus());
    await waitFor(() => expect(screen.queryByText('Photo deleted')).toBeNull());
  }, 15_000);

  it('stays open while the pointer is over it, and closes after its time once it leaves', async () => {
    showToast({
      message: 'Album deleted',
      autoClose: 1000,
      focus: false,
      action: { label: 'Undo', onClick: () => {} },
    });
    const toast = (await screen.findByText('Album deleted')).closest('[role="alert"]')!;
    await act(async () => fireEvent.mouseEnter(toast));
    await pause(1300);
    expect(screen.getByText('Album deleted')).toBeVisible();
    await act(async () => fireEvent.mouseLeave(toast));
    await waitFor(() => expect(screen.queryByText('Album deleted')).toBeNull());
  });

  it('moves focus to the page, not its body, when it closes with focus in it', async () => {
    showToast({ message: 'Photos restored', autoClose: 100, focus: true });
    const toast = (await screen.findByText('Photos restored')).closest('[role="alert"]');
    await waitFor(() => expect(toast).toHaveFocus());
    await waitFor(() => expect(screen.queryByText('Photos restored')).toBeNull());
    // The page's heading, or `main` where there is no layout to show the heading (jsdom).
    expect(document.getElementById('main')?.contains(document.activeElement)).toBe(true);
  });
});
