import { useId, useState, type FormEvent } from 'react';
import { formatDateTime } from '@hiram/shared/format/format';
import { t } from '../i18n/i18n';
import { useOutbox } from '../api';
import { PageHead, RefreshButton } from '../parts';
import { maskedPhone } from '../phone';
import { DataTable } from '../table';

const LIMIT = 50;

/** The newest text messages the server sent or queued, newest first; optionally one number's. */
export function SmsOutboxPage() {
  const phoneId = useId();
  const [typed, setTyped] = useState('');
  const [phone, setPhone] = useState('');
  const outbox = useOutbox(phone, LIMIT);
  // The server lists them oldest first.
  const rows = [...(outbox.data ?? [])].sort((a, b) => b.id - a.id);

  function search(event: FormEvent) {
    event.preventDefault();
    if (typed.trim() === phone) void outbox.refetch();
    else setPhone(typed.trim());
  }

  return (
    <section className="c-page" aria-labelledby="c-sms-title">
      <PageHead id="c-sms-title" title={t('console.section.sms')}>
        <form className="c-inline-form" onSubmit={search} role="search">
          <label htmlFor={phoneId}>{t('console.sms.phone')}</label>
          <input
            id={phoneId}
            className="h-input c-input"
            type="tel"
            placeholder="0917 123 4567"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          <button type="submit" className="h-btn c-btn">
            {t('console.sms.show')}
          </button>
        </form>
        <RefreshButton onClick={() => void outbox.refetch()} loading={outbox.isFetching} />
      </PageHead>
      <DataTable
        labelledBy="c-sms-title"
        rows={rows}
        rowKey={(row) => row.id}
        loading={outbox.isFetching}
        columns={[
          { header: t('console.col.when'), className: 'c-nowrap', cell: (row) => formatDateTime(row.createdAt) },
          { header: t('console.col.phone'), className: 'c-nowrap', cell: (row) => maskedPhone(row.phone) },
          { header: t('console.sms.delivery'), cell: (row) => row.delivery },
          { header: t('console.sms.provider'), cell: (row) => row.provider },
          { header: t('console.col.status'), cell: (row) => row.status },
          { header: t('console.sms.body'), className: 'c-text', cell: (row) => row.body },
        ]}
      />
    </section>
  );
}
