//! Borrowers, known by their phone.

use crate::Store;
use crate::db::args;
use crate::rows::{self, BORROWER_COLUMNS};
use async_trait::async_trait;
use hiram_domain::borrower::{Borrower, BorrowerId, Language};
use hiram_domain::phone::Phone;
use hiram_domain::store::{BorrowerStore, StoreResult};
use time::OffsetDateTime;

#[async_trait]
impl BorrowerStore for Store {
    async fn ensure_borrower(
        &self,
        phone: &Phone,
        full_name: Option<&str>,
        now: OffsetDateTime,
    ) -> StoreResult<Borrower> {
        let mut tx = self.db.write().await?;
        tx.exec(
            "INSERT INTO borrower (phone, full_name, created_at) VALUES ($1, $2, $3) ON CONFLICT (phone) DO NOTHING",
            args![phone, full_name, now],
        )
        .await?;
        let borrower = tx
            .one(&format!("SELECT {BORROWER_COLUMNS} FROM borrower WHERE phone = $1"), args![phone], rows::borrower)
            .await?;
        tx.commit().await?;
        Ok(borrower)
    }

    async fn borrower_by_phone(&self, phone: &Phone) -> StoreResult<Option<Borrower>> {
        self.db
            .opt(&format!("SELECT {BORROWER_COLUMNS} FROM borrower WHERE phone = $1"), args![phone], rows::borrower)
            .await
    }

    async fn borrower(&self, id: BorrowerId) -> StoreResult<Option<Borrower>> {
        self.db.opt(&format!("SELECT {BORROWER_COLUMNS} FROM borrower WHERE id = $1"), args![id], rows::borrower).await
    }

    async fn password_hash(&self, id: BorrowerId) -> StoreResult<Option<String>> {
        let hash: Option<Option<String>> =
            self.db.opt_value("SELECT password_hash FROM borrower WHERE id = $1", args![id]).await?;
        Ok(hash.flatten())
    }

    async fn set_password_hash(&self, id: BorrowerId, hash: &str, at: OffsetDateTime) -> StoreResult<()> {
        let mut tx = self.db.write().await?;
        tx.exec("UPDATE borrower SET password_hash = $2 WHERE id = $1", args![id, hash]).await?;
        tx.exec("UPDATE session SET revoked_at = $2 WHERE borrower_id = $1 AND revoked_at IS NULL", args![id, at])
            .await?;
        tx.commit().await
    }

    async fn set_full_name(&self, id: BorrowerId, full_name: &str) -> StoreResult<()> {
        self.db.exec("UPDATE borrower SET full_name = $2 WHERE id = $1", args![id, full_name]).await.map(drop)
    }

    async fn set_language(&self, id: BorrowerId, language: Language) -> StoreResult<()> {
        self.db.exec("UPDATE borrower SET language = $2 WHERE id = $1", args![id, language.tag()]).await.map(drop)
    }
}
