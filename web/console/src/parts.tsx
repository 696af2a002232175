// Small pieces every console section uses: the heading with its tools, a
// select filter, and the row a table shows while empty.
import { useId, type ReactNode } from 'react';
import { t } from '@hiram/shared/i18n/i18n';

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
