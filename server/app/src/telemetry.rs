//! Structured logs and request ids.
//!
//! A request is logged by method and path only, never its query string: the
//! session token travels there (D5), and tokens, one-time codes and account
//! numbers must never reach a log.

use crate::config::{LogFormat, LogSettings};
use axum::extract::Request;
use axum::http::HeaderValue;
use axum::response::Response;
use std::time::Duration;
use tower_http::request_id::{MakeRequestId, RequestId};
use tracing::Span;
use tracing_subscriber::EnvFilter;

pub fn init(settings: &LogSettings) {
    let filter = EnvFilter::try_new(&settings.filter).unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    // A second init (tests start many servers in one process) keeps the first.
    let _already_set = match settings.format {
        LogFormat::Json => builder.json().flatten_event(true).with_current_span(true).with_span_list(false).try_init(),
        LogFormat::Text => builder.try_init(),
    };
}

pub fn request_span(request: &Request) -> Span {
    let header = |name: &str| request.headers().get(name).and_then(|value| value.to_str().ok()).unwrap_or("");
    tracing::info_span!(
        "request",
        http.method = %request.method(),
        http.path = %request.uri().path(),
        request.id = %header("x-request-id"),
        request.client_id = %header(CLIENT_REQUEST_ID),
    )
}

/// Where a client's own request id is kept, apart from ours.
const CLIENT_REQUEST_ID: &str = "x-client-request-id";

/// The longest client request id kept.
const MAX_CLIENT_REQUEST_ID: usize = 64;

/// Every request id is the server's: a client's `X-Request-Id` could
/// otherwise choose what our logs and replies call its request (forge
/// another's, or write into the log). A client's id that is short and plain
/// is kept as `x-client-request-id`, logged beside ours; any other is
/// dropped.
pub async fn server_request_id(mut request: Request, next: axum::middleware::Next) -> Response {
    if let Some(client) = request.headers_mut().remove("x-request-id")
        && client.len() <= MAX_CLIENT_REQUEST_ID
        && client.as_bytes().iter().all(|byte| byte.is_ascii_alphanumeric() || b"-_.".contains(byte))
    {
        request.headers_mut().insert(CLIENT_REQUEST_ID, client);
    }
    next.run(request).await
}

pub fn log_response(response: &Response, latency: Duration, _span: &Span) {
    tracing::info!(
        http.status = response.status().as_u16(),
        latency_us = u64::try_from(latency.as_micros()).unwrap_or(u64::MAX),
        "request finished"
    );
}

/// Request ids of 64 random bits, enough to find one request in a day's logs.
#[derive(Clone, Copy, Default)]
pub struct RandomRequestId;

impl MakeRequestId for RandomRequestId {
    fn make_request_id<B>(&mut self, _: &axum::http::Request<B>) -> Option<RequestId> {
        let mut bytes = [0u8; 8];
        getrandom::fill(&mut bytes).ok()?;
        HeaderValue::from_str(&format!("{:016x}", u64::from_le_bytes(bytes))).ok().map(RequestId::new)
    }
}
