//! Borrowers: people who sign in with a Philippine mobile number.

use crate::phone::Phone;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct BorrowerId(pub i64);

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Borrower {
    pub id: BorrowerId,
    pub phone: Phone,
    pub full_name: Option<String>,
    pub created_at: OffsetDateTime,
    /// The language they chose for what the product tells them (texts,
    /// SMS); `None` until they choose (decision 046).
    pub language: Option<Language>,
}

/// The two languages of the product (D1): English (en-PH), the default, and
/// Filipino.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    English,
    Filipino,
}

impl Language {
    /// The tag stored and spoken by the API: `en` or `fil`.
    pub fn tag(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Filipino => "fil",
        }
    }

    /// A stored or sent tag, exactly `en` or `fil`; nothing else.
    pub fn parse(tag: &str) -> Option<Language> {
        match tag {
            "en" => Some(Language::English),
            "fil" => Some(Language::Filipino),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_language_reads_back_from_its_tag_and_nothing_else_reads() {
        for language in [Language::English, Language::Filipino] {
            assert_eq!(Language::parse(language.tag()), Some(language));
        }
        for other in ["", "EN", "tl", "fil-PH", "de"] {
            assert_eq!(Language::parse(other), None, "{other:?}");
        }
    }
}
