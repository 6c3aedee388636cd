import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppDialog, AppDialogAlert, DIALOG_NOTIFICATION_MS, openDialogCount } from './app-dialog';

function Stack({ secondEscape = true }: { secondEscape?: boolean }) {
  const [first, setFirst] = useState(true);
  const [second, setSecond] = useState(true);
  return (
    <MantineProvider>
      <AppDialog
        opened={first}
        onClose={() => setFirst(false)}
        title="First"
        transitionProps={{ duration: 0 }}
      >
        first body
      </AppDialog>
      <AppDialog
        opened={second}
        onClose={() => setSecond(false)}
        title="Second"
        closeOnEscape={secondEscape}
        transitionProps={{ duration: 0 }}
      >
        second body
      </AppDialog>
    </MantineProvider>
  );
}

const escape = () => fireEvent.keyDown(window, { key: 'Escape' });

describe('AppDialog stack (docs/product.md#screens Dialogs)', () => {
  afterEach(() => vi.useRealTimers());

  it('Escape closes only the newest dialog, then the next one', async () => {
    render(<Stack />);
    expect(await screen.findByText('second body')).toBeInTheDocument();
    expect(openDialogCount()).toBe(2);
    act(escape);
    expect(screen.queryByText('second body')).not.toBeInTheDocument();
    expect(screen.getByText('first body')).toBeInTheDocument();
    act(escape);
    expect(screen.queryByText('first body')).not.toBeInTheDocument();
    expect(openDialogCount()).toBe(0);
  });

  it('Escape does nothing when the newest dialog disables it, and never reaches an older one', async () => {
    render(<Stack secondEscape={false} />);
    expect(await screen.findByText('second body')).toBeInTheDocument();
    act(escape);
    expect(screen.getByText('second body')).toBeInTheDocument();
    expect(screen.getByText('first body')).toBeInTheDocument();
  });

  it('keeps Escape away from page listeners while a dialog is open', async () => {
    const pageListener = vi.fn();
    window.addEventListener('keydown', pageListener);
    render(<Stack />);
    await screen.findByText('second body');
    act(escape);
    expect(pageListener).not.toHaveBeenCalled();
    act(escape);
    act(escape);
    expect(pageListener).toHaveBeenCalledTimes(1);
    window.removeEventListener('keydown', pageListener);
  });
});

describe('AppDialogAlert', () => {
  it('closes by itself after 10 s and shows again for a new attempt', () => {
    vi.useFakeTimers();
    const { rerender } = render(
      <MantineProvider>
        <AppDialogAlert message="Unable to save changes. Please try again" showKey={1} />
      </MantineProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Unable to save changes');
    act(() => vi.advanceTimersByTime(DIALOG_NOTIFICATION_MS - 1));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    rerender(
      <MantineProvider>
        <AppDialogAlert message="Unable to save changes. Please try again" showKey={2} />
      </MantineProvider>,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });
});
