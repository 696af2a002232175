import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@hiram/shared/styles/base.css';
import './app/app.css';

// The entry is React and this: index.html shows the pages' shell until the
// first render, and the app itself comes in its own chunk (decision 094).
void import('./app/start').then(async ({ App, prepare, registerServiceWorkerLater }) => {
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
  registerServiceWorkerLater();
});
