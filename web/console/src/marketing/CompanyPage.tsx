import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { t, type MessageKey } from '../i18n/i18n';
import { Field } from '@hiram/shared/ui/Field';
import { PageHead } from '../parts';
import { COMPANY_KEY, saveCompany, useCompany, type CompanyFields, type CompanyView } from './api';
import { useSave } from './useSave';

/** Each field, its label and rule, and the most the server keeps. */
const FIELDS: readonly { name: keyof CompanyFields; label: MessageKey; hint: MessageKey; max: number; type?: string }[] = [
  { name: 'corporateName', label: 'console.company.corporateName', hint: 'console.company.corporateNameHint', max: 120 },
  { name: 'tradeName', label: 'console.company.tradeName', hint: 'console.company.tradeNameHint', max: 40 },
  { name: 'secRegistrationNo', label: 'console.company.sec', hint: 'console.company.registrationHint', max: 40 },
  { name: 'certificateOfAuthorityNo', label: 'console.company.coa', hint: 'console.company.registrationHint', max: 40 },
  { name: 'address', label: 'console.company.address', hint: 'console.company.addressHint', max: 200 },
  { name: 'phone', label: 'console.company.phone', hint: 'console.company.phoneHint', max: 30, type: 'tel' },
  { name: 'email', label: 'console.company.email', hint: 'console.company.emailHint', max: 254, type: 'email' },
  { name: 'serviceHours', label: 'console.company.hours', hint: 'console.company.hoursHint', max: 80 },
  { name: 'whatsapp', label: 'console.company.whatsapp', hint: 'console.company.whatsappHint', max: 30, type: 'tel' },
];

function CompanyForm({ view, onSaved }: { view: CompanyView; onSaved: () => void }) {
  const [fields, setFields] = useState<CompanyFields>(view.details);
  const { refused, busy, submit } = useSave(() => saveCompany(fields), onSaved);

  return (
    <form className="c-card" onSubmit={submit} noValidate>
      {view.fromConfiguration && <p className="c-notice">{t('console.company.fromConfiguration')}</p>}
      <div className="c-form-grid">
        {FIELDS.map((field) => (
          <Field
            key={field.name}
            label={t(field.label)}
            hint={t(field.hint)}
            type={field.type ?? 'text'}
            maxLength={field.max}
            value={fields[field.name]}
            error={refused === field.name ? t('console.mkt.refused') : undefined}
            onChange={(e) => setFields({ ...fields, [field.name]: e.target.value })}
          />
        ))}
      </div>
      <button type="submit" className="h-btn c-btn" disabled={busy}>
        {t('console.mkt.save')}
      </button>
    </form>
  );
}

/** The company's details every public page, the customer-service pages and order details show. */
export function CompanyPage() {
  const queryClient = useQueryClient();
  const company = useCompany();
  return (
    <section className="c-page" aria-labelledby="c-company-title">
      <PageHead id="c-company-title" title={t('console.section.company')} />
      <p className="c-note">{t('console.company.note')}</p>
      {company.data ? (
        <CompanyForm key={JSON.stringify(company.data)} view={company.data} onSaved={() => void queryClient.invalidateQueries({ queryKey: [COMPANY_KEY] })} />
      ) : (
        <p className="c-muted">{company.isFetching ? t('common.loading') : t('console.empty')}</p>
      )}
    </section>
  );
}
