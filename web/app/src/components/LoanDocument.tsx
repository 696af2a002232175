// A loan document as the server renders it (services/documents.rs): the
// loan agreement, the Truth in Lending disclosure statement, or a renewal's
// disclosure. One rendering for every page that shows one, so the borrower
// reads the same figures laid out the same way wherever they meet them.
import { formatDay, formatMoney } from '@hiram/shared/format/format';
import { t } from '@hiram/shared/i18n/i18n';
import type { components } from '@hiram/shared/api/schema.gen';

type Disclosure = components['schemas']['Disclosure'];
type DocumentSection = components['schemas']['DocumentSection'];

/** What every document has: its sections and, for a disclosure statement, its table and schedule. */
export interface LoanDocumentContent {
  sections: readonly DocumentSection[];
  disclosure?: Disclosure | null;
}

/** A value longer than this is a sentence (a clause, the ceilings of the law): read from the left, not right-aligned as a figure. */
const LONG_VALUE = 40;

function DisclosureTables({ statement, title }: { statement: Disclosure; title: string }) {
  return (
    <>
      {statement.rows.length > 0 && (
        // On a narrow screen each label stands over its value (app.css), so a
        // label gets the whole width; the roles keep it a table for screen
        // readers that drop a table's meaning once its cells are not laid out as one.
        <table className="app-table app-doc-rows" role="table">
          <caption className="app-visually-hidden">{title}</caption>
          <tbody role="rowgroup">
            {statement.rows.map((row, i) => (
              <tr key={`${row.label}-${i}`} role="row">
                <th scope="row" role="rowheader">
                  {row.label}
                </th>
                {/* Values are text; a stored snapshot's bare centavos are shown as money. */}
                <td role="cell" className={String(row.value).length > LONG_VALUE ? 'app-doc-long' : undefined}>
                  {typeof row.value === 'number' ? formatMoney(row.value) : formatDay(row.value)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {statement.schedule.length > 0 && (
        <table className="app-table">
          <caption>{t('agreement.schedule')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('agreement.number')}</th>
              <th scope="col">{t('agreement.dueDate')}</th>
              <th scope="col">{t('agreement.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {statement.schedule.map((row) => (
              <tr key={row.number}>
                <td>{row.number}</td>
                <td>{formatDay(row.dueDate)}</td>
                <td>{formatMoney(row.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/**
 * The document's disclosure table (if any), then its sections. `level` is
 * the heading level of the sections: 2 on a page of its own, 3 inside a
 * page's section.
 */
export function LoanDocument({ doc, title, level = 2 }: { doc: LoanDocumentContent; title: string; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <>
      {doc.disclosure && <DisclosureTables statement={doc.disclosure} title={title} />}
      {doc.sections.map((section, i) => (
        <section key={i}>
          {section.heading && <Heading>{section.heading}</Heading>}
          {section.paragraphs.map((p, j) => (
            <p key={j}>{p}</p>
          ))}
        </section>
      ))}
    </>
  );
}
