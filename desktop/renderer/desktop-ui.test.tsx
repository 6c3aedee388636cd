import { act, cleanup, render, screen, within } from '@testing-library/react';
import { brandFixture } from '@photo/core/testing/client-config-fixture';
import { totalsOf } from '@photo/core/transfer/upload-model';
import type { UploadFile } from '@photo/core/transfer/upload-model';
import { afterEach, describe, expect, it } from 'vitest';
import enGB from '../../core/locales/en-GB.json';
import nlNL from '../../core/locales/nl-NL.json';
import type {
  DesktopBridge,
  DesktopTexts,
  UploadList,
  WatchedFolder,
  WatchedFoldersSnapshot,
} from '../common/ipc-contract';
import { DesktopUiRoot } from './desktop-ui';
import type { DesktopUi, DesktopUiState } from './desktop-ui-store';
import { createWatchedFoldersUi } from './watched-folders-store';

afterEach(cleanup);

/** A locale's desktop texts as main sends them (desktop/main/server-info.ts). */
function textsOf(locale: 'en-GB' | 'nl-NL'): DesktopTexts {
  const json = locale === 'en-GB' ? enGB : nlNL;
  return {
    locale,
    brand: brandFixture({ host: 'localhost', locale }),
    ...json.desktop,
    uploadOutcome: json.photos.upload.outcome,
  };
}

const file = (id: number, status: UploadFile['status']): UploadFile => ({
  id: `f${id}`,
  name: `IMG_${id}.JPG`,
  size: 1000,
  status,
  sentBytes: status === 'done' ? 1000 : 0,
  photoId: status === 'done' ? `p${id}` : null,
  failure: null,
});

function listOf(files: UploadFile[], running: boolean): UploadList {
  return { files, totals: totalsOf(files), running };
}

/** The panel as the store would render it: a fixed state, nothing sent to main. */
function renderPanel(locale: 'en-GB' | 'nl-NL', uploads: UploadList) {
  const state: DesktopUiState = {
    texts: textsOf(locale),
    signIn: null,
    memoryNotice: false,
    transfers: [],
    exports: null,
    exportOpen: false,
    uploads,
  };
  const ui = { subscribe: () => () => undefined, getState: () => state } as unknown as DesktopUi;
  render(<DesktopUiRoot ui={ui} />);
  return screen.getByRole('region', { name: state.texts!.uploads.region });
}

describe('the desktop uploads panel with files held for a paused watched folder', () => {
  it('says they wait for the folder and how to resume it, not that they are uploading', () => {
    const files = [file(1, 'done'), file(2, 'done'), file(3, 'held'), file(4, 'held')];
    const panel = renderPanel('en-GB', listOf(files, false));
    expect(panel.textContent).toContain(
      '2 photos are on hold: their watched folder is paused. Choose Resume under Watched folders to upload them.',
    );
    expect(panel.textContent).not.toContain('Uploading photos');
    // Not finished: nothing to close yet.
    expect(within(panel).queryByRole('button', { name: 'Close' })).toBeNull();
    const rows = within(panel).getByRole('list', { name: 'Files being uploaded' });
    expect(within(rows).getAllByText('Paused')).toHaveLength(2);
  });

  it('says both while other files are still being sent, in the customer’s language', () => {
    const files = [file(1, 'done'), file(2, 'uploading'), file(3, 'held')];
    const panel = renderPanel('nl-NL', listOf(files, true));
    expect(panel.textContent).toContain("Foto's uploaden: 1 van 3 klaar");
    expect(panel.textContent).toContain(
      '1 foto wacht: de gevolgde map is gepauzeerd. Kies Hervatten bij Gevolgde mappen om hem te uploaden.',
    );
  });

  it('says nothing of held files when there are none', () => {
    const panel = renderPanel('en-GB', listOf([file(1, 'done'), file(2, 'waiting')], true));
    expect(panel.textContent).toContain('Uploading photos: 1 of 2 done');
    expect(panel.textContent).not.toContain('on hold');
  });
});

describe('the watched folders panel', () => {
  const folder = (state: WatchedFolder['state'], settled: number): WatchedFolder => ({
    id: 'w1',
    name: 'Camera',
    target: 'library',
    state,
    settled,
    total: 150,
  });

  it('keeps Paused when an answer main made before the pause arrives after it', async () => {
    let answer!: (snapshot: WatchedFoldersSnapshot) => void;
    let emit!: (snapshot: WatchedFoldersSnapshot) => void;
    const bridge = {
      watch: {
        list: () => new Promise<WatchedFoldersSnapshot>((resolve) => (answer = resolve)),
        onChanged: (listener: (snapshot: WatchedFoldersSnapshot) => void) => {
          emit = listener;
          return () => undefined;
        },
      },
    } as unknown as DesktopBridge;
    const watches = createWatchedFoldersUi(bridge);
    const loading = watches.load();
    const state: DesktopUiState = {
      texts: textsOf('en-GB'),
      signIn: null,
      memoryNotice: false,
      transfers: [],
      exports: null,
      exportOpen: false,
      uploads: null,
    };
    const ui = { subscribe: () => () => undefined, getState: () => state } as unknown as DesktopUi;
    render(<DesktopUiRoot ui={ui} watches={watches} />);

    // The event of the pause (made later) comes first, then the older answer of the list.
    act(() => emit({ revision: 3, signedIn: true, folders: [folder('paused', 18)] }));
    await act(async () => {
      answer({ revision: 2, signedIn: true, folders: [folder('uploading', 18)] });
      await loading;
    });
    const panel = screen.getByRole('region', { name: 'Watched folders' });
    expect(panel.textContent).toContain('Camera: Paused at 18 of 150');
    expect(panel.textContent).not.toContain('Uploading 18 of 150');
    // A newer one is taken.
    act(() => emit({ revision: 4, signedIn: true, folders: [folder('uploading', 20)] }));
    expect(panel.textContent).toContain('Camera: Uploading 20 of 150');
  });
});
