//! Promotion templates, channel links, site banners and company details.

use super::StoreResult;
use crate::company::CompanyDetails;
use crate::promotion::{ChannelLink, LinkFunnel, PromotionTemplate};
use crate::site_banner::SiteBanner;
use async_trait::async_trait;
use time::OffsetDateTime;

/// Staff's marketing work: promotion templates, channel links with their
/// funnels, the site's banners and the company's details. Lists come a page
/// at a time (`offset`, `limit`) with the count of all their rows.
#[async_trait]
pub trait MarketingStore {
    /// Templates by id.
    async fn promotion_templates(&self, offset: i64, limit: i64) -> StoreResult<(Vec<PromotionTemplate>, i64)>;
    /// Adds a template under the next free id (its own `id` is ignored).
    async fn insert_promotion_template(&self, template: &PromotionTemplate) -> StoreResult<i64>;
    /// `Conflict("promotion_link_code")` when a link of the same kind has
    /// the code already.
    async fn insert_channel_link(&self, link: &ChannelLink) -> StoreResult<i64>;
    /// Changes a link's name, template and tags (never its kind, code or
    /// creation time); `Stale` when there is no such link.
    async fn update_channel_link(&self, link: &ChannelLink) -> StoreResult<()>;
    async fn channel_link(&self, id: i64) -> StoreResult<Option<ChannelLink>>;
    /// Links, newest first, each with the funnel events that carried its code.
    async fn channel_links(&self, offset: i64, limit: i64) -> StoreResult<(Vec<LinkFunnel>, i64)>;
    async fn insert_site_banner(&self, banner: &SiteBanner) -> StoreResult<i64>;
    /// `Stale` when there is no such banner.
    async fn update_site_banner(&self, banner: &SiteBanner) -> StoreResult<()>;
    async fn site_banner(&self, id: i64) -> StoreResult<Option<SiteBanner>>;
    /// Banners by position, then id.
    async fn site_banners(&self, offset: i64, limit: i64) -> StoreResult<(Vec<SiteBanner>, i64)>;
    /// The banners showing at `now`, by position then id, at most `limit`.
    async fn showing_site_banners(&self, now: OffsetDateTime, limit: i64) -> StoreResult<Vec<SiteBanner>>;
    /// What staff saved last; `None` until they first save.
    async fn company_details(&self) -> StoreResult<Option<CompanyDetails>>;
    async fn save_company_details(&self, details: &CompanyDetails, at: OffsetDateTime) -> StoreResult<()>;
}
