import { useId, useState } from 'react';
import { t } from '@hiram/shared/i18n/i18n';
import { BottomSheet } from '@hiram/shared/ui/BottomSheet';
import type { FormOption } from './formItem';

/** Most options drawn at once in a searchable list (a cheap phone's DOM budget). */
export const MAX_SHOWN_OPTIONS = 60;

interface ChoiceSheetProps {
  title: string;
  options: readonly FormOption[];
  value: string;
  searchable?: boolean;
  onConfirm: (type: string) => void;
  onCancel: () => void;
}

/**
 * A single-choice picker with Confirm and Cancel (spec §2, bind bank; also
 * the KYC sections): the choice applies only on Confirm. Mounted while open,
 * so each opening starts from the current value.
 */
export function ChoiceSheet({ title, options, value, searchable = false, onConfirm, onCancel }: ChoiceSheetProps) {
  const name = useId();
  const [pending, setPending] = useState(value);
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const matching = needle ? options.filter((o) => o.name.toLowerCase().includes(needle)) : options;
  const shown = searchable ? matching.slice(0, MAX_SHOWN_OPTIONS) : matching;

  return (
    <BottomSheet
      open
      title={title}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="h-btn h-btn--ghost" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="h-btn" disabled={pending === ''} onClick={() => onConfirm(pending)}>
            {t('common.confirm')}
          </button>
        </>
      }
    >
      {searchable && (
        <input
          type="search"
          className="h-input app-search"
          aria-label={t('form.search')}
          placeholder={t('form.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      )}
      <fieldset className="app-choices">
        <legend className="app-visually-hidden">{title}</legend>
        {shown.map((option) => (
          <label key={option.type} className="app-choice">
            <input
              type="radio"
              name={name}
              value={option.type}
              checked={pending === option.type}
              onChange={() => setPending(option.type)}
            />
            <span>{option.name}</span>
          </label>
        ))}
      </fieldset>
      {searchable && matching.length > shown.length && <p className="app-hint">{t('form.moreResults')}</p>}
      {shown.length === 0 && <p className="app-hint">{t('form.noResults')}</p>}
    </BottomSheet>
  );
}
