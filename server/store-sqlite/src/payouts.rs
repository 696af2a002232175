//! Money that still needs a person on SQLite: payout accounts, payout
//! attempts, and the unposted-payment queue.

use crate::pool::{SqliteStore, backend};
use crate::rows::{self, ORDER_COLUMNS, millis};
use async_trait::async_trait;
use hiram_domain::back_office::{Page, PageRequest};
use hiram_domain::borrower::BorrowerId;
use hiram_domain::money::Centavos;
use hiram_domain::order::{Order, OrderId};
use hiram_domain::payment::{Channel, UnpostedPayment, UnpostedStatus};
use hiram_domain::payout::{AccountDetails, AccountKind, PayoutAccount, PayoutResult};
use hiram_domain::store::{
    DebitCommit, DebitStore, DirectDebit, PayoutAttempt, PayoutStore, StoreResult, SubmittedPayment, UnpostedStore,
    exactly_one,
};
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
            Some(PayoutResult::Pending { transaction_id }) => ("pending", transaction_id.clone()),
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
                            "pending" => Some(PayoutResult::Pending { transaction_id: detail }),
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

const UNPOSTED_COLUMNS: &str =
    "id, borrower_id, order_id, channel, reference, amount, status, note, created_at, resolved_at";

fn unposted(row: &Row<'_>) -> rusqlite::Result<UnpostedPayment> {
    let invalid = |column: usize, what: &str| {
        rusqlite::Error::FromSqlConversionFailure(column, rusqlite::types::Type::Text, what.to_owned().into())
    };
    let channel: String = row.get(3)?;
    let status: String = row.get(6)?;
    Ok(UnpostedPayment {
        id: row.get(0)?,
        borrower_id: BorrowerId(row.get(1)?),
        order_id: OrderId(row.get(2)?),
        channel: Channel::parse(&channel).ok_or_else(|| invalid(3, "channel"))?,
        reference: row.get(4)?,
        amount: Centavos::new(row.get(5)?),
        status: UnpostedStatus::parse(&status).ok_or_else(|| invalid(6, "status"))?,
        note: row.get(7)?,
        created_at: rows::instant(row.get(8)?)?,
        resolved_at: rows::optional_instant(row.get(9)?)?,
    })
}

#[async_trait]
impl UnpostedStore for SqliteStore {
    async fn submit_payment(&self, payment: &SubmittedPayment) -> StoreResult<i64> {
        let payment = payment.clone();
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO unposted_payment (borrower_id, order_id, channel, reference, amount, created_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    payment.borrower_id.0,
                    payment.order_id.0,
                    payment.channel.key(),
                    payment.reference,
                    payment.amount.get(),
                    millis(payment.at)
                ],
            )
            .map_err(|error| crate::stores::unique_violation(error, "unposted_reference"))?;
            Ok(tx.last_insert_rowid())
        })
        .await
    }

    async fn unposted_payments(
        &self,
        status: Option<UnpostedStatus>,
        page: PageRequest,
    ) -> StoreResult<Page<UnpostedPayment>> {
        let status = status.map(UnpostedStatus::key);
        self.read(move |connection| {
            let total = connection
                .query_row("SELECT COUNT(*) FROM unposted_payment WHERE ?1 IS NULL OR status = ?1", [status], |row| {
                    row.get(0)
                })
                .map_err(backend)?;
            let mut statement = connection
                .prepare_cached(&format!(
                    "SELECT {UNPOSTED_COLUMNS} FROM unposted_payment WHERE ?1 IS NULL OR status = ?1 \
                     ORDER BY id LIMIT ?2 OFFSET ?3"
                ))
                .map_err(backend)?;
            let rows = statement
                .query_map(params![status, page.size, page.offset], unposted)
                .and_then(Iterator::collect)
                .map_err(backend)?;
            Ok(Page { rows, total })
        })
        .await
    }

    async fn pending_unposted_of(&self, order: OrderId) -> StoreResult<i64> {
        self.read(move |connection| {
            connection
                .query_row(
                    "SELECT COUNT(*) FROM unposted_payment WHERE order_id = ?1 AND status = 'pending'",
                    [order.0],
                    |row| row.get(0),
                )
                .map_err(backend)
        })
        .await
    }

    async fn unposted_payment(&self, id: i64) -> StoreResult<Option<UnpostedPayment>> {
        self.read(move |connection| {
            connection
                .query_row(&format!("SELECT {UNPOSTED_COLUMNS} FROM unposted_payment WHERE id = ?1"), [id], unposted)
                .optional()
                .map_err(backend)
        })
        .await
    }

    async fn resolve_unposted(
        &self,
        id: i64,
        status: UnpostedStatus,
        order: OrderId,
        note: &str,
        at: OffsetDateTime,
    ) -> StoreResult<()> {
        let note = note.to_owned();
        self.write(move |tx| {
            let changed = tx
                .execute(
                    "UPDATE unposted_payment SET status = ?2, order_id = ?3, note = ?4, resolved_at = ?5 \
                     WHERE id = ?1 AND status = 'pending'",
                    params![id, status.key(), order.0, note, millis(at)],
                )
                .map_err(backend)?;
            exactly_one(changed as u64)
        })
        .await
    }
}

#[async_trait]
impl DebitStore for SqliteStore {
    async fn offer_debit(
        &self,
        order: OrderId,
        borrower: BorrowerId,
        account_id: i64,
        token: &str,
        expires_at: OffsetDateTime,
        at: OffsetDateTime,
    ) -> StoreResult<()> {
        let token = token.to_owned();
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO direct_debit (order_id, borrower_id, account_id, token, expires_at, created_at, updated_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
                params![order.0, borrower.0, account_id, token, millis(expires_at), millis(at)],
            )
            .map_err(backend)?;
            Ok(())
        })
        .await
    }

    async fn commit_debit(
        &self,
        token: &str,
        order: OrderId,
        borrower: BorrowerId,
        amount: Centavos,
        at: OffsetDateTime,
    ) -> StoreResult<DebitCommit> {
        let token = token.to_owned();
        self.write(move |tx| {
            let found: Option<(i64, String, i64)> = tx
                .query_row(
                    "SELECT id, status, expires_at FROM direct_debit WHERE token = ?1 AND order_id = ?2 AND borrower_id = ?3",
                    params![token, order.0, borrower.0],
                    |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
                )
                .optional()
                .map_err(backend)?;
            let Some((id, status, expires_at)) = found else { return Ok(DebitCommit::Unknown) };
            if status != "offered" {
                return Ok(DebitCommit::AlreadyUsed);
            }
            if expires_at <= millis(at) {
                return Ok(DebitCommit::Unknown);
            }
            tx.execute(
                "UPDATE direct_debit SET status = 'awaiting_code', amount = ?2, updated_at = ?3 WHERE id = ?1",
                params![id, amount.get(), millis(at)],
            )
            .map_err(backend)?;
            Ok(DebitCommit::Committed(id))
        })
        .await
    }

    async fn claim_debit(&self, id: i64, order: OrderId, borrower: BorrowerId) -> StoreResult<Option<DirectDebit>> {
        self.write(move |tx| {
            let claimed = tx
                .execute(
                    "UPDATE direct_debit SET status = 'collecting' \
                     WHERE id = ?1 AND order_id = ?2 AND borrower_id = ?3 AND status = 'awaiting_code'",
                    params![id, order.0, borrower.0],
                )
                .map_err(backend)?;
            if claimed != 1 {
                return Ok(None);
            }
            tx.query_row(
                "SELECT id, order_id, borrower_id, account_id, amount FROM direct_debit WHERE id = ?1",
                [id],
                |row| {
                    Ok(DirectDebit {
                        id: row.get(0)?,
                        order_id: OrderId(row.get(1)?),
                        borrower_id: BorrowerId(row.get(2)?),
                        account_id: row.get(3)?,
                        amount: Centavos::new(row.get(4)?),
                    })
                },
            )
            .map(Some)
            .map_err(backend)
        })
        .await
    }

    async fn finish_debit(&self, id: i64, outcome: &str, at: OffsetDateTime) -> StoreResult<()> {
        let outcome = outcome.to_owned();
        self.write(move |tx| {
            tx.execute(
                "UPDATE direct_debit SET status = ?2, updated_at = ?3 WHERE id = ?1 AND status = 'collecting'",
                params![id, outcome, millis(at)],
            )
            .map_err(backend)?;
            Ok(())
        })
        .await
    }
}
