//! KYC answers, order documents and borrower events on SQLite.

use crate::pool::{SqliteStore, backend};
use crate::rows::{self, millis};
use async_trait::async_trait;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::files::ImagePurpose;
use hiram_domain::kyc::Section;
use hiram_domain::store::{BorrowerEvent, ConsentKind, ConsentStore, EventStore, KycAnswer, KycStore, StoreResult};
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

    async fn has_event(&self, borrower: BorrowerId, kind: &str) -> StoreResult<bool> {
        let kind = kind.to_owned();
        self.read(move |connection| {
            connection
                .query_row(
                    "SELECT EXISTS (SELECT 1 FROM borrower_event WHERE borrower_id = ?1 AND kind = ?2)",
                    params![borrower.0, kind],
                    |row| row.get(0),
                )
                .map_err(backend)
        })
        .await
    }
}

const NEWEST_CONSENT: &str =
    "SELECT COALESCE((SELECT granted FROM consent WHERE borrower_id = ?1 AND kind = ?2 ORDER BY id DESC LIMIT 1), 0)";

#[async_trait]
impl ConsentStore for SqliteStore {
    async fn record_consent(
        &self,
        borrower: BorrowerId,
        kind: ConsentKind,
        granted: bool,
        at: OffsetDateTime,
    ) -> StoreResult<()> {
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO consent (borrower_id, kind, granted, at) VALUES (?1, ?2, ?3, ?4)",
                params![borrower.0, kind.key(), granted, millis(at)],
            )
            .map_err(backend)?;
            Ok(())
        })
        .await
    }

    async fn has_consent(&self, borrower: BorrowerId, kind: ConsentKind) -> StoreResult<bool> {
        self.read(move |connection| {
            connection.query_row(NEWEST_CONSENT, params![borrower.0, kind.key()], |row| row.get(0)).map_err(backend)
        })
        .await
    }

    async fn store_upload(
        &self,
        borrower: BorrowerId,
        kind: ConsentKind,
        body: &str,
        at: OffsetDateTime,
    ) -> StoreResult<bool> {
        let body = body.to_owned();
        self.write(move |tx| {
            let granted: bool =
                tx.query_row(NEWEST_CONSENT, params![borrower.0, kind.key()], |row| row.get(0)).map_err(backend)?;
            if granted {
                tx.execute(
                    "INSERT INTO borrower_upload (borrower_id, kind, body, at) VALUES (?1, ?2, ?3, ?4)",
                    params![borrower.0, kind.key(), body, millis(at)],
                )
                .map_err(backend)?;
            }
            Ok(granted)
        })
        .await
    }

    async fn erase_personal_data(&self, borrower: BorrowerId, at: OffsetDateTime) -> StoreResult<Vec<String>> {
        self.write(move |tx| {
            let mut pictures = Vec::new();
            for purpose in ImagePurpose::ERASED_WITH_ACCOUNT {
                let mut names = tx
                    .prepare("DELETE FROM uploaded_image WHERE borrower_id = ?1 AND purpose = ?2 RETURNING name")
                    .map_err(backend)?;
                let rows = names.query_map(params![borrower.0, purpose.key()], |row| row.get(0)).map_err(backend)?;
                for name in rows {
                    pictures.push(name.map_err(backend)?);
                }
            }
            for sql in [
                "DELETE FROM repay_reminder_sent \
                 WHERE reminder_id IN (SELECT id FROM repay_reminder WHERE borrower_id = ?1)",
                "DELETE FROM repay_reminder WHERE borrower_id = ?1",
                "DELETE FROM repay_bill WHERE borrower_id = ?1",
                "DELETE FROM kyc_answer WHERE borrower_id = ?1",
                "DELETE FROM borrower_upload WHERE borrower_id = ?1",
                "DELETE FROM saved_calculation WHERE borrower_id = ?1",
                "DELETE FROM book_record WHERE borrower_id = ?1",
                "UPDATE borrower_event SET borrower_id = NULL WHERE borrower_id = ?1",
                "UPDATE borrower SET password_hash = NULL WHERE id = ?1",
            ] {
                tx.execute(sql, [borrower.0]).map_err(backend)?;
            }
            tx.execute(
                "UPDATE session SET revoked_at = ?2 WHERE borrower_id = ?1 AND revoked_at IS NULL",
                params![borrower.0, millis(at)],
            )
            .map_err(backend)?;
            Ok(pictures)
        })
        .await
    }
}
