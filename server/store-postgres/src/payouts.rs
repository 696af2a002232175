//! Money that still needs a person on PostgreSQL: payout accounts, payout
//! attempts, and the unposted-payment queue.

use crate::rows::{self, ORDER_COLUMNS};
use crate::{PostgresStore, backend, database};
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
            Some(PayoutResult::Pending { transaction_id }) => ("pending", transaction_id.as_str()),
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
                        "pending" => Some(PayoutResult::Pending { transaction_id: detail }),
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

const UNPOSTED_COLUMNS: &str =
    "id, borrower_id, order_id, channel, reference, amount, status, note, created_at, resolved_at";

fn unposted(row: &Row) -> StoreResult<UnpostedPayment> {
    Ok(UnpostedPayment {
        id: row.get(0),
        borrower_id: BorrowerId(row.get(1)),
        order_id: OrderId(row.get(2)),
        channel: Channel::parse(row.get(3)).ok_or_else(|| backend("unknown channel"))?,
        reference: row.get(4),
        amount: Centavos::new(row.get(5)),
        status: UnpostedStatus::parse(row.get(6)).ok_or_else(|| backend("unknown status"))?,
        note: row.get(7),
        created_at: row.get(8),
        resolved_at: row.get(9),
    })
}

#[async_trait]
impl UnpostedStore for PostgresStore {
    async fn submit_payment(&self, payment: &SubmittedPayment) -> StoreResult<i64> {
        let row = self
            .client()
            .await?
            .query_one(
                "INSERT INTO unposted_payment (borrower_id, order_id, channel, reference, amount, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                &[
                    &payment.borrower_id.0,
                    &payment.order_id.0,
                    &payment.channel.key(),
                    &payment.reference,
                    &payment.amount.get(),
                    &payment.at,
                ],
            )
            .await
            .map_err(|error| crate::stores::unique_violation(error, "unposted_reference"))?;
        Ok(row.get(0))
    }

    async fn unposted_payments(
        &self,
        status: Option<UnpostedStatus>,
        page: PageRequest,
    ) -> StoreResult<Page<UnpostedPayment>> {
        let status = status.map(UnpostedStatus::key);
        let client = self.client().await?;
        let total: i64 = client
            .query_one("SELECT COUNT(*) FROM unposted_payment WHERE $1::TEXT IS NULL OR status = $1", &[&status])
            .await
            .map_err(database)?
            .get(0);
        let rows = client
            .query(
                &format!(
                    "SELECT {UNPOSTED_COLUMNS} FROM unposted_payment \
                     WHERE $1::TEXT IS NULL OR status = $1 ORDER BY id LIMIT $2 OFFSET $3"
                ),
                &[&status, &page.size, &page.offset],
            )
            .await
            .map_err(database)?;
        Ok(Page { rows: rows.iter().map(unposted).collect::<StoreResult<_>>()?, total })
    }

    async fn pending_unposted_of(&self, order: OrderId) -> StoreResult<i64> {
        let row = self
            .client()
            .await?
            .query_one("SELECT COUNT(*) FROM unposted_payment WHERE order_id = $1 AND status = 'pending'", &[&order.0])
            .await
            .map_err(database)?;
        Ok(row.get(0))
    }

    async fn unposted_payment(&self, id: i64) -> StoreResult<Option<UnpostedPayment>> {
        let row = self
            .client()
            .await?
            .query_opt(&format!("SELECT {UNPOSTED_COLUMNS} FROM unposted_payment WHERE id = $1"), &[&id])
            .await
            .map_err(database)?;
        row.as_ref().map(unposted).transpose()
    }

    async fn resolve_unposted(
        &self,
        id: i64,
        status: UnpostedStatus,
        order: OrderId,
        note: &str,
        at: OffsetDateTime,
    ) -> StoreResult<()> {
        let changed = self
            .client()
            .await?
            .execute(
                "UPDATE unposted_payment SET status = $2, order_id = $3, note = $4, resolved_at = $5 \
                 WHERE id = $1 AND status = 'pending'",
                &[&id, &status.key(), &order.0, &note, &at],
            )
            .await
            .map_err(database)?;
        exactly_one(changed)
    }
}

#[async_trait]
impl DebitStore for PostgresStore {
    async fn offer_debit(
        &self,
        order: OrderId,
        borrower: BorrowerId,
        account_id: i64,
        token: &str,
        expires_at: OffsetDateTime,
        at: OffsetDateTime,
    ) -> StoreResult<()> {
        self.client()
            .await?
            .execute(
                "INSERT INTO direct_debit (order_id, borrower_id, account_id, token, expires_at, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $6)",
                &[&order.0, &borrower.0, &account_id, &token, &expires_at, &at],
            )
            .await
            .map_err(database)?;
        Ok(())
    }

    async fn commit_debit(
        &self,
        token: &str,
        order: OrderId,
        borrower: BorrowerId,
        amount: Centavos,
        at: OffsetDateTime,
    ) -> StoreResult<DebitCommit> {
        let mut client = self.client().await?;
        let transaction = client.transaction().await.map_err(database)?;
        let found = transaction
            .query_opt(
                "SELECT id, status, expires_at FROM direct_debit \
                 WHERE token = $1 AND order_id = $2 AND borrower_id = $3 FOR UPDATE",
                &[&token, &order.0, &borrower.0],
            )
            .await
            .map_err(database)?;
        let Some(row) = found else { return Ok(DebitCommit::Unknown) };
        let (id, status, expires_at): (i64, String, OffsetDateTime) = (row.get(0), row.get(1), row.get(2));
        if status != "offered" {
            return Ok(DebitCommit::AlreadyUsed);
        }
        if expires_at <= at {
            return Ok(DebitCommit::Unknown);
        }
        transaction
            .execute(
                "UPDATE direct_debit SET status = 'awaiting_code', amount = $2, updated_at = $3 WHERE id = $1",
                &[&id, &amount.get(), &at],
            )
            .await
            .map_err(database)?;
        transaction.commit().await.map_err(database)?;
        Ok(DebitCommit::Committed(id))
    }

    async fn claim_debit(&self, id: i64, order: OrderId, borrower: BorrowerId) -> StoreResult<Option<DirectDebit>> {
        let row = self
            .client()
            .await?
            .query_opt(
                "UPDATE direct_debit SET status = 'collecting' \
                 WHERE id = $1 AND order_id = $2 AND borrower_id = $3 AND status = 'awaiting_code' \
                 RETURNING id, order_id, borrower_id, account_id, amount",
                &[&id, &order.0, &borrower.0],
            )
            .await
            .map_err(database)?;
        Ok(row.map(|row| DirectDebit {
            id: row.get(0),
            order_id: OrderId(row.get(1)),
            borrower_id: BorrowerId(row.get(2)),
            account_id: row.get(3),
            amount: Centavos::new(row.get(4)),
        }))
    }

    async fn finish_debit(&self, id: i64, outcome: &str, at: OffsetDateTime) -> StoreResult<()> {
        self.client()
            .await?
            .execute(
                "UPDATE direct_debit SET status = $2, updated_at = $3 WHERE id = $1 AND status = 'collecting'",
                &[&id, &outcome, &at],
            )
            .await
            .map_err(database)?;
        Ok(())
    }
}
