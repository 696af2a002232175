import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { callNative } from '@hiram/shared/bridge/bridge';
import { t } from './texts';
import { fillProductId, withCarriedQuery } from '@hiram/shared/query/pageQuery';
import { showToast } from '@hiram/shared/ui/toastStore';
import { FormItemField } from '../../components/form/FormItemField';
import { refusedField } from '../../components/form/formItem';
import { PageHeader } from '../../components/PageHeader';
import { prefetchForArrival } from '../../lib/arrival';
import { bindCard } from './api/bindCard';
import { bankFormQuery, useBankForm, type BankForm } from './api/getBankForm';
import { bindPath, cardTypeItem, initialCardType, LOAN_DETAIL_SOURCE, shownItems, submission } from './bankForm';

interface FormProps {
  form: BankForm;
  productId: string;
  source: string;
  /** The page's own query, carried to the order page. */
  search: URLSearchParams;
}

function BindForm({ form, productId, source, search }: FormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tabs = cardTypeItem(form.items);
  const [cardType, setCardType] = useState(() => initialCardType(form.items));
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(form.items.map((item) => [item.code, item.value])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const items = shownItems(form.items, cardType);

  const chooseTab = (type: string) => {
    setCardType(type);
    setErrors({});
  };

  const change = (code: string, value: string) => {
    setValues((prev) => ({ ...prev, [code]: value }));
    if (errors[code]) {
      setErrors((prev) => {
        const rest = { ...prev };
        delete rest[code];
        return rest;
      });
    }
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const controls = e.currentTarget.elements;
    setBusy(true);
    setErrors({});
    const bound = await bindCard(bindPath(source, form.current), submission(form.items, values, cardType, productId));
    if (!bound.success) {
      setBusy(false);
      // The refusal is shown beside the field it names; what was entered stays.
      const field = refusedField(bound);
      if (field && items.some((item) => item.code === field)) {
        setErrors({ [field]: bound.message || t('error.server') });
        const control = controls.namedItem(field);
        if (control instanceof HTMLElement) control.focus();
      } else {
        showToast(bound.message || t('error.server'));
      }
      return;
    }
    if (bound.data && 'message' in bound.data && bound.data.message) showToast(bound.data.message, undefined, { keepOnNavigation: true });
    // A loan that waited for an account has just been sent: what other pages
    // fetched about orders is out of date.
    queryClient.removeQueries({ type: 'inactive' });
    await callNative('endBank', {});
    if (source === LOAN_DETAIL_SOURCE) {
      void navigate(withCarriedQuery(`/loanDetails?${search.toString()}`, { source: LOAN_DETAIL_SOURCE }), { replace: true });
    } else {
      void callNative('closeWebview', {});
    }
  };

  return (
    <main className="app-main app-stack">
      {form.current && (
        <p className="app-notice" data-testid="current-account">
          {t('bindBank.current', { account: form.current })}
        </p>
      )}
      {tabs && (
        <div className="app-tabs" role="tablist" aria-label={tabs.title}>
          {tabs.note.map((option) => (
            <button
              key={option.type}
              type="button"
              role="tab"
              aria-selected={cardType === option.type}
              className="app-tab"
              onClick={() => chooseTab(option.type)}
            >
              {option.name}
            </button>
          ))}
        </div>
      )}
      <form className="h-card" noValidate onSubmit={(e) => void submit(e)}>
        {items.map((item) => (
          <FormItemField
            key={item.code}
            item={item}
            value={values[item.code] ?? ''}
            error={errors[item.code]}
            digitsOnly
            onChange={(value) => change(item.code, value)}
          />
        ))}
        <p className="app-hint">{t('bindBank.ownAccount')}</p>
        <button type="submit" className="h-btn h-btn--block" disabled={busy}>
          {t('bindBank.next')}
        </button>
      </form>
    </main>
  );
}

/** The start-up's call for this page (start.ts). */
export function prefetch(client: QueryClient, search: URLSearchParams) {
  return prefetchForArrival(client, bankFormQuery(fillProductId(search).get('productId') ?? ''));
}

/**
 * Bind bank (spec §2 "Payment account information"): the server's form with
 * card-type tabs. Opening it starts the native bank session; a binding ends
 * it and closes the web view, or from order details goes back to the order.
 */
export default function BindBankPage() {
  const [search] = useSearchParams();
  const productId = fillProductId(search).get('productId') ?? '';
  const source = search.get('source') ?? '';
  const { data: result } = useBankForm(productId);
  const form = result?.success ? result.data : null;

  // Once per page, even when React runs effects twice in development.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void callNative('startBank', source ? { productId, source } : { productId });
  }, [productId, source]);

  return (
    <>
      <PageHeader title={t('page.bindBank')} />
      {form && <BindForm form={form} productId={productId} source={source} search={search} />}
    </>
  );
}
