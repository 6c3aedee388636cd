import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@photo/core/app/app.tsx';
import { webPlatform } from './web-platform';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App platform={webPlatform} />
  </StrictMode>,
);
