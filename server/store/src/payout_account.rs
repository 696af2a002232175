//! The account a borrower's loans are paid out to.

use crate::Store;
use crate::db::args;
use async_trait::async_trait;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::payout::{AccountDetails, AccountKind, PayoutAccount};
use hiram_domain::store::{PayoutAccountStore, StoreResult};
use time::OffsetDateTime;

#[async_trait]
impl PayoutAccountStore for Store {
    async fn bind_account(
        &self,
        borrower: BorrowerId,
        details: &AccountDetails,
        at: OffsetDateTime,
    ) -> StoreResult<PayoutAccount> {
        let mut tx = self.db.write().await?;
        // Two saves of one borrower (a double tap) take turns: on
        // PostgreSQL both would otherwise replace nothing and then insert a
        // current account each, and the second would break the one-current
        // index. In turn, the later one replaces the earlier.
        tx.opt_value::<i64>("SELECT id FROM borrower WHERE id = $1 FOR UPDATE", args![borrower]).await?;
        tx.exec(
            "UPDATE payout_account SET replaced_at = $2 WHERE borrower_id = $1 AND replaced_at IS NULL",
            args![borrower, at],
        )
        .await?;
        let id = tx
            .value(
                "INSERT INTO payout_account (borrower_id, card_type, provider, number, bound_at) \
                 VALUES ($1, $2, $3, $4, $5) RETURNING id",
                args![borrower, details.kind.card_type(), &details.provider, &details.number, at],
            )
            .await?;
        tx.commit().await?;
        Ok(PayoutAccount { id, borrower_id: borrower, details: details.clone(), bound_at: at })
    }

    async fn payout_account(&self, borrower: BorrowerId) -> StoreResult<Option<PayoutAccount>> {
        self.db
            .opt(
                "SELECT id, borrower_id, card_type, provider, number, bound_at FROM payout_account \
                 WHERE borrower_id = $1 AND replaced_at IS NULL",
                args![borrower],
                |row| {
                    let card_type: i64 = row.get(2)?;
                    Ok(PayoutAccount {
                        id: row.get(0)?,
                        borrower_id: row.get(1)?,
                        details: AccountDetails {
                            kind: AccountKind::from_card_type(card_type)
                                .ok_or_else(|| crate::db::stored_value(card_type))?,
                            provider: row.get(3)?,
                            number: row.get(4)?,
                        },
                        bound_at: row.get(5)?,
                    })
                },
            )
            .await
    }
}
