import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderFeature } from '../../testing/render-feature';
import { AppDialog } from '../../ui/app-dialog';
import { selectModeStarted, selectSelectionMode } from '../photos/selection/selection-slice';
import { isTextField, useLibraryKeys } from './use-library-keys';

afterEach(() => vi.unstubAllGlobals());

function Keys({ selectAll, dialog = false }: { selectAll: () => void; dialog?: boolean }) {
  useLibraryKeys(selectAll);
  return (
    <>
      <input aria-label="search" />
      <AppDialog opened={dialog} onClose={() => {}} title="A dialog">
        body
      </AppDialog>
    </>
  );
}

describe('the library’s keys (docs/product.md#screens)', () => {
  it('Escape leaves select mode; Ctrl+A and Cmd+A select all', async () => {
    const selectAll = vi.fn();
    const { store } = await renderFeature(<Keys selectAll={selectAll} />);
    act(() => {
      store.dispatch(selectModeStarted());
    });
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(selectSelectionMode(store.getState())).toBe('off');
    fireEvent.keyDown(window, { key: 'a', ctrlKey: true });
    fireEvent.keyDown(window, { key: 'A', metaKey: true });
    expect(selectAll).toHaveBeenCalledTimes(2);
    fireEvent.keyDown(window, { key: 'a', ctrlKey: true, altKey: true });
    fireEvent.keyDown(window, { key: 'a' });
    expect(selectAll).toHaveBeenCalledTimes(2);
  });

  it('leaves keys typed in a field and keys under an open dialog alone', async () => {
    const selectAll = vi.fn();
    const { store, rerender } = await renderFeature(<Keys selectAll={selectAll} />);
    act(() => {
      store.dispatch(selectModeStarted());
    });
    fireEvent.keyDown(screen.getByLabelText('search'), { key: 'a', ctrlKey: true });
    expect(selectAll).not.toHaveBeenCalled();
    rerender(<Keys selectAll={selectAll} dialog />);
    await screen.findByRole('dialog');
    fireEvent.keyDown(document.body, { key: 'a', ctrlKey: true });
    expect(selectAll).not.toHaveBeenCalled();
  });

  it.each([
    ['an input', () => document.createElement('input'), true],
    ['a textarea', () => document.createElement('textarea'), true],
    ['a button', () => document.createElement('button'), false],
  ])('%s is a text field: %s', (_name, make, expected) => {
    render(<></>);
    expect(isTextField(make())).toBe(expected);
  });
});
