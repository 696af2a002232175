import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ensureDeviceId } from '@hiram/shared/browser/deviceId';
import { initI18n } from '@hiram/shared/i18n/i18n';
import { normalisePageQuery } from '@hiram/shared/query/pageQuery';
import { adoptAddressSession } from '@hiram/shared/session/webSession';
import { registerServiceWorker } from '@hiram/shared/sw/registerServiceWorker';
import '@hiram/shared/styles/base.css';
import './app/app.css';
import { App } from './app/App';

normalisePageQuery();
// A browser that no shell hosts has no device id of its own: it is given one.
ensureDeviceId();

// The address's session becomes the cookie before any call is made.
void Promise.all([initI18n(), adoptAddressSession()]).then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // As a transition, the first render is cut into slices with the main
  // thread free between them, rather than one long task (issue 20: total
  // blocking time on a slow phone).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});

if (import.meta.env.PROD) {
  window.addEventListener('load', () => void registerServiceWorker());
}
