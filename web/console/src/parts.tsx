// Small pieces every console section uses: the heading with its tools, a
// select filter, and the row a table shows while empty.
import { Fragment, useId, type FormEvent, type ReactNode } from 'react';
import { Modal } from '@hiram/shared/ui/Modal';
import { t } from './i18n/i18n';

export function PageHead({ title, id, children }: { title: string; id: string; children?: ReactNode }) {
  return (
    <div className="c-head">
      <h1 id={id}>{title}</h1>
      {children && <div className="c-tools">{children}</div>}
    </div>
  );
}

export interface Choice<V extends string> {
  value: V;
  label: string;
}

export function SelectFilter<V extends string>({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: V;
  choices: readonly Choice<V>[];
  onChange: (value: V) => void;
}) {
  const id = useId();
  return (
    <span className="c-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="c-select" value={value} onChange={(e) => onChange(e.target.value as V)}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </span>
  );
}

export function RefreshButton({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  return (
    <button type="button" className="h-btn h-btn--ghost c-btn" onClick={onClick} disabled={loading}>
      {loading ? t('common.loading') : t('console.refresh')}
    </button>
  );
}

/** The one row of a table with no rows: loading, or nothing to show. */
export function EmptyRow({ columns, loading }: { columns: number; loading: boolean }) {
  return (
    <tr>
      <td colSpan={columns} className="c-empty">
        {loading ? t('common.loading') : t('console.empty')}
      </td>
    </tr>
  );
}

/** JSON in one line for a table cell: nothing for null. */
export function compactJson(value: unknown): string {
  if (value === null || value === undefined) return '';
  return JSON.stringify(value);
}

/**
 * Previous and next page of a server-paged table, with where the reader is;
 * nothing while one page holds everything.
 */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label = t('console.pager'),
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** Names the list the buttons move through, where a page has several. */
  label?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1 && page === 1) return null;
  return (
    <nav className="c-pager" aria-label={label}>
      <button type="button" className="h-btn h-btn--ghost c-btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('console.pager.previous')}
      </button>
      <span className="c-muted">{t('console.pager.status', { page, pages, total })}</span>
      <button type="button" className="h-btn h-btn--ghost c-btn" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('console.pager.next')}
      </button>
    </nav>
  );
}

/** Label and value pairs, as a record's panel shows them. */
export function Facts({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="c-facts">
      {items.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** A dialog holding one form: Cancel, and the submit button under the form. */
export function FormDialog({
  title,
  submitLabel,
  busy,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  submitLabel: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const formId = useId();
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="h-btn h-btn--ghost c-btn" onClick={onClose}>
            {t('console.cancel')}
          </button>
          <button type="submit" form={formId} className="h-btn c-btn" disabled={busy}>
            {submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </Modal>
  );
}
