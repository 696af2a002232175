//! Liveness and readiness for load balancers and orchestrators.

use crate::error::KeepsItsBody;
use crate::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
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
/// Every wait behind it runs off the runtime threads, so it always fires.
const ANSWER_WITHIN: std::time::Duration = std::time::Duration::from_secs(1);

const MEBIBYTE: u64 = 1 << 20;

/// The process can serve: its database takes a write (a read-only file or
/// server, a lock nobody releases, a frozen disk all answer 503), the
/// SQLite file's disk has room left (`database.min_free_megabytes`) and its
/// pictures' store answers (a bucket service down or refusing the
/// credentials answers 503).
#[utoipa::path(
    get,
    path = "/readyz",
    tag = "operations",
    responses((status = 200, body = Health), (status = 503, body = Health))
)]
pub async fn readyz(State(state): State<AppState>) -> Response {
    let (written, room, files) = tokio::join!(
        tokio::time::timeout(ANSWER_WITHIN, state.store.take_a_write(state.now().unix_timestamp())),
        tokio::time::timeout(ANSWER_WITHIN, state.store.room_to_grow()),
        tokio::time::timeout(ANSWER_WITHIN, state.files.ready()),
    );
    let mut ready = true;
    let floor = state.settings.database.min_free_megabytes.saturating_mul(MEBIBYTE);
    match room {
        Ok(Ok(None)) => {}
        Ok(Ok(Some(free))) if free >= floor => {}
        Ok(Ok(Some(free))) => {
            tracing::warn!(
                free_megabytes = free / MEBIBYTE,
                "readiness check failed: the database's disk is below database.min_free_megabytes"
            );
            ready = false;
        }
        Ok(Err(error)) => {
            tracing::warn!(error.detail = %error, "readiness check failed: the database's disk cannot be read");
            ready = false;
        }
        Err(_) => {
            tracing::warn!("readiness check failed: the database's disk did not answer in time");
            ready = false;
        }
    }
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
        (StatusCode::OK, Json(Health { status: "ok" })).into_response()
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, Extension(KeepsItsBody), Json(Health { status: "unavailable" }))
            .into_response()
    }
}
