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
use axum::Router;
use axum::routing::{get, post};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/promotion-funnel", get(funnel::promotion_funnel))
        .route("/promotion-templates", get(templates::list))
        .route("/promotion-templates/read", get(templates::read))
        .route("/promotion-templates/save", post(templates::save))
        .route("/promotion-links", get(links::list))
        .route("/promotion-links/save", post(links::save))
        .route("/site-banners", get(banners::list))
        .route("/site-banners/save", post(banners::save))
        .route("/company-details", get(company::read))
        .route("/company-details/save", post(company::save))
}

/// A view as the audit log keeps it.
fn audited<T: serde::Serialize>(view: &T) -> serde_json::Value {
    serde_json::to_value(view).unwrap_or(serde_json::Value::Null)
}
