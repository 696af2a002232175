import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { sessionUrl } from '@hiram/shared/api/request';
import { t, type MessageKey } from '@hiram/shared/i18n/i18n';
import { showToast } from '@hiram/shared/ui/toastStore';
import { PageHeader } from '../../components/PageHeader';
import { appLink } from '../../lib/links';
import { problemDetailKey, useProblemDetail } from './api/problemDetail';
import { saveScore } from './api/saveScore';
import { RatingModal } from './RatingModal';
import { RATING_DELAY_MS } from './rules';

function Pictures({ urls, label }: { urls: readonly string[]; label: MessageKey }) {
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

/**
 * One complaint (spec §2, §4; query problemId): its type and sub-type, text
 * and pictures, customer care's Process Result, and, once answered and not
 * yet rated, the rating modal 3 s after it loads.
 */
export default function ComplaintDetailPage() {
  const [search] = useSearchParams();
  const problemId = search.get('problemId') ?? '';
  const queryClient = useQueryClient();
  const { data: result } = useProblemDetail(problemId);
  const detail = result?.success ? result.data : null;
  const [ratingOpen, setRatingOpen] = useState(false);
  const [sending, setSending] = useState(false);

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
    showToast(t('complaint.rated'));
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
          </section>
          <section className="h-card" aria-labelledby="complaint-result">
            <h2 id="complaint-result" className="app-section-title">
              {t('complaint.result')}
            </h2>
            {detail.disposeDetail ? (
              <p className="app-pre app-break">{detail.disposeDetail}</p>
            ) : (
              <p className="app-muted">{t('complaint.waiting')}</p>
            )}
            <Pictures urls={detail.disposeImages} label="complaint.answerPicture" />
          </section>
        </main>
      )}
      <RatingModal
        open={ratingOpen && needsScore}
        busy={sending}
        onSend={(stars) => void send(stars)}
        onCancel={() => setRatingOpen(false)}
      />
    </>
  );
}
