import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatDateTime } from '@hiram/shared/format/format';
import { t } from '../i18n/i18n';
import { Field } from '@hiram/shared/ui/Field';
import { showToast } from '@hiram/shared/ui/toastStore';
import { EmptyRow, FormDialog, PageHead, Pager, RefreshButton } from '../parts';
import { BANNERS_KEY, saveBanner, useBanners, type BannerForm, type BannerRow } from './api';
import { fromManilaInput, toManilaInput } from './manilaTime';
import { refusedField } from '../refusal';

const MAX_TEXT = 140;

/** The dialog's fields; times as Manila datetime-local values. */
interface Draft {
  text: string;
  link: string;
  from: string;
  until: string;
  position: string;
}

function draftOf(banner: BannerRow | null): Draft {
  return {
    text: banner?.text ?? '',
    link: banner?.link ?? '',
    from: toManilaInput(banner?.showsFrom),
    until: toManilaInput(banner?.showsUntil),
    position: String(banner?.position ?? 0),
  };
}

function formOf(draft: Draft): BannerForm {
  return {
    text: draft.text,
    link: draft.link,
    showsFrom: fromManilaInput(draft.from),
    showsUntil: fromManilaInput(draft.until),
    position: draft.position,
  };
}

/** Adding (`banner` null) or changing one banner. */
function BannerDialog({ banner, onClose, onSaved }: { banner: BannerRow | null; onClose: () => void; onSaved: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(banner));
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const error = (field: string) => (refused === field ? t('console.mkt.refused') : undefined);
  const set = (name: keyof Draft, value: string) => setDraft({ ...draft, [name]: value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await saveBanner(banner?.id ?? null, formOf(draft));
    setBusy(false);
    if (!result.success) {
      setRefused(refusedField(result));
      return;
    }
    showToast(t('console.mkt.saved'));
    onSaved();
  }

  return (
    <FormDialog title={banner ? t('console.banners.editTitle', { id: banner.id }) : t('console.banners.new')} submitLabel={t('console.mkt.save')} busy={busy} onClose={onClose} onSubmit={(e) => void submit(e)}>
      <Field label={t('console.banners.text')} hint={t('console.banners.textHint', { max: MAX_TEXT })} maxLength={MAX_TEXT} value={draft.text} error={error('text')} onChange={(e) => set('text', e.target.value)} />
      <Field label={t('console.banners.link')} hint={t('console.banners.linkHint')} maxLength={500} value={draft.link} error={error('link')} onChange={(e) => set('link', e.target.value)} />
      <Field label={t('console.banners.from')} hint={t('console.banners.fromHint')} type="datetime-local" value={draft.from} error={error('showsFrom')} onChange={(e) => set('from', e.target.value)} />
      <Field label={t('console.banners.until')} hint={t('console.banners.untilHint')} type="datetime-local" value={draft.until} error={error('showsUntil')} onChange={(e) => set('until', e.target.value)} />
      <Field label={t('console.banners.position')} hint={t('console.banners.positionHint')} inputMode="numeric" value={draft.position} error={error('position')} onChange={(e) => set('position', e.target.value.replace(/\D/g, '').slice(0, 3))} />
    </FormDialog>
  );
}

/** The banners of the marketing site's carousel: what shows, from when, until when, in which order. */
export function BannersPage() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<BannerRow | 'new' | null>(null);
  const queryClient = useQueryClient();
  const list = useBanners(page);
  const changed = () => void queryClient.invalidateQueries({ queryKey: [BANNERS_KEY] });
  const rows = list.data?.rows ?? [];

  return (
    <section className="c-page" aria-labelledby="c-banners-title">
      <PageHead id="c-banners-title" title={t('console.section.banners')}>
        <RefreshButton onClick={() => void list.refetch()} loading={list.isFetching} />
        <button type="button" className="h-btn c-btn" onClick={() => setEditing('new')}>
          {t('console.banners.new')}
        </button>
      </PageHead>
      <p className="c-note">{t('console.banners.note')}</p>
      <div className="c-table-wrap">
        <table className="c-table" aria-labelledby="c-banners-title">
          <thead>
            <tr>
              <th scope="col" className="c-num">{t('console.banners.position')}</th>
              <th scope="col">{t('console.banners.text')}</th>
              <th scope="col">{t('console.banners.link')}</th>
              <th scope="col">{t('console.banners.from')}</th>
              <th scope="col">{t('console.banners.until')}</th>
              <th scope="col">{t('console.col.status')}</th>
              <th scope="col">{t('console.col.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <EmptyRow columns={7} loading={list.isFetching} />}
            {rows.map((row) => (
              <tr key={row.id}>
                <td className="c-num">{row.position}</td>
                <td className="c-text">{row.text}</td>
                <td>{row.link && <code>{row.link}</code>}</td>
                <td className="c-nowrap">{row.showsFrom ? formatDateTime(row.showsFrom) : t('console.banners.always')}</td>
                <td className="c-nowrap">{row.showsUntil ? formatDateTime(row.showsUntil) : t('console.banners.noEnd')}</td>
                <td>{row.showing ? t('console.banners.showing') : t('console.banners.notShowing')}</td>
                <td>
                  <button
                    type="button"
                    className="h-btn h-btn--ghost c-btn"
                    aria-label={t('console.banners.editTitle', { id: row.id })}
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
        <Pager page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} label={t('console.section.banners')} />
      )}
      {editing && (
        <BannerDialog
          banner={editing === 'new' ? null : editing}
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
