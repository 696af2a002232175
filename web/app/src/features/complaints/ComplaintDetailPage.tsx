import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { sessionUrl } from '@hiram/shared/api/request';
import { formatDay } from '@hiram/shared/format/format';
import { t, type ComplaintKey } from './texts';
import { showToast } from '@hiram/shared/ui/toastStore';
import { PageHeader } from '../../components/PageHeader';
import { appLink } from '../../lib/links';
import { problemDetailKey, useProblemDetail, type ComplaintDetail } from './api/problemDetail';
import { requestCallback } from './api/requestCallback';
import { saveScore } from './api/saveScore';
import { ComplaintNumber } from './ComplaintNumber';
import { LowRatingModal, NextStep } from './NextStep';
import { RatingModal } from './RatingModal';
import { RATING_DELAY_MS } from './rules';
import { Link } from '../../components/Link';

function Pictures({ urls, label }: { urls: readonly string[]; label: ComplaintKey }) {
  if (urls.length === 0) return null;
  return (
    <ul className="app-pictures">
      {urls.map((url, i) => (
        <li key={url}>
          <a href={sessionUrl(url)} target="_blank" rel="noreferrer">
            <img src={sessionUrl(url)} alt={t(label, { n: i + 1 })} loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Who answered and when: "Answered by Liza S. on Mar 3, 2026". */
function answeredLine(detail: ComplaintDetail): string {
  if (!detail.answeredOn) return '';
  const date = formatDay(detail.answeredOn);
  return detail.answeredBy ? t('complaint.answeredBy', { agent: detail.answeredBy, date }) : t('complaint.answeredOn', { date });
}

/** The regulator's channel a low rating brought, kept for the sorry dialog. */
interface LowRating {
  regulator: string;
  regulatorContact: string;
}

/**
 * One complaint (spec §2, §4; query problemId): its number, type and
 * sub-type, text and pictures, customer care's Process Result with who
 * answered and when, and, once answered and not yet rated, the rating modal
 * 3 s after it loads. A rating of 3 to 5 stars is thanked; 1 or 2 opens the
 * next step instead: a call back to ask for and the regulator's channel,
 * which stay on the page after (decision 091).
 */
export default function ComplaintDetailPage() {
  const [search] = useSearchParams();
  const problemId = search.get('problemId') ?? '';
  const queryClient = useQueryClient();
  const { data: result } = useProblemDetail(problemId);
  const detail = result?.success ? result.data : null;
  const [ratingOpen, setRatingOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [lowRating, setLowRating] = useState<LowRating | null>(null);
  const [asking, setAsking] = useState(false);

  const needsScore = (detail?.isNeedScore ?? 0) !== 0;
  useEffect(() => {
    if (!needsScore) return;
    const timer = setTimeout(() => setRatingOpen(true), RATING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [needsScore]);

  const send = async (stars: number) => {
    setSending(true);
    const saved = await saveScore(problemId, stars);
    setSending(false);
    // A refusal (already rated, not answered) was toasted with the server's message.
    if (!saved.success) return;
    setRatingOpen(false);
    if (saved.data?.nextStep === 1) {
      setLowRating({ regulator: saved.data.regulator, regulatorContact: saved.data.regulatorContact });
    } else {
      showToast(t('complaint.rated'));
    }
    void queryClient.invalidateQueries({ queryKey: problemDetailKey(problemId) });
  };

  const callBack = async () => {
    if (asking) return;
    setAsking(true);
    const asked = await requestCallback(problemId);
    setAsking(false);
    // A refusal was toasted with the server's message.
    if (!asked.success) return;
    setLowRating(null);
    showToast(asked.message);
    void queryClient.invalidateQueries({ queryKey: problemDetailKey(problemId) });
  };

  if (problemId === '') {
    return (
      <>
        <PageHeader title={t('page.complainDetails')} />
        <main className="app-main app-stack">
          <p className="app-muted">{t('complaint.missing')}</p>
          <Link className="h-btn h-btn--ghost h-btn--block" to={appLink('/complaintList')}>
            {t('page.complaintList')}
          </Link>
        </main>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('page.complainDetails')} />
      {detail && (
        <main className="app-main">
          <section className="h-card" aria-labelledby="complaint-content">
            <h2 id="complaint-content" className="app-section-title">
              {t('complaint.content')}
            </h2>
            <ul className="app-tags" aria-label={t('complaint.problemType')}>
              <li>{detail.type}</li>
              {detail.sonType && <li>{detail.sonType}</li>}
            </ul>
            <p className="app-pre app-break">{detail.content}</p>
            <Pictures urls={detail.images} label="complaint.picture" />
            <ComplaintNumber reference={detail.reference} />
          </section>
          <section className="h-card" aria-labelledby="complaint-result">
            <h2 id="complaint-result" className="app-section-title">
              {t('complaint.result')}
            </h2>
            {detail.disposeDetail ? (
              <>
                {answeredLine(detail) && <p className="app-small app-muted app-answered-by">{answeredLine(detail)}</p>}
                <p className="app-pre app-break">{detail.disposeDetail}</p>
              </>
            ) : (
              <p className="app-muted">{t('complaint.waiting')}</p>
            )}
            <Pictures urls={detail.disposeImages} label="complaint.answerPicture" />
            {detail.score != null && <p className="app-small app-muted">{t('complaint.yourRating', { n: detail.score })}</p>}
          </section>
          <NextStep
            canRequestCallback={detail.canRequestCallback === 1}
            callbackRequestedOn={detail.callbackRequestedOn}
            callbackDueOn={detail.callbackDueOn}
            regulator={detail.regulator}
            regulatorContact={detail.regulatorContact}
            busy={asking}
            onCallBack={() => void callBack()}
          />
        </main>
      )}
      <RatingModal
        open={ratingOpen && needsScore}
        busy={sending}
        onSend={(stars) => void send(stars)}
        onCancel={() => setRatingOpen(false)}
      />
      <LowRatingModal
        open={lowRating !== null}
        regulator={lowRating?.regulator ?? ''}
        regulatorContact={lowRating?.regulatorContact ?? ''}
        busy={asking}
        onCallBack={() => void callBack()}
        onClose={() => setLowRating(null)}
      />
    </>
  );
}
