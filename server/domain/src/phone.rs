//! Philippine mobile numbers (decisions.md D1).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A Philippine mobile number, stored in E.164 (`+639171234567`).
///
/// Accepted input: `09XXXXXXXXX` as typed (11 digits), `+639XXXXXXXXX` or
/// `639XXXXXXXXX`; spaces and dashes are ignored.
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Phone(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a Philippine mobile number")]
pub struct InvalidPhone;

impl Phone {
    pub fn parse(input: &str) -> Result<Phone, InvalidPhone> {
        let compact: String = input.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
        let national = if let Some(rest) = compact.strip_prefix("+63") {
            rest
        } else if let Some(rest) = compact.strip_prefix("63").filter(|rest| rest.len() == 10) {
            rest
        } else if let Some(rest) = compact.strip_prefix('0') {
            rest
        } else {
            return Err(InvalidPhone);
        };
        let is_mobile =
            national.len() == 10 && national.starts_with('9') && national.bytes().all(|b| b.is_ascii_digit());
        if is_mobile { Ok(Phone(format!("+63{national}"))) } else { Err(InvalidPhone) }
    }

    pub fn e164(&self) -> &str {
        &self.0
    }

    /// The way Filipinos write a mobile number: `0917 123 4567`.
    pub fn display(&self) -> String {
        let national = &self.0[3..];
        format!("0{} {} {}", &national[..3], &national[3..6], &national[6..])
    }

    /// The eleven digits a Filipino types: `09171234567`.
    pub fn national(&self) -> String {
        format!("0{}", &self.0[3..])
    }

    /// For places that must not show the whole number: `0917 *** 4567`.
    pub fn masked(&self) -> String {
        let national = &self.0[3..];
        format!("0{} *** {}", &national[..3], &national[6..])
    }

    /// Only the last four digits, for staff lists: `•••• ••• 4567`.
    pub fn last_four_only(&self) -> String {
        format!("•••• ••• {}", &self.0[self.0.len() - 4..])
    }
}

impl TryFrom<String> for Phone {
    type Error = InvalidPhone;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        Phone::parse(&value)
    }
}

impl From<Phone> for String {
    fn from(phone: Phone) -> String {
        phone.0
    }
}

/// Debug output masks the number so a stray `{:?}` cannot leak it into logs.
impl fmt::Debug for Phone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Phone({})", self.masked())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_typed_with_a_leading_zero_is_stored_in_e164() {
        assert_eq!(Phone::parse("09171234567").unwrap().e164(), "+639171234567");
    }

    #[test]
    fn international_forms_are_accepted() {
        assert_eq!(Phone::parse("+639171234567").unwrap().e164(), "+639171234567");
        assert_eq!(Phone::parse("639171234567").unwrap().e164(), "+639171234567");
        assert_eq!(Phone::parse("0917-123 4567").unwrap().e164(), "+639171234567");
    }

    #[test]
    fn landlines_short_numbers_and_letters_are_rejected() {
        for bad in ["0281234567", "0917123456", "091712345678", "0917abc4567", "19171234567", "", "+6309171234567"] {
            assert_eq!(Phone::parse(bad), Err(InvalidPhone), "{bad}");
        }
    }

    #[test]
    fn the_number_is_shown_four_three_four() {
        assert_eq!(Phone::parse("+639171234567").unwrap().display(), "0917 123 4567");
    }

    #[test]
    fn staff_lists_show_only_the_last_four_digits() {
        assert_eq!(Phone::parse("09171234567").unwrap().last_four_only(), "•••• ••• 4567");
    }

    #[test]
    fn debug_output_never_shows_the_whole_number() {
        let debug = format!("{:?}", Phone::parse("09171234567").unwrap());
        assert!(!debug.contains("1234567"), "{debug}");
    }
}
