import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@photo/core/app/app.tsx';
import { createDesktopPlatform, getBridge } from './desktop-platform';

const bridge = getBridge();
// PlatformStorage is synchronous: load main's copy once before the first render.
const desktopPlatform = createDesktopPlatform(bridge, await bridge.storage.load());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App platform={desktopPlatform} />
  </StrictMode>,
);
