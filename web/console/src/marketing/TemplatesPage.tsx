import { useState } from 'react';
import { t } from '../i18n/i18n';
import { Field } from '@hiram/shared/ui/Field';
import { FormDialog } from '../parts';
import { saveTemplate, TEMPLATES_KEY, useTemplates, type TemplateForm, type TemplateRow } from './api';
import { CopyAddress } from './CopyAddress';
import { MarketingList } from './MarketingList';
import { useSave } from './useSave';

/** Limits the server holds the fields to (hiram_domain::promotion); a Filipino text has its English one's. */
const MAX = { appName: 40, headline: 120, subheadline: 240, buttonText: 30, url: 500 } as const;

const EMPTY: TemplateForm = {
  appName: '',
  headline: '',
  subheadline: '',
  buttonText: '',
  headlineFil: '',
  subheadlineFil: '',
  buttonTextFil: '',
  themeColor: '#A94AFF',
  downloadAndroidUrl: '',
  downloadIosUrl: '',
  active: true,
};

type TextField = Exclude<keyof TemplateForm, 'active'>;

function formOf(row: TemplateRow): TemplateForm {
  const { appName, headline, subheadline, buttonText, headlineFil, subheadlineFil, buttonTextFil } = row;
  const { themeColor, downloadAndroidUrl, downloadIosUrl, active } = row;
  return { appName, headline, subheadline, buttonText, headlineFil, subheadlineFil, buttonTextFil, themeColor, downloadAndroidUrl, downloadIosUrl, active };
}

/** Adding (`item` null) or changing one template. */
function TemplateDialog({ item: template, onClose, onSaved }: { item: TemplateRow | null; onClose: () => void; onSaved: () => void }) {
  const [form, setForm] = useState<TemplateForm>(() => (template ? formOf(template) : EMPTY));
  const { refused, busy, submit } = useSave(() => saveTemplate(template?.id ?? null, form), onSaved);

  const text = (name: TextField, label: string, hint: string, maxLength: number) => (
    <Field
      label={label}
      hint={hint}
      maxLength={maxLength}
      value={form[name]}
      error={refused === name ? t('console.mkt.refused') : undefined}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
    />
  );

  return (
    <FormDialog title={template ? t('console.templates.editTitle', { id: template.id }) : t('console.templates.new')} submitLabel={t('console.mkt.save')} busy={busy} onClose={onClose} onSubmit={submit}>
      {text('appName', t('console.templates.appName'), t('console.templates.appNameHint'), MAX.appName)}
      {text('headline', t('console.templates.headline'), t('console.mkt.chars', { min: 1, max: MAX.headline }), MAX.headline)}
      {text('headlineFil', t('console.templates.headlineFil'), t('console.templates.filHint', { max: MAX.headline }), MAX.headline)}
      {text('subheadline', t('console.templates.subheadline'), t('console.mkt.upTo', { max: MAX.subheadline }), MAX.subheadline)}
      {text('subheadlineFil', t('console.templates.subheadlineFil'), t('console.templates.filHint', { max: MAX.subheadline }), MAX.subheadline)}
      {text('buttonText', t('console.templates.buttonText'), t('console.mkt.chars', { min: 1, max: MAX.buttonText }), MAX.buttonText)}
      {text('buttonTextFil', t('console.templates.buttonTextFil'), t('console.templates.filHint', { max: MAX.buttonText }), MAX.buttonText)}
      {text('themeColor', t('console.templates.themeColor'), t('console.templates.themeColorHint'), 7)}
      {text('downloadAndroidUrl', t('console.templates.android'), t('console.mkt.httpsHint'), MAX.url)}
      {text('downloadIosUrl', t('console.templates.ios'), t('console.mkt.httpsHint'), MAX.url)}
      <label className="c-check">
        <input type="checkbox" checked={form.active} onChange={(e) => setForm({ ...form, active: e.target.checked })} />
        {t('console.templates.active')}
      </label>
    </FormDialog>
  );
}

/** The promotion page's configurations, each opened by the `id` of a campaign link. */
export function TemplatesPage() {
  const [page, setPage] = useState(1);
  const list = useTemplates(page);

  return (
    <MarketingList
      titleId="c-templates-title"
      title={t('console.section.templates')}
      note={t('console.templates.note')}
      newLabel={t('console.templates.new')}
      list={list}
      queryKey={TEMPLATES_KEY}
      onPage={setPage}
      itemOf={(row) => row}
      editLabel={(template) => t('console.templates.editTitle', { id: template.id })}
      Dialog={TemplateDialog}
      columns={[
        { header: t('console.col.id'), cell: (row) => `#${row.id}` },
        { header: t('console.templates.appName'), cell: (row) => row.appName },
        { header: t('console.templates.headline'), className: 'c-text', cell: (row) => row.headline },
        {
          header: t('console.templates.themeColor'),
          className: 'c-nowrap',
          cell: (row) => (
            <>
              <span className="c-swatch" style={{ background: row.themeColor }} aria-hidden="true" />
              <code>{row.themeColor}</code>
            </>
          ),
        },
        { header: t('console.col.status'), cell: (row) => (row.active ? t('console.templates.isActive') : t('console.templates.isInactive')) },
        { header: t('console.mkt.address'), cell: (row) => <CopyAddress path={row.landingPath} /> },
      ]}
    />
  );
}
