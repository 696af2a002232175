import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { formatDateTime } from '@hiram/shared/format/format';
import { t } from '../i18n/i18n';
import { Field } from '@hiram/shared/ui/Field';
import { showToast } from '@hiram/shared/ui/toastStore';
import { EmptyRow, FormDialog, PageHead, Pager, RefreshButton } from '../parts';
import { LINKS_KEY, saveLink, useLinks, useTemplates, type LinkForm, type LinkFunnelRow, type LinkKind, type LinkView } from './api';
import { CopyAddress } from './CopyAddress';
import { refusedField } from '../refusal';

/** Enough for every template a lender keeps; the list is a picker, not a report. */
const TEMPLATE_CHOICES = 100;

const KIND_LABELS = { register: 'console.links.kindRegister', download: 'console.links.kindDownload' } as const;

function formOf(link: LinkView | null): LinkForm {
  if (!link) return { name: '', templateId: '', userFrom: '', appFrom: '', utmTag: '', kind: 'register', code: '' };
  return {
    name: link.name,
    templateId: String(link.templateId),
    userFrom: link.userFrom,
    appFrom: link.appFrom,
    utmTag: link.utmTag,
    kind: link.kind === 'download' ? 'download' : 'register',
    code: link.linksId || link.downId,
  };
}

/** Registrations per 100 visits, one decimal; nothing before the first visit. */
export function conversion(row: LinkFunnelRow): string {
  return row.visits > 0 ? `${((row.registrations * 100) / row.visits).toFixed(1)}%` : '—';
}

/** Adding (`link` null) or changing one link; its kind and code never change. */
function LinkDialog({ link, onClose, onSaved }: { link: LinkView | null; onClose: () => void; onSaved: () => void }) {
  const templateId = useId();
  const kindId = useId();
  const [form, setForm] = useState<LinkForm>(() => formOf(link));
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const templates = useTemplates(1, TEMPLATE_CHOICES);
  const error = (name: keyof LinkForm) => (refused === name ? t('console.mkt.refused') : undefined);
  const set = (name: keyof LinkForm, value: string) => setForm({ ...form, [name]: value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await saveLink(link?.id ?? null, form);
    setBusy(false);
    if (!result.success) {
      setRefused(refusedField(result));
      return;
    }
    showToast(t('console.mkt.saved'));
    onSaved();
  }

  return (
    <FormDialog title={link ? t('console.links.editTitle', { name: link.name }) : t('console.links.new')} submitLabel={t('console.mkt.save')} busy={busy} onClose={onClose} onSubmit={(e) => void submit(e)}>
      <Field label={t('console.links.name')} hint={t('console.links.nameHint')} maxLength={80} value={form.name} error={error('name')} onChange={(e) => set('name', e.target.value)} />
      <div className="h-field">
        <label htmlFor={templateId}>{t('console.links.template')}</label>
        <select
          id={templateId}
          className="c-select c-select--block"
          value={form.templateId}
          aria-invalid={refused === 'templateId' ? true : undefined}
          onChange={(e) => set('templateId', e.target.value)}
        >
          <option value="">{t('console.links.chooseTemplate')}</option>
          {(templates.data?.rows ?? []).map((template) => (
            <option key={template.id} value={String(template.id)}>
              #{template.id} {template.appName}: {template.headline}
            </option>
          ))}
        </select>
        {refused === 'templateId' && <p className="h-error">{t('console.links.templateNeeded')}</p>}
      </div>
      <Field label={t('console.links.userFrom')} hint={t('console.links.tagHint', { max: 40 })} maxLength={40} value={form.userFrom} error={error('userFrom')} onChange={(e) => set('userFrom', e.target.value)} />
      <Field label={t('console.links.appFrom')} hint={t('console.links.optionalTagHint', { max: 40 })} maxLength={40} value={form.appFrom} error={error('appFrom')} onChange={(e) => set('appFrom', e.target.value)} />
      <Field label={t('console.links.utmTag')} hint={t('console.links.optionalTagHint', { max: 64 })} maxLength={64} value={form.utmTag} error={error('utmTag')} onChange={(e) => set('utmTag', e.target.value)} />
      <div className="h-field">
        <label htmlFor={kindId}>{t('console.links.kind')}</label>
        <select id={kindId} className="c-select c-select--block" value={form.kind} disabled={link !== null} onChange={(e) => set('kind', e.target.value as LinkKind)}>
          <option value="register">{t(KIND_LABELS.register)}</option>
          <option value="download">{t(KIND_LABELS.download)}</option>
        </select>
      </div>
      <Field
        label={form.kind === 'register' ? t('console.links.linksId') : t('console.links.downId')}
        hint={link ? t('console.links.codeFixed') : t('console.links.tagHint', { max: 40 })}
        maxLength={40}
        value={form.code}
        readOnly={link !== null}
        error={refused === 'code' ? t('console.links.codeRefused') : undefined}
        onChange={(e) => set('code', e.target.value)}
      />
    </FormDialog>
  );
}

/** The campaign links marketing hands to each channel, with how far their visitors got. */
export function LinksPage() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<LinkView | 'new' | null>(null);
  const queryClient = useQueryClient();
  const list = useLinks(page);
  const changed = () => void queryClient.invalidateQueries({ queryKey: [LINKS_KEY] });
  const rows = list.data?.rows ?? [];

  return (
    <section className="c-page" aria-labelledby="c-links-title">
      <PageHead id="c-links-title" title={t('console.section.links')}>
        <RefreshButton onClick={() => void list.refetch()} loading={list.isFetching} />
        <button type="button" className="h-btn c-btn" onClick={() => setEditing('new')}>
          {t('console.links.new')}
        </button>
      </PageHead>
      <p className="c-note">{t('console.links.note')}</p>
      {/* Wider than the page at 1280 px: scrollable, so reachable by keyboard. */}
      <div className="c-table-wrap" tabIndex={0} role="region" aria-labelledby="c-links-title">
        <table className="c-table" aria-labelledby="c-links-title">
          <thead>
            <tr>
              <th scope="col">{t('console.links.name')}</th>
              <th scope="col">{t('console.links.userFrom')}</th>
              <th scope="col">{t('console.links.template')}</th>
              <th scope="col">{t('console.links.code')}</th>
              <th scope="col">{t('console.links.utmTag')}</th>
              <th scope="col" className="c-num">{t('console.links.visits')}</th>
              <th scope="col" className="c-num">{t('console.links.clicks')}</th>
              <th scope="col" className="c-num">{t('console.links.codesSent')}</th>
              <th scope="col" className="c-num">{t('console.links.registrations')}</th>
              <th scope="col" className="c-num">{t('console.links.conversion')}</th>
              <th scope="col">{t('console.mkt.address')}</th>
              <th scope="col">{t('console.col.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <EmptyRow columns={12} loading={list.isFetching} />}
            {rows.map((row) => (
              <tr key={row.link.id}>
                <td>
                  {row.link.name}
                  <div className="c-muted c-small">{formatDateTime(row.link.createdAt)}</div>
                </td>
                <td>{row.link.userFrom}</td>
                <td>#{row.link.templateId}</td>
                <td className="c-nowrap">
                  <code>{row.link.linksId ? `links_id=${row.link.linksId}` : `down_id=${row.link.downId}`}</code>
                </td>
                <td>{row.link.utmTag}</td>
                <td className="c-num">{row.visits}</td>
                <td className="c-num">{row.clicks}</td>
                <td className="c-num">{row.codesSent}</td>
                <td className="c-num">{row.registrations}</td>
                <td className="c-num">{conversion(row)}</td>
                <td>
                  <CopyAddress path={row.link.landingPath} />
                </td>
                <td>
                  <button
                    type="button"
                    className="h-btn h-btn--ghost c-btn"
                    aria-label={t('console.links.editTitle', { name: row.link.name })}
                    onClick={() => setEditing(row.link)}
                  >
                    {t('console.mkt.edit')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.data && (
        <Pager page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} label={t('console.section.links')} />
      )}
      {editing && (
        <LinkDialog
          link={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            changed();
          }}
        />
      )}
    </section>
  );
}
