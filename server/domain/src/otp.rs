//! One-time codes sent by SMS or voice call (decisions.md D5).
//!
//! A code is 6 digits, valid 5 minutes, single use, bound to its purpose,
//! dead after 5 wrong tries, and replaced (killed) by a resend, which is
//! allowed 60 s after the last send. Sends are limited per number and per
//! client address per hour and per day.

use crate::phone::Phone;
use time::{Duration, OffsetDateTime};

/// A code as the borrower typed it: exactly six ASCII digits.
#[derive(Clone, PartialEq, Eq)]
pub struct OtpCode(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a code is six digits")]
pub struct InvalidCode;

impl OtpCode {
    pub fn parse(input: &str) -> Result<OtpCode, InvalidCode> {
        let trimmed = input.trim();
        if trimmed.len() == 6 && trimmed.bytes().all(|b| b.is_ascii_digit()) {
            Ok(OtpCode(trimmed.to_owned()))
        } else {
            Err(InvalidCode)
        }
    }

    /// Six digits from a uniform random number below one million, which the
    /// caller draws from a CSPRNG.
    pub fn from_random(value: u32) -> OtpCode {
        OtpCode(format!("{:06}", value % 1_000_000))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

/// Never printed: a stray `{:?}` must not put a code in a log.
impl std::fmt::Debug for OtpCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("OtpCode(******)")
    }
}

/// What a code may be used for; a code for one purpose never works for another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CodePurpose {
    Login,
    ResetPassword,
    /// Registration on the promotion page.
    Register,
    /// Authorising a debit of the borrower's account (the old repayment
    /// store).
    Repayment,
}

impl CodePurpose {
    pub fn as_str(self) -> &'static str {
        match self {
            CodePurpose::Login => "login",
            CodePurpose::ResetPassword => "reset_pwd",
            CodePurpose::Register => "register",
            CodePurpose::Repayment => "repayment",
        }
    }

    pub fn parse(text: &str) -> Option<CodePurpose> {
        [CodePurpose::Login, CodePurpose::ResetPassword, CodePurpose::Register, CodePurpose::Repayment]
            .into_iter()
            .find(|purpose| purpose.as_str() == text)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delivery {
    Sms,
    Voice,
}

impl Delivery {
    pub fn as_str(self) -> &'static str {
        match self {
            Delivery::Sms => "sms",
            Delivery::Voice => "voice",
        }
    }

    pub fn parse(text: &str) -> Option<Delivery> {
        match text {
            "sms" => Some(Delivery::Sms),
            "voice" => Some(Delivery::Voice),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OtpPolicy {
    pub validity: Duration,
    pub max_wrong_tries: i64,
    pub resend_after: Duration,
    pub per_phone_hour: i64,
    pub per_phone_day: i64,
    pub per_address_hour: i64,
    pub per_address_day: i64,
}

impl Default for OtpPolicy {
    fn default() -> Self {
        OtpPolicy {
            validity: Duration::minutes(5),
            max_wrong_tries: 5,
            resend_after: Duration::seconds(60),
            per_phone_hour: 5,
            per_phone_day: 10,
            per_address_hour: 20,
            per_address_day: 60,
        }
    }
}

/// What the store counted of earlier sends, inside the same transaction that
/// will record the next one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SendHistory {
    pub last_to_phone: Option<OffsetDateTime>,
    pub to_phone_last_hour: i64,
    pub to_phone_last_day: i64,
    pub from_address_last_hour: i64,
    pub from_address_last_day: i64,
}

/// Why a send is refused, and when asking again can work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SendLimit {
    TooSoon { retry_after: Duration },
    HourlyLimit { retry_after: Duration },
    DailyLimit { retry_after: Duration },
}

impl SendLimit {
    pub fn retry_after(self) -> Duration {
        match self {
            SendLimit::TooSoon { retry_after }
            | SendLimit::HourlyLimit { retry_after }
            | SendLimit::DailyLimit { retry_after } => retry_after,
        }
    }
}

impl OtpPolicy {
    /// Whether one more code may be sent now. Retry-After for window limits
    /// is the whole window: conservative, and it needs no per-row times.
    pub fn allow_send(&self, history: &SendHistory, now: OffsetDateTime) -> Result<(), SendLimit> {
        if let Some(last) = history.last_to_phone {
            let next = last + self.resend_after;
            if now < next {
                return Err(SendLimit::TooSoon { retry_after: ceil_seconds(next - now) });
            }
        }
        if history.to_phone_last_day >= self.per_phone_day || history.from_address_last_day >= self.per_address_day {
            return Err(SendLimit::DailyLimit { retry_after: Duration::hours(24) });
        }
        if history.to_phone_last_hour >= self.per_phone_hour || history.from_address_last_hour >= self.per_address_hour
        {
            return Err(SendLimit::HourlyLimit { retry_after: Duration::hours(1) });
        }
        Ok(())
    }
}

fn ceil_seconds(duration: Duration) -> Duration {
    let whole = duration.whole_seconds();
    Duration::seconds(if duration > Duration::seconds(whole) { whole + 1 } else { whole }.max(1))
}

/// The live code of a number for one purpose, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtpChallenge {
    pub id: i64,
    pub phone: Phone,
    pub purpose: CodePurpose,
    /// SHA-256 of salt, purpose and code; the code itself is never stored.
    pub code_digest: [u8; 32],
    pub salt: [u8; 16],
    pub created_at: OffsetDateTime,
    pub expires_at: OffsetDateTime,
    pub wrong_tries: i64,
    /// When the code stopped being live: used, or replaced by a resend.
    pub closed_at: Option<OffsetDateTime>,
}

#[derive(Clone, Debug)]
pub struct NewChallenge {
    pub phone: Phone,
    pub purpose: CodePurpose,
    pub delivery: Delivery,
    pub code_digest: [u8; 32],
    pub salt: [u8; 16],
    pub created_at: OffsetDateTime,
    pub expires_at: OffsetDateTime,
    /// The client address the request came from, for the per-address limit.
    pub address: String,
}

/// The outcome of checking a typed code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verification {
    Accepted,
    Wrong {
        tries_left: i64,
    },
    /// No live code: never sent, expired, used, replaced, or out of tries.
    Refused,
}

impl OtpChallenge {
    /// Decides a try. `matches` says whether the typed code's digest equals
    /// the stored one; the store records the outcome in the same transaction.
    pub fn verify(&self, matches: bool, now: OffsetDateTime, policy: &OtpPolicy) -> Verification {
        let live = self.closed_at.is_none() && now < self.expires_at && self.wrong_tries < policy.max_wrong_tries;
        if !live {
            Verification::Refused
        } else if matches {
            Verification::Accepted
        } else {
            Verification::Wrong { tries_left: policy.max_wrong_tries - self.wrong_tries - 1 }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    const NOW: OffsetDateTime = datetime!(2026-11-22 10:00 UTC);

    fn challenge() -> OtpChallenge {
        OtpChallenge {
            id: 1,
            phone: Phone::parse("09171234567").unwrap(),
            purpose: CodePurpose::Login,
            code_digest: [0; 32],
            salt: [0; 16],
            created_at: NOW,
            expires_at: NOW + Duration::minutes(5),
            wrong_tries: 0,
            closed_at: None,
        }
    }

    #[test]
    fn a_code_is_exactly_six_digits() {
        assert!(OtpCode::parse("012345").is_ok());
        assert!(OtpCode::parse(" 012345 ").is_ok());
        for bad in ["12345", "1234567", "12a456", "", "１２３４５６"] {
            assert_eq!(OtpCode::parse(bad), Err(InvalidCode), "{bad}");
        }
    }

    #[test]
    fn random_codes_keep_leading_zeros() {
        assert_eq!(OtpCode::from_random(42).expose(), "000042");
        assert_eq!(OtpCode::from_random(1_999_999).expose(), "999999");
    }

    #[test]
    fn the_fifth_wrong_try_leaves_no_tries_and_then_even_the_right_code_is_refused() {
        let policy = OtpPolicy::default();
        let mut live = challenge();
        live.wrong_tries = 4;
        assert_eq!(live.verify(false, NOW, &policy), Verification::Wrong { tries_left: 0 });
        live.wrong_tries = 5;
        assert_eq!(live.verify(true, NOW, &policy), Verification::Refused);
    }

    #[test]
    fn an_expired_or_used_code_is_refused() {
        let policy = OtpPolicy::default();
        assert_eq!(challenge().verify(true, NOW + Duration::minutes(5), &policy), Verification::Refused);
        let mut used = challenge();
        used.closed_at = Some(NOW);
        assert_eq!(used.verify(true, NOW, &policy), Verification::Refused);
        assert_eq!(challenge().verify(true, NOW + Duration::minutes(4), &policy), Verification::Accepted);
    }

    #[test]
    fn a_resend_within_sixty_seconds_is_refused_with_the_seconds_left() {
        let history =
            SendHistory { last_to_phone: Some(NOW - Duration::milliseconds(20_500)), ..SendHistory::default() };
        assert_eq!(
            OtpPolicy::default().allow_send(&history, NOW),
            Err(SendLimit::TooSoon { retry_after: Duration::seconds(40) })
        );
        let later = SendHistory { last_to_phone: Some(NOW - Duration::seconds(60)), ..SendHistory::default() };
        assert_eq!(OtpPolicy::default().allow_send(&later, NOW), Ok(()));
    }

    #[test]
    fn hourly_and_daily_limits_apply_per_number_and_per_address() {
        let policy = OtpPolicy::default();
        let phone_hour = SendHistory { to_phone_last_hour: 5, to_phone_last_day: 5, ..SendHistory::default() };
        assert!(matches!(policy.allow_send(&phone_hour, NOW), Err(SendLimit::HourlyLimit { .. })));
        let address_day = SendHistory { from_address_last_day: 60, ..SendHistory::default() };
        assert!(matches!(policy.allow_send(&address_day, NOW), Err(SendLimit::DailyLimit { .. })));
        let phone_day = SendHistory { to_phone_last_day: 10, ..SendHistory::default() };
        assert_eq!(policy.allow_send(&phone_day, NOW).unwrap_err().retry_after(), Duration::hours(24));
    }

    #[test]
    fn purposes_round_trip_and_unknown_ones_are_none() {
        assert_eq!(CodePurpose::parse("reset_pwd"), Some(CodePurpose::ResetPassword));
        assert_eq!(CodePurpose::parse("admin"), None);
    }
}
