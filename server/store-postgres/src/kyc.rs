//! KYC answers and borrower events on PostgreSQL.

use crate::{PostgresStore, backend, database};
use async_trait::async_trait;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::files::ImagePurpose;
use hiram_domain::kyc::Section;
use hiram_domain::store::{BorrowerEvent, ConsentKind, ConsentStore, EventStore, KycAnswer, KycStore, StoreResult};
use time::OffsetDateTime;

#[async_trait]
impl KycStore for PostgresStore {
    async fn save_kyc_section(
        &self,
        borrower: BorrowerId,
        section: Section,
        answers: &[(&'static str, String)],
        now: OffsetDateTime,
    ) -> StoreResult<()> {
        let mut client = self.client().await?;
        let transaction = client.transaction().await.map_err(database)?;
        transaction
            .execute("DELETE FROM kyc_answer WHERE borrower_id = $1 AND section = $2", &[&borrower.0, &section.key()])
            .await
            .map_err(database)?;
        for (code, value) in answers {
            transaction
                .execute(
                    "INSERT INTO kyc_answer (borrower_id, section, code, value, updated_at) VALUES ($1, $2, $3, $4, $5)",
                    &[&borrower.0, &section.key(), code, value, &now],
                )
                .await
                .map_err(database)?;
        }
        transaction.commit().await.map_err(database)
    }

    async fn kyc_answers(&self, borrower: BorrowerId) -> StoreResult<Vec<KycAnswer>> {
        let rows = self
            .client()
            .await?
            .query(
                "SELECT section, code, value FROM kyc_answer WHERE borrower_id = $1 ORDER BY section, code",
                &[&borrower.0],
            )
            .await
            .map_err(database)?;
        rows.iter()
            .map(|row| {
                Ok(KycAnswer {
                    section: Section::parse(row.get(0)).ok_or_else(|| backend("unknown KYC section"))?,
                    code: row.get(1),
                    value: row.get(2),
                })
            })
            .collect()
    }
}

#[async_trait]
impl EventStore for PostgresStore {
    async fn record_event(&self, e: &BorrowerEvent) -> StoreResult<()> {
        self.client()
            .await?
            .execute(
                "INSERT INTO borrower_event (borrower_id, kind, product_id, module_id, position_id, value, at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
                &[&e.borrower_id.map(|id| id.0), &e.kind, &e.product_id, &e.module_id, &e.position_id, &e.value, &e.at],
            )
            .await
            .map_err(database)?;
        Ok(())
    }

    async fn has_event(&self, borrower: BorrowerId, kind: &str) -> StoreResult<bool> {
        let row = self
            .client()
            .await?
            .query_one(
                "SELECT EXISTS (SELECT 1 FROM borrower_event WHERE borrower_id = $1 AND kind = $2)",
                &[&borrower.0, &kind],
            )
            .await
            .map_err(database)?;
        Ok(row.get(0))
    }
}

const NEWEST_CONSENT: &str = "SELECT COALESCE((SELECT granted FROM consent WHERE borrower_id = $1 AND kind = $2 ORDER BY id DESC LIMIT 1), FALSE)";

#[async_trait]
impl ConsentStore for PostgresStore {
    async fn record_consent(
        &self,
        borrower: BorrowerId,
        kind: ConsentKind,
        granted: bool,
        at: OffsetDateTime,
    ) -> StoreResult<()> {
        self.client()
            .await?
            .execute(
                "INSERT INTO consent (borrower_id, kind, granted, at) VALUES ($1, $2, $3, $4)",
                &[&borrower.0, &kind.key(), &granted, &at],
            )
            .await
            .map_err(database)?;
        Ok(())
    }

    async fn has_consent(&self, borrower: BorrowerId, kind: ConsentKind) -> StoreResult<bool> {
        let row =
            self.client().await?.query_one(NEWEST_CONSENT, &[&borrower.0, &kind.key()]).await.map_err(database)?;
        Ok(row.get(0))
    }

    async fn store_upload(
        &self,
        borrower: BorrowerId,
        kind: ConsentKind,
        body: &str,
        at: OffsetDateTime,
    ) -> StoreResult<bool> {
        let mut client = self.client().await?;
        let transaction = client.transaction().await.map_err(database)?;
        // Lock the borrower's consents so a withdrawal cannot slip between
        // the check and the insert.
        transaction
            .execute("SELECT id FROM borrower WHERE id = $1 FOR UPDATE", &[&borrower.0])
            .await
            .map_err(database)?;
        let granted: bool =
            transaction.query_one(NEWEST_CONSENT, &[&borrower.0, &kind.key()]).await.map_err(database)?.get(0);
        if granted {
            transaction
                .execute(
                    "INSERT INTO borrower_upload (borrower_id, kind, body, at) VALUES ($1, $2, $3, $4)",
                    &[&borrower.0, &kind.key(), &body, &at],
                )
                .await
                .map_err(database)?;
        }
        transaction.commit().await.map_err(database)?;
        Ok(granted)
    }

    async fn erase_personal_data(&self, borrower: BorrowerId, at: OffsetDateTime) -> StoreResult<Vec<String>> {
        let mut client = self.client().await?;
        let transaction = client.transaction().await.map_err(database)?;
        let erased: Vec<&str> = ImagePurpose::ERASED_WITH_ACCOUNT.iter().map(|purpose| purpose.key()).collect();
        let pictures = transaction
            .query(
                "DELETE FROM uploaded_image WHERE borrower_id = $1 AND purpose = ANY($2) RETURNING name",
                &[&borrower.0, &erased],
            )
            .await
            .map_err(database)?
            .iter()
            .map(|row| row.get(0))
            .collect();
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
            transaction.execute(sql, &[&borrower.0]).await.map_err(database)?;
        }
        transaction
            .execute(
                "UPDATE session SET revoked_at = $2 WHERE borrower_id = $1 AND revoked_at IS NULL",
                &[&borrower.0, &at],
            )
            .await
            .map_err(database)?;
        transaction.commit().await.map_err(database)?;
        Ok(pictures)
    }
}
