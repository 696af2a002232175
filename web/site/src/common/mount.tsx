import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { useLocale } from '@hiram/shared/i18n/i18n';
import { initSiteI18n } from '../i18n/i18n';
import { ToastHost } from '@hiram/shared/ui/Toast';

function Root({ Page }: { Page: ComponentType }) {
  const locale = useLocale();
  return (
    <>
      <Page key={locale} />
      <ToastHost />
    </>
  );
}

/** Loads the locale, then renders a page of the site into #root. */
export function mount(Page: ComponentType): void {
  void initSiteI18n().then(() => {
    const root = document.getElementById('root');
    if (!root) throw new Error('#root is missing');
    createRoot(root).render(
      <StrictMode>
        <Root Page={Page} />
      </StrictMode>,
    );
  });
}
