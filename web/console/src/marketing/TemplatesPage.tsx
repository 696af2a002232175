import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { t } from '../i18n/i18n';
import { Field } from '@hiram/shared/ui/Field';
import { showToast } from '@hiram/shared/ui/toastStore';
import { EmptyRow, FormDialog, PageHead, Pager, RefreshButton } from '../parts';
import { saveTemplate, TEMPLATES_KEY, useTemplates, type TemplateForm, type TemplateRow } from './api';
import { CopyAddress } from './CopyAddress';
import { refusedField } from '../refusal';

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

/** Adding (`template` null) or changing one template. */
function TemplateDialog({ template, onClose, onSaved }: { template: TemplateRow | null; onClose: () => void; onSaved: () => void }) {
  const [form, setForm] = useState<TemplateForm>(() => (template ? formOf(template) : EMPTY));
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await saveTemplate(template?.id ?? null, form);
    setBusy(false);
    if (!result.success) {
      setRefused(refusedField(result));
      return;
    }
    showToast(t('console.mkt.saved'));
    onSaved();
  }

  return (
    <FormDialog title={template ? t('console.templates.editTitle', { id: template.id }) : t('console.templates.new')} submitLabel={t('console.mkt.save')} busy={busy} onClose={onClose} onSubmit={(e) => void submit(e)}>
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
  const [editing, setEditing] = useState<TemplateRow | 'new' | null>(null);
  const queryClient = useQueryClient();
  const list = useTemplates(page);
  const changed = () => void queryClient.invalidateQueries({ queryKey: [TEMPLATES_KEY] });
  const rows = list.data?.rows ?? [];

  return (
    <section className="c-page" aria-labelledby="c-templates-title">
      <PageHead id="c-templates-title" title={t('console.section.templates')}>
        <RefreshButton onClick={() => void list.refetch()} loading={list.isFetching} />
        <button type="button" className="h-btn c-btn" onClick={() => setEditing('new')}>
          {t('console.templates.new')}
        </button>
      </PageHead>
      <p className="c-note">{t('console.templates.note')}</p>
      <div className="c-table-wrap">
        <table className="c-table" aria-labelledby="c-templates-title">
          <thead>
            <tr>
              <th scope="col">{t('console.col.id')}</th>
              <th scope="col">{t('console.templates.appName')}</th>
              <th scope="col">{t('console.templates.headline')}</th>
              <th scope="col">{t('console.templates.themeColor')}</th>
              <th scope="col">{t('console.col.status')}</th>
              <th scope="col">{t('console.mkt.address')}</th>
              <th scope="col">{t('console.col.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <EmptyRow columns={7} loading={list.isFetching} />}
            {rows.map((row) => (
              <tr key={row.id}>
                <td>#{row.id}</td>
                <td>{row.appName}</td>
                <td className="c-text">{row.headline}</td>
                <td className="c-nowrap">
                  <span className="c-swatch" style={{ background: row.themeColor }} aria-hidden="true" />
                  <code>{row.themeColor}</code>
                </td>
                <td>{row.active ? t('console.templates.isActive') : t('console.templates.isInactive')}</td>
                <td>
                  <CopyAddress path={row.landingPath} />
                </td>
                <td>
                  <button
                    type="button"
                    className="h-btn h-btn--ghost c-btn"
                    aria-label={t('console.templates.editTitle', { id: row.id })}
                    onClick={() => setEditing(row)}
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
        <Pager page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} label={t('console.section.templates')} />
      )}
      {editing && (
        <TemplateDialog
          template={editing === 'new' ? null : editing}
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
