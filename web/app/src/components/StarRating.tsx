import { t } from '@hiram/shared/i18n/i18n';

/** Stars on a rating (spec §9). */
export const MAX_STARS = 5;

/** Five stars as a radio group; tapping one fills the stars up to it. 0 is none. */
export function StarRating({ value, onChange }: { value: number; onChange: (stars: number) => void }) {
  return (
    <div className="app-stars" role="radiogroup" aria-label={t('rating.label')}>
      {Array.from({ length: MAX_STARS }, (_, i) => i + 1).map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={value === n}
          aria-label={t(n === 1 ? 'rating.star' : 'rating.stars', { n })}
          className={n <= value ? 'app-star app-star--on' : 'app-star'}
          onClick={() => onChange(n)}
        >
          ★
        </button>
      ))}
    </div>
  );
}
