import { fireEvent, screen } from '@testing-library/react';
import { renderFeature } from '../../../testing/render-feature';
import { DeleteAllDialog, isDeleteConfirmation } from './delete-all-dialog';

afterEach(() => vi.unstubAllGlobals());

describe('delete all photos (docs/product.md#validation)', () => {
  it.each([
    ['DELETE', true],
    ['delete', false],
    ['DELETE ', false],
    [' DELETE', false],
    ['', false],
  ])('typing %j confirms: %s', (typed, ok) => {
    expect(isDeleteConfirmation(typed, 'DELETE')).toBe(ok);
  });

  it('confirms only when the word is typed exactly, else says so in the field', async () => {
    const onConfirm = vi.fn();
    await renderFeature(
      <DeleteAllDialog
        opened
        total={42}
        deleting={false}
        onConfirm={onConfirm}
        onClose={vi.fn()}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete all photos' });
    expect(dialog).toHaveTextContent('All 42 photos in your library');
    const field = screen.getByLabelText('Type DELETE to confirm');
    fireEvent.change(field, { target: { value: 'delete' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete all photos' }));
    expect(screen.getByText('Please type DELETE exactly')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: 'DELETE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete all photos' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
