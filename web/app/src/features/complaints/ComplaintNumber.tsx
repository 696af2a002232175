import { copyText } from '@hiram/shared/clipboard/copy';
import { t } from './texts';

/**
 * A complaint's number (`HC-0001234`), labelled, with Copy: what the
 * borrower gives whenever they contact us or the regulator about it.
 */
export function ComplaintNumber({ reference, hint = false }: { reference: string; hint?: boolean }) {
  if (!reference) return null;
  return (
    <div className="app-complaint-number">
      <dl>
        <div className="app-row">
          <dt>{t('complaint.number')}</dt>
          <dd>
            <strong>{reference}</strong>
          </dd>
        </div>
      </dl>
      <button type="button" className="h-link-btn" onClick={() => void copyText(reference)}>
        {t('common.copy')}
      </button>
      {hint && <p className="app-small app-muted">{t('complaint.numberKeep')}</p>}
    </div>
  );
}
