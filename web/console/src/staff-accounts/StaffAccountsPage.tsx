import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatDateTime } from '@hiram/shared/format/format';
import { Field } from '@hiram/shared/ui/Field';
import { showToast } from '@hiram/shared/ui/toastStore';
import type { Me } from '../api';
import { t } from '../i18n/i18n';
import { refusedField } from '../refusal';
import { ConfirmDialog, FormDialog, PageHead, RefreshButton, RoleField } from '../parts';
import { roleLabel } from '../sections';
import { DataTable } from '../table';
import { ACCOUNTS_KEY, addMember, approveSignIn, MAX_NAME_CHARS, resetSignIn, switchAccount, useAccounts, type NewMemberForm, type StaffAccountRow } from './api';

/** What happened to the member's link: mailed, or waiting for a second admin. */
function linkToast(row: StaffAccountRow) {
  showToast(t(row.enrolment?.status === 'awaiting_approval' ? 'console.staff.awaitingApproval' : 'console.staff.linkMailed', { name: row.name, email: row.email }));
}

function AddMemberDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (row: StaffAccountRow) => void }) {
  const [form, setForm] = useState<NewMemberForm>({ email: '', name: '', role: '' });
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const error = (field: keyof NewMemberForm) => (refused === field ? t(`console.staff.refused.${field}`) : undefined);
  const set = (field: keyof NewMemberForm, value: string) => setForm({ ...form, [field]: value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await addMember(form);
    setBusy(false);
    if (!result.success || !result.data) {
      setRefused(refusedField(result));
      return;
    }
    onAdded(result.data);
  }

  return (
    <FormDialog title={t('console.staff.add')} submitLabel={t('console.staff.add')} busy={busy} onClose={onClose} onSubmit={(e) => void submit(e)}>
      <Field label={t('console.staff.email')} type="email" autoComplete="off" value={form.email} error={error('email')} onChange={(e) => set('email', e.target.value)} />
      <Field label={t('console.staff.name')} maxLength={MAX_NAME_CHARS} autoComplete="off" value={form.name} error={error('name')} onChange={(e) => set('name', e.target.value)} />
      <RoleField value={form.role} error={error('role')} onChange={(role) => set('role', role)} />
    </FormDialog>
  );
}

function ConfirmSwitch({ account, onClose, onSwitched }: { account: StaffAccountRow; onClose: () => void; onSwitched: () => void }) {
  const activate = !account.active;
  const name = account.name;
  return (
    <ConfirmDialog
      title={t(activate ? 'console.staff.reactivateTitle' : 'console.staff.deactivateTitle', { name })}
      text={t(activate ? 'console.staff.reactivateText' : 'console.staff.deactivateText', { name })}
      confirmLabel={t(activate ? 'console.staff.reactivate' : 'console.staff.deactivate')}
      onClose={onClose}
      action={() => switchAccount(account.id, activate)}
      onDone={() => {
        showToast(t(activate ? 'console.staff.reactivated' : 'console.staff.deactivated', { name }));
        onSwitched();
      }}
    />
  );
}

/**
 * Resets a member's sign-in after a confirmation: the old one stops, the
 * member is signed out everywhere, and a new link goes to them (after a
 * second admin's approval, for a money role).
 */
function ConfirmReset({ account, onClose, onReset }: { account: StaffAccountRow; onClose: () => void; onReset: (row: StaffAccountRow) => void }) {
  const name = account.name;
  return (
    <ConfirmDialog
      title={t('console.staff.resetTitle', { name })}
      text={t('console.staff.resetText', { name })}
      confirmLabel={t('console.staff.reset')}
      onClose={onClose}
      action={() => resetSignIn(account.id)}
      onDone={(row) => row && onReset(row)}
    />
  );
}

function Status({ account }: { account: StaffAccountRow }) {
  if (!account.active) return <span className="c-badge">{t('console.staff.inactive')}</span>;
  const status = account.enrolment?.status;
  if (status) return <span className="c-badge">{enrolmentLabel(status)}</span>;
  return <>{t('console.staff.active')}</>;
}

/** Where a member's enrolment stands (the server's `EnrolmentState.status`). */
function enrolmentLabel(status: string) {
  switch (status) {
    case 'awaiting_approval':
      return t('console.staff.enrolment.awaiting_approval');
    case 'expired':
      return t('console.staff.enrolment.expired');
    case 'not_mailed':
      return t('console.staff.enrolment.not_mailed');
    default:
      return t('console.staff.enrolment.mailed');
  }
}

/** Approves the sign-in another admin asked for; the member's link is mailed. */
async function approve(row: StaffAccountRow, changed: () => void) {
  const result = await approveSignIn(row.id);
  if (!result.success) return;
  showToast(t('console.staff.approved', { name: row.name, email: row.email }));
  changed();
}

/**
 * Who may sign in to the console: admins add members, reset the sign-in of
 * one who lost their password or authenticator, approve a money role's
 * sign-in another admin asked for, and switch an account off when someone
 * leaves. Members enrol through a link mailed to them: no secret shows here.
 */
export function StaffAccountsPage({ me }: { me: Me }) {
  const [adding, setAdding] = useState(false);
  const [switching, setSwitching] = useState<StaffAccountRow | null>(null);
  const [resetting, setResetting] = useState<StaffAccountRow | null>(null);
  const queryClient = useQueryClient();
  const list = useAccounts();
  const changed = () => void queryClient.invalidateQueries({ queryKey: [ACCOUNTS_KEY] });

  return (
    <section className="c-page" aria-labelledby="c-staff-title">
      <PageHead id="c-staff-title" title={t('console.section.staff')}>
        <RefreshButton onClick={() => void list.refetch()} loading={list.isFetching} />
        <button type="button" className="h-btn c-btn" onClick={() => setAdding(true)}>
          {t('console.staff.add')}
        </button>
      </PageHead>
      <p className="c-note">{t('console.staff.note')}</p>
      <DataTable
        labelledBy="c-staff-title"
        rows={list.data ?? []}
        rowKey={(row) => row.id}
        loading={list.isFetching}
        columns={[
          {
            header: t('console.staff.name'),
            cell: (row) => (
              <>
                {row.name}
                {row.id === me.id && <span className="c-badge">{t('console.staff.you')}</span>}
              </>
            ),
          },
          { header: t('console.staff.email'), className: 'c-nowrap', cell: (row) => row.email },
          { header: t('console.staff.role'), className: 'c-nowrap', cell: (row) => roleLabel(row.role) },
          { header: t('console.col.status'), className: 'c-nowrap', cell: (row) => <Status account={row} /> },
          { header: t('console.staff.created'), className: 'c-nowrap', cell: (row) => formatDateTime(row.createdAt) },
          {
            header: t('console.col.actions'),
            className: 'c-nowrap',
            cell: (row) => (
              <>
                {row.enrolment?.status === 'awaiting_approval' && row.enrolment.requestedBy !== me.id && (
                  <button type="button" className="h-btn c-btn" aria-label={t('console.staff.approveLabel', { name: row.name })} onClick={() => void approve(row, changed)}>
                    {t('console.staff.approve')}
                  </button>
                )}
                {row.id !== me.id && row.active && (
                  <button type="button" className="h-btn h-btn--ghost c-btn" aria-label={t('console.staff.resetLabel', { name: row.name })} onClick={() => setResetting(row)}>
                    {t('console.staff.reset')}
                  </button>
                )}
                {row.id !== me.id && (
                  <button
                    type="button"
                    className="h-btn h-btn--ghost c-btn"
                    aria-label={t(row.active ? 'console.staff.deactivateLabel' : 'console.staff.reactivateLabel', { name: row.name })}
                    onClick={() => setSwitching(row)}
                  >
                    {t(row.active ? 'console.staff.deactivate' : 'console.staff.reactivate')}
                  </button>
                )}
              </>
            ),
          },
        ]}
      />
      {adding && (
        <AddMemberDialog
          onClose={() => setAdding(false)}
          onAdded={(row) => {
            setAdding(false);
            linkToast(row);
            changed();
          }}
        />
      )}
      {resetting && (
        <ConfirmReset
          account={resetting}
          onClose={() => setResetting(null)}
          onReset={(row) => {
            linkToast(row);
            changed();
          }}
        />
      )}
      {switching && <ConfirmSwitch account={switching} onClose={() => setSwitching(null)} onSwitched={changed} />}
    </section>
  );
}
