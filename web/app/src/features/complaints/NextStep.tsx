import { formatDay } from '@hiram/shared/format/format';
import { t } from './texts';
import { Modal } from '@hiram/shared/ui/Modal';

/** The regulator's channel as the operator configured it (RA 11765: the SEC), with its contact when given. */
export function Regulator({ text, contact }: { text: string; contact: string }) {
  if (!text) return null;
  return (
    <>
      <p>{text}</p>
      {contact && (
        <p>
          <strong>{t('complaint.regulatorContact')}:</strong> <span className="app-pre app-break">{contact}</span>
        </p>
      )}
    </>
  );
}

/**
 * What follows a rating of 1 or 2 stars on the complaint's page, for as long
 * as it holds: a call back to ask for (once), or the one asked for and by
 * when, and the regulator's channel.
 */
export function NextStep({
  canRequestCallback,
  callbackRequestedOn,
  callbackDueOn,
  regulator,
  regulatorContact,
  busy,
  onCallBack,
}: {
  canRequestCallback: boolean;
  callbackRequestedOn: string;
  callbackDueOn: string;
  regulator: string;
  regulatorContact: string;
  busy: boolean;
  onCallBack: () => void;
}) {
  if (!canRequestCallback && !callbackRequestedOn && !regulator) return null;
  return (
    <section className="h-card app-next-step" aria-labelledby="complaint-next-step">
      <h2 id="complaint-next-step" className="app-section-title">
        {t('complaint.nextStep')}
      </h2>
      {canRequestCallback && (
        <>
          <p>{t('complaint.sorryText')}</p>
          <button type="button" className="h-btn h-btn--block" disabled={busy} onClick={onCallBack}>
            {t('complaint.callBack')}
          </button>
        </>
      )}
      {callbackRequestedOn && (
        <p>{t('complaint.callBackAsked', { date: formatDay(callbackRequestedOn), due: formatDay(callbackDueOn) })}</p>
      )}
      <Regulator text={regulator} contact={regulatorContact} />
    </section>
  );
}

/**
 * Right after a rating of 1 or 2 stars, instead of a thank-you: we are
 * sorry, a call back to ask for, and where else the complaint may go.
 */
export function LowRatingModal({
  open,
  regulator,
  regulatorContact,
  busy,
  onCallBack,
  onClose,
}: {
  open: boolean;
  regulator: string;
  regulatorContact: string;
  busy: boolean;
  onCallBack: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      title={t('complaint.sorryTitle')}
      onClose={onClose}
      outcome
      actions={
        <>
          <button type="button" className="h-btn h-btn--ghost" onClick={onClose}>
            {t('complaint.notNow')}
          </button>
          <button type="button" className="h-btn" disabled={busy} onClick={onCallBack}>
            {t('complaint.callBack')}
          </button>
        </>
      }
    >
      <p>{t('complaint.sorryText')}</p>
      <Regulator text={regulator} contact={regulatorContact} />
    </Modal>
  );
}
