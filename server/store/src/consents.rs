//! What the borrower consented to, and what was uploaded under a consent.

use crate::Store;
use crate::db::{Arg, args, placeholders};
use async_trait::async_trait;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::files::ImagePurpose;
use hiram_domain::store::{ConsentKind, ConsentRecord, ConsentStore, StoreResult};
use time::OffsetDateTime;

const NEWEST_CONSENT: &str = "SELECT COALESCE((SELECT granted FROM consent WHERE borrower_id = $1 AND kind = $2 ORDER BY id DESC LIMIT 1), FALSE)";

#[async_trait]
impl ConsentStore for Store {
    async fn record_consent(
        &self,
        borrower: BorrowerId,
        kind: ConsentKind,
        granted: bool,
        at: OffsetDateTime,
    ) -> StoreResult<()> {
        self.db
            .exec(
                "INSERT INTO consent (borrower_id, kind, granted, at) VALUES ($1, $2, $3, $4)",
                args![borrower, kind.key(), granted, at],
            )
            .await
            .map(drop)
    }

    async fn has_consent(&self, borrower: BorrowerId, kind: ConsentKind) -> StoreResult<bool> {
        self.db.value(NEWEST_CONSENT, args![borrower, kind.key()]).await
    }

    async fn store_upload(
        &self,
        borrower: BorrowerId,
        kind: ConsentKind,
        body: &str,
        at: OffsetDateTime,
    ) -> StoreResult<bool> {
        let mut tx = self.db.write().await?;
        // Lock the borrower's consents so a withdrawal cannot slip between
        // the check and the insert.
        tx.opt_value::<i64>("SELECT id FROM borrower WHERE id = $1 FOR UPDATE", args![borrower]).await?;
        let granted: bool = tx.value(NEWEST_CONSENT, args![borrower, kind.key()]).await?;
        if granted {
            tx.exec(
                "INSERT INTO borrower_upload (borrower_id, kind, body, at) VALUES ($1, $2, $3, $4)",
                args![borrower, kind.key(), body, at],
            )
            .await?;
        }
        tx.commit().await?;
        Ok(granted)
    }

    async fn erase_personal_data(&self, borrower: BorrowerId, at: OffsetDateTime) -> StoreResult<Vec<String>> {
        let erased = ImagePurpose::ERASED_WITH_ACCOUNT;
        let mut purposes: Vec<Arg<'_>> = vec![borrower.into()];
        purposes.extend(erased.iter().map(|purpose| Arg::Text(purpose.key())));
        let mut tx = self.db.write().await?;
        let pictures = tx
            .all(
                &format!(
                    "DELETE FROM uploaded_image WHERE borrower_id = $1 AND purpose IN ({}) RETURNING name",
                    placeholders(1, erased.len())
                ),
                &purposes,
                |row| row.get(0),
            )
            .await?;
        for sql in [
            "DELETE FROM repay_reminder_sent WHERE reminder_id IN (SELECT id FROM repay_reminder WHERE borrower_id = $1)",
            "DELETE FROM repay_reminder WHERE borrower_id = $1",
            "DELETE FROM repay_bill WHERE borrower_id = $1",
            "DELETE FROM kyc_answer WHERE borrower_id = $1",
            "DELETE FROM borrower_upload WHERE borrower_id = $1",
            "DELETE FROM saved_calculation WHERE borrower_id = $1",
            "DELETE FROM book_record WHERE borrower_id = $1",
            "UPDATE borrower_event SET borrower_id = NULL WHERE borrower_id = $1",
            "UPDATE borrower SET password_hash = NULL WHERE id = $1",
        ] {
            tx.exec(sql, args![borrower]).await?;
        }
        tx.exec(
            "UPDATE session SET revoked_at = $2 WHERE borrower_id = $1 AND revoked_at IS NULL",
            args![borrower, at],
        )
        .await?;
        tx.commit().await?;
        Ok(pictures)
    }

    async fn consents(&self, borrower: BorrowerId) -> StoreResult<Vec<ConsentRecord>> {
        self.db
            .all(
                "SELECT kind, granted, at FROM consent c WHERE borrower_id = $1 \
                 AND id = (SELECT MAX(id) FROM consent WHERE borrower_id = c.borrower_id AND kind = c.kind) ORDER BY kind",
                args![borrower],
                |row| Ok(ConsentRecord { kind: row.get(0)?, granted: row.get(1)?, at: row.get(2)? }),
            )
            .await
    }
}
