//! Liveness and readiness for load balancers and orchestrators.

use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(healthz)).routes(routes!(readyz))
}

#[derive(Serialize, ToSchema)]
pub struct Health {
    /// `ok`, or `unavailable` when a dependency does not answer.
    pub status: &'static str,
}

/// The process is up.
#[utoipa::path(get, path = "/healthz", tag = "operations", responses((status = 200, body = Health)))]
pub async fn healthz() -> Json<Health> {
    Json(Health { status: "ok" })
}

/// The process can serve: its database answers.
#[utoipa::path(
    get,
    path = "/readyz",
    tag = "operations",
    responses((status = 200, body = Health), (status = 503, body = Health))
)]
pub async fn readyz(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    match state.store.ping().await {
        Ok(()) => (StatusCode::OK, Json(Health { status: "ok" })),
        Err(error) => {
            tracing::warn!(error.detail = %error, "readiness check failed");
            (StatusCode::SERVICE_UNAVAILABLE, Json(Health { status: "unavailable" }))
        }
    }
}
