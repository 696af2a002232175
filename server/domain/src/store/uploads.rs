//! Records of uploaded pictures.

use super::StoreResult;
use crate::borrower::BorrowerId;
use crate::files::{ImagePurpose, ImageRecord};
use crate::idempotency::KeyedRequest;
use async_trait::async_trait;
use time::OffsetDateTime;

#[async_trait]
pub trait ImageStore {
    /// Records the picture and answers its name; under a key already used
    /// for the same request, the first picture's name and nothing stored.
    async fn record_image(&self, image: &ImageRecord, request: Option<&KeyedRequest>) -> StoreResult<String>;
    async fn image(&self, name: &str) -> StoreResult<Option<ImageRecord>>;
    /// How many pictures the borrower sent since `since` (the daily cap).
    async fn images_sent_since(&self, owner: BorrowerId, since: OffsetDateTime) -> StoreResult<i64>;
    /// The names of the borrower's pictures sent for one of `purposes`.
    async fn images_of(&self, owner: BorrowerId, purposes: &[ImagePurpose]) -> StoreResult<Vec<String>>;
}
