import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startApp } from '@photo/core/app/app.tsx';
import { webPlatform } from './web-platform';

// The waterfall of bench:timeline reads the app's marks: when the entry's code began to run.
performance.mark('app:entry');
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// In a task of its own, after the one that evaluated the app's modules: on a phone that task
// is long already (the framework's code), and matching the route table and reading the config
// on its end made it longer; the main thread gets a gap between the two (docs/architecture.md
// "Boot").
window.setTimeout(() => {
  // Started before anything renders: the config, texts and store do not wait for React to
  // commit its loading screen and run its effects.
  const started = startApp(webPlatform);
  // A transition, as the ready app's render is: React renders in slices it can interrupt, so
  // the first render (with React's own code compiled on its first use) is not one long task.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App platform={webPlatform} started={started} />
      </StrictMode>,
    );
  });
}, 0);
