//! Idempotency keys (decision 037): the name a client gives one user action
//! (the `Idempotency-Key` header), so that a create it retries after a lost
//! answer stores nothing new and answers what the first did. Not the
//! ledger's own `store::IdempotencyKey`, which the server chooses for each
//! money posting.

use crate::borrower::BorrowerId;

/// The longest key a client may send.
pub const MAX_KEY_CHARS: usize = 64;

/// A key as the client sent it: 1 to 64 characters of `A-Z a-z 0-9 _ -`,
/// enough for a UUID or a random token and nothing that needs escaping.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestKey(String);

impl RequestKey {
    pub fn parse(sent: &str) -> Option<RequestKey> {
        let fits = (1..=MAX_KEY_CHARS).contains(&sent.len())
            && sent.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'-');
        fits.then(|| RequestKey(sent.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Whose keys these are: one client's key never meets another's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyOwner {
    Borrower(BorrowerId),
    /// A staff member signed in to the console.
    Staff(i64),
    /// A named staff API token: each script's keys are its own.
    ApiToken(i64),
}

impl KeyOwner {
    /// How the owner is stored beside the key.
    pub fn stored(self) -> String {
        match self {
            KeyOwner::Borrower(BorrowerId(id)) => format!("borrower:{id}"),
            KeyOwner::Staff(id) => format!("staff:{id}"),
            KeyOwner::ApiToken(id) => format!("token:{id}"),
        }
    }
}

/// A create sent under a key: whose, the key, and a fingerprint of what it
/// asked (the call and its checked fields), so that the same key with a
/// different request can be told from a retry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyedRequest {
    pub owner: KeyOwner,
    pub key: RequestKey,
    pub fingerprint: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_uuid_is_a_key() {
        let key = RequestKey::parse("0f8fad5b-d9cb-469f-a165-70867728950e").expect("a key");
        assert_eq!(key.as_str(), "0f8fad5b-d9cb-469f-a165-70867728950e");
    }

    #[test]
    fn underscores_and_a_single_character_are_keys() {
        assert!(RequestKey::parse("a").is_some());
        assert!(RequestKey::parse("save_1-B").is_some());
    }

    #[test]
    fn an_empty_key_is_refused() {
        assert_eq!(RequestKey::parse(""), None);
    }

    #[test]
    fn a_key_of_65_characters_is_refused() {
        assert!(RequestKey::parse(&"k".repeat(64)).is_some());
        assert_eq!(RequestKey::parse(&"k".repeat(65)), None);
    }

    #[test]
    fn spaces_punctuation_and_letters_beyond_ascii_are_refused() {
        for sent in ["a b", "a.b", "a/b", "a+b", "añb", "key\n"] {
            assert_eq!(RequestKey::parse(sent), None, "{sent:?}");
        }
    }

    #[test]
    fn owners_are_stored_apart() {
        assert_eq!(KeyOwner::Borrower(BorrowerId(12)).stored(), "borrower:12");
        assert_eq!(KeyOwner::Staff(12).stored(), "staff:12");
        assert_eq!(KeyOwner::ApiToken(12).stored(), "token:12", "a token's keys never meet a member's");
    }
}
