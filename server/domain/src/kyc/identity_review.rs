//! Staff's review of a borrower's identity photos (decision 092): the ID
//! photo and the selfie compared with the ID's details, approved, or
//! rejected with a reason the borrower reads. A rejection takes the two
//! photos out of the borrower's answers, so KYC asks for them again.

use crate::borrower::BorrowerId;
use time::OffsetDateTime;

/// The answers a rejection takes back: the photos the review judged.
pub const REVIEWED_PHOTOS: [&str; 2] = ["id_photo", "selfie"];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdentityOutcome {
    Approved,
    Rejected,
}

impl IdentityOutcome {
    pub fn key(self) -> &'static str {
        match self {
            IdentityOutcome::Approved => "approved",
            IdentityOutcome::Rejected => "rejected",
        }
    }

    pub fn parse(key: &str) -> Option<IdentityOutcome> {
        [IdentityOutcome::Approved, IdentityOutcome::Rejected].into_iter().find(|outcome| outcome.key() == key)
    }
}

/// A review as staff make it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewIdentityReview {
    pub borrower: BorrowerId,
    pub outcome: IdentityOutcome,
    /// Why, in words the borrower can act on; required for a rejection.
    pub reason: String,
    /// The staff member; `None` for a staff API token.
    pub staff_id: Option<i64>,
    pub at: OffsetDateTime,
}

/// The latest review of a borrower's identity, with the reviewer's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdentityReview {
    pub outcome: IdentityOutcome,
    pub reason: String,
    /// Empty for a staff API token.
    pub reviewer: String,
    pub at: OffsetDateTime,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_read_back_from_their_keys() {
        for outcome in [IdentityOutcome::Approved, IdentityOutcome::Rejected] {
            assert_eq!(IdentityOutcome::parse(outcome.key()), Some(outcome));
        }
        assert_eq!(IdentityOutcome::parse("maybe"), None);
    }
}
