//! The providers' statements and their worklist (decision 074).

use crate::Store;
use crate::db::{Row, args, conflict};
use crate::idempotency::{commit_created, created_before};
use async_trait::async_trait;
use hiram_domain::general_ledger::statement::{
    BooksLine, ItemKind, ItemStatus, KeptItem, ProviderStatement, StatementItem,
};
use hiram_domain::idempotency::KeyedRequest;
use hiram_domain::product::LenderId;
use hiram_domain::store::{StatementStore, StatementSummary, StoreResult, exactly_one};
use time::{Date, OffsetDateTime};

const STATEMENT_COLUMNS: &str = "s.id, s.provider, s.day, s.imported_by, s.imported_by_token, s.imported_at";

fn statement(row: &Row<'_>) -> StoreResult<ProviderStatement> {
    Ok(ProviderStatement {
        id: row.get(0)?,
        provider: row.get(1)?,
        day: row.get(2)?,
        imported_by: row.get(3)?,
        imported_by_token: row.get(4)?,
        imported_at: row.get(5)?,
    })
}

const ITEM_SELECT: &str = "SELECT i.id, i.statement_id, s.provider, s.day, i.kind, i.reference, i.provider_amount, \
     i.fee, i.books_amount, i.entry_id, i.lender_id, i.status, i.resolution, i.resolved_by, i.resolved_at \
     FROM statement_item i JOIN provider_statement s ON s.id = i.statement_id";

fn item(row: &Row<'_>) -> StoreResult<KeptItem> {
    Ok(KeptItem {
        id: row.get(0)?,
        statement_id: row.get(1)?,
        provider: row.get(2)?,
        day: row.get(3)?,
        item: StatementItem {
            kind: row.parse(4, ItemKind::parse)?,
            reference: row.get(5)?,
            provider_amount: row.get(6)?,
            fee: row.get(7)?,
            books_amount: row.get(8)?,
            entry_id: row.get(9)?,
            lender: row.get::<Option<i64>>(10)?.map(LenderId),
        },
        status: row.parse(11, ItemStatus::parse)?,
        resolution: row.get(12)?,
        resolved_by: row.get(13)?,
        resolved_at: row.get(14)?,
    })
}

#[async_trait]
impl StatementStore for Store {
    async fn provider_postings(
        &self,
        provider: &str,
        from: OffsetDateTime,
        to: OffsetDateTime,
    ) -> StoreResult<Vec<BooksLine>> {
        // A provider's payment is posted under `{provider}:{reference}`
        // (`collection_provider::posting_keys`); its cash line is what it brought.
        let prefix = format!("{provider}:");
        let start = i64::try_from(prefix.len()).unwrap_or(i64::MAX) + 1;
        let pattern = format!("{prefix}%");
        self.db
            .all(
                "SELECT substr(e.idempotency_key, $1), l.amount, e.id, p.lender_id FROM ledger_entry e \
                 JOIN ledger_line l ON l.entry_id = e.id AND l.account = 'cash' AND l.side = 'debit' \
                 JOIN loan_order o ON o.id = e.order_id JOIN product p ON p.id = o.product_id \
                 WHERE e.kind = 'repayment' AND e.idempotency_key LIKE $2 AND e.created_at >= $3 AND e.created_at < $4 \
                 ORDER BY e.id",
                args![start, &pattern, from, to],
                |row| {
                    Ok(BooksLine {
                        reference: row.get(0)?,
                        amount: row.get(1)?,
                        entry_id: row.get(2)?,
                        lender: LenderId(row.get(3)?),
                    })
                },
            )
            .await
    }

    async fn keep_statement(
        &self,
        statement: &ProviderStatement,
        items: &[StatementItem],
        request: Option<&KeyedRequest>,
    ) -> StoreResult<i64> {
        let mut tx = self.db.write().await?;
        if let Some(first) = created_before(&mut tx, request).await? {
            return Ok(first);
        }
        let id: i64 = tx
            .value(
                "INSERT INTO provider_statement (provider, day, imported_by, imported_by_token, imported_at) \
                 VALUES ($1, $2, $3, $4, $5) RETURNING id",
                args![
                    &statement.provider,
                    statement.day,
                    statement.imported_by,
                    statement.imported_by_token,
                    statement.imported_at
                ],
            )
            .await
            .map_err(conflict("provider_statement_day"))?;
        for (position, item) in (0_i64..).zip(items) {
            tx.exec(
                "INSERT INTO statement_item (statement_id, position, kind, reference, provider_amount, fee, \
                 books_amount, entry_id, lender_id, status) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                args![
                    id,
                    position,
                    item.kind.key(),
                    &item.reference,
                    item.provider_amount,
                    item.fee,
                    item.books_amount,
                    item.entry_id,
                    item.lender.map(|lender| lender.0),
                    ItemStatus::of(item.kind).key()
                ],
            )
            .await?;
        }
        commit_created(tx, request, id, statement.imported_at).await
    }

    async fn statements(&self, limit: u32) -> StoreResult<Vec<StatementSummary>> {
        let count =
            |status: &str| format!("(SELECT COUNT(*) FROM statement_item i WHERE i.statement_id = s.id{status})");
        let sql = format!(
            "SELECT {STATEMENT_COLUMNS}, {}, {}, {} FROM provider_statement s ORDER BY s.day DESC, s.id DESC LIMIT $1",
            count(""),
            count(" AND i.status = 'matched'"),
            count(" AND i.status = 'open'"),
        );
        self.db
            .all(&sql, args![i64::from(limit)], |row| {
                Ok(StatementSummary {
                    statement: statement(row)?,
                    lines: row.get(6)?,
                    matched: row.get(7)?,
                    open: row.get(8)?,
                })
            })
            .await
    }

    async fn statement_items(&self, statement: i64) -> StoreResult<Vec<KeptItem>> {
        self.db
            .all(&format!("{ITEM_SELECT} WHERE i.statement_id = $1 ORDER BY i.position"), args![statement], item)
            .await
    }

    async fn statement_item(&self, id: i64) -> StoreResult<Option<KeptItem>> {
        self.db.opt(&format!("{ITEM_SELECT} WHERE i.id = $1"), args![id], item).await
    }

    async fn open_statement_items(&self, lender: LenderId, through: Date) -> StoreResult<Vec<KeptItem>> {
        let sql = format!(
            "{ITEM_SELECT} WHERE i.status = 'open' AND (i.lender_id = $1 OR i.lender_id IS NULL) AND s.day <= $2 \
             ORDER BY s.day, i.statement_id, i.position"
        );
        self.db.all(&sql, args![lender, through], item).await
    }

    async fn resolve_statement_item(
        &self,
        id: i64,
        resolution: &str,
        by: Option<i64>,
        at: OffsetDateTime,
    ) -> StoreResult<()> {
        let changed = self
            .db
            .exec(
                "UPDATE statement_item SET status = 'resolved', resolution = $2, resolved_by = $3, resolved_at = $4 \
                 WHERE id = $1 AND status = 'open'",
                args![id, resolution, by, at],
            )
            .await?;
        exactly_one(changed)
    }
}
