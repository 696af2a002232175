//! The promotion page's image captchas, keyed by the SHA-256 of their sid.

use crate::Store;
use crate::db::args;
use async_trait::async_trait;
use hiram_domain::phone::Phone;
use hiram_domain::promotion::CaptchaCheck;
use hiram_domain::store::{CaptchaStore, StoreResult};
use time::OffsetDateTime;

#[async_trait]
impl CaptchaStore for Store {
    async fn create_captcha(&self, sid: &[u8; 32], now: OffsetDateTime, expires_at: OffsetDateTime) -> StoreResult<()> {
        self.db
            .exec(
                "INSERT INTO captcha (sid_digest, created_at, expires_at) VALUES ($1, $2, $3)",
                args![sid, now, expires_at],
            )
            .await
            .map(drop)
    }

    async fn set_captcha_answer(&self, sid: &[u8; 32], answer: &[u8; 32], now: OffsetDateTime) -> StoreResult<bool> {
        let changed = self
            .db
            .exec(
                "UPDATE captcha SET answer_digest = $2, passed_phone = NULL \
                 WHERE sid_digest = $1 AND closed_at IS NULL AND expires_at > $3",
                args![sid, answer, now],
            )
            .await?;
        Ok(changed == 1)
    }

    async fn check_captcha(
        &self,
        sid: &[u8; 32],
        answer: &[u8; 32],
        phone: &Phone,
        now: OffsetDateTime,
    ) -> StoreResult<CaptchaCheck> {
        let mut tx = self.db.write().await?;
        let passed: Option<Option<String>> = tx
            .opt_value(
                "UPDATE captcha SET passed_phone = CASE WHEN answer_digest = $2 THEN $3 END, answer_digest = NULL \
                 WHERE sid_digest = $1 AND answer_digest IS NOT NULL AND closed_at IS NULL AND expires_at > $4 \
                 RETURNING passed_phone",
                args![sid, answer, phone, now],
            )
            .await?;
        tx.commit().await?;
        Ok(match passed {
            None => CaptchaCheck::Refused,
            Some(None) => CaptchaCheck::Wrong,
            Some(Some(_)) => CaptchaCheck::Passed,
        })
    }

    async fn captcha_passed_for(&self, sid: &[u8; 32], phone: &Phone, now: OffsetDateTime) -> StoreResult<bool> {
        self.db
            .value(
                "SELECT EXISTS (SELECT 1 FROM captcha WHERE sid_digest = $1 AND passed_phone = $2 AND closed_at IS NULL \
                 AND expires_at > $3)",
                args![sid, phone, now],
            )
            .await
    }

    async fn close_captcha(&self, sid: &[u8; 32], now: OffsetDateTime) -> StoreResult<()> {
        self.db
            .exec(
                "UPDATE captcha SET closed_at = $2, answer_digest = NULL WHERE sid_digest = $1 AND closed_at IS NULL",
                args![sid, now],
            )
            .await
            .map(drop)
    }

    async fn captcha_answer_digest(&self, sid: &[u8; 32]) -> StoreResult<Option<[u8; 32]>> {
        let digest: Option<Option<[u8; 32]>> =
            self.db.opt_value("SELECT answer_digest FROM captcha WHERE sid_digest = $1", args![sid]).await?;
        Ok(digest.flatten())
    }
}
