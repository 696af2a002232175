import { useId, useState } from 'react';
import { formatDateTime } from '@hiram/shared/format/format';
import { t } from '../i18n/i18n';
import { Field } from '@hiram/shared/ui/Field';
import { FormDialog } from '../parts';
import { LINKS_KEY, saveLink, useLinks, useTemplates, type LinkForm, type LinkFunnelRow, type LinkKind, type LinkView } from './api';
import { CopyAddress } from './CopyAddress';
import { MarketingList } from './MarketingList';
import { useSave } from './useSave';

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

/** Adding (`item` null) or changing one link; its kind and code never change. */
function LinkDialog({ item: link, onClose, onSaved }: { item: LinkView | null; onClose: () => void; onSaved: () => void }) {
  const templateId = useId();
  const kindId = useId();
  const [form, setForm] = useState<LinkForm>(() => formOf(link));
  const { refused, busy, submit } = useSave(() => saveLink(link?.id ?? null, form), onSaved);
  const templates = useTemplates(1, TEMPLATE_CHOICES);
  const error = (name: keyof LinkForm) => (refused === name ? t('console.mkt.refused') : undefined);
  const set = (name: keyof LinkForm, value: string) => setForm({ ...form, [name]: value });

  return (
    <FormDialog title={link ? t('console.links.editTitle', { name: link.name }) : t('console.links.new')} submitLabel={t('console.mkt.save')} busy={busy} onClose={onClose} onSubmit={submit}>
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
        label={t('console.links.code')}
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
  const list = useLinks(page);

  return (
    <MarketingList
      titleId="c-links-title"
      title={t('console.section.links')}
      note={t('console.links.note')}
      newLabel={t('console.links.new')}
      list={list}
      queryKey={LINKS_KEY}
      onPage={setPage}
      itemOf={(row) => row.link}
      editLabel={(link) => t('console.links.editTitle', { name: link.name })}
      Dialog={LinkDialog}
      // Scrollable, so reachable by keyboard, should a language's headers not fit.
      scrolls
      columns={[
        {
          // The link with where it is shared and its page, so the table fits 1280 px.
          header: t('console.links.name'),
          cell: (row) => (
            <>
              {row.link.name}
              <div className="c-small">
                {t('console.links.userFrom')}: {row.link.userFrom} · {t('console.links.template')} #{row.link.templateId}
              </div>
              <div className="c-muted c-small">{formatDateTime(row.link.createdAt)}</div>
            </>
          ),
        },
        {
          header: t('console.links.code'),
          cell: (row) => (
            <>
              <code className="c-nowrap">{row.link.linksId ? `links_id=${row.link.linksId}` : `down_id=${row.link.downId}`}</code>
              {row.link.utmTag && (
                <div className="c-small c-muted">
                  {t('console.links.utmTag')}: {row.link.utmTag}
                </div>
              )}
            </>
          ),
        },
        { header: t('console.links.visits'), num: true, cell: (row) => row.visits },
        { header: t('console.links.clicks'), num: true, cell: (row) => row.clicks },
        { header: t('console.links.codesSent'), num: true, cell: (row) => row.codesSent },
        { header: t('console.links.registrations'), num: true, cell: (row) => row.registrations },
        { header: t('console.links.conversion'), num: true, cell: conversion },
        { header: t('console.mkt.address'), cell: (row) => <CopyAddress path={row.link.landingPath} /> },
      ]}
    />
  );
}
