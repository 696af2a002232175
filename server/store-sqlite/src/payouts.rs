//! Payout accounts and payout attempts on SQLite.

use crate::pool::{SqliteStore, backend};
use crate::rows::{self, ORDER_COLUMNS, millis};
use async_trait::async_trait;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::order::{Order, OrderId};
use hiram_domain::payout::{AccountDetails, AccountKind, PayoutAccount, PayoutResult};
use hiram_domain::store::{PayoutAttempt, PayoutStore, StoreResult};
use rusqlite::{OptionalExtension, Row, params};
use time::OffsetDateTime;

const ACCOUNT_COLUMNS: &str = "id, borrower_id, card_type, provider, number, bound_at";

fn account(row: &Row<'_>) -> rusqlite::Result<PayoutAccount> {
    let card_type: i64 = row.get(2)?;
    Ok(PayoutAccount {
        id: row.get(0)?,
        borrower_id: BorrowerId(row.get(1)?),
        details: AccountDetails {
            kind: AccountKind::from_card_type(card_type).ok_or_else(|| {
                rusqlite::Error::FromSqlConversionFailure(2, rusqlite::types::Type::Integer, "card type".into())
            })?,
            provider: row.get(3)?,
            number: row.get(4)?,
        },
        bound_at: rows::instant(row.get(5)?)?,
    })
}

#[async_trait]
impl PayoutStore for SqliteStore {
    async fn bind_account(
        &self,
        borrower: BorrowerId,
        details: &AccountDetails,
        at: OffsetDateTime,
    ) -> StoreResult<PayoutAccount> {
        let details = details.clone();
        self.write(move |tx| {
            tx.execute(
                "UPDATE payout_account SET replaced_at = ?2 WHERE borrower_id = ?1 AND replaced_at IS NULL",
                params![borrower.0, millis(at)],
            )
            .map_err(backend)?;
            tx.execute(
                "INSERT INTO payout_account (borrower_id, card_type, provider, number, bound_at) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![borrower.0, details.kind.card_type(), details.provider, details.number, millis(at)],
            )
            .map_err(backend)?;
            Ok(PayoutAccount { id: tx.last_insert_rowid(), borrower_id: borrower, details, bound_at: at })
        })
        .await
    }

    async fn payout_account(&self, borrower: BorrowerId) -> StoreResult<Option<PayoutAccount>> {
        self.read(move |connection| {
            connection
                .query_row(
                    &format!(
                        "SELECT {ACCOUNT_COLUMNS} FROM payout_account WHERE borrower_id = ?1 AND replaced_at IS NULL"
                    ),
                    [borrower.0],
                    account,
                )
                .optional()
                .map_err(backend)
        })
        .await
    }

    async fn record_payout_attempt(&self, attempt: &PayoutAttempt) -> StoreResult<()> {
        let attempt = attempt.clone();
        let (outcome, detail) = match &attempt.result {
            Some(PayoutResult::Sent { transaction_id }) => ("sent", transaction_id.clone()),
            Some(PayoutResult::Refused { reason }) => ("refused", reason.clone()),
            None => ("unavailable", String::new()),
        };
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO payout_attempt (order_id, gateway, outcome, detail, at) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![attempt.order_id.0, attempt.gateway, outcome, detail, millis(attempt.at)],
            )
            .map_err(backend)?;
            Ok(())
        })
        .await
    }

    async fn payout_attempts(&self, order: OrderId) -> StoreResult<Vec<PayoutAttempt>> {
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached(
                    "SELECT order_id, gateway, outcome, detail, at FROM payout_attempt WHERE order_id = ?1 ORDER BY id",
                )
                .map_err(backend)?;
            statement
                .query_map([order.0], |row| {
                    let outcome: String = row.get(2)?;
                    let detail: String = row.get(3)?;
                    Ok(PayoutAttempt {
                        order_id: OrderId(row.get(0)?),
                        gateway: row.get(1)?,
                        result: match outcome.as_str() {
                            "sent" => Some(PayoutResult::Sent { transaction_id: detail }),
                            "refused" => Some(PayoutResult::Refused { reason: detail }),
                            _ => None,
                        },
                        at: rows::instant(row.get(4)?)?,
                    })
                })
                .and_then(Iterator::collect)
                .map_err(backend)
        })
        .await
    }

    async fn disbursing_orders(&self) -> StoreResult<Vec<Order>> {
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached(&format!("SELECT {ORDER_COLUMNS} FROM loan_order WHERE status = 170 ORDER BY id"))
                .map_err(backend)?;
            statement.query_map([], rows::order).and_then(Iterator::collect).map_err(backend)
        })
        .await
    }
}
