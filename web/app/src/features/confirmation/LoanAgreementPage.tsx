import { useSearchParams } from 'react-router';
import { formatMoney } from '@hiram/shared/format/format';
import { t } from '@hiram/shared/i18n/i18n';
import { PageHeader } from '../../components/PageHeader';
import { useAgreementDetail, type DisclosureStatement, type DocKind } from './api/getAgreementDetail';

function Disclosure({ statement }: { statement: DisclosureStatement }) {
  return (
    <>
      <table className="app-table">
        <caption className="app-visually-hidden">{t('agreement.disclosure')}</caption>
        <tbody>
          {statement.rows.map((row, i) => (
            <tr key={`${row.label}-${i}`}>
              <th scope="row">{row.label}</th>
              <td>{typeof row.value === 'number' ? formatMoney(row.value) : row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {statement.schedule.length > 0 && (
        <table className="app-table">
          <caption>{t('agreement.schedule')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('agreement.number')}</th>
              <th scope="col">{t('agreement.dueDate')}</th>
              <th scope="col">{t('agreement.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {statement.schedule.map((row) => (
              <tr key={row.number}>
                <td>{row.number}</td>
                <td>{row.dueDate}</td>
                <td>{formatMoney(row.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** /loanAgreement?orderId=&doc=agreement|disclosure */
export default function LoanAgreementPage() {
  const [search] = useSearchParams();
  const orderId = search.get('orderId') ?? '';
  const doc: DocKind = search.get('doc') === 'disclosure' ? 'disclosure' : 'agreement';
  const { data: result } = useAgreementDetail(orderId, doc);
  const view = result?.success ? result.data : null;

  return (
    <>
      <PageHeader title={view?.title || t(doc === 'disclosure' ? 'agreement.disclosure' : 'page.loanAgreement')} />
      {view && (
        <main className="app-main app-prose">
          <article>
            {view.accepted && <p className="app-muted">{t('agreement.acceptedAt', { at: view.acceptedAt })}</p>}
            {view.disclosure && <Disclosure statement={view.disclosure} />}
            {view.sections.map((section, i) => (
              <section key={i}>
                {section.heading && <h2>{section.heading}</h2>}
                {section.paragraphs.map((p, j) => (
                  <p key={j}>{p}</p>
                ))}
              </section>
            ))}
          </article>
        </main>
      )}
    </>
  );
}
