//! One-time codes sent by SMS.

use super::StoreResult;
use crate::otp::{CodePurpose, NewChallenge, OtpChallenge, OtpPolicy, SendLimit};
use crate::phone::Phone;
use async_trait::async_trait;
use time::OffsetDateTime;

#[async_trait]
pub trait OtpStore {
    /// In one transaction: counts earlier sends, asks the policy, and when it
    /// allows, closes the number's live codes for that purpose (a resend
    /// kills the old code), stores the new one and records the send. The
    /// inner `Err` says which limit refused it.
    async fn issue_challenge(&self, challenge: &NewChallenge, policy: &OtpPolicy)
    -> StoreResult<Result<(), SendLimit>>;
    /// The newest code of the number for the purpose that is not closed.
    async fn live_challenge(&self, phone: &Phone, purpose: CodePurpose) -> StoreResult<Option<OtpChallenge>>;
    /// Records one try atomically: an accepted try closes the code, a wrong
    /// one counts. False when the code stopped being live meanwhile (a
    /// concurrent try used it or spent its last chance).
    async fn record_try(
        &self,
        challenge_id: i64,
        accepted: bool,
        now: OffsetDateTime,
        max_wrong_tries: i64,
    ) -> StoreResult<bool>;
}
