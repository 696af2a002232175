import { t } from '../i18n/i18n';
import type { AgentRating } from '../api';
import { EmptyRow } from '../parts';

/** Borrowers' ratings of the answers, per agent. */
export function RatingsTable({ ratings, loading }: { ratings: readonly AgentRating[]; loading: boolean }) {
  return (
    <section className="c-ratings" aria-labelledby="c-ratings-title">
      <h2 id="c-ratings-title">{t('console.ratings.title')}</h2>
      <table className="c-table c-table--narrow" aria-labelledby="c-ratings-title">
        <thead>
          <tr>
            <th scope="col">{t('console.ratings.agent')}</th>
            <th scope="col" className="c-num">{t('console.ratings.count')}</th>
            <th scope="col" className="c-num">{t('console.ratings.average')}</th>
          </tr>
        </thead>
        <tbody>
          {ratings.length === 0 && <EmptyRow columns={3} loading={loading} />}
          {ratings.map((row) => (
            <tr key={row.agent}>
              <td>{row.agent}</td>
              <td className="c-num">{row.ratings}</td>
              <td className="c-num">{row.average.toFixed(2)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
