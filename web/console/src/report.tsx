// A report's rows as finance takes them away: CSV, or an Excel workbook
// whose money cells are numbers (exact, from whole centavos) a formula can
// add up. Each report of the books offers both.
import { t } from './i18n/i18n';
import { datedName, download, downloadCsv, toCsv } from './csv';
import { pesosText, type ReportCell } from './cells';
import { toXlsx } from './xlsx';

export { money } from './cells';

export interface Report {
  /** The file's name before its date (`trial-balance-1-2026-11-27`). */
  name: string;
  header: readonly string[];
  rows: readonly (readonly ReportCell[])[];
}

/** Money in a CSV: pesos to the centavo, no grouping, as spreadsheets read it. */
const csvCell = (value: ReportCell) => (value !== null && typeof value === 'object' ? pesosText(value.centavos) : value);

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The CSV and Excel buttons of a report; disabled until it is loaded. */
export function ReportExport({ report }: { report: Report | null | undefined }) {
  return (
    <>
      <button type="button" className="h-btn h-btn--ghost c-btn" disabled={!report} onClick={() => report && downloadCsv(datedName(report.name, 'csv'), toCsv(report.header, report.rows.map((row) => row.map(csvCell))))}>
        {t('console.exportCsv')}
      </button>
      <button
        type="button"
        className="h-btn h-btn--ghost c-btn"
        disabled={!report}
        onClick={() => report && download(datedName(report.name, 'xlsx'), new Blob([toXlsx(report.name, report.header, report.rows)], { type: XLSX_TYPE }))}
      >
        {t('console.exportXlsx')}
      </button>
    </>
  );
}
