import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initConsoleI18n } from './i18n/i18n';
import '@hiram/shared/styles/base.css';
import './console.css';
import { ConsoleApp } from './ConsoleApp';

void initConsoleI18n().then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  createRoot(root).render(
    <StrictMode>
      <ConsoleApp />
    </StrictMode>,
  );
});
