import { chooseLocale, t, useLocale, type Locale } from './i18n';

const LOCALES: readonly Locale[] = ['en', 'fil'];

interface LanguageSwitchProps {
  /**
   * Runs before the page switches (the borrower app saves the choice on the
   * server, decision 046); the page switches whatever it answers.
   */
  onChoose?: (next: Locale) => Promise<unknown> | void;
  className?: string;
}

/** English / Filipino, each named in itself; the current one is pressed. */
export function LanguageSwitch({ onChoose, className }: LanguageSwitchProps) {
  const locale = useLocale();
  const choose = async (next: Locale) => {
    if (next === locale) return;
    await onChoose?.(next);
    await chooseLocale(next);
  };
  return (
    <div role="group" aria-label={t('language.label')} className={className ? `h-lang ${className}` : 'h-lang'}>
      {LOCALES.map((code) => (
        <button
          key={code}
          type="button"
          lang={code === 'fil' ? 'fil' : 'en-PH'}
          className="h-lang-option"
          aria-pressed={locale === code}
          onClick={() => void choose(code)}
        >
          {t(code === 'fil' ? 'language.fil' : 'language.en')}
        </button>
      ))}
    </div>
  );
}
