import { useState } from 'react';
import { t } from './texts';
import { Modal } from '@hiram/shared/ui/Modal';
import { showToast } from '@hiram/shared/ui/toastStore';
import { StarRating } from '../../components/StarRating';

/**
 * Rates customer care's answer (spec §4): tapping a star fills the stars up
 * to it, Send hands the score over, Cancel closes and forgets the stars.
 */
export function RatingModal({
  open,
  busy,
  onSend,
  onCancel,
}: {
  open: boolean;
  busy: boolean;
  onSend: (stars: number) => void;
  onCancel: () => void;
}) {
  const [stars, setStars] = useState(0);
  const cancel = () => {
    setStars(0);
    onCancel();
  };
  const send = () => {
    if (stars === 0) {
      showToast(t('rating.choose'));
      return;
    }
    onSend(stars);
  };
  return (
    <Modal
      open={open}
      title={t('complaint.rateTitle')}
      onClose={cancel}
      dismissible={false}
      actions={
        <>
          <button type="button" className="h-btn h-btn--ghost" onClick={cancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="h-btn" disabled={busy} onClick={send}>
            {t('complaint.send')}
          </button>
        </>
      }
    >
      <p>{t('complaint.rateText')}</p>
      <StarRating value={stars} onChange={setStars} />
    </Modal>
  );
}
