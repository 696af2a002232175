//! Pictures borrowers send (identity photos, complaint screenshots,
//! receipts in their income and expense book): where
//! the bytes live and what the database records of them. The bytes sit in
//! an object store behind [`FileStore`] (a local folder by default); the
//! record says whose a picture is, so only its owner and staff see it.

use crate::borrower::BorrowerId;
use async_trait::async_trait;
use time::OffsetDateTime;

/// Why a picture was sent; it decides which consent it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImagePurpose {
    /// `/credit-info/upload-image`: photos for the credit check, under the
    /// photos consent (D4).
    Identity,
    /// `/user-problem/upload-problem-img`: pictures attached to a complaint.
    Complaint,
    /// Pictures customer care attaches to an answer: the borrower sees
    /// them, but cannot attach them to a complaint of their own, and they
    /// do not count against the borrower's daily pictures.
    ComplaintAnswer,
    /// `/book-keeping/upload-image`: a receipt on a record of the borrower's
    /// income and expense book.
    Receipt,
}

impl ImagePurpose {
    pub const ALL: [ImagePurpose; 4] =
        [ImagePurpose::Identity, ImagePurpose::Complaint, ImagePurpose::ComplaintAnswer, ImagePurpose::Receipt];

    /// The pictures an account's erasure removes, bytes and records:
    /// identity photos and receipts are the borrower's personal data.
    /// Complaint pictures stay with their complaint, a record the lender
    /// must keep.
    pub const ERASED_WITH_ACCOUNT: [ImagePurpose; 2] = [ImagePurpose::Identity, ImagePurpose::Receipt];

    pub fn key(self) -> &'static str {
        match self {
            ImagePurpose::Identity => "identity",
            ImagePurpose::Complaint => "complaint",
            ImagePurpose::ComplaintAnswer => "complaint_answer",
            ImagePurpose::Receipt => "receipt",
        }
    }

    pub fn parse(key: &str) -> Option<ImagePurpose> {
        ImagePurpose::ALL.into_iter().find(|purpose| purpose.key() == key)
    }
}

/// A picture as stored: always a JPEG the server encoded itself, under a
/// name the server made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImageRecord {
    /// 32 lowercase hex characters: 128 random bits, never the sender's name.
    pub name: String,
    pub owner: BorrowerId,
    pub purpose: ImagePurpose,
    pub byte_size: i64,
    pub width: i64,
    pub height: i64,
    pub created_at: OffsetDateTime,
}

/// Whether `name` has the shape of a server-made name, so that a name taken
/// from a URL can never reach the file system as a path.
pub fn is_server_name(name: &str) -> bool {
    name.len() == 32 && name.bytes().all(|byte| byte.is_ascii_digit() || (b'a'..=b'f').contains(&byte))
}

#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("object storage failed: {0}")]
    Backend(String),
}

/// Where uploaded bytes are kept. Names are server-made ([`is_server_name`]).
#[async_trait]
pub trait FileStore: Send + Sync {
    /// Stores the bytes whole or not at all.
    async fn put(&self, name: &str, bytes: &[u8]) -> Result<(), FileError>;
    async fn get(&self, name: &str) -> Result<Option<Vec<u8>>, FileError>;
    /// Removes the bytes; a name already gone counts as removed, so a
    /// retried erasure finishes.
    async fn delete(&self, name: &str) -> Result<(), FileError>;
    /// Whether the store can be used now (readiness asks): an error says
    /// why not.
    async fn ready(&self) -> Result<(), FileError>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_server_made_names_pass() {
        assert!(is_server_name("0123456789abcdef0123456789abcdef"));
        for name in [
            "",
            "../../etc/passwd",
            "0123456789ABCDEF0123456789abcdef",
            "0123456789abcdef0123456789abcde",
            "0123456789abcdef0123456789abcdef0",
            "0123456789abcdef/123456789abcdef",
            "0123456789abcdef0123456789abcde.",
        ] {
            assert!(!is_server_name(name), "{name:?} must not pass");
        }
    }

    #[test]
    fn purposes_read_back_from_their_keys() {
        for purpose in ImagePurpose::ALL {
            assert_eq!(ImagePurpose::parse(purpose.key()), Some(purpose));
        }
        assert_eq!(ImagePurpose::parse("avatar"), None);
    }
}
