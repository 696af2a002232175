import { useState } from 'react';
import { t } from './texts';
import { Modal } from '@hiram/shared/ui/Modal';
import { showToast } from '@hiram/shared/ui/toastStore';
import { StarRating } from '../../components/StarRating';

/** From this many stars the borrower is sent to the store's rate prompt (spec §4). */
export const STORE_RATING_FROM = 4;

interface NoticeProps {
  open: boolean;
  title: string;
  message: string;
  onClose: () => void;
  /** It answers what the borrower just did (the rating result): see Modal's `outcome`. */
  outcome?: boolean;
}

/** A message with one OK button: Kind tips, the withdraw reminder, the rating result. */
export function NoticePopup({ open, title, message, onClose, outcome = false }: NoticeProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      outcome={outcome}
      actions={
        <button type="button" className="h-btn" onClick={onClose}>
          {t('common.ok')}
        </button>
      }
    >
      <p className="app-pre">{message}</p>
    </Modal>
  );
}

interface RatingProps {
  open: boolean;
  onClose: () => void;
  /** Called with 1..5 once the borrower submits a rating. */
  onRated: (stars: number) => void;
}

export function RatingPopup({ open, onClose, onRated }: RatingProps) {
  const [stars, setStars] = useState(0);
  const submit = () => {
    if (stars === 0) {
      showToast(t('rating.choose'));
      return;
    }
    onRated(stars);
  };
  return (
    <Modal
      open={open}
      title={t('rating.title')}
      onClose={onClose}
      actions={
        <button type="button" className="h-btn" onClick={submit}>
          {t('rating.submit')}
        </button>
      }
    >
      <p>{t('rating.text')}</p>
      <StarRating value={stars} onChange={setStars} />
    </Modal>
  );
}
