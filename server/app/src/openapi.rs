//! The OpenAPI document of the API, served at `/openapi.json` and written to
//! `web/shared/src/api/openapi.json` by `hiram openapi`, from which the web's
//! TypeScript types are generated.

use crate::features::{health, loan_details, public_info};
use crate::state::AppState;
use axum::routing::get;
use axum::{Json, Router};
use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Hiram API",
        description = "The borrower API under /pany (paths as the product specification names them) and the operations endpoints. \
            Every /pany reply is the envelope {code, message, data}: code \"00\" is success; otherwise code is the HTTP status. \
            Parameters may come in the query, a form-encoded body or a flat JSON body. \
            The borrower is identified by the sessionId query parameter only.",
        version = "1"
    ),
    paths(
        health::healthz,
        health::readyz,
        public_info::company_info,
        loan_details::loan_details,
    ),
    tags(
        (name = "operations", description = "Health and readiness"),
        (name = "public", description = "Public facts shown on every page"),
        (name = "loans", description = "Orders and their details"),
    )
)]
pub struct ApiDoc;

pub fn document() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

pub fn router() -> Router<AppState> {
    Router::new().route("/openapi.json", get(|| async { Json(document()) }))
}
