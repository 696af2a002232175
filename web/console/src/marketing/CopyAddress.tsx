import { copyText } from '@hiram/shared/clipboard/copy';
import { t } from '../i18n/i18n';

/** The full address of a page of this site, with a button that copies it. */
export function CopyAddress({ path }: { path: string }) {
  const address = `${window.location.origin}${path}`;
  return (
    <span className="c-url">
      <code>{address}</code>
      <button
        type="button"
        className="h-btn h-btn--ghost c-btn"
        aria-label={t('console.mkt.copyAddress', { address })}
        onClick={() => void copyText(address)}
      >
        {t('common.copy')}
      </button>
    </span>
  );
}
