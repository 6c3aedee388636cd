import { fireEvent, screen, within } from '@testing-library/react';
import type { PickedFile } from '../../platform/platform';
import { renderFeature } from '../../testing/render-feature';
import { UploadPhotosModal } from './upload-photos-modal';

const picked = (name: string): PickedFile => ({
  name,
  type: 'image/jpeg',
  size: name.length,
  path: `handle-${name}`,
});

describe('UploadPhotosModal', () => {
  it('offers a folder where the platform can pick one, and lists what it found', async () => {
    const view = await renderFeature(<UploadPhotosModal opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add photos' });
    expect(within(dialog).getByRole('button', { name: 'Choose photos' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Choose a folder' })).toBeNull();

    const pickFolder = vi.fn(async () => [picked('a.jpg'), picked('b.jpg')]);
    Object.assign(view.platform.files, { pickFolder });
    view.rerender(<UploadPhotosModal opened onClose={() => {}} />);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose a folder' }));
    expect(await within(dialog).findByText('a.jpg')).toBeInTheDocument();
    expect(within(dialog).getByText('b.jpg')).toBeInTheDocument();
    expect(pickFolder).toHaveBeenCalledTimes(1);
    expect(view.platform.files.pickImages).not.toHaveBeenCalled();
  });
});
