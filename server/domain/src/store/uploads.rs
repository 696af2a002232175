//! Records of uploaded pictures.

use super::StoreResult;
use crate::borrower::BorrowerId;
use crate::files::{ImagePurpose, ImageRecord};
use async_trait::async_trait;
use time::OffsetDateTime;

#[async_trait]
pub trait ImageStore {
    async fn record_image(&self, image: &ImageRecord) -> StoreResult<()>;
    async fn image(&self, name: &str) -> StoreResult<Option<ImageRecord>>;
    /// How many pictures the borrower sent since `since` (the daily cap).
    async fn images_sent_since(&self, owner: BorrowerId, since: OffsetDateTime) -> StoreResult<i64>;
    /// The names of the borrower's pictures sent for one of `purposes`.
    async fn images_of(&self, owner: BorrowerId, purposes: &[ImagePurpose]) -> StoreResult<Vec<String>>;
}
