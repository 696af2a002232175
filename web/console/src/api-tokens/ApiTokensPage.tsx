import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { copyText } from '@hiram/shared/clipboard/copy';
import { formatDateTime } from '@hiram/shared/format/format';
import { Field } from '@hiram/shared/ui/Field';
import { Modal } from '@hiram/shared/ui/Modal';
import { showToast } from '@hiram/shared/ui/toastStore';
import { t } from '../i18n/i18n';
import { refusedField } from '../refusal';
import { EmptyRow, Facts, FormDialog, PageHead, RefreshButton } from '../parts';
import { ROLES, roleLabel, type Role } from '../sections';
import {
  createToken,
  DEFAULT_VALID_DAYS,
  MAX_NAME_CHARS,
  MAX_VALID_DAYS,
  revokeToken,
  TOKENS_KEY,
  useTokens,
  type ApiTokenRow,
  type IssuedApiToken,
  type NewTokenForm,
} from './api';

function CreateTokenDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (issued: IssuedApiToken) => void }) {
  const roleId = useId();
  const roleErrorId = useId();
  const [form, setForm] = useState<NewTokenForm>({ name: '', role: '', validDays: DEFAULT_VALID_DAYS });
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const error = (field: keyof NewTokenForm) => (refused === field ? t(`console.tokens.refused.${field}`) : undefined);
  const set = (field: keyof NewTokenForm, value: string) => setForm({ ...form, [field]: value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await createToken(form);
    setBusy(false);
    if (!result.success || !result.data) {
      setRefused(refusedField(result));
      return;
    }
    onCreated(result.data);
  }

  return (
    <FormDialog title={t('console.tokens.create')} submitLabel={t('console.tokens.create')} busy={busy} onClose={onClose} onSubmit={(e) => void submit(e)}>
      <Field label={t('console.tokens.name')} maxLength={MAX_NAME_CHARS} autoComplete="off" value={form.name} error={error('name')} onChange={(e) => set('name', e.target.value)} />
      <div className="h-field">
        <label htmlFor={roleId}>{t('console.staff.role')}</label>
        <select
          id={roleId}
          className="c-select c-select--block"
          value={form.role}
          aria-invalid={refused === 'role' ? true : undefined}
          aria-describedby={refused === 'role' ? roleErrorId : undefined}
          onChange={(e) => set('role', e.target.value as Role)}
        >
          <option value="">{t('console.staff.chooseRole')}</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </select>
        {refused === 'role' && (
          <p id={roleErrorId} className="h-error">
            {error('role')}
          </p>
        )}
      </div>
      <Field
        label={t('console.tokens.validDays')}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_VALID_DAYS}
        value={form.validDays}
        error={error('validDays')}
        onChange={(e) => set('validDays', e.target.value)}
      />
    </FormDialog>
  );
}

/**
 * The new token's secret, which the server never shows again: only an
 * explicit "copied" closes it, and closing forgets it.
 */
function SecretDialog({ issued, onClose }: { issued: IssuedApiToken; onClose: () => void }) {
  const label = t('console.tokens.secret');
  return (
    <Modal
      open
      dismissible={false}
      title={t('console.tokens.secretTitle', { name: issued.name })}
      onClose={onClose}
      actions={
        <button type="button" className="h-btn c-btn" onClick={onClose}>
          {t('console.tokens.copied')}
        </button>
      }
    >
      <p className="c-warning" role="alert">
        {t('console.tokens.secretWarning')}
      </p>
      <Facts
        items={[
          [t('console.staff.role'), roleLabel(issued.role)],
          [t('console.tokens.expires'), formatDateTime(issued.expiresAt)],
          [
            label,
            <span className="c-url">
              <code className="c-secret">{issued.secret}</code>
              <button type="button" className="h-btn h-btn--ghost c-btn" aria-label={t('console.staff.copyLabel', { what: label.toLowerCase() })} onClick={() => void copyText(issued.secret)}>
                {t('common.copy')}
              </button>
            </span>,
          ],
        ]}
      />
      <p className="c-muted c-small">{t('console.tokens.secretHint')}</p>
    </Modal>
  );
}

function ConfirmRevoke({ token, onClose, onRevoked }: { token: ApiTokenRow; onClose: () => void; onRevoked: () => void }) {
  const [busy, setBusy] = useState(false);
  const name = token.name;

  async function confirm() {
    setBusy(true);
    const result = await revokeToken(token.id);
    setBusy(false);
    onClose();
    if (!result.success) return;
    showToast(t('console.tokens.revoked', { name }));
    onRevoked();
  }

  return (
    <Modal
      open
      title={t('console.tokens.revokeTitle', { name })}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="h-btn h-btn--ghost c-btn" onClick={onClose}>
            {t('console.cancel')}
          </button>
          <button type="button" className="h-btn c-btn" disabled={busy} onClick={() => void confirm()}>
            {t('console.tokens.revoke')}
          </button>
        </>
      }
    >
      <p>{t('console.tokens.revokeText', { name })}</p>
    </Modal>
  );
}

/** Whether a token still works at a moment: revoked, expired (by the browser's clock; the server decides), or active. */
function Status({ token, at }: { token: ApiTokenRow; at: number }) {
  if (token.revokedAt) return <span className="c-badge">{t('console.tokens.revokedState')}</span>;
  if (Date.parse(token.expiresAt) <= at) return <span className="c-badge">{t('console.tokens.expired')}</span>;
  return <>{t('console.staff.active')}</>;
}

/**
 * The tokens scripts call the staff API with: admins make one per script,
 * in the role it needs and for as long as it needs, and revoke it when the
 * script is retired or its secret may have leaked.
 */
export function ApiTokensPage() {
  const [creating, setCreating] = useState(false);
  const [issued, setIssued] = useState<IssuedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenRow | null>(null);
  const queryClient = useQueryClient();
  const list = useTokens();
  const changed = () => void queryClient.invalidateQueries({ queryKey: [TOKENS_KEY] });
  const rows = list.data ?? [];
  // Expired as of when the list was read: the moment the rows describe.
  const readAt = list.dataUpdatedAt;

  return (
    <section className="c-page" aria-labelledby="c-tokens-title">
      <PageHead id="c-tokens-title" title={t('console.section.apiTokens')}>
        <RefreshButton onClick={() => void list.refetch()} loading={list.isFetching} />
        <button type="button" className="h-btn c-btn" onClick={() => setCreating(true)}>
          {t('console.tokens.create')}
        </button>
      </PageHead>
      <p className="c-note">{t('console.tokens.note')}</p>
      <div className="c-table-wrap">
        <table className="c-table" aria-labelledby="c-tokens-title">
          <thead>
            <tr>
              <th scope="col">{t('console.tokens.name')}</th>
              <th scope="col">{t('console.staff.role')}</th>
              <th scope="col">{t('console.tokens.createdBy')}</th>
              <th scope="col">{t('console.tokens.created')}</th>
              <th scope="col">{t('console.tokens.expires')}</th>
              <th scope="col">{t('console.tokens.lastUsed')}</th>
              <th scope="col">{t('console.col.status')}</th>
              <th scope="col">{t('console.col.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <EmptyRow columns={8} loading={list.isFetching} />}
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{row.name}</td>
                <td className="c-nowrap">{roleLabel(row.role)}</td>
                <td className="c-nowrap">{row.createdBy ?? t('console.tokens.byCommand')}</td>
                <td className="c-nowrap">{formatDateTime(row.createdAt)}</td>
                <td className="c-nowrap">{formatDateTime(row.expiresAt)}</td>
                <td className="c-nowrap">{row.lastUsedAt ? formatDateTime(row.lastUsedAt) : t('console.tokens.neverUsed')}</td>
                <td className="c-nowrap">
                  <Status token={row} at={readAt} />
                </td>
                <td className="c-nowrap">
                  {!row.revokedAt && (
                    <button
                      type="button"
                      className="h-btn h-btn--ghost c-btn"
                      aria-label={t('console.tokens.revokeLabel', { name: row.name })}
                      onClick={() => setRevoking(row)}
                    >
                      {t('console.tokens.revoke')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {creating && (
        <CreateTokenDialog
          onClose={() => setCreating(false)}
          onCreated={(token) => {
            setCreating(false);
            setIssued(token);
            changed();
          }}
        />
      )}
      {issued && <SecretDialog issued={issued} onClose={() => setIssued(null)} />}
      {revoking && <ConfirmRevoke token={revoking} onClose={() => setRevoking(null)} onRevoked={changed} />}
    </section>
  );
}
