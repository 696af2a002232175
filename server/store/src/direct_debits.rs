//! Debits of a bound account through the old repayment store.

use crate::Store;
use crate::db::args;
use async_trait::async_trait;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::money::Centavos;
use hiram_domain::order::OrderId;
use hiram_domain::store::{DebitCommit, DebitStore, DirectDebit, StoreResult};
use time::OffsetDateTime;

#[async_trait]
impl DebitStore for Store {
    async fn offer_debit(
        &self,
        order: OrderId,
        borrower: BorrowerId,
        account_id: i64,
        token: &str,
        expires_at: OffsetDateTime,
        at: OffsetDateTime,
    ) -> StoreResult<()> {
        self.db
            .exec(
                "INSERT INTO direct_debit (order_id, borrower_id, account_id, token, expires_at, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $6)",
                args![order, borrower, account_id, token, expires_at, at],
            )
            .await
            .map(drop)
    }

    async fn commit_debit(
        &self,
        token: &str,
        order: OrderId,
        borrower: BorrowerId,
        amount: Centavos,
        at: OffsetDateTime,
    ) -> StoreResult<DebitCommit> {
        let mut tx = self.db.write().await?;
        let found: Option<(i64, String, OffsetDateTime)> = tx
            .opt(
                "SELECT id, status, expires_at FROM direct_debit WHERE token = $1 AND order_id = $2 AND borrower_id = $3 \
                 FOR UPDATE",
                args![token, order, borrower],
                |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
            )
            .await?;
        let Some((id, status, expires_at)) = found else { return Ok(DebitCommit::Unknown) };
        if status != "offered" {
            return Ok(DebitCommit::AlreadyUsed);
        }
        if expires_at <= at {
            return Ok(DebitCommit::Unknown);
        }
        tx.exec(
            "UPDATE direct_debit SET status = 'awaiting_code', amount = $2, updated_at = $3 WHERE id = $1",
            args![id, amount, at],
        )
        .await?;
        tx.commit().await?;
        Ok(DebitCommit::Committed(id))
    }

    async fn claim_debit(&self, id: i64, order: OrderId, borrower: BorrowerId) -> StoreResult<Option<DirectDebit>> {
        let mut tx = self.db.write().await?;
        let claimed = tx
            .opt(
                "UPDATE direct_debit SET status = 'collecting' \
                 WHERE id = $1 AND order_id = $2 AND borrower_id = $3 AND status = 'awaiting_code' \
                 RETURNING id, order_id, borrower_id, account_id, amount",
                args![id, order, borrower],
                |row| {
                    Ok(DirectDebit {
                        id: row.get(0)?,
                        order_id: row.get(1)?,
                        borrower_id: row.get(2)?,
                        account_id: row.get(3)?,
                        amount: row.get(4)?,
                    })
                },
            )
            .await?;
        tx.commit().await?;
        Ok(claimed)
    }

    async fn finish_debit(&self, id: i64, outcome: &str, at: OffsetDateTime) -> StoreResult<()> {
        self.db
            .exec(
                "UPDATE direct_debit SET status = $2, updated_at = $3 WHERE id = $1 AND status = 'collecting'",
                args![id, outcome, at],
            )
            .await
            .map(drop)
    }
}
