//! The console's searches and reports on SQLite.

use crate::pool::{SqliteStore, backend};
use crate::rows::{self, BORROWER_COLUMNS, ORDER_COLUMNS, millis, qualified};
use async_trait::async_trait;
use hiram_domain::back_office::{
    Activity, ActivityKind, BorrowerSearch, CollectedPayment, OrderQuery, OrderRow, OrderSort, Page, PageRequest,
};
use hiram_domain::borrower::{Borrower, BorrowerId};
use hiram_domain::money::Centavos;
use hiram_domain::order::OrderId;
use hiram_domain::payout::PayoutResult;
use hiram_domain::store::{BackOfficeStore, ConsentRecord, FailedPayout, PayoutAttempt, StoreResult};
use rusqlite::{Connection, Row, params};
use time::OffsetDateTime;

/// The filters every order query shares; `?1` status, `?2` borrower, `?3`
/// order-number prefix, each ignored when NULL.
const ORDER_FILTER: &str = "(?1 IS NULL OR o.status = ?1) AND (?2 IS NULL OR o.borrower_id = ?2) \
     AND (?3 IS NULL OR o.order_no LIKE ?3 || '%')";

fn order_sort(sort: OrderSort) -> &'static str {
    match sort {
        OrderSort::Newest => "o.id DESC",
        OrderSort::Oldest => "o.id",
        OrderSort::LargestPrincipal => "o.principal DESC, o.id DESC",
        OrderSort::EarliestDue => "o.due_date IS NULL, o.due_date, o.id",
    }
}

fn count(connection: &Connection, sql: &str, params: impl rusqlite::Params) -> StoreResult<i64> {
    connection
        .prepare_cached(sql)
        .and_then(|mut statement| statement.query_row(params, |row| row.get(0)))
        .map_err(backend)
}

/// A collected payment from `channel, amount, at` columns.
fn collected(row: &Row<'_>) -> rusqlite::Result<CollectedPayment> {
    Ok(CollectedPayment { channel: row.get(0)?, amount: Centavos::new(row.get(1)?), at: rows::instant(row.get(2)?)? })
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
       AND up.id = CAST(substr(e.idempotency_key, 10) AS INTEGER) \
     WHERE e.kind = 'repayment' AND e.created_at >= ?1 AND e.created_at < ?2";

#[async_trait]
impl BackOfficeStore for SqliteStore {
    async fn find_orders(&self, query: &OrderQuery) -> StoreResult<Page<OrderRow>> {
        let query = query.clone();
        self.read(move |connection| {
            let filters =
                params![query.status.map(|status| status.code()), query.borrower.map(|id| id.0), query.order_no];
            let total = count(connection, &format!("SELECT COUNT(*) FROM loan_order o WHERE {ORDER_FILTER}"), filters)?;
            let sql = format!(
                "SELECT {}, {}, p.name FROM loan_order o JOIN borrower b ON b.id = o.borrower_id \
                 JOIN product p ON p.id = o.product_id WHERE {ORDER_FILTER} ORDER BY {} LIMIT ?4 OFFSET ?5",
                qualified(ORDER_COLUMNS, "o"),
                qualified(BORROWER_COLUMNS, "b"),
                order_sort(query.sort),
            );
            let mut statement = connection.prepare_cached(&sql).map_err(backend)?;
            let rows = statement
                .query_map(
                    params![
                        query.status.map(|status| status.code()),
                        query.borrower.map(|id| id.0),
                        query.order_no,
                        query.page.size,
                        query.page.offset
                    ],
                    |row| {
                        Ok(OrderRow {
                            order: rows::order(row)?,
                            borrower: rows::borrower_from(row, 14)?,
                            product_name: row.get(18)?,
                        })
                    },
                )
                .and_then(Iterator::collect)
                .map_err(backend)?;
            Ok(Page { rows, total })
        })
        .await
    }

    async fn find_borrowers(&self, search: &BorrowerSearch, page: PageRequest) -> StoreResult<Page<Borrower>> {
        let column = match search {
            BorrowerSearch::Phone(_) => "phone",
            BorrowerSearch::Name(_) => "LOWER(full_name)",
        };
        let pattern = search.contains_pattern();
        self.read(move |connection| {
            let filter = format!("{column} LIKE ?1 ESCAPE '\\'");
            let total = count(connection, &format!("SELECT COUNT(*) FROM borrower WHERE {filter}"), [&pattern])?;
            let mut statement = connection
                .prepare_cached(&format!(
                    "SELECT {BORROWER_COLUMNS} FROM borrower WHERE {filter} ORDER BY id DESC LIMIT ?2 OFFSET ?3"
                ))
                .map_err(backend)?;
            let rows = statement
                .query_map(params![pattern, page.size, page.offset], rows::borrower)
                .and_then(Iterator::collect)
                .map_err(backend)?;
            Ok(Page { rows, total })
        })
        .await
    }

    async fn consents(&self, borrower: BorrowerId) -> StoreResult<Vec<ConsentRecord>> {
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached(
                    "SELECT kind, granted, at FROM consent c WHERE borrower_id = ?1 AND id = \
                     (SELECT MAX(id) FROM consent WHERE borrower_id = c.borrower_id AND kind = c.kind) ORDER BY kind",
                )
                .map_err(backend)?;
            statement
                .query_map([borrower.0], |row| {
                    Ok(ConsentRecord { kind: row.get(0)?, granted: row.get(1)?, at: rows::instant(row.get(2)?)? })
                })
                .and_then(Iterator::collect)
                .map_err(backend)
        })
        .await
    }

    async fn failed_payouts(&self, page: PageRequest) -> StoreResult<Page<FailedPayout>> {
        self.read(move |connection| {
            let failed = "a.outcome IN ('refused', 'unavailable')";
            let total = count(connection, &format!("SELECT COUNT(*) FROM payout_attempt a WHERE {failed}"), [])?;
            let mut statement = connection
                .prepare_cached(&format!(
                    "SELECT {}, a.gateway, a.outcome, a.detail, a.at FROM payout_attempt a \
                     JOIN loan_order o ON o.id = a.order_id WHERE {failed} ORDER BY a.id DESC LIMIT ?1 OFFSET ?2",
                    qualified(ORDER_COLUMNS, "o")
                ))
                .map_err(backend)?;
            let rows = statement
                .query_map([page.size, page.offset], |row| {
                    let order = rows::order(row)?;
                    let outcome: String = row.get(15)?;
                    let attempt = PayoutAttempt {
                        order_id: OrderId(order.id.0),
                        gateway: row.get(14)?,
                        result: (outcome == "refused")
                            .then(|| row.get(16).map(|reason| PayoutResult::Refused { reason }))
                            .transpose()?,
                        at: rows::instant(row.get(17)?)?,
                    };
                    Ok(FailedPayout { order, attempt })
                })
                .and_then(Iterator::collect)
                .map_err(backend)?;
            Ok(Page { rows, total })
        })
        .await
    }

    async fn statement_payments(&self, from: OffsetDateTime, to: OffsetDateTime) -> StoreResult<Vec<CollectedPayment>> {
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached(
                    "SELECT pc.channel, g.amount, g.paid_at FROM gateway_payment g JOIN pay_code pc ON pc.code = g.pay_code \
                     WHERE g.paid_at >= ?1 AND g.paid_at < ?2",
                )
                .map_err(backend)?;
            statement.query_map([millis(from), millis(to)], collected).and_then(Iterator::collect).map_err(backend)
        })
        .await
    }

    async fn posted_repayments(&self, from: OffsetDateTime, to: OffsetDateTime) -> StoreResult<Vec<CollectedPayment>> {
        self.read(move |connection| {
            let mut statement = connection.prepare_cached(POSTED_REPAYMENTS).map_err(backend)?;
            statement.query_map([millis(from), millis(to)], collected).and_then(Iterator::collect).map_err(backend)
        })
        .await
    }

    async fn activity(&self, since: OffsetDateTime) -> StoreResult<Vec<Activity>> {
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached(
                    "SELECT 'applied', 0, applied_at FROM loan_order WHERE applied_at >= ?1 \
                     UNION ALL SELECT CASE to_status WHEN 151 THEN 'approved' ELSE 'rejected' END, 0, at \
                       FROM order_status_change WHERE to_status IN (151, 110) AND at >= ?1 \
                     UNION ALL SELECT 'disbursed', principal, disbursed_at FROM loan_order WHERE disbursed_at >= ?1 \
                     UNION ALL SELECT 'collected', l.amount, e.created_at FROM ledger_entry e \
                       JOIN ledger_line l ON l.entry_id = e.id AND l.account = 'cash' AND l.side = 'debit' \
                       WHERE e.kind = 'repayment' AND e.created_at >= ?1",
                )
                .map_err(backend)?;
            statement
                .query_map([millis(since)], |row| {
                    let kind: String = row.get(0)?;
                    Ok(Activity {
                        kind: activity_kind(&kind),
                        amount: Centavos::new(row.get(1)?),
                        at: rows::instant(row.get(2)?)?,
                    })
                })
                .and_then(Iterator::collect)
                .map_err(backend)
        })
        .await
    }
}

fn activity_kind(key: &str) -> ActivityKind {
    match key {
        "applied" => ActivityKind::Applied,
        "approved" => ActivityKind::Approved,
        "rejected" => ActivityKind::Rejected,
        "disbursed" => ActivityKind::Disbursed,
        _ => ActivityKind::Collected,
    }
}
