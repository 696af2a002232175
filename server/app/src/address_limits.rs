//! Per-address request limits on the calls open without a session: the
//! borrower sign-in family, the promotion page's calls and the payment
//! callbacks. A fixed one-minute window per peer address, kept in this
//! process's memory (decision 034): several processes each count their own,
//! which is enough against a flood; the durable sign-in limits of decision
//! 028 stay in the database.

use crate::client_address::ClientAddress;
use crate::error::ApiError;
use crate::i18n::Msg;
use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

const WINDOW: Duration = Duration::from_secs(60);
/// Above this many remembered addresses, the ones whose window has ended
/// are forgotten, so a scan from many addresses cannot grow the map forever.
const PRUNE_ABOVE: usize = 10_000;

/// The paths the limit guards: callable by anyone, no session needed.
const OPEN_PREFIXES: [&str; 4] =
    ["/pany/service/login/", "/pany/api/v2/youmi/", "/api/v2/youmi/", "/pany/payments/callback/"];

struct Window {
    started: Instant,
    requests: u32,
}

/// Counts each address's requests to the open calls.
#[derive(Clone)]
pub struct AddressLimits {
    per_minute: u32,
    windows: Arc<Mutex<HashMap<IpAddr, Window>>>,
}

impl AddressLimits {
    pub fn new(per_minute: u32) -> AddressLimits {
        AddressLimits { per_minute, windows: Arc::default() }
    }

    /// Counts one request; `Some(seconds)` to wait when the address is over
    /// its limit for this window.
    fn admit(&self, address: IpAddr, now: Instant) -> Option<u64> {
        let mut windows = self.windows.lock().unwrap_or_else(PoisonError::into_inner);
        if windows.len() > PRUNE_ABOVE {
            windows.retain(|_, window| now.duration_since(window.started) < WINDOW);
        }
        let window = windows.entry(address).or_insert(Window { started: now, requests: 0 });
        if now.duration_since(window.started) >= WINDOW {
            *window = Window { started: now, requests: 0 };
        }
        if window.requests >= self.per_minute {
            let left = WINDOW.saturating_sub(now.duration_since(window.started));
            return Some(left.as_secs().max(1));
        }
        window.requests += 1;
        None
    }
}

/// Whether a path is one of the calls that need no session, limited per
/// address (the API document says so on each).
pub fn is_open_call(path: &str) -> bool {
    OPEN_PREFIXES.iter().any(|prefix| path.starts_with(prefix))
}

/// Refuses a request to an open call from an address over its limit, as a
/// rate limit: the envelope's code and `Retry-After` under /pany (D7), a
/// real 429 on the payment callbacks.
pub async fn limit_open_calls(State(limits): State<AddressLimits>, request: Request, next: Next) -> Response {
    // Only the methods open calls serve count: any other is refused by the
    // router (405 with its Allow), whatever the address has spent.
    let served_method = matches!(*request.method(), Method::GET | Method::HEAD | Method::POST);
    let guarded = limits.per_minute > 0 && served_method && is_open_call(request.uri().path());
    let peer = request.extensions().get::<ClientAddress>().map(|ClientAddress(address)| *address);
    if let (true, Some(address)) = (guarded, peer)
        && let Some(retry_after_seconds) = limits.admit(address, Instant::now())
    {
        tracing::warn!(client.address = %address, "too many requests from one address");
        return ApiError::TooManyRequests { retry_after_seconds, message: Msg::TooManyRequests }.into_response();
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_over_its_limit_waits_for_the_window_and_others_go_on() {
        let limits = AddressLimits::new(2);
        let start = Instant::now();
        let first: IpAddr = "10.0.0.1".parse().unwrap();
        let second: IpAddr = "10.0.0.2".parse().unwrap();
        assert_eq!(limits.admit(first, start), None);
        assert_eq!(limits.admit(first, start), None);
        assert_eq!(limits.admit(first, start + Duration::from_secs(20)), Some(40));
        assert_eq!(limits.admit(second, start + Duration::from_secs(20)), None);
        assert_eq!(limits.admit(first, start + WINDOW), None);
    }
}
