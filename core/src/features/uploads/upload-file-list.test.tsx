import { fireEvent, screen, within } from '@testing-library/react';
import en from '../../../locales/en-GB.json';
import { renderFeature } from '../../testing/render-feature';
import {
  listedFiles,
  totalsOf,
  UPLOAD_FAILURE_TEXT,
  UPLOAD_LIST_LIMIT,
} from '../../transfer/upload-model';
import type { UploadFile } from '../../transfer/upload-model';
import { UploadFileList, useUploadListTexts } from './upload-file-list';
import type { UploadListTexts, UploadRow } from './upload-file-list';

const file = (id: string, name: string, patch: Partial<UploadFile> = {}): UploadFile => ({
  id,
  name,
  size: 100,
  status: 'waiting',
  sentBytes: 0,
  photoId: null,
  failure: null,
  ...patch,
});

function WebList({ rows, onRemove }: { rows: UploadRow[]; onRemove?: (row: UploadRow) => void }) {
  return (
    <UploadFileList
      rows={rows}
      texts={useUploadListTexts(rows.length)}
      {...(onRemove ? { onRemove } : {})}
    />
  );
}

/** The desktop panel's texts, as desktop-ui.tsx makes them from `desktop.uploads`. */
const desktop = en.desktop.uploads;
const desktopTexts: UploadListTexts = {
  label: desktop.listLabel,
  status: (row) =>
    row.status === 'failed'
      ? desktop.failure[UPLOAD_FAILURE_TEXT[row.failure?.kind ?? 'server']]
      : row.status === 'uploading'
        ? desktop.status.uploading.replace('{{percent}}', String(row.sentBytes))
        : row.status
          ? desktop.status[row.status]
          : null,
  more: (count) => desktop.more.replace('{{count, number}}', String(count)),
};

describe('UploadFileList, the one list of uploads', () => {
  it("in the web dialog's shape: picked files with their remove buttons, then each state", async () => {
    const onRemove = vi.fn();
    const picked: UploadRow[] = [
      { ...file('a', 'a.jpg'), status: null },
      { ...file('b', 'b.jpg'), status: null },
    ];
    const view = await renderFeature(<WebList rows={picked} onRemove={onRemove} />);
    const list = screen.getByRole('list', { name: 'Selected photos (2)' });
    fireEvent.click(within(list).getByRole('button', { name: 'Remove b.jpg' }));
    expect(onRemove).toHaveBeenCalledWith(picked[1]);

    view.rerender(
      <WebList
        rows={[
          file('a', 'a.jpg', { status: 'uploading', sentBytes: 50 }),
          file('b', 'b.jpg', {
            status: 'failed',
            failure: { kind: 'too-large', message: '' },
          }),
        ]}
      />,
    );
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Uploading 50%');
    // A failure names the file and is announced politely.
    expect(within(rows[1]!).getByRole('status')).toHaveTextContent('b.jpg is too large to upload');
    expect(within(list).queryByRole('button')).toBeNull();
  });

  it("in the desktop panel's shape: 100 of a long queue, failed first, the rest as a line, same names apart", async () => {
    const files = Array.from({ length: 150 }, (_, index) =>
      file(`queue-${index}`, `IMG_${index}.JPG`, { status: index < 120 ? 'done' : 'waiting' }),
    );
    // Two different files of the same name, from two folders: two rows, each its own state.
    files.push(
      file('holiday', 'IMG_0001.JPG', {
        status: 'failed',
        failure: { kind: 'missing', message: '' },
      }),
      file('birthday', 'IMG_0001.JPG', { status: 'uploading', sentBytes: 40 }),
    );
    const listed = listedFiles(files, UPLOAD_LIST_LIMIT);
    await renderFeature(
      <UploadFileList
        rows={listed}
        texts={desktopTexts}
        moreCount={totalsOf(files).files - listed.length}
      />,
    );
    const list = screen.getByRole('list', { name: desktop.listLabel });
    const rows = within(list).getAllByRole('listitem');
    // Short enough to render whole: 100 rows and the "more" line.
    expect(rows).toHaveLength(101);
    expect(rows[0]).toHaveTextContent(`IMG_0001.JPG${desktop.failure.missing}`);
    expect(rows[1]).toHaveTextContent(`IMG_0001.JPG${'Uploading 40%'}`);
    // Waiting files before finished ones.
    expect(rows[2]).toHaveTextContent(`IMG_120.JPG${desktop.status.waiting}`);
    expect(rows[100]).toHaveTextContent('and 52 more');
    expect(list).toHaveAttribute('tabindex', '0');
  });
});
