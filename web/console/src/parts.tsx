// Small pieces every console section uses: the heading with its tools, a
// select filter, the row a table shows while empty, the dialogs of a form and
// of a confirmation, the note saying who may act where a role has no
// control, and the reason and role fields of a staff action.
import { Fragment, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ApiResult } from '@hiram/shared/api/request';
import { formatDateTime } from '@hiram/shared/format/format';
import { Modal } from '@hiram/shared/ui/Modal';
import { t, type MessageKey } from './i18n/i18n';
import type { Me } from './api';
import { ROLES, roleLabel, type Role } from './sections';

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

/** A run of Manila days; empty ends leave the server's default. */
export interface Period {
  from: string;
  to: string;
}

/** From and To days and a Show button that asks for them; `children` (an export button) follow. */
export function PeriodForm({ idPrefix, onApply, children }: { idPrefix: string; onApply: (period: Period) => void; children?: ReactNode }) {
  const [typed, setTyped] = useState<Period>({ from: '', to: '' });
  function apply(event: FormEvent) {
    event.preventDefault();
    onApply(typed);
  }
  return (
    <form className="c-tools" onSubmit={apply}>
      <span className="c-filter">
        <label htmlFor={`${idPrefix}-from`}>{t('console.money.from')}</label>
        <input id={`${idPrefix}-from`} type="date" className="c-input" value={typed.from} onChange={(e) => setTyped({ ...typed, from: e.target.value })} />
      </span>
      <span className="c-filter">
        <label htmlFor={`${idPrefix}-to`}>{t('console.money.to')}</label>
        <input id={`${idPrefix}-to`} type="date" className="c-input" value={typed.to} onChange={(e) => setTyped({ ...typed, to: e.target.value })} />
      </span>
      <button type="submit" className="h-btn h-btn--ghost c-btn">
        {t('console.sms.show')}
      </button>
      {children}
    </form>
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

/** A moment as date and time, which may break between the two and nowhere else. */
export function DateTime({ at }: { at: string }) {
  const [date, time] = formatDateTime(at).split(' ');
  return (
    <>
      <span className="c-nowrap">{date}</span> <span className="c-nowrap">{time}</span>
    </>
  );
}

/**
 * A record panel that opens beside its list on a wide screen opens under the
 * whole list on a narrow one (under 1100 px): there it is scrolled into
 * sight when it opens, or a click on a row would seem to do nothing.
 */
export function useInSightWhenBelow<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  useEffect(() => {
    const panel = ref.current;
    // Beside the list, the panel is sticky and already in sight.
    if (!panel || getComputedStyle(panel).position === 'sticky') return;
    if (panel.getBoundingClientRect().top > window.innerHeight * 0.6) panel.scrollIntoView?.({ block: 'start' });
  }, []);
  return ref;
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

/** A dialog whose one action stands beside Cancel. */
function ActionDialog({ title, onClose, action, children }: { title: string; onClose: () => void; action: ReactNode; children: ReactNode }) {
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
          {action}
        </>
      }
    >
      {children}
    </Modal>
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
    <ActionDialog
      title={title}
      onClose={onClose}
      action={
        <button type="submit" form={formId} className="h-btn c-btn" disabled={busy}>
          {submitLabel}
        </button>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </ActionDialog>
  );
}

/**
 * A dialog asking to confirm one call: Cancel, or the action, which closes
 * the dialog once the server answers and then goes on only if it agreed.
 */
export function ConfirmDialog<T>({
  title,
  text,
  confirmLabel,
  onClose,
  action,
  onDone,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  onClose: () => void;
  action: () => Promise<ApiResult<T>>;
  onDone: (data: T | null) => void;
}) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    const result = await action();
    setBusy(false);
    onClose();
    if (result.success) onDone(result.data);
  }

  return (
    <ActionDialog
      title={title}
      onClose={onClose}
      action={
        <button type="button" className="h-btn c-btn" disabled={busy} onClick={() => void confirm()}>
          {confirmLabel}
        </button>
      }
    >
      <p>{text}</p>
    </ActionDialog>
  );
}

/** How each role is named in "Only … can …" (server: hiram_domain::staff::Role). */
const WHO: Record<string, MessageKey> = {
  admin: 'console.who.admin',
  credit_officer: 'console.who.creditOfficer',
  finance: 'console.who.finance',
  customer_care: 'console.who.customerCare',
  marketing: 'console.who.marketing',
  auditor: 'console.who.auditor',
};

/** What a permission lets its holder do, where the console leaves out a control for it. */
const ACTIONS = {
  decide_applications: 'console.can.decideApplications',
  answer_complaints: 'console.can.answerComplaints',
  reveal_personal_data: 'console.can.revealPersonalData',
  match_payments: 'console.can.matchPayments',
  propose_adjustments: 'console.can.proposeAdjustments',
  approve_adjustments: 'console.can.approveAdjustments',
  log_collection_contacts: 'console.can.logCollectionContacts',
  set_exchange_rates: 'console.can.setExchangeRates',
  manage_rule_sets: 'console.can.manageRuleSets',
  close_books: 'console.can.closeBooks',
  approve_journals: 'console.can.approveJournals',
  approve_provision_rates: 'console.can.approveProvisionRates',
  approve_write_offs: 'console.can.approveWriteOffs',
  reconcile_statements: 'console.can.reconcileStatements',
  approve_refunds: 'console.can.approveRefunds',
} as const satisfies Record<string, MessageKey>;

export type ExplainedPermission = keyof typeof ACTIONS;

/**
 * Why the signed-in member sees no control for a permission: the roles
 * that hold it, as the server's table names them in `/me` ("Only a credit
 * officer can decide applications."); null when the member holds it, or no
 * role does.
 */
export function onlyWho(me: Me, permission: ExplainedPermission): string | null {
  if (me.permissions.includes(permission)) return null;
  const roles = me.withheld.find((entry) => entry.permission === permission)?.roles ?? [];
  if (roles.length === 0) return null;
  const names = roles.map((role) => (Object.hasOwn(WHO, role) ? t(WHO[role]!) : role));
  const who = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} ${t('console.only.or')} ${names[names.length - 1]!}`;
  return t('console.only', { who, action: t(ACTIONS[permission]) });
}

/** The note that stands where a control the member's role lacks would be. */
export function RoleNote({ me, permission }: { me: Me; permission: ExplainedPermission }) {
  const text = onlyWho(me, permission);
  return text ? <p className="c-note c-role-note">{text}</p> : null;
}

/** The longest reason the server keeps for a staff decision or a look at personal data. */
const MAX_REASON = 500;

/** The reason a staff action records, with the server's refusal of it beside it. */
export function ReasonField({ value, error, onChange }: { value: string; error: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <>
      <label className="c-label" htmlFor={id}>
        {t('console.orders.reason')}
      </label>
      <textarea
        id={id}
        className="h-input c-textarea"
        maxLength={MAX_REASON}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="h-error">
          {error}
        </p>
      )}
    </>
  );
}

/** The role a staff member or an API token acts in, with the server's refusal of it beside it. */
export function RoleField({ value, error, onChange }: { value: Role | ''; error: string | undefined; onChange: (role: Role) => void }) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="h-field">
      <label htmlFor={id}>{t('console.staff.role')}</label>
      <select
        id={id}
        className="c-select c-select--block"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value as Role)}
      >
        <option value="">{t('console.staff.chooseRole')}</option>
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {roleLabel(role)}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="h-error">
          {error}
        </p>
      )}
    </div>
  );
}
