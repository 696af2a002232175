//! Marketing's side of the console (`ManageMarketing`): the promotion page's
//! templates, the channel links staff hand out and how far their visitors
//! got, the marketing site's banners, and the company's details every page
//! shows. Every save is checked field by field and audited with the state
//! before and after.

pub mod banners;
pub mod company;
pub mod links;
pub mod templates;

use crate::error::ApiError;
use crate::i18n::Msg;
use crate::state::AppState;
use axum::Router;
use axum::routing::{get, post};
use hiram_domain::fields::InvalidField;

pub fn router() -> Router<AppState> {
    Router::new()
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

/// A 400 naming the field that does not fit (`data.field`), so the console
/// can point at it.
fn refused(InvalidField(field): InvalidField) -> ApiError {
    ApiError::Rejected {
        message: Msg::FieldInvalid,
        detail: Some(field.to_owned()),
        data: serde_json::json!({ "field": field }),
    }
}

/// A view as the audit log keeps it.
fn audited<T: serde::Serialize>(view: &T) -> serde_json::Value {
    serde_json::to_value(view).unwrap_or(serde_json::Value::Null)
}
