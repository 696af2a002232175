import { useId, useState, type FormEvent } from 'react';
import { formatDateTime, formatPhone } from '@hiram/shared/format/format';
import { t } from '../i18n/i18n';
import { useOutbox } from '../api';
import { EmptyRow, PageHead, RefreshButton } from '../parts';

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
      <div className="c-table-wrap">
        <table className="c-table" aria-labelledby="c-sms-title">
          <thead>
            <tr>
              <th scope="col">{t('console.col.when')}</th>
              <th scope="col">{t('console.col.phone')}</th>
              <th scope="col">{t('console.sms.delivery')}</th>
              <th scope="col">{t('console.sms.provider')}</th>
              <th scope="col">{t('console.col.status')}</th>
              <th scope="col">{t('console.sms.body')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <EmptyRow columns={6} loading={outbox.isFetching} />}
            {rows.map((row) => (
              <tr key={row.id}>
                <td className="c-nowrap">{formatDateTime(row.createdAt)}</td>
                <td className="c-nowrap">{formatPhone(row.phone)}</td>
                <td>{row.delivery}</td>
                <td>{row.provider}</td>
                <td>{row.status}</td>
                <td className="c-text">{row.body}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
