import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { AppDialog } from '../../ui/app-dialog';
import { bufferKeys } from '../../ui/key-buffer';
import { PREVIEW_KEYS } from '../photos/scroll-restore';
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

  it('an Escape a tooltip stops on the document still closes the preview', () => {
    const keys = { onClose: vi.fn(), onPrevious: null, onNext: null };
    render(<Keys keys={keys} />);
    const swallow = (event: KeyboardEvent) => event.stopPropagation();
    document.addEventListener('keydown', swallow);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    document.removeEventListener('keydown', swallow);
    expect(keys.onClose).toHaveBeenCalledTimes(1);
  });

  it('a key pressed before the preview could listen is acted on once the photo is shown', () => {
    bufferKeys(PREVIEW_KEYS);
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    const keys = { onClose: vi.fn(), onPrevious: vi.fn(), onNext: vi.fn() };
    const { rerender } = render(<Keys keys={{ ...keys, ready: false }} />);
    expect(keys.onNext).not.toHaveBeenCalled();
    rerender(<Keys keys={{ ...keys, ready: true }} />);
    expect(keys.onNext).toHaveBeenCalledTimes(1);
    rerender(<Keys keys={{ ...keys, ready: false }} />);
    rerender(<Keys keys={{ ...keys, ready: true }} />);
    expect(keys.onNext).toHaveBeenCalledTimes(1);
  });

  it('a key pressed once the preview listens but before its photo shows pages once, not twice', () => {
    bufferKeys(PREVIEW_KEYS);
    const keys = { onClose: vi.fn(), onPrevious: vi.fn(), onNext: vi.fn() };
    const { rerender } = render(<Keys keys={{ ...keys, ready: false }} />);
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    rerender(<Keys keys={{ ...keys, ready: true }} />);
    expect(keys.onNext).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(keys.onNext).toHaveBeenCalledTimes(2);
  });
});
