//! The promotion landing page: templates by id, the funnel events of a
//! campaign link, and the image captcha that guards its SMS button.

use crate::borrower::BorrowerId;
use time::OffsetDateTime;

/// One landing-page configuration, chosen by the `id` in the campaign link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromotionTemplate {
    pub id: i64,
    pub app_name: String,
    pub headline: String,
    pub subheadline: String,
    pub button_text: String,
    pub theme_color: String,
    pub download_android_url: String,
    pub download_ios_url: String,
    pub active: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FunnelStep {
    Visit,
    Click,
    CodeSent,
    Register,
}

impl FunnelStep {
    pub fn as_str(self) -> &'static str {
        match self {
            FunnelStep::Visit => "visit",
            FunnelStep::Click => "click",
            FunnelStep::CodeSent => "code_sent",
            FunnelStep::Register => "register",
        }
    }
}

/// A step of a visitor through a campaign link. No phone number is kept:
/// the funnel counts people, it does not identify them.
#[derive(Clone, Debug)]
pub struct FunnelEvent {
    pub step: FunnelStep,
    pub template_id: Option<i64>,
    pub client_type: String,
    pub user_from: String,
    pub app_from: String,
    pub utm_tag: String,
    pub links_id: String,
    pub down_id: String,
    pub invite_code: String,
    pub borrower_id: Option<BorrowerId>,
    pub at: OffsetDateTime,
}

/// How far visitors of one campaign link got.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunnelCount {
    pub template_id: Option<i64>,
    pub user_from: String,
    pub utm_tag: String,
    pub visits: i64,
    pub clicks: i64,
    pub codes_sent: i64,
    pub registrations: i64,
}

/// The characters a visitor types from the captcha image: four digits.
#[derive(Clone, PartialEq, Eq)]
pub struct CaptchaAnswer(String);

pub const CAPTCHA_LENGTH: usize = 4;

impl CaptchaAnswer {
    pub fn parse(input: &str) -> Option<CaptchaAnswer> {
        let trimmed = input.trim();
        (trimmed.len() == CAPTCHA_LENGTH && trimmed.bytes().all(|b| b.is_ascii_digit()))
            .then(|| CaptchaAnswer(trimmed.to_owned()))
    }

    /// Four digits from a random number the caller drew.
    pub fn from_random(value: u32) -> CaptchaAnswer {
        CaptchaAnswer(format!("{:04}", value % 10_000))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for CaptchaAnswer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CaptchaAnswer(****)")
    }
}

/// The outcome of checking a typed captcha. Every check uses up the image's
/// answer, right or wrong: a failure needs a new image, and a right answer
/// cannot be replayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptchaCheck {
    Passed,
    Wrong,
    /// No image drawn for this sid, already checked, or expired.
    Refused,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_captcha_answer_is_four_digits() {
        assert!(CaptchaAnswer::parse("0421").is_some());
        for bad in ["421", "04210", "04a1", ""] {
            assert!(CaptchaAnswer::parse(bad).is_none(), "{bad}");
        }
        assert_eq!(CaptchaAnswer::from_random(7).expose(), "0007");
    }
}
