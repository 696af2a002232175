//! The whole HTTP surface: the features' routes and the layers every request passes through.

use crate::address_limits::AddressLimits;
use crate::error::localize_errors;
use crate::features;
use crate::state::AppState;
use crate::telemetry::{self, RandomRequestId};
use axum::Router;
use axum::http::{HeaderName, StatusCode};
use axum::middleware;
use std::time::Duration;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::request_id::{PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

/// The whole HTTP surface. Each feature owns its routes; this only merges
/// them and adds the layers every request passes through.
pub fn router(state: AppState) -> Router {
    let timeout = Duration::from_secs(state.settings.server.request_timeout_seconds);
    let request_id = HeaderName::from_static("x-request-id");
    Router::new()
        .merge(Router::from(features::api()))
        .merge(crate::openapi::router())
        .merge(features::media::router())
        .merge(features::sandbox::router())
        .merge(features::web_pages::router(&state.settings.web.dist_root))
        // Inside the localising layer, which writes the refusal's message.
        .layer(middleware::from_fn_with_state(state.clone(), crate::browser_policy::console_same_origin))
        .layer(middleware::from_fn_with_state(
            AddressLimits::new(
                state.settings.server.per_address_requests_per_minute,
                state.settings.server.per_address_failed_notifications_per_minute,
            ),
            crate::address_limits::limit_open_calls,
        ))
        // Outside every layer and handler that counts per address.
        .layer(middleware::from_fn_with_state(state.clone(), crate::client_address::resolve))
        .layer(middleware::from_fn(localize_errors))
        .layer(CatchPanicLayer::new())
        .layer(TimeoutLayer::with_status_code(StatusCode::SERVICE_UNAVAILABLE, timeout))
        // Outside the timeout, so a reply that timed out still drains the body.
        .layer(middleware::from_fn(crate::keep_alive::drain_request_body))
        .layer(middleware::from_fn_with_state(state.clone(), crate::browser_policy::set_headers))
        // Outside every other layer, so the time and status counted are
        // what the client gets.
        .layer(middleware::from_fn_with_state(state.metrics.clone(), crate::metrics::count_request))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(telemetry::request_span)
                .on_request(())
                .on_response(telemetry::log_response),
        )
        .layer(PropagateRequestIdLayer::new(request_id.clone()))
        .layer(SetRequestIdLayer::new(request_id, RandomRequestId))
        // Outermost: the id every layer inside sees is the server's own.
        .layer(middleware::from_fn(telemetry::server_request_id))
        .with_state(state)
}
