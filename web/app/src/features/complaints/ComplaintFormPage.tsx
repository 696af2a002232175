import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { t } from '@hiram/shared/i18n/i18n';
import { Modal } from '@hiram/shared/ui/Modal';
import { showToast } from '@hiram/shared/ui/toastStore';
import { PageHeader } from '../../components/PageHeader';
import { PictureList } from '../../components/PictureList';
import { appLink } from '../../lib/links';
import type { Picture } from '../../lib/pictures';
import { useProblemInit } from './api/problemInit';
import { problemSave } from './api/problemSave';
import { uploadProblemImage } from './api/uploadProblemImage';
import { capComplaintText, complaintLength, MAX_COMPLAINT_CHARS, MAX_COMPLAINT_PICTURES, SENT_MODAL_MS } from './rules';
import { clearComplaintOrder, readComplaintOrder } from './storage';

/**
 * The complaint form (spec §2, §4, §5; query problemType, problemSonType,
 * orderNo): the chosen type and sub-type, a description of at most 200
 * characters, up to 9 pictures, and Send. Once sent, the success modal shows
 * for 1.5 s and the complaint home follows.
 */
export default function ComplaintFormPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const problemType = Number(search.get('problemType') ?? '');
  const problemSonType = Number(search.get('problemSonType') || 0);
  const orderNo = search.get('orderNo') || readComplaintOrder();
  const { data: result } = useProblemInit();
  const init = result?.success ? result.data : null;
  const typeTitle = init?.problemType.find((c) => c.value === problemType)?.title;
  const subTypeTitle = problemSonType ? init?.problemSonType.find((c) => c.value === problemSonType)?.title : undefined;

  const [text, setText] = useState('');
  const [pictures, setPictures] = useState<Picture[]>([]);
  const [sending, setSending] = useState(false);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const textId = useId();

  // The thumbnails' local addresses are released with the page.
  const previews = useRef<string[]>([]);
  useEffect(() => {
    previews.current = pictures.map((p) => p.preview);
  }, [pictures]);
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  useEffect(() => {
    if (sentMessage === null) return;
    const timer = setTimeout(() => void navigate(appLink('/complaint'), { replace: true }), SENT_MODAL_MS);
    return () => clearTimeout(timer);
  }, [sentMessage, navigate]);

  const removePicture = (index: number) => {
    const removed = pictures[index];
    if (removed) URL.revokeObjectURL(removed.preview);
    setPictures((list) => list.filter((_, i) => i !== index));
  };

  const send = async () => {
    if (sending || sentMessage !== null) return;
    const detail = text.trim();
    if (!detail) {
      showToast(t('complaint.empty'));
      return;
    }
    setSending(true);
    const saved = await problemSave({
      problemType,
      problemSonType,
      problemDetail: detail,
      images: pictures.map((p) => p.url),
      orderNo,
    });
    setSending(false);
    // A refusal was toasted by the request helper; the form stays as typed.
    if (!saved.success) return;
    clearComplaintOrder();
    setSentMessage(saved.message || t('complaint.sentText'));
  };

  if (!Number.isInteger(problemType) || problemType <= 0) {
    return (
      <>
        <PageHeader title={t('page.complainPageNext')} />
        <main className="app-main app-stack">
          <p className="app-muted">{t('complaint.missingType')}</p>
          <Link className="h-btn h-btn--ghost h-btn--block" to={appLink('/complaint')}>
            {t('page.complaint')}
          </Link>
        </main>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('page.complainPageNext')} />
      <main className="app-main app-stack">
        {typeTitle && (
          <ul className="app-tags" aria-label={t('complaint.problemType')}>
            <li>{typeTitle}</li>
            {subTypeTitle && <li>{subTypeTitle}</li>}
          </ul>
        )}
        <section className="h-card">
          <label htmlFor={textId} className="app-section-title app-block">
            {t('complaint.describe')}
          </label>
          <textarea
            id={textId}
            className="h-input app-textarea"
            rows={6}
            value={text}
            placeholder={t('complaint.placeholder')}
            aria-describedby={`${textId}-count`}
            onChange={(e) => setText(capComplaintText(e.target.value))}
          />
          <p id={`${textId}-count`} className="app-counter">
            {t('complaint.counter', { n: complaintLength(text), max: MAX_COMPLAINT_CHARS })}
          </p>
          <PictureList
            pictures={pictures}
            max={MAX_COMPLAINT_PICTURES}
            upload={uploadProblemImage}
            texts={{
              list: t('complaint.pictures', { max: MAX_COMPLAINT_PICTURES }),
              picture: (n) => t('complaint.picture', { n }),
              remove: (n) => t('complaint.removePicture', { n }),
              add: t('complaint.addPicture'),
              uploaded: t('complaint.uploaded'),
            }}
            onAdd={(picture) => setPictures((list) => [...list, picture])}
            onRemove={removePicture}
          />
        </section>
        <p className="app-notice">{t('complaint.tip')}</p>
        <button type="button" className="h-btn h-btn--block" disabled={sending} onClick={() => void send()}>
          {t('complaint.send')}
        </button>
      </main>
      <Modal open={sentMessage !== null} title={t('complaint.sentTitle')} onClose={() => undefined} dismissible={false} outcome>
        <p>{sentMessage}</p>
      </Modal>
    </>
  );
}
