import { useSearchParams } from 'react-router';
import { formatDay } from '@hiram/shared/format/format';
import { t } from './texts';
import { CopyToKeepLink } from '../../components/CopyToKeepLink';
import { LoanDocument } from '../../components/LoanDocument';
import { PageHeader } from '../../components/PageHeader';
import { useAgreementDetail, type DocKind } from './api/getAgreementDetail';

/** /loanAgreement?orderId=&doc=agreement|disclosure */
export default function LoanAgreementPage() {
  const [search] = useSearchParams();
  const orderId = search.get('orderId') ?? '';
  const doc: DocKind = search.get('doc') === 'disclosure' ? 'disclosure' : 'agreement';
  const { data: result } = useAgreementDetail(orderId, doc);
  const view = result?.success ? result.data : null;

  const title = view?.title || t(doc === 'disclosure' ? 'agreement.disclosure' : 'page.loanAgreement');
  return (
    <>
      <PageHeader title={title} />
      {view && (
        <main className="app-main app-prose">
          <article>
            {view.accepted && <p className="app-muted">{t('agreement.acceptedAt', { at: formatDay(view.acceptedAt) })}</p>}
            {view.accepted && <CopyToKeepLink orderId={orderId} />}
            <LoanDocument doc={view} title={title} />
          </article>
        </main>
      )}
    </>
  );
}
