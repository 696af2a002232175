//! Marketing's side of the console (`ManageMarketing`): the promotion page's
//! templates, the channel links staff hand out and how far their visitors
//! got, the marketing site's banners, and the company's details every page
//! shows. Every save is checked field by field and audited with the state
//! before and after.

pub mod banners;
pub mod company;
pub mod funnel;
pub mod links;
pub mod templates;

use super::refused;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(funnel::promotion_funnel))
        .routes(routes!(templates::list))
        .routes(routes!(templates::read))
        .routes(routes!(templates::save))
        .routes(routes!(links::list))
        .routes(routes!(links::save))
        .routes(routes!(banners::list))
        .routes(routes!(banners::save))
        .routes(routes!(company::read))
        .routes(routes!(company::save))
}

/// A view as the audit log keeps it.
fn audited<T: serde::Serialize>(view: &T) -> serde_json::Value {
    serde_json::to_value(view).unwrap_or(serde_json::Value::Null)
}
