//! The promotion page's image captchas.

use super::StoreResult;
use crate::phone::Phone;
use crate::promotion::CaptchaCheck;
use async_trait::async_trait;
use time::OffsetDateTime;

/// Image captchas, keyed by the SHA-256 of their sid.
#[async_trait]
pub trait CaptchaStore {
    async fn create_captcha(&self, sid: &[u8; 32], now: OffsetDateTime, expires_at: OffsetDateTime) -> StoreResult<()>;
    /// Sets the answer of a newly drawn image; false when the sid is unknown,
    /// expired or closed. A new image cancels an earlier pass.
    async fn set_captcha_answer(&self, sid: &[u8; 32], answer: &[u8; 32], now: OffsetDateTime) -> StoreResult<bool>;
    /// Checks and clears the answer in one statement; on a match the sid is
    /// marked as passed for `phone`.
    async fn check_captcha(
        &self,
        sid: &[u8; 32],
        answer: &[u8; 32],
        phone: &Phone,
        now: OffsetDateTime,
    ) -> StoreResult<CaptchaCheck>;
    async fn captcha_passed_for(&self, sid: &[u8; 32], phone: &Phone, now: OffsetDateTime) -> StoreResult<bool>;
    async fn close_captcha(&self, sid: &[u8; 32], now: OffsetDateTime) -> StoreResult<()>;
    /// The stored digest of the image's answer, for the test hook
    /// (`hiram captcha-answer`) that plays a visitor who can read.
    async fn captcha_answer_digest(&self, sid: &[u8; 32]) -> StoreResult<Option<[u8; 32]>>;
}
