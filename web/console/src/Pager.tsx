// Moving through a list the server sends a page at a time.
import { t } from '@hiram/shared/i18n/i18n';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** Names the list the buttons move through, for screen readers. */
  label: string;
}

/** "Page 2 of 5 · 93 rows" with Previous and Next; nothing while one page holds everything. */
export function Pager({ page, pageSize, total, onPage, label }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1 && page === 1) return null;
  return (
    <nav className="c-pager" aria-label={label}>
      <button type="button" className="h-btn h-btn--ghost c-btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('console.pager.previous')}
      </button>
      <span>{t('console.pager.where', { page, pages, total })}</span>
      <button type="button" className="h-btn h-btn--ghost c-btn" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('console.pager.next')}
      </button>
    </nav>
  );
}
