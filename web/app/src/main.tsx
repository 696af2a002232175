import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@hiram/shared/styles/base.css';
import './app/app.css';

// The entry is React and this: index.html shows the pages' shell until the
// first render, and the app itself comes in its own chunk (decision 094).
void import('./app/start').then(async ({ App, prepare }) => {
  await prepare();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // As a transition, the first render is cut into slices with the main
  // thread free between them, rather than one long task (issue 20: total
  // blocking time on a slow phone). It replaces the shell in #root.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});

if (import.meta.env.PROD) {
  // When the main thread is idle after the load, not in the middle of the
  // start-up: the page's own chunks and first call come first (issue 34).
  // Safari before 16.4 has no idle callback, and waits a second instead.
  const register = () => void import('@hiram/shared/sw/registerServiceWorker').then((sw) => sw.registerServiceWorker());
  window.addEventListener('load', () => {
    if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 5_000 });
    else setTimeout(register, 1_000);
  });
}
