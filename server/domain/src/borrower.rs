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
}
