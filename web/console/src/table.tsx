// The table of a console list: a column per field, a row per record, and
// the one empty row while there are none. Columns are data so that one left
// out for a role leaves its header, its cells and the empty row's span alike.
import { Fragment, type HTMLAttributes, type Key, type ReactNode } from 'react';
import { EmptyRow } from './parts';

export interface Column<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** A figure: aligned right, in the header as in the cells. */
  num?: boolean;
  /** The cells' classes (besides `c-num`): the same in every row, or by row. */
  className?: string | ((row: Row) => string | undefined);
}

/** The table's accessible name: the page's title by its id, or a text where none shows. */
type Name = { labelledBy: string; label?: undefined } | { label: string; labelledBy?: undefined };

type Props<Row> = Name & {
  /** `false` for a column this member does not see. */
  columns: readonly (Column<Row> | false)[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  loading: boolean;
  /** Classes besides `c-table`: `c-table--rows` where a row opens its record. */
  className?: string;
  /** A row's own attributes: chosen, flagged, in force; opened by a click. */
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement>;
  /** Wider than the page: the scrolling wrap takes keyboard focus and the table's name. */
  scrolls?: boolean;
  /**
   * What a row has to say at length (a list of sentences), in a row of its
   * own under it across every column, so it reads at the table's width
   * rather than a word a line in a narrow cell; nothing for none.
   */
  rowDetail?: (row: Row) => ReactNode;
};

function classes(...names: (string | false | undefined)[]): string | undefined {
  return names.filter(Boolean).join(' ') || undefined;
}

export function DataTable<Row>({ columns, rows, rowKey, loading, className, rowProps, scrolls = false, rowDetail, labelledBy, label }: Props<Row>) {
  const shown = columns.filter((column): column is Column<Row> => column !== false);
  const cellClass = (column: Column<Row>, row: Row) =>
    classes(column.num && 'c-num', typeof column.className === 'function' ? column.className(row) : column.className);
  const name = { 'aria-labelledby': labelledBy, 'aria-label': label };
  return (
    <div className="c-table-wrap" {...(scrolls ? { tabIndex: 0, role: 'region', ...name } : undefined)}>
      <table className={classes('c-table', className)} {...name}>
        <thead>
          <tr>
            {shown.map((column, index) => (
              <th key={index} scope="col" className={column.num ? 'c-num' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && <EmptyRow columns={shown.length} loading={loading} />}
          {rows.map((row, index) => {
            const props = rowProps?.(row);
            const detail = rowDetail?.(row);
            const hasDetail = detail !== null && detail !== undefined && detail !== false;
            return (
              <Fragment key={rowKey(row, index)}>
                <tr {...props} className={classes(props?.className, hasDetail && 'c-has-detail')}>
                  {shown.map((column, at) => (
                    <td key={at} className={cellClass(column, row)}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
                {hasDetail && (
                  <tr className="c-row-detail">
                    <td colSpan={shown.length}>{detail}</td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The button that opens a row's record, for the keyboard: a click anywhere on
 * the row opens it too, so the button's own click stops there.
 */
export function RowButton({ label, pressed, onClick, children }: { label?: string; pressed?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      className="c-row-btn"
      aria-pressed={pressed}
      aria-label={label}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
    >
      {children}
    </button>
  );
}
