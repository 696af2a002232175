//! Optional borrower passwords (the `login` call with a password).

/// The passwords people choose first (a list bundled with the server, so
/// the check works offline; one a line, `#` starts a comment).
const COMMON: &str = include_str!("common_passwords.txt");

/// Different characters a password must hold ("aaaaaaaa" and "abababab"
/// fall to the first guesses).
const MIN_DISTINCT_CHARS: usize = 4;

/// A new password as chosen: 8 to 64 characters, not all digits (a PIN-like
/// password falls to a few thousand guesses), at least four different
/// characters, and not a common password with digits or symbols around it.
#[derive(Clone, PartialEq, Eq)]
pub struct NewPassword(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a password has 8 to 64 characters, not only digits, and is no common password")]
pub struct WeakPassword;

impl NewPassword {
    pub const MIN_CHARS: usize = 8;
    pub const MAX_CHARS: usize = 64;
    pub const STAFF_MIN_CHARS: usize = 12;

    pub fn parse(input: &str) -> Result<NewPassword, WeakPassword> {
        let length = input.chars().count();
        let long_enough = (Self::MIN_CHARS..=Self::MAX_CHARS).contains(&length);
        let not_only_digits = !input.chars().all(|c| c.is_ascii_digit());
        let mut distinct: Vec<char> = input.chars().collect();
        distinct.sort_unstable();
        distinct.dedup();
        let varied = distinct.len() >= MIN_DISTINCT_CHARS;
        if long_enough && not_only_digits && varied && !is_common(input) {
            Ok(NewPassword(input.to_owned()))
        } else {
            Err(WeakPassword)
        }
    }

    /// A staff member's password: the same rules, and at least
    /// [`NewPassword::STAFF_MIN_CHARS`] characters (ASVS 5.0 V6.2.1), since
    /// it opens the lender's books rather than one borrower's loans.
    pub fn parse_for_staff(input: &str) -> Result<NewPassword, WeakPassword> {
        match input.chars().count() >= Self::STAFF_MIN_CHARS {
            true => Self::parse(input),
            false => Err(WeakPassword),
        }
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

/// Whether the password is a common one once lower-cased and stripped of
/// the digits and symbols people add at either end.
fn is_common(input: &str) -> bool {
    let core = input.to_lowercase();
    let core = core.trim_matches(|c: char| !c.is_alphabetic());
    COMMON
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .any(|common| common == core || common == input.to_lowercase())
}

impl std::fmt::Debug for NewPassword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NewPassword(..)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_staff_password_has_twelve_characters_at_least() {
        assert!(NewPassword::parse_for_staff("sampaguita8").is_err());
        assert!(NewPassword::parse_for_staff("sampaguita-88").is_ok());
        assert!(NewPassword::parse_for_staff("password1234").is_err(), "common, however long");
    }

    #[test]
    fn short_long_and_digit_only_passwords_are_refused() {
        assert!(NewPassword::parse("abc1234").is_err());
        assert!(NewPassword::parse(&"a".repeat(65)).is_err());
        assert!(NewPassword::parse("12345678").is_err());
        assert!(NewPassword::parse("sampaguita8").is_ok());
        assert!(NewPassword::parse("ñandú-ñandú").is_ok());
    }

    #[test]
    fn common_and_repetitive_passwords_are_refused_however_dressed() {
        for weak in [
            "password",
            "Password123!",
            "!!password!!",
            "aaaaaaaa",
            "abababab",
            "MahalKita2024",
            "qwertyuiop",
            "iloveyou",
        ] {
            assert!(NewPassword::parse(weak).is_err(), "{weak}");
        }
        for fine in ["sampaguita-8", "kalabaw ng bukid", "password manager 7x"] {
            assert!(NewPassword::parse(fine).is_ok(), "{fine}");
        }
    }
}
