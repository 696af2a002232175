//! Payout attempts and the orders waiting for one.

use crate::Store;
use crate::db::{Row, args};
use crate::rows::{self, ORDER_COLUMNS, qualified};
use async_trait::async_trait;
use hiram_domain::back_office::{Page, PageRequest};
use hiram_domain::order::{Order, OrderId};
use hiram_domain::payout::PayoutResult;
use hiram_domain::store::{DisbursementStore, FailedPayout, PayoutAttempt, StoreResult};
use time::OffsetDateTime;

/// An attempt from `order_id, gateway, outcome, detail, at` from column `first`.
fn attempt(row: &Row<'_>, first: usize) -> StoreResult<PayoutAttempt> {
    let outcome: String = row.get(first + 2)?;
    let detail: String = row.get(first + 3)?;
    Ok(PayoutAttempt {
        order_id: row.get(first)?,
        gateway: row.get(first + 1)?,
        result: match outcome.as_str() {
            "sent" => Some(PayoutResult::Sent { transaction_id: detail }),
            "pending" => Some(PayoutResult::Pending { transaction_id: detail }),
            "refused" => Some(PayoutResult::Refused { reason: detail }),
            _ => None,
        },
        at: row.get(first + 4)?,
    })
}

const FAILED: &str = "a.outcome IN ('refused', 'unavailable')";

#[async_trait]
impl DisbursementStore for Store {
    async fn record_payout_attempt(&self, attempt: &PayoutAttempt) -> StoreResult<()> {
        let (outcome, detail) = match &attempt.result {
            Some(PayoutResult::Sent { transaction_id }) => ("sent", transaction_id.as_str()),
            Some(PayoutResult::Pending { transaction_id }) => ("pending", transaction_id.as_str()),
            Some(PayoutResult::Refused { reason }) => ("refused", reason.as_str()),
            None => ("unavailable", ""),
        };
        self.db
            .exec(
                "INSERT INTO payout_attempt (order_id, gateway, outcome, detail, at) VALUES ($1, $2, $3, $4, $5)",
                args![attempt.order_id, &attempt.gateway, outcome, detail, attempt.at],
            )
            .await
            .map(drop)
    }

    async fn payout_attempts(&self, order: OrderId) -> StoreResult<Vec<PayoutAttempt>> {
        self.db
            .all(
                "SELECT order_id, gateway, outcome, detail, at FROM payout_attempt WHERE order_id = $1 ORDER BY id",
                args![order],
                |row| attempt(row, 0),
            )
            .await
    }

    async fn claim_payout(&self, order: OrderId, now: OffsetDateTime, until: OffsetDateTime) -> StoreResult<bool> {
        self.db.take_lease("payout_claim", "order_id", order, now, until).await
    }

    async fn release_payout(&self, order: OrderId, until: OffsetDateTime) -> StoreResult<()> {
        // Only this try's own claim: one that ran out while the try was slow
        // may be another process's now, and stays its.
        self.db
            .exec("DELETE FROM payout_claim WHERE order_id = $1 AND claimed_until = $2", args![order, until])
            .await
            .map(drop)
    }

    async fn disbursing_orders(&self) -> StoreResult<Vec<Order>> {
        self.db
            .all(
                &format!("SELECT {ORDER_COLUMNS} FROM loan_order WHERE status = 170 ORDER BY id"),
                args![],
                rows::order,
            )
            .await
    }

    async fn failed_payouts(&self, page: PageRequest) -> StoreResult<Page<FailedPayout>> {
        let mut db = self.db.read().await?;
        let total = db.value(&format!("SELECT COUNT(*) FROM payout_attempt a WHERE {FAILED}"), args![]).await?;
        let sql = format!(
            "SELECT {}, a.order_id, a.gateway, a.outcome, a.detail, a.at FROM payout_attempt a \
             JOIN loan_order o ON o.id = a.order_id WHERE {FAILED} ORDER BY a.id DESC LIMIT $1 OFFSET $2",
            qualified(ORDER_COLUMNS, "o")
        );
        let rows = db
            .all(&sql, args![page.size, page.offset], |row| {
                Ok(FailedPayout { order: rows::order(row)?, attempt: attempt(row, rows::ORDER_WIDTH)? })
            })
            .await?;
        Ok(Page { rows, total })
    }
}
