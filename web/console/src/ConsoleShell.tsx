import { t } from '@hiram/shared/i18n/i18n';

/**
 * The operator console's entry screen. Staff sign-in and the operator tools
 * come in a later issue; until then it says what it is and nothing more.
 */
export function ConsoleShell() {
  return (
    <main className="console">
      <section className="console-card" aria-labelledby="console-title">
        <h1 id="console-title">{t('console.title')}</h1>
        <p>{t('console.text')}</p>
        <p>
          <a href="/">{t('console.borrowers')}</a>
        </p>
      </section>
    </main>
  );
}
