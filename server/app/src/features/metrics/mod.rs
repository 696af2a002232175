//! `/metrics`: the process's counters and the database's backlogs in the
//! Prometheus text format, for operators' Prometheus (decision 040). Served
//! only to the bearer of `server.metrics_token`; absent when none is set.

use crate::error::ApiError;
use crate::metrics::Scraped;
use crate::state::AppState;
use axum::extract::State;
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// The content type of Prometheus's text exposition format.
const TEXT_FORMAT: &str = "text/plain; version=0.0.4; charset=utf-8";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(metrics))
}

/// Request counts and latencies per route, postings, payout outcomes, the
/// daily run, the reminder and SMS backlogs and the database pool, in the
/// Prometheus text format. The backlogs are counted in the database at each
/// scrape; the rest is this process's since it started.
#[utoipa::path(
    get,
    path = "/metrics",
    tag = "operations",
    responses(
        (status = 200, description = "Prometheus text exposition format 0.0.4", content_type = "text/plain; version=0.0.4; charset=utf-8", body = String),
        (status = 401, description = "No bearer token, or not the configured one"),
        (status = 404, description = "No metrics token is configured: the endpoint is off"),
    ),
    security(("metrics_token" = []))
)]
pub async fn metrics(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    let token = &state.settings.server.metrics_token;
    if token.expose().is_empty() {
        return Err(ApiError::NotFound);
    }
    let presented = headers
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .unwrap_or_default();
    if !token.matches(presented) {
        return Err(ApiError::SessionRequired);
    }
    let scraped = Scraped {
        reminders_due: state.store.count_due_reminders(state.now()).await?,
        texts_queued: state.store.count_queued_outbox().await?,
        pool: state.store.pool_use(),
    };
    let text = state.metrics.render(&scraped).map_err(|error| ApiError::Internal(error.to_string()))?;
    Ok(([(header::CONTENT_TYPE, TEXT_FORMAT)], text).into_response())
}
