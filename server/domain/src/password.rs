//! Optional borrower passwords (the `login` call with a password).

/// A new password as chosen: 8 to 64 characters, not all digits (a PIN-like
/// password falls to a few thousand guesses).
#[derive(Clone, PartialEq, Eq)]
pub struct NewPassword(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a password has 8 to 64 characters and not only digits")]
pub struct WeakPassword;

impl NewPassword {
    pub const MIN_CHARS: usize = 8;
    pub const MAX_CHARS: usize = 64;

    pub fn parse(input: &str) -> Result<NewPassword, WeakPassword> {
        let length = input.chars().count();
        let long_enough = (Self::MIN_CHARS..=Self::MAX_CHARS).contains(&length);
        let not_only_digits = !input.chars().all(|c| c.is_ascii_digit());
        if long_enough && not_only_digits { Ok(NewPassword(input.to_owned())) } else { Err(WeakPassword) }
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
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
    fn short_long_and_digit_only_passwords_are_refused() {
        assert!(NewPassword::parse("abc1234").is_err());
        assert!(NewPassword::parse(&"a".repeat(65)).is_err());
        assert!(NewPassword::parse("12345678").is_err());
        assert!(NewPassword::parse("sampaguita8").is_ok());
        assert!(NewPassword::parse("ñandú-ñandú").is_ok());
    }
}
