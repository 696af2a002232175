import type { ReactNode } from 'react';
import { formatPhone, formatServiceHours } from '@hiram/shared/format/format';
import { t } from './texts';
import { PageHeader } from '../../components/PageHeader';
import { useContacts } from './api/getContacts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="app-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** wa.me wants the international number without "+". */
function whatsappLink(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  if (digits.length < 10) return null;
  return `https://wa.me/${digits.startsWith('0') ? `63${digits.slice(1)}` : digits}`;
}

export default function CustomerServicePage() {
  const contacts = useContacts();
  const wa = contacts ? whatsappLink(contacts.online) : null;
  return (
    <>
      <PageHeader title={t('page.customerService')} />
      <main className="app-main">
        <p>{t('cs.intro')}</p>
        {contacts && (
          <dl className="h-card">
            {contacts.online && (
              <Row label={t('cs.online')}>
                {/* noreferrer: the page address carries the session (decision 003). */}
                {wa ? (
                  <a href={wa} rel="noreferrer noopener" target="_blank">
                    {formatPhone(contacts.online)}
                  </a>
                ) : (
                  formatPhone(contacts.online)
                )}
              </Row>
            )}
            {contacts.email && (
              <Row label={t('cs.email')}>
                <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
              </Row>
            )}
            {contacts.phone && (
              <Row label={t('cs.phone')}>
                <a href={`tel:${contacts.phone.replace(/[^\d+]/g, '')}`}>{formatPhone(contacts.phone)}</a>
              </Row>
            )}
            {contacts.hours && <Row label={t('cs.hours')}>{formatServiceHours(contacts.hours)}</Row>}
          </dl>
        )}
      </main>
    </>
  );
}
