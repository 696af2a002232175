import { useState } from 'react';
import { formatDateTime } from '@hiram/shared/format/format';
import { t } from '../i18n/i18n';
import { Field } from '@hiram/shared/ui/Field';
import { FormDialog } from '../parts';
import { BANNERS_KEY, saveBanner, useBanners, type BannerForm, type BannerRow } from './api';
import { fromManilaInput, toManilaInput } from './manilaTime';
import { MarketingList } from './MarketingList';
import { useSave } from './useSave';

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

/** Adding (`item` null) or changing one banner. */
function BannerDialog({ item: banner, onClose, onSaved }: { item: BannerRow | null; onClose: () => void; onSaved: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(banner));
  const { refused, busy, submit } = useSave(() => saveBanner(banner?.id ?? null, formOf(draft)), onSaved);
  const error = (field: string) => (refused === field ? t('console.mkt.refused') : undefined);
  const set = (name: keyof Draft, value: string) => setDraft({ ...draft, [name]: value });

  return (
    <FormDialog title={banner ? t('console.banners.editTitle', { id: banner.id }) : t('console.banners.new')} submitLabel={t('console.mkt.save')} busy={busy} onClose={onClose} onSubmit={submit}>
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
  const list = useBanners(page);

  return (
    <MarketingList
      titleId="c-banners-title"
      title={t('console.section.banners')}
      note={t('console.banners.note')}
      newLabel={t('console.banners.new')}
      list={list}
      queryKey={BANNERS_KEY}
      onPage={setPage}
      itemOf={(row) => row}
      editLabel={(banner) => t('console.banners.editTitle', { id: banner.id })}
      Dialog={BannerDialog}
      columns={[
        { header: t('console.banners.position'), num: true, cell: (row) => row.position },
        { header: t('console.banners.text'), className: 'c-text', cell: (row) => row.text },
        { header: t('console.banners.link'), cell: (row) => row.link && <code>{row.link}</code> },
        { header: t('console.banners.from'), className: 'c-nowrap', cell: (row) => (row.showsFrom ? formatDateTime(row.showsFrom) : t('console.banners.always')) },
        { header: t('console.banners.until'), className: 'c-nowrap', cell: (row) => (row.showsUntil ? formatDateTime(row.showsUntil) : t('console.banners.noEnd')) },
        { header: t('console.col.status'), cell: (row) => (row.showing ? t('console.banners.showing') : t('console.banners.notShowing')) },
      ]}
    />
  );
}
