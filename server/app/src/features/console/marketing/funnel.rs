//! How far the promotion links' visitors got: visits, clicks, codes sent
//! and registrations per template, channel and utm tag.

use crate::error::{ApiResult, Envelope, ok};
use crate::i18n::Lang;
pub use crate::staff_access::Staff;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::staff::Permission;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FunnelRow {
    pub template_id: Option<i64>,
    /// The channel (`user_from` of the link).
    pub user_from: String,
    pub utm_tag: String,
    pub visits: i64,
    pub clicks: i64,
    pub codes_sent: i64,
    pub registrations: i64,
}

/// Promotion funnel counts per template, channel and utm tag.
#[utoipa::path(get, path = "/promotion-funnel", tag = "staff", security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Vec<FunnelRow>>), (status = 401), (status = 403)))]
pub async fn promotion_funnel(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
) -> ApiResult<Json<Envelope<Vec<FunnelRow>>>> {
    staff.require(Permission::ManageMarketing)?;
    let counts = state.store.funnel_counts().await?;
    Ok(ok(
        lang,
        counts
            .into_iter()
            .map(|count| FunnelRow {
                template_id: count.template_id,
                user_from: count.user_from,
                utm_tag: count.utm_tag,
                visits: count.visits,
                clicks: count.clicks,
                codes_sent: count.codes_sent,
                registrations: count.registrations,
            })
            .collect(),
    ))
}
