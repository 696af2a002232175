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

/// How long readiness waits for the database to take its write and the
/// pictures' store to answer: a load balancer's probe wants an answer, and
/// a dependency that takes this long means the process cannot serve anyway.
const ANSWER_WITHIN: std::time::Duration = std::time::Duration::from_secs(2);

/// The process can serve: its database takes a write (a read-only file or
/// server, a full disk, a lock nobody releases all answer 503) and its
/// pictures' store answers (a bucket service down or refusing the
/// credentials answers 503).
#[utoipa::path(
    get,
    path = "/readyz",
    tag = "operations",
    responses((status = 200, body = Health), (status = 503, body = Health))
)]
pub async fn readyz(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    let (written, files) = tokio::join!(
        tokio::time::timeout(ANSWER_WITHIN, state.store.take_a_write(state.now().unix_timestamp())),
        tokio::time::timeout(ANSWER_WITHIN, state.files.ready()),
    );
    let mut ready = true;
    match written {
        Ok(Ok(())) => {}
        Ok(Err(error)) => {
            tracing::warn!(error.detail = %error, "readiness check failed: the database takes no write");
            ready = false;
        }
        Err(_) => {
            tracing::warn!("readiness check failed: the database did not take a write in time");
            ready = false;
        }
    }
    match files {
        Ok(Ok(())) => {}
        Ok(Err(error)) => {
            tracing::warn!(error.detail = %error, "readiness check failed: the pictures' store cannot be used");
            ready = false;
        }
        Err(_) => {
            tracing::warn!("readiness check failed: the pictures' store did not answer in time");
            ready = false;
        }
    }
    if ready {
        (StatusCode::OK, Json(Health { status: "ok" }))
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, Json(Health { status: "unavailable" }))
    }
}
