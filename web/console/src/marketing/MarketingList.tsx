import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { t } from '../i18n/i18n';
import { PageHead, Pager, RefreshButton } from '../parts';
import { DataTable, type Column } from '../table';

/** A page of a server-paged list, as the marketing lists answer. */
interface Paged<Row> {
  rows: Row[];
  page: number;
  pageSize: number;
  total: number;
}

/** The dialog that adds (`item` null) or changes one record. */
export type EditDialog<Item> = ComponentType<{ item: Item | null; onClose: () => void; onSaved: () => void }>;

interface Props<Row, Item extends { id: number }> {
  titleId: string;
  title: string;
  note: string;
  newLabel: string;
  list: UseQueryResult<Paged<Row> | null>;
  /** Read again once a record is saved. */
  queryKey: string;
  onPage: (page: number) => void;
  columns: readonly Column<Row>[];
  /** The record a row shows, which its Edit opens. */
  itemOf: (row: Row) => Item;
  /** A row's Edit by name: its text is the same in every row. */
  editLabel: (item: Item) => string;
  Dialog: EditDialog<Item>;
  scrolls?: boolean;
}

/**
 * A list marketing keeps (templates, links, banners): a page of records with
 * New above and Edit on each, both opening the record's dialog.
 */
export function MarketingList<Row, Item extends { id: number }>({ titleId, title, note, newLabel, list, queryKey, onPage, columns, itemOf, editLabel, Dialog, scrolls }: Props<Row, Item>) {
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const queryClient = useQueryClient();

  return (
    <section className="c-page" aria-labelledby={titleId}>
      <PageHead id={titleId} title={title}>
        <RefreshButton onClick={() => void list.refetch()} loading={list.isFetching} />
        <button type="button" className="h-btn c-btn" onClick={() => setEditing('new')}>
          {newLabel}
        </button>
      </PageHead>
      <p className="c-note">{note}</p>
      <DataTable
        labelledBy={titleId}
        scrolls={scrolls}
        rows={list.data?.rows ?? []}
        rowKey={(row) => itemOf(row).id}
        loading={list.isFetching}
        columns={[
          ...columns,
          {
            header: t('console.col.actions'),
            cell: (row) => (
              <button type="button" className="h-btn h-btn--ghost c-btn" aria-label={editLabel(itemOf(row))} onClick={() => setEditing(itemOf(row))}>
                {t('console.mkt.edit')}
              </button>
            ),
          },
        ]}
      />
      {list.data && <Pager page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={onPage} label={title} />}
      {editing && (
        <Dialog
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: [queryKey] });
          }}
        />
      )}
    </section>
  );
}
