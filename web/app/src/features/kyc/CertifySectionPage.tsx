import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { t } from './texts';
import { showToast } from '@hiram/shared/ui/toastStore';
import { FormItemField } from '../../components/form/FormItemField';
import { refusedField } from '../../components/form/formItem';
import { PageHeader } from '../../components/PageHeader';
import { appLink } from '../../lib/links';
import { CERTIFY_LIST_KEY, getCertifyList } from './api/getCertifyList';
import { useCities } from './api/getCities';
import { uploadIdentityPhoto } from './api/uploadIdentityPhoto';
import { isSectionKey, missingRequired, returnQuery, SECTION_KEYS, type SectionKey } from './form';
import { SECTION_CALLS } from './sections';

/** Where to go after saving `current`: the next open section, else back to apply. */
async function nextStep(current: SectionKey): Promise<string | null> {
  const result = await getCertifyList({ silent: true });
  const list = result.success ? result.data : null;
  if (!list) {
    const i = SECTION_KEYS.indexOf(current);
    return i + 1 < SECTION_KEYS.length ? `/certify/${SECTION_KEYS[i + 1]}` : '/certify';
  }
  if (list.complete) return null;
  const order = list.sections.map((s) => s.key);
  const after = order.slice(order.indexOf(current) + 1).concat(order);
  const open = after.find((key) => list.sections.find((s) => s.key === key && !s.done));
  return open ? `/certify/${open}` : '/certify';
}

function SectionForm({ section }: { section: SectionKey }) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const back = returnQuery(search);
  const { data: result } = useQuery({
    queryKey: ['certify-form', section],
    queryFn: SECTION_CALLS[section].load,
    staleTime: 0,
  });
  const form = result?.success ? result.data : null;
  const items = form?.items ?? [];
  const { data: cities = [] } = useCities(items.some((item) => item.cate === 'city'));
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const values: Record<string, string> = {};
  for (const item of items) values[item.code] = edits[item.code] ?? item.value;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy || !form) return;
    const controls = e.currentTarget.elements;
    const focus = (code: string) => {
      const control = controls.namedItem(code);
      if (control instanceof HTMLElement) control.focus();
    };
    const missing = missingRequired(items, values);
    setErrors(missing);
    const firstBad = items.find((item) => missing[item.code]);
    if (firstBad) {
      focus(firstBad.code);
      return;
    }
    setBusy(true);
    const saved = await SECTION_CALLS[section].save(values);
    if (!saved.success) {
      setBusy(false);
      const field = refusedField(saved);
      // The refusal sits beside the field it names; what was entered stays.
      if (field && items.some((item) => item.code === field)) {
        setErrors({ [field]: saved.message || t('error.server') });
        focus(field);
      } else {
        showToast(saved.message || t('error.server'));
      }
      return;
    }
    void queryClient.invalidateQueries({ queryKey: CERTIFY_LIST_KEY });
    void queryClient.invalidateQueries({ queryKey: ['certify-form', section] });
    const next = await nextStep(section);
    setBusy(false);
    if (next) void navigate(appLink(next, back));
    else void navigate(back.productId ? appLink('/productDetail', back) : appLink('/certify'));
  };

  if (!form) return null;
  return (
    <main className="app-main">
      <form className="h-card" noValidate onSubmit={(e) => void submit(e)}>
        <h2 className="app-section-title">{form.title}</h2>
        {items.map((item) => (
          <FormItemField
            key={item.code}
            item={item}
            value={values[item.code] ?? ''}
            error={errors[item.code]}
            cities={cities}
            uploadPhoto={uploadIdentityPhoto}
            onChange={(value) => {
              setEdits((prev) => ({ ...prev, [item.code]: value }));
              if (errors[item.code]) {
                setErrors((prev) => {
                  const rest = { ...prev };
                  delete rest[item.code];
                  return rest;
                });
              }
            }}
          />
        ))}
        <button type="submit" className="h-btn h-btn--block" disabled={busy}>
          {t('certify.save')}
        </button>
      </form>
    </main>
  );
}

/** One KYC section (/certify/basic, /personal, /job, /ext). */
export default function CertifySectionPage() {
  const { section } = useParams();
  return (
    <>
      <PageHeader title={t('page.certify')} />
      {isSectionKey(section) ? <SectionForm key={section} section={section} /> : <p className="app-main">{t('notFound.body')}</p>}
    </>
  );
}
