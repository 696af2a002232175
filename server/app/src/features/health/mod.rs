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

/// What a dependency answered within [`ANSWER_WITHIN`]; `None`, logged
/// with why, when it failed or did not answer in time.
fn answered<T, E: std::fmt::Display>(
    dependency: &str,
    outcome: Result<Result<T, E>, tokio::time::error::Elapsed>,
) -> Option<T> {
    match outcome {
        Ok(Ok(answer)) => Some(answer),
        Ok(Err(error)) => {
            tracing::warn!(error.detail = %error, "readiness check failed: {dependency} failed");
            None
        }
        Err(_) => {
            tracing::warn!("readiness check failed: {dependency} did not answer in time");
            None
        }
    }
}

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
    let floor = state.settings.database.min_free_megabytes.saturating_mul(MEBIBYTE);
    let room = match answered("the database's disk", room) {
        Some(Some(free)) if free < floor => {
            tracing::warn!(
                free_megabytes = free / MEBIBYTE,
                "readiness check failed: the database's disk is below database.min_free_megabytes"
            );
            false
        }
        answer => answer.is_some(),
    };
    let written = answered("the database's write", written).is_some();
    let files = answered("the pictures' store", files).is_some();
    let ready = room && written && files;
    if ready {
        (StatusCode::OK, Json(Health { status: "ok" })).into_response()
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, Extension(KeepsItsBody), Json(Health { status: "unavailable" }))
            .into_response()
    }
}
