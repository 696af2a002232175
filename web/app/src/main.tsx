import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ensureDeviceId } from '@hiram/shared/browser/deviceId';
import { initI18n } from '@hiram/shared/i18n/i18n';
import { normalisePageQuery } from '@hiram/shared/query/pageQuery';
import { registerServiceWorker } from '@hiram/shared/sw/registerServiceWorker';
import '@hiram/shared/styles/base.css';
import './app/app.css';
import { App } from './app/App';

normalisePageQuery();
// A browser that no shell hosts has no device id of its own: it is given one.
ensureDeviceId();

void initI18n().then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

if (import.meta.env.PROD) {
  window.addEventListener('load', () => void registerServiceWorker());
}
