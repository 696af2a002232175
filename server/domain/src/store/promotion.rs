//! The promotion page's templates and its funnel.

use super::StoreResult;
use crate::promotion::{FunnelCount, FunnelEvent, PromotionTemplate};
use async_trait::async_trait;

#[async_trait]
pub trait PromotionStore {
    async fn upsert_promotion_template(&self, template: &PromotionTemplate) -> StoreResult<()>;
    async fn promotion_template(&self, id: i64) -> StoreResult<Option<PromotionTemplate>>;
    async fn record_funnel_event(&self, event: &FunnelEvent) -> StoreResult<()>;
    /// Counts per template, channel (`user_from`) and utm tag.
    async fn funnel_counts(&self) -> StoreResult<Vec<FunnelCount>>;
}
