import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startApp } from '@photo/core/app/app.tsx';
import { webPlatform } from './web-platform';

// The waterfall of bench:timeline reads the app's marks: when the entry's code began to run.
performance.mark('app:entry');
// Started before anything renders: the config, texts and store do not wait for React to commit
// its loading screen and run its effects (docs/architecture.md "Boot").
const started = startApp(webPlatform);
// A page's first Intl formatter loads the browser's locale data (about 20 ms here, 80 ms on a
// phone): paid now, before anything is on screen, instead of inside the first render of the
// timeline's month names or a list's dates, which is what the customer waits for. The counts'
// number format likewise (13 ms at a phone's 4x slowdown, in the render the photo count came
// with; `formatCount`'s own, the same options, then finds the locale's number data loaded).
try {
  const lang = document.documentElement.lang;
  new Intl.DateTimeFormat(lang || undefined, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(0);
  new Intl.NumberFormat(lang || undefined, { maximumFractionDigits: 0 }).format(0);
} catch {
  // An unknown lang attribute: the first real formatter pays instead.
}
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App platform={webPlatform} started={started} />
  </StrictMode>,
);
