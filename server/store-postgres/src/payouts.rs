//! Payout accounts and payout attempts on PostgreSQL.

use crate::rows::{self, ORDER_COLUMNS};
use crate::{PostgresStore, backend, database};
use async_trait::async_trait;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::order::{Order, OrderId};
use hiram_domain::payout::{AccountDetails, AccountKind, PayoutAccount, PayoutResult};
use hiram_domain::store::{PayoutAttempt, PayoutStore, StoreResult};
use time::OffsetDateTime;
use tokio_postgres::Row;

const ACCOUNT_COLUMNS: &str = "id, borrower_id, card_type, provider, number, bound_at";

fn account(row: &Row) -> StoreResult<PayoutAccount> {
    Ok(PayoutAccount {
        id: row.get(0),
        borrower_id: BorrowerId(row.get(1)),
        details: AccountDetails {
            kind: AccountKind::from_card_type(row.get(2)).ok_or_else(|| backend("unknown card type"))?,
            provider: row.get(3),
            number: row.get(4),
        },
        bound_at: row.get(5),
    })
}

#[async_trait]
impl PayoutStore for PostgresStore {
    async fn bind_account(
        &self,
        borrower: BorrowerId,
        details: &AccountDetails,
        at: OffsetDateTime,
    ) -> StoreResult<PayoutAccount> {
        let mut client = self.client().await?;
        let transaction = client.transaction().await.map_err(database)?;
        transaction
            .execute(
                "UPDATE payout_account SET replaced_at = $2 WHERE borrower_id = $1 AND replaced_at IS NULL",
                &[&borrower.0, &at],
            )
            .await
            .map_err(database)?;
        let row = transaction
            .query_one(
                "INSERT INTO payout_account (borrower_id, card_type, provider, number, bound_at) \
                 VALUES ($1, $2, $3, $4, $5) RETURNING id",
                &[&borrower.0, &details.kind.card_type(), &details.provider, &details.number, &at],
            )
            .await
            .map_err(database)?;
        transaction.commit().await.map_err(database)?;
        Ok(PayoutAccount { id: row.get(0), borrower_id: borrower, details: details.clone(), bound_at: at })
    }

    async fn payout_account(&self, borrower: BorrowerId) -> StoreResult<Option<PayoutAccount>> {
        let row = self
            .client()
            .await?
            .query_opt(
                &format!("SELECT {ACCOUNT_COLUMNS} FROM payout_account WHERE borrower_id = $1 AND replaced_at IS NULL"),
                &[&borrower.0],
            )
            .await
            .map_err(database)?;
        row.as_ref().map(account).transpose()
    }

    async fn record_payout_attempt(&self, attempt: &PayoutAttempt) -> StoreResult<()> {
        let (outcome, detail) = match &attempt.result {
            Some(PayoutResult::Sent { transaction_id }) => ("sent", transaction_id.as_str()),
            Some(PayoutResult::Refused { reason }) => ("refused", reason.as_str()),
            None => ("unavailable", ""),
        };
        self.client()
            .await?
            .execute(
                "INSERT INTO payout_attempt (order_id, gateway, outcome, detail, at) VALUES ($1, $2, $3, $4, $5)",
                &[&attempt.order_id.0, &attempt.gateway, &outcome, &detail, &attempt.at],
            )
            .await
            .map_err(database)?;
        Ok(())
    }

    async fn payout_attempts(&self, order: OrderId) -> StoreResult<Vec<PayoutAttempt>> {
        let rows = self
            .client()
            .await?
            .query(
                "SELECT order_id, gateway, outcome, detail, at FROM payout_attempt WHERE order_id = $1 ORDER BY id",
                &[&order.0],
            )
            .await
            .map_err(database)?;
        Ok(rows
            .iter()
            .map(|row| {
                let outcome: &str = row.get(2);
                let detail: String = row.get(3);
                PayoutAttempt {
                    order_id: OrderId(row.get(0)),
                    gateway: row.get(1),
                    result: match outcome {
                        "sent" => Some(PayoutResult::Sent { transaction_id: detail }),
                        "refused" => Some(PayoutResult::Refused { reason: detail }),
                        _ => None,
                    },
                    at: row.get(4),
                }
            })
            .collect())
    }

    async fn disbursing_orders(&self) -> StoreResult<Vec<Order>> {
        let rows = self
            .client()
            .await?
            .query(&format!("SELECT {ORDER_COLUMNS} FROM loan_order WHERE status = 170 ORDER BY id"), &[])
            .await
            .map_err(database)?;
        rows.iter().map(rows::order).collect()
    }
}
