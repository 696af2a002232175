//! KYC answers, order documents and borrower events on SQLite.

use crate::pool::{SqliteStore, backend};
use crate::rows::{self, millis};
use async_trait::async_trait;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::kyc::Section;
use hiram_domain::store::{BorrowerEvent, EventStore, KycAnswer, KycStore, StoreResult};
use rusqlite::params;
use time::OffsetDateTime;

#[async_trait]
impl KycStore for SqliteStore {
    async fn save_kyc_section(
        &self,
        borrower: BorrowerId,
        section: Section,
        answers: &[(&'static str, String)],
        now: OffsetDateTime,
    ) -> StoreResult<()> {
        let answers = answers.to_vec();
        self.write(move |tx| {
            tx.execute("DELETE FROM kyc_answer WHERE borrower_id = ?1 AND section = ?2", params![borrower.0, section.key()])
                .map_err(backend)?;
            for (code, value) in &answers {
                tx.execute(
                    "INSERT INTO kyc_answer (borrower_id, section, code, value, updated_at) VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![borrower.0, section.key(), code, value, millis(now)],
                )
                .map_err(backend)?;
            }
            Ok(())
        })
        .await
    }

    async fn kyc_answers(&self, borrower: BorrowerId) -> StoreResult<Vec<KycAnswer>> {
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached(
                    "SELECT section, code, value FROM kyc_answer WHERE borrower_id = ?1 ORDER BY section, code",
                )
                .map_err(backend)?;
            let answers = statement
                .query_map([borrower.0], |row| {
                    let section: String = row.get(0)?;
                    Ok(KycAnswer {
                        section: Section::parse(&section).ok_or_else(|| {
                            rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, "section".into())
                        })?,
                        code: row.get(1)?,
                        value: row.get(2)?,
                    })
                })
                .map_err(backend)?;
            answers.collect::<rusqlite::Result<Vec<_>>>().map_err(backend)
        })
        .await
    }
}

#[async_trait]
impl EventStore for SqliteStore {
    async fn record_event(&self, event: &BorrowerEvent) -> StoreResult<()> {
        let e = event.clone();
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO borrower_event (borrower_id, kind, product_id, module_id, position_id, value, at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    e.borrower_id.map(|id| id.0),
                    e.kind,
                    e.product_id,
                    e.module_id,
                    e.position_id,
                    e.value,
                    rows::millis(e.at)
                ],
            )
            .map_err(backend)?;
            Ok(())
        })
        .await
    }
}
