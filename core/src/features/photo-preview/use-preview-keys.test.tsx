import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { AppDialog } from '../../ui/app-dialog';
import { usePreviewKeys } from './use-preview-keys';
import type { PreviewKeys } from './use-preview-keys';

function Keys({ keys, dialog = false }: { keys: PreviewKeys; dialog?: boolean }) {
  usePreviewKeys(keys);
  return (
    <MantineProvider env="test">
      <AppDialog opened={dialog} onClose={() => {}} title="Over the preview">
        body
      </AppDialog>
    </MantineProvider>
  );
}

describe('the preview’s keys (docs/product.md#screens Photo preview)', () => {
  it('Escape closes, the arrows page, and an end without a neighbour does nothing', () => {
    const keys = { onClose: vi.fn(), onPrevious: vi.fn(), onNext: null };
    render(<Keys keys={keys} />);
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(keys.onPrevious).toHaveBeenCalledTimes(1);
    expect(keys.onClose).toHaveBeenCalledTimes(1);
  });

  it('a dialog over the preview, or a key already handled, is left alone', async () => {
    const keys = { onClose: vi.fn(), onPrevious: vi.fn(), onNext: vi.fn() };
    const { rerender } = render(<Keys keys={keys} />);
    const handled = new KeyboardEvent('keydown', { key: 'ArrowRight', cancelable: true });
    handled.preventDefault();
    window.dispatchEvent(handled);
    expect(keys.onNext).not.toHaveBeenCalled();
    rerender(<Keys keys={keys} dialog />);
    await screen.findByRole('dialog');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(keys.onNext).not.toHaveBeenCalled();
  });
});
