//! The obfuscated paths that native shells in the field still call
//! (decisions.md D6): thin aliases onto other features' handlers, and the
//! old repayment store. The one folder allowed to import other features.

pub mod repayment_store;

use crate::features::{confirmation, loan_details, repayment, tracking};
use crate::state::AppState;
use axum::Router;
use axum::routing::post;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/gopia/goya/satire", post(confirmation::confirm_data))
        .route("/gopia/goya/cultures", post(confirmation::contract_list).get(confirmation::contract_list))
        .route("/gopia/goya/misunderstood", post(confirmation::contract_jump).get(confirmation::contract_jump))
        .route("/gopia/goya/depush", post(confirmation::accept))
        .route("/gopia/goya/because", post(tracking::save_event))
        .route("/gopia/goya/define", post(loan_details::recommend_jump))
        // The method is not shown in the specification: both are served.
        .route("/orbital/fail", post(repayment::extension::extension_info).get(repayment::extension::extension_info))
        .merge(repayment_store::router())
}
