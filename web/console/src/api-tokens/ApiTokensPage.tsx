import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { copyText } from '@hiram/shared/clipboard/copy';
import { formatDateTime } from '@hiram/shared/format/format';
import { Field } from '@hiram/shared/ui/Field';
import { Modal } from '@hiram/shared/ui/Modal';
import { showToast } from '@hiram/shared/ui/toastStore';
import { t } from '../i18n/i18n';
import { refusedField } from '../refusal';
import { ConfirmDialog, Facts, FormDialog, PageHead, RefreshButton, RoleField } from '../parts';
import { roleLabel } from '../sections';
import { DataTable } from '../table';
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
      <RoleField value={form.role} error={error('role')} onChange={(role) => set('role', role)} />
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
  const name = token.name;
  return (
    <ConfirmDialog
      title={t('console.tokens.revokeTitle', { name })}
      text={t('console.tokens.revokeText', { name })}
      confirmLabel={t('console.tokens.revoke')}
      onClose={onClose}
      action={() => revokeToken(token.id)}
      onDone={() => {
        showToast(t('console.tokens.revoked', { name }));
        onRevoked();
      }}
    />
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
      <DataTable
        labelledBy="c-tokens-title"
        rows={list.data ?? []}
        rowKey={(row) => row.id}
        loading={list.isFetching}
        columns={[
          { header: t('console.tokens.name'), cell: (row) => row.name },
          { header: t('console.staff.role'), className: 'c-nowrap', cell: (row) => roleLabel(row.role) },
          { header: t('console.tokens.createdBy'), className: 'c-nowrap', cell: (row) => row.createdBy ?? t('console.tokens.byCommand') },
          { header: t('console.tokens.created'), className: 'c-nowrap', cell: (row) => formatDateTime(row.createdAt) },
          { header: t('console.tokens.expires'), className: 'c-nowrap', cell: (row) => formatDateTime(row.expiresAt) },
          { header: t('console.tokens.lastUsed'), className: 'c-nowrap', cell: (row) => (row.lastUsedAt ? formatDateTime(row.lastUsedAt) : t('console.tokens.neverUsed')) },
          { header: t('console.col.status'), className: 'c-nowrap', cell: (row) => <Status token={row} at={readAt} /> },
          {
            header: t('console.col.actions'),
            className: 'c-nowrap',
            cell: (row) =>
              !row.revokedAt && (
                <button type="button" className="h-btn h-btn--ghost c-btn" aria-label={t('console.tokens.revokeLabel', { name: row.name })} onClick={() => setRevoking(row)}>
                  {t('console.tokens.revoke')}
                </button>
              ),
          },
        ]}
      />
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
