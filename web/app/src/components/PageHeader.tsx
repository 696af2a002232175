import { useEffect } from 'react';
import { t } from '@hiram/shared/i18n/i18n';

/** The coloured title bar of a borrower page; also sets the document title. */
export function PageHeader({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title]);
  return (
    <header className="app-header">
      <h1>{title}</h1>
    </header>
  );
}
