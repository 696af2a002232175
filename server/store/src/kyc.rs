//! The borrower's KYC answers.

use crate::Store;
use crate::db::args;
use async_trait::async_trait;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::kyc::Section;
use hiram_domain::kyc::identity_review::{IdentityOutcome, IdentityReview, NewIdentityReview, REVIEWED_PHOTOS};
use hiram_domain::store::{KycAnswer, KycStore, StoreResult};
use time::OffsetDateTime;

#[async_trait]
impl KycStore for Store {
    async fn save_kyc_section(
        &self,
        borrower: BorrowerId,
        section: Section,
        answers: &[(&'static str, String)],
        now: OffsetDateTime,
    ) -> StoreResult<()> {
        let mut tx = self.db.write().await?;
        tx.exec("DELETE FROM kyc_answer WHERE borrower_id = $1 AND section = $2", args![borrower, section.key()])
            .await?;
        for (code, value) in answers {
            tx.exec(
                "INSERT INTO kyc_answer (borrower_id, section, code, value, updated_at) VALUES ($1, $2, $3, $4, $5)",
                args![borrower, section.key(), *code, value, now],
            )
            .await?;
        }
        tx.commit().await
    }

    async fn kyc_answers(&self, borrower: BorrowerId) -> StoreResult<Vec<KycAnswer>> {
        self.db
            .all(
                "SELECT section, code, value FROM kyc_answer WHERE borrower_id = $1 ORDER BY section, code",
                args![borrower],
                |row| Ok(KycAnswer { section: row.parse(0, Section::parse)?, code: row.get(1)?, value: row.get(2)? }),
            )
            .await
    }

    async fn record_identity_review(&self, review: &NewIdentityReview) -> StoreResult<()> {
        let mut tx = self.db.write().await?;
        tx.exec(
            "INSERT INTO identity_review (borrower_id, outcome, reason, staff_id, reviewed_at) VALUES ($1, $2, $3, $4, $5)",
            args![review.borrower, review.outcome.key(), &review.reason, review.staff_id, review.at],
        )
        .await?;
        if review.outcome == IdentityOutcome::Rejected {
            for code in REVIEWED_PHOTOS {
                tx.exec("DELETE FROM kyc_answer WHERE borrower_id = $1 AND code = $2", args![review.borrower, code])
                    .await?;
            }
        }
        tx.commit().await
    }

    async fn identity_review(&self, borrower: BorrowerId) -> StoreResult<Option<IdentityReview>> {
        self.db
            .opt(
                "SELECT r.outcome, r.reason, COALESCE(s.name, ''), r.reviewed_at FROM identity_review r \
                 LEFT JOIN staff_account s ON s.id = r.staff_id WHERE r.borrower_id = $1 ORDER BY r.id DESC LIMIT 1",
                args![borrower],
                |row| {
                    Ok(IdentityReview {
                        outcome: row.parse(0, IdentityOutcome::parse)?,
                        reason: row.get(1)?,
                        reviewer: row.get(2)?,
                        at: row.get(3)?,
                    })
                },
            )
            .await
    }
}
