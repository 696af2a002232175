//! The console's searches and reports across borrowers and orders.

use crate::Store;
use crate::db::{Row, args};
use crate::rows::{self, BORROWER_COLUMNS, ORDER_COLUMNS, qualified};
use async_trait::async_trait;
use hiram_domain::back_office::{
    Activity, ActivityKind, BorrowerSearch, CollectedPayment, OrderQuery, OrderRow, OrderSort, Page, PageRequest,
};
use hiram_domain::borrower::Borrower;
use hiram_domain::store::{BackOfficeStore, StoreResult};
use time::OffsetDateTime;

/// The filters every order query shares; `$1` status, `$2` borrower, `$3`
/// order-number prefix, each ignored when NULL.
const ORDER_FILTER: &str = "(CAST($1 AS BIGINT) IS NULL OR o.status = $1) \
     AND (CAST($2 AS BIGINT) IS NULL OR o.borrower_id = $2) \
     AND (CAST($3 AS TEXT) IS NULL OR o.order_no LIKE $3 || '%')";

fn order_sort(sort: OrderSort) -> &'static str {
    match sort {
        OrderSort::Newest => "o.id DESC",
        OrderSort::Oldest => "o.id",
        OrderSort::LargestPrincipal => "o.principal DESC, o.id DESC",
        OrderSort::EarliestDue => "o.due_date NULLS LAST, o.id",
    }
}

/// A collected payment from `channel, amount, at` columns.
fn collected(row: &Row<'_>) -> StoreResult<CollectedPayment> {
    Ok(CollectedPayment { channel: row.get(0)?, amount: row.get(1)?, at: row.get(2)? })
}

/// The repayments' cash lines with the channel each came through: a
/// gateway callback by its pay code, a reported payment by its queue entry,
/// a direct debit from the borrower's linked account.
const POSTED_REPAYMENTS: &str = "SELECT COALESCE(pc.channel, 'reported:' || up.channel, \
       CASE WHEN e.idempotency_key LIKE 'debit:%' THEN 'account_debit' END, 'manual'), l.amount, e.created_at \
     FROM ledger_entry e \
     JOIN ledger_line l ON l.entry_id = e.id AND l.account = 'cash' AND l.side = 'debit' \
     LEFT JOIN gateway_payment g ON e.idempotency_key LIKE 'sandbox:%' AND g.transaction_id = substr(e.idempotency_key, 9) \
     LEFT JOIN pay_code pc ON pc.code = g.pay_code \
     LEFT JOIN unposted_payment up ON e.idempotency_key LIKE 'unposted:%' \
       AND up.id = CASE WHEN e.idempotency_key LIKE 'unposted:%' THEN CAST(substr(e.idempotency_key, 10) AS BIGINT) END \
     WHERE e.kind = 'repayment' AND e.created_at >= $1 AND e.created_at < $2";

#[async_trait]
impl BackOfficeStore for Store {
    async fn find_orders(&self, query: &OrderQuery) -> StoreResult<Page<OrderRow>> {
        let (status, borrower, order_no) = (query.status, query.borrower, query.order_no.as_deref());
        let mut db = self.db.read().await?;
        let total = db
            .value(
                &format!("SELECT COUNT(*) FROM loan_order o WHERE {ORDER_FILTER}"),
                args![status, borrower, order_no],
            )
            .await?;
        let sql = format!(
            "SELECT {}, {}, p.name FROM loan_order o JOIN borrower b ON b.id = o.borrower_id \
             JOIN product p ON p.id = o.product_id WHERE {ORDER_FILTER} ORDER BY {} LIMIT $4 OFFSET $5",
            qualified(ORDER_COLUMNS, "o"),
            qualified(BORROWER_COLUMNS, "b"),
            order_sort(query.sort),
        );
        let rows = db
            .all(&sql, args![status, borrower, order_no, query.page.size, query.page.offset], |row| {
                Ok(OrderRow {
                    order: rows::order(row)?,
                    borrower: rows::borrower_from(row, rows::ORDER_WIDTH)?,
                    product_name: row.get(rows::ORDER_WIDTH + 5)?,
                })
            })
            .await?;
        Ok(Page { rows, total })
    }

    async fn find_borrowers(&self, search: Option<&BorrowerSearch>, page: PageRequest) -> StoreResult<Page<Borrower>> {
        // Without a search the pattern is NULL and every borrower is listed.
        let column = match search {
            Some(BorrowerSearch::Phone(_)) => "phone",
            Some(BorrowerSearch::Name(_)) | None => "LOWER(full_name)",
        };
        let pattern = search.map(BorrowerSearch::contains_pattern);
        let filter = format!("(CAST($1 AS TEXT) IS NULL OR {column} LIKE $1 ESCAPE '\\')");
        let mut db = self.db.read().await?;
        let total =
            db.value(&format!("SELECT COUNT(*) FROM borrower WHERE {filter}"), args![pattern.as_deref()]).await?;
        // Ids are handed out as borrowers register, so the newest come first
        // by the primary key, with no sort over the whole table.
        let sql = format!("SELECT {BORROWER_COLUMNS} FROM borrower WHERE {filter} ORDER BY id DESC LIMIT $2 OFFSET $3");
        let rows = db.all(&sql, args![pattern.as_deref(), page.size, page.offset], rows::borrower).await?;
        Ok(Page { rows, total })
    }

    async fn statement_payments(&self, from: OffsetDateTime, to: OffsetDateTime) -> StoreResult<Vec<CollectedPayment>> {
        self.db
            .all(
                "SELECT pc.channel, g.amount, g.paid_at FROM gateway_payment g JOIN pay_code pc ON pc.code = g.pay_code \
                 WHERE g.paid_at >= $1 AND g.paid_at < $2",
                args![from, to],
                collected,
            )
            .await
    }

    async fn posted_repayments(&self, from: OffsetDateTime, to: OffsetDateTime) -> StoreResult<Vec<CollectedPayment>> {
        self.db.all(POSTED_REPAYMENTS, args![from, to], collected).await
    }

    async fn activity(&self, since: OffsetDateTime) -> StoreResult<Vec<Activity>> {
        self.db
            .all(
                "SELECT 'applied', CAST(0 AS BIGINT), applied_at FROM loan_order WHERE applied_at >= $1 \
                 UNION ALL SELECT CASE to_status WHEN 151 THEN 'approved' ELSE 'rejected' END, 0, at \
                   FROM order_status_change WHERE to_status IN (151, 110) AND at >= $1 \
                 UNION ALL SELECT 'disbursed', principal, disbursed_at FROM loan_order WHERE disbursed_at >= $1 \
                 UNION ALL SELECT 'collected', l.amount, e.created_at FROM ledger_entry e \
                   JOIN ledger_line l ON l.entry_id = e.id AND l.account = 'cash' AND l.side = 'debit' \
                   WHERE e.kind = 'repayment' AND e.created_at >= $1",
                args![since],
                |row| Ok(Activity { kind: row.parse(0, activity_kind)?, amount: row.get(1)?, at: row.get(2)? }),
            )
            .await
    }
}

fn activity_kind(key: &str) -> Option<ActivityKind> {
    Some(match key {
        "applied" => ActivityKind::Applied,
        "approved" => ActivityKind::Approved,
        "rejected" => ActivityKind::Rejected,
        "disbursed" => ActivityKind::Disbursed,
        _ => ActivityKind::Collected,
    })
}
