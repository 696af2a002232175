import { useId, useState } from 'react';
import { formatDayTime } from '@hiram/shared/format/format';
import { t } from './texts';
import { PageHeader } from '../../components/PageHeader';
import { appLink } from '../../lib/links';
import { useProblemList } from './api/problemList';
import { Link } from '../../components/Link';

/** The borrower's complaints in the server's tabs, each with its number; an entry opens its detail (spec §2). */
export default function ComplaintListPage() {
  const { data: result } = useProblemList();
  const tabs = result?.success ? (result.data?.tabs ?? []) : [];
  const [active, setActive] = useState(0);
  const ids = useId();
  const shown = tabs[active] ?? tabs[0];
  const shownIndex = shown ? tabs.indexOf(shown) : 0;

  return (
    <>
      <PageHeader title={t('page.complaintList')} />
      <main className="app-main">
        {tabs.length > 0 && (
          <div className="app-tabs" role="tablist" aria-label={t('complaint.tabs')}>
            {tabs.map((tab, i) => (
              <button
                key={`${tab.title}-${i}`}
                type="button"
                role="tab"
                id={`${ids}-tab-${i}`}
                aria-selected={i === shownIndex}
                aria-controls={`${ids}-panel`}
                className="app-tab"
                onClick={() => setActive(i)}
              >
                {tab.title}
              </button>
            ))}
          </div>
        )}
        {shown && (
          <div role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-tab-${shownIndex}`}>
            {shown.list.length === 0 ? (
              <p className="app-muted app-center">{t('complaint.listEmpty')}</p>
            ) : (
              <ul className="app-menu">
                {shown.list.map((entry) => (
                  <li key={entry.id}>
                    <Link className="app-complaint" to={appLink('/complainDetails', { problemId: entry.id })}>
                      <span className="app-small app-muted">
                        {entry.reference && (
                          <>
                            <span className="app-complaint-ref">{entry.reference}</span>
                            {' · '}
                          </>
                        )}
                        {formatDayTime(entry.time) || entry.time}
                      </span>
                      <span>
                        {t('complaint.problemType')}: <strong>{entry.type}</strong>
                      </span>
                      <span className="app-clamp">{entry.content}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </main>
    </>
  );
}
