import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useCompanyInfo } from '@hiram/shared/api/companyInfo';
import { formatDay } from '@hiram/shared/format/format';
import { useLocale, type Locale, type MessageKey } from '@hiram/shared/i18n/i18n';
import { t } from './texts';
import { PageHeader } from '../../components/PageHeader';
import type { LegalDocument, LegalSection, RuleSetValues } from './content/types';

interface LegalPageProps {
  name: string;
  title: MessageKey;
  load: (locale: Locale) => Promise<LegalDocument>;
  /**
   * The ceilings of the rule set in force, for the sections that state
   * them: undefined while they are asked for (the text waits), null when
   * they could not be had (those sections say so instead).
   */
  ruleSet?: RuleSetValues | null;
}

/** A section's body: the rule set's figures in it, or its stand-in when they are missing. */
function bodyOf(section: LegalSection, ruleSet: RuleSetValues | null | undefined): LegalSection['body'] {
  return section.withoutRuleSet && !ruleSet ? section.withoutRuleSet : section.body;
}

/**
 * A long legal text in the page's locale. `?embed=1` drops the app header
 * (the marketing site shows the page in a frame).
 */
export function LegalPage({ name, title, load, ruleSet }: LegalPageProps) {
  const locale = useLocale();
  const [search] = useSearchParams();
  const embed = search.get('embed') === '1';
  const info = useCompanyInfo();
  const { data: doc } = useQuery({
    queryKey: ['legal', name, locale],
    queryFn: () => load(locale),
    staleTime: Infinity,
  });
  const values: Record<string, string> = {
    ...ruleSet,
    company: info?.companyName ?? t('legal.lender'),
    email: info?.email ?? t('legal.email'),
    sec: info?.secRegistrationNo ?? '—',
    coa: info?.certificateOfAuthorityNo ?? '—',
  };
  // A text that states the law's ceilings waits for them (or for word that they cannot be had).
  const waiting = ruleSet === undefined && (doc?.sections.some((section) => section.withoutRuleSet) ?? false);
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

  return (
    <>
      {!embed && <PageHeader title={t(title)} />}
      <main className="app-main app-prose">
        {embed && <h1>{t(title)}</h1>}
        {doc && !waiting && (
          <article>
            <p className="app-muted">{t('legal.effective', { date: formatDay(doc.effective, locale) })}</p>
            {doc.intro.map((p, i) => (
              <p key={i}>{fill(p)}</p>
            ))}
            {doc.sections.map((section, i) => (
              <section key={i}>
                <h2>{`${i + 1}. ${section.heading}`}</h2>
                {bodyOf(section, ruleSet).map((block, j) =>
                  typeof block === 'string' ? (
                    <p key={j}>{fill(block)}</p>
                  ) : (
                    <ul key={j}>
                      {block.map((item, k) => (
                        <li key={k}>{fill(item)}</li>
                      ))}
                    </ul>
                  ),
                )}
              </section>
            ))}
          </article>
        )}
      </main>
    </>
  );
}
