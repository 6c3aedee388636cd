import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmedAction } from './confirmed-action';

function Harness({
  act,
  onDone,
}: {
  act: () => Promise<number | null>;
  onDone: (result: number) => void;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <MantineProvider>
      <button type="button" onClick={() => setOpened(true)}>
        Empty
      </button>
      <ConfirmedAction
        opened={opened}
        onClose={() => setOpened(false)}
        title="Empty Recently deleted?"
        text="They go for good."
        confirmLabel="Empty now"
        errorMessage="Could not empty."
        act={act}
        onDone={onDone}
      />
    </MantineProvider>
  );
}

describe('ConfirmedAction: confirm, then act, then say what happened', () => {
  it('mounts nothing before it is first opened', () => {
    render(<Harness act={vi.fn()} onDone={vi.fn()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the dialog open with the error on a failure, and hands the result over once closed after a retry', async () => {
    const user = userEvent.setup();
    const act = vi.fn<() => Promise<number | null>>().mockResolvedValueOnce(null);
    act.mockResolvedValueOnce(3);
    const onDone = vi.fn();
    render(<Harness act={act} onDone={onDone} />);

    await user.click(screen.getByRole('button', { name: 'Empty' }));
    await user.click(await screen.findByRole('button', { name: 'Empty now' }));
    expect(await screen.findByText('Could not empty.')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Empty now' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(act).toHaveBeenCalledTimes(2);
    expect(onDone.mock.calls[0]?.[0]).toBe(3);
    await waitFor(() => expect(screen.queryByText('Could not empty.')).toBeNull());
  });

  it('a throwing action counts as a failure, and Cancel forgets the error', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    render(<Harness act={() => Promise.reject(new Error('offline'))} onDone={onDone} />);

    await user.click(screen.getByRole('button', { name: 'Empty' }));
    await user.click(await screen.findByRole('button', { name: 'Empty now' }));
    expect(await screen.findByText('Could not empty.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'common.cancel' }));
    await user.click(screen.getByRole('button', { name: 'Empty' }));
    expect(await screen.findByRole('button', { name: 'Empty now' })).toBeInTheDocument();
    expect(screen.queryByText('Could not empty.')).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
  });
});
