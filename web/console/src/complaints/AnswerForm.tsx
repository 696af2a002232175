import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { t } from '../i18n/i18n';
import { showToast } from '@hiram/shared/ui/toastStore';
import { refusedField } from '../refusal';
import { answerComplaint, MAX_ANSWER_CHARS, MAX_ANSWER_PICTURES, pictureUrl, uploadAnswerPicture } from '../api';

interface Props {
  complaintId: number;
  onAnswered: (answer: string) => void;
}

/**
 * Customer care's answer: text (at most 2,000 characters) and pictures,
 * each uploaded when chosen and kept for the complaint's borrower. The
 * borrower reads it as the "Process Result" and gets a text message.
 */
export function AnswerForm({ complaintId, onAnswered }: Props) {
  const textId = useId();
  const fileId = useId();
  const [text, setText] = useState('');
  const [pictures, setPictures] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    setUploading(true);
    const names: string[] = [];
    for (const file of files.slice(0, MAX_ANSWER_PICTURES - pictures.length)) {
      const result = await uploadAnswerPicture(complaintId, file, file.name);
      if (!result.success || !result.data) break;
      names.push(result.data.name);
    }
    setUploading(false);
    setPictures((now) => [...now, ...names].slice(0, MAX_ANSWER_PICTURES));
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    const answer = text.trim();
    if (!answer) {
      setError(t('console.answer.empty'));
      return;
    }
    setError('');
    setSending(true);
    const result = await answerComplaint(complaintId, answer, pictures);
    setSending(false);
    if (!result.success) {
      // The text and pictures stay; a refusal of the text shows beside it.
      if (refusedField(result) === 'answer') setError(result.message || t('console.answer.empty'));
      return;
    }
    showToast(t('console.answer.sent'));
    onAnswered(answer);
  }

  return (
    <form className="c-answer-form" onSubmit={(e) => void send(e)} aria-label={t('console.answer.title')} noValidate>
      <h3 className="c-sub">{t('console.answer.title')}</h3>
      <label htmlFor={textId} className="c-label">
        {t('console.answer.label')}
      </label>
      <textarea
        id={textId}
        className="h-input c-textarea"
        rows={6}
        maxLength={MAX_ANSWER_CHARS}
        value={text}
        onChange={(e) => setText(e.target.value.slice(0, MAX_ANSWER_CHARS))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${textId}-error ${textId}-count` : `${textId}-count`}
      />
      <div className="c-form-row">
        <span id={`${textId}-count`} className="c-muted c-small">
          {t('console.answer.count', { n: text.length, max: MAX_ANSWER_CHARS })}
        </span>
        {error && (
          <span id={`${textId}-error`} className="h-error" role="alert">
            {error}
          </span>
        )}
      </div>
      {pictures.length > 0 && (
        <ul className="c-pictures">
          {pictures.map((name, i) => (
            <li key={name}>
              <img src={pictureUrl(name)} alt={t('console.answer.picture', { n: i + 1 })} />
              <button
                type="button"
                className="c-remove"
                aria-label={t('console.answer.remove', { n: i + 1 })}
                onClick={() => setPictures((now) => now.filter((other) => other !== name))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="c-form-row">
        {pictures.length < MAX_ANSWER_PICTURES && (
          <>
            {/* The input first: it takes the focus, and the label after it shows it. */}
            <input
              id={fileId}
              className="c-file"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              multiple
              disabled={uploading}
              onChange={(e) => void choose(e)}
            />
            <label htmlFor={fileId} className="h-btn h-btn--ghost c-btn c-file-btn">
              {uploading ? t('console.answer.uploading') : t('console.answer.addPicture')}
            </label>
          </>
        )}
        <button type="submit" className="h-btn c-btn" disabled={sending || uploading}>
          {sending ? t('common.loading') : t('console.answer.send')}
        </button>
      </div>
    </form>
  );
}
