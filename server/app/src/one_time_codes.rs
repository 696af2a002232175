//! Issuing and checking one-time codes, for the login family and the
//! promotion page alike.

use crate::error::{ApiError, ApiResult};
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use hiram_domain::otp::{CodePurpose, Delivery, NewChallenge, OtpCode, SendLimit, Verification};
use hiram_domain::phone::Phone;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// A Philippine mobile number from a form, or the message that says so.
pub fn parse_phone(text: &str) -> ApiResult<Phone> {
    Phone::parse(text).map_err(|_| ApiError::rejected(Msg::InvalidPhone))
}

/// Draws a code uniformly from 000000–999999 with the OS's CSPRNG.
fn random_code() -> ApiResult<OtpCode> {
    // 4 294 000 000 is the largest multiple of one million below 2^32;
    // drawing again above it keeps every code equally likely.
    loop {
        let mut bytes = [0u8; 4];
        getrandom::fill(&mut bytes).map_err(|error| ApiError::Internal(error.to_string()))?;
        let value = u32::from_le_bytes(bytes);
        if value < 4_294_000_000 {
            return Ok(OtpCode::from_random(value));
        }
    }
}

fn digest(salt: &[u8; 16], purpose: CodePurpose, phone: &Phone, code: &str) -> [u8; 32] {
    let mut hasher = Sha256::new();
    hasher.update(salt);
    hasher.update(purpose.as_str().as_bytes());
    hasher.update(phone.e164().as_bytes());
    hasher.update(code.as_bytes());
    hasher.finalize().into()
}

/// Comparison that takes the same time wherever the digests differ.
fn same_digest(a: &[u8; 32], b: &[u8; 32]) -> bool {
    bool::from(a.ct_eq(b))
}

/// Issues a new code for the number (killing any live one for the purpose)
/// and sends it, unless a limit refuses.
pub async fn issue_code(
    state: &AppState,
    phone: &Phone,
    purpose: CodePurpose,
    delivery: Delivery,
    address: &str,
    lang: Lang,
) -> ApiResult<()> {
    let code = random_code()?;
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|error| ApiError::Internal(error.to_string()))?;
    let now = state.now();
    let policy = state.otp_policy();
    let challenge = NewChallenge {
        phone: phone.clone(),
        purpose,
        delivery,
        code_digest: digest(&salt, purpose, phone, code.expose()),
        salt,
        created_at: now,
        expires_at: now + policy.validity,
        address: address.to_owned(),
    };
    if let Err(limit) = state.store.issue_challenge(&challenge, &policy).await? {
        let message = match limit {
            SendLimit::TooSoon { .. } => Msg::CodeTooSoon,
            SendLimit::HourlyLimit { .. } => Msg::CodeHourlyLimit,
            SendLimit::DailyLimit { .. } => Msg::CodeDailyLimit,
        };
        let retry_after_seconds = u64::try_from(limit.retry_after().whole_seconds()).unwrap_or(1);
        return Err(ApiError::TooManyRequests { retry_after_seconds, message });
    }
    let template = match delivery {
        Delivery::Sms => Msg::CodeSms,
        Delivery::Voice => Msg::CodeVoice,
    };
    crate::adapters::sms::deliver_code(state, phone, delivery, template.text(lang), &code).await
}

/// Checks a typed code against the number's live code for the purpose and
/// uses it up when right. Wrong tries count; the fifth kills the code.
pub async fn verify_code(state: &AppState, phone: &Phone, purpose: CodePurpose, typed: &str) -> ApiResult<()> {
    let typed = OtpCode::parse(typed).map_err(|_| ApiError::rejected(Msg::InvalidCodeFormat))?;
    let policy = state.otp_policy();
    let now = state.now();
    let challenge = state.store.live_challenge(phone, purpose).await?.ok_or(ApiError::rejected(Msg::CodeRefused))?;
    let matches = same_digest(&digest(&challenge.salt, purpose, phone, typed.expose()), &challenge.code_digest);
    let verdict = challenge.verify(matches, now, &policy);
    let recorded = match verdict {
        Verification::Refused => false,
        Verification::Accepted => state.store.record_try(challenge.id, true, now, policy.max_wrong_tries).await?,
        Verification::Wrong { .. } => state.store.record_try(challenge.id, false, now, policy.max_wrong_tries).await?,
    };
    match verdict {
        Verification::Accepted if recorded => Ok(()),
        Verification::Wrong { tries_left } if recorded && tries_left > 0 => Err(ApiError::Rejected {
            message: Msg::CodeWrong,
            detail: Some(tries_left.to_string()),
            data: serde_json::Value::Null,
        }),
        _ => Err(ApiError::rejected(Msg::CodeRefused)),
    }
}
