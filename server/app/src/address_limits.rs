//! Per-address limits on the calls open without a session (decisions 034
//! and 054). The borrower sign-in family and the promotion page's calls are
//! limited by how many requests an address makes; the payment providers'
//! notifications by how many of an address's notifications failed their
//! verification (a wrong signature or token), so a forger is cut off while a
//! provider whose notifications verify is never slowed, however many it
//! sends on a payday. A fixed one-minute window per address, kept in this
//! process's memory: several processes each count their own, which is
//! enough against a flood; the durable sign-in limits of decision 028 stay
//! in the database.

use crate::client_address::ClientAddress;
use crate::error::ApiError;
use crate::i18n::Msg;
use axum::extract::{Request, State};
use axum::http::{Method, StatusCode};
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

/// The calls limited by their count: callable by anyone, no session needed,
/// nothing to verify them by (a staff enrolment link's secret included).
const COUNTED_PREFIXES: [&str; 4] =
    ["/pany/service/login/", "/pany/api/v2/youmi/", "/api/v2/youmi/", "/api/console/enrolment"];

/// The payment providers' notifications, limited by failed verifications.
const NOTIFICATION_PREFIX: &str = "/pany/payments/callback/";

struct Window {
    started: Instant,
    count: u32,
}

/// How many events each address had in its current one-minute window.
#[derive(Clone)]
struct Counts {
    per_minute: u32,
    windows: Arc<Mutex<HashMap<IpAddr, Window>>>,
}

impl Counts {
    fn new(per_minute: u32) -> Counts {
        Counts { per_minute, windows: Arc::default() }
    }

    /// `Some(seconds)` to wait when the address has had its limit of events
    /// in this window; `None` when it may go on (or there is no limit).
    fn wait(&self, address: IpAddr, now: Instant) -> Option<u64> {
        if self.per_minute == 0 {
            return None;
        }
        let windows = self.windows.lock().unwrap_or_else(PoisonError::into_inner);
        let window = windows.get(&address).filter(|window| now.duration_since(window.started) < WINDOW)?;
        (window.count >= self.per_minute)
            .then(|| WINDOW.saturating_sub(now.duration_since(window.started)).as_secs().max(1))
    }

    /// Counts one event of the address.
    fn count(&self, address: IpAddr, now: Instant) {
        if self.per_minute == 0 {
            return;
        }
        let mut windows = self.windows.lock().unwrap_or_else(PoisonError::into_inner);
        if windows.len() > PRUNE_ABOVE {
            windows.retain(|_, window| now.duration_since(window.started) < WINDOW);
        }
        let window = windows.entry(address).or_insert(Window { started: now, count: 0 });
        if now.duration_since(window.started) >= WINDOW {
            *window = Window { started: now, count: 0 };
        }
        window.count = window.count.saturating_add(1);
    }

    /// Counts one request unless the address is over its limit, in which
    /// case `Some(seconds)` to wait.
    fn admit(&self, address: IpAddr, now: Instant) -> Option<u64> {
        let wait = self.wait(address, now);
        if wait.is_none() {
            self.count(address, now);
        }
        wait
    }
}

/// The two limits of the open calls, each counted per address.
#[derive(Clone)]
pub struct AddressLimits {
    requests: Counts,
    failed_notifications: Counts,
}

impl AddressLimits {
    /// `requests_per_minute` to the counted calls, and
    /// `failed_notifications_per_minute` notifications failing verification
    /// before an address's notifications are refused unread; 0 turns either
    /// off.
    pub fn new(requests_per_minute: u32, failed_notifications_per_minute: u32) -> AddressLimits {
        AddressLimits {
            requests: Counts::new(requests_per_minute),
            failed_notifications: Counts::new(failed_notifications_per_minute),
        }
    }
}

/// Whether a path is one of the calls that need no session, limited per
/// address (the API document says so on each).
pub fn is_open_call(path: &str) -> bool {
    is_notification(path) || COUNTED_PREFIXES.iter().any(|prefix| path.starts_with(prefix))
}

fn is_notification(path: &str) -> bool {
    path.starts_with(NOTIFICATION_PREFIX)
}

/// Refuses a request to an open call from an address over its limit, as a
/// rate limit: the envelope's code and `Retry-After` under /pany (D7), a
/// real 429 on the payment notifications, so a provider retries later.
pub async fn limit_open_calls(State(limits): State<AddressLimits>, request: Request, next: Next) -> Response {
    // Only the methods open calls serve count: any other is refused by the
    // router (405 with its Allow), whatever the address has spent.
    let served_method = matches!(*request.method(), Method::GET | Method::HEAD | Method::POST);
    let peer = request.extensions().get::<ClientAddress>().map(|ClientAddress(address)| *address);
    let (true, Some(address)) = (served_method, peer) else { return next.run(request).await };
    let path = request.uri().path();
    if is_notification(path) {
        if let Some(retry_after_seconds) = limits.failed_notifications.wait(address, Instant::now()) {
            tracing::warn!(client.address = %address, "notifications refused: too many failed verifications");
            return too_many(retry_after_seconds);
        }
        let response = next.run(request).await;
        // 401 is the notifications' answer to a signature or token that
        // does not verify (or a provider that does not collect here).
        if response.status() == StatusCode::UNAUTHORIZED {
            limits.failed_notifications.count(address, Instant::now());
        }
        return response;
    }
    if COUNTED_PREFIXES.iter().any(|prefix| path.starts_with(prefix))
        && let Some(retry_after_seconds) = limits.requests.admit(address, Instant::now())
    {
        tracing::warn!(client.address = %address, "too many requests from one address");
        return too_many(retry_after_seconds);
    }
    next.run(request).await
}

fn too_many(retry_after_seconds: u64) -> Response {
    ApiError::TooManyRequests { retry_after_seconds, message: Msg::TooManyRequests }.into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_over_its_limit_waits_for_the_window_and_others_go_on() {
        let counts = Counts::new(2);
        let start = Instant::now();
        let first: IpAddr = "10.0.0.1".parse().unwrap();
        let second: IpAddr = "10.0.0.2".parse().unwrap();
        assert_eq!(counts.admit(first, start), None);
        assert_eq!(counts.admit(first, start), None);
        assert_eq!(counts.admit(first, start + Duration::from_secs(20)), Some(40));
        assert_eq!(counts.admit(second, start + Duration::from_secs(20)), None);
        assert_eq!(counts.admit(first, start + WINDOW), None);
    }

    #[test]
    fn counted_events_cut_an_address_off_only_once_it_reaches_the_limit() {
        let counts = Counts::new(3);
        let start = Instant::now();
        let forger: IpAddr = "2001:db8::1".parse().unwrap();
        for _ in 0..3 {
            assert_eq!(counts.wait(forger, start), None, "below the limit nothing waits");
            counts.count(forger, start);
        }
        assert_eq!(counts.wait(forger, start + Duration::from_secs(1)), Some(59));
        assert_eq!(counts.wait(forger, start + WINDOW), None, "the next window starts afresh");
    }

    #[test]
    fn a_limit_of_zero_never_refuses() {
        let counts = Counts::new(0);
        let address: IpAddr = "10.0.0.1".parse().unwrap();
        for _ in 0..1000 {
            assert_eq!(counts.admit(address, Instant::now()), None);
        }
    }

    #[test]
    fn notifications_are_open_calls_limited_apart_from_the_counted_ones() {
        assert!(is_open_call("/pany/payments/callback/xendit"));
        assert!(is_notification("/pany/payments/callback/sandbox"));
        assert!(is_open_call("/pany/service/login/login-init"));
        assert!(!is_notification("/pany/service/login/login-init"));
        assert!(!is_open_call("/pany/v3/loan-details/loan-details"));
    }
}
