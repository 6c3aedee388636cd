import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@photo/core/app/app.tsx';
import { createDesktopPlatform, getBridge } from './desktop-platform';
import { DESKTOP_UI_ID, DesktopUiRoot } from './desktop-ui';
import { createDesktopUi } from './desktop-ui-store';
import { createWatchedFoldersUi } from './watched-folders-store';

const bridge = getBridge();
const ui = createDesktopUi(bridge);
const watches = createWatchedFoldersUi(bridge);
// PlatformStorage is synchronous: load main's copy once before the first render.
const [snapshot, info] = await Promise.all([bridge.storage.load(), bridge.getAppInfo()]);
const desktopPlatform = createDesktopPlatform(bridge, snapshot, ui);

const container = document.getElementById('root');
const desktopContainer = document.getElementById(DESKTOP_UI_ID);
if (!container || !desktopContainer) throw new Error('index.html lacks #root or #desktop-ui');
createRoot(desktopContainer).render(
  <StrictMode>
    <DesktopUiRoot ui={ui} watches={watches} />
  </StrictMode>,
);
createRoot(container).render(
  <StrictMode>
    <App platform={desktopPlatform} />
  </StrictMode>,
);
// Without OS encryption the sign-in lives in memory only: say so (docs/desktop.md "Sign-in").
if (info.tokenStorage === 'memory') void ui.showMemoryNotice().catch(() => {});
// Uploads kept from the last run continue (docs/desktop.md "Uploads").
void ui.resumeUploads().catch((error: unknown) => console.error('Uploads did not resume', error));
void ui.resumeExport().catch((error: unknown) => console.error('The export did not resume', error));
// Watched folders of the signed-in user (docs/desktop.md "Watched folders").
void watches.load().catch((error: unknown) => console.error('Watched folders did not load', error));
