// The copy to keep of an accepted loan (decision 089): the agreement and
// disclosure as stored when the borrower accepted, in English and
// Filipino, as a PDF the server makes. A plain link, so the phone's own
// download keeps the file; the session rides in its query as on every call.
import { API_PREFIX, sessionUrl } from '@hiram/shared/api/request';
import { getLocale, t } from '@hiram/shared/i18n/i18n';

export const COPY_PATH = '/v3/contract/loan-copy';

export function CopyToKeepLink({ orderId }: { orderId: string | number }) {
  const href = sessionUrl(`${API_PREFIX}${COPY_PATH}?orderId=${encodeURIComponent(String(orderId))}&lang=${getLocale()}`);
  return (
    <div className="app-buttons">
      <a className="h-btn h-btn--ghost h-btn--block" href={href} download>
        {t('copyToKeep.download')}
      </a>
      <p className="app-hint">{t('copyToKeep.hint')}</p>
    </div>
  );
}
