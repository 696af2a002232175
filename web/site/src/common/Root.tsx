import { StrictMode, type ComponentType } from 'react';
import { useLocale } from '@hiram/shared/i18n/i18n';
import { ToastHost } from '@hiram/shared/ui/Toast';

/** The page again from scratch when the locale changes. */
function InLocale({ Page }: { Page: ComponentType }) {
  const locale = useLocale();
  return (
    <>
      <Page key={locale} />
      <ToastHost />
    </>
  );
}

/** A page of the site as the browser hydrates it and the build prerenders it (decision 048): one tree for both. */
export function Root({ page }: { page: ComponentType }) {
  return (
    <StrictMode>
      <InLocale Page={page} />
    </StrictMode>
  );
}
