//! KYC answers and borrower events on PostgreSQL.

use crate::{PostgresStore, backend, database};
use async_trait::async_trait;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::kyc::Section;
use hiram_domain::store::{BorrowerEvent, EventStore, KycAnswer, KycStore, StoreResult};
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
}
