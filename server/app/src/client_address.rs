//! Who the client is (decision 035): the peer's address, or, when the peer
//! is a proxy the configuration names (`server.trusted_proxies`), the
//! address that proxy says it forwarded for. Every per-address limit (codes,
//! sign-in tries, the open calls) counts this address, so behind a load
//! balancer borrowers are not all one address, and nobody else can choose
//! theirs by sending an `X-Forwarded-For` of their own.

use crate::error::ApiError;
use crate::state::AppState;
use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::Response;
use std::net::{IpAddr, SocketAddr};

/// The client as every per-address limit counts it: its IPv4 address, or
/// the network of its IPv6 address (`server.ipv6_limit_prefix` bits, /64 by
/// default). One IPv6 subscriber holds a whole /64 and can send from any of
/// its 2^64 addresses, so counting each address alone would give every
/// request a fresh limit (SMS pumping, password spraying).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddress(pub IpAddr);

/// Works the client's address out once per request, for the limits and the
/// handlers that read it.
pub async fn resolve(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    if let Some(ConnectInfo(peer)) = request.extensions().get::<ConnectInfo<SocketAddr>>().copied() {
        let trusted = state.settings.server.trusted_proxies();
        let address = behind_proxies(request.headers(), peer.ip(), &trusted);
        let counted = limit_key(address, state.settings.server.ipv6_limit_prefix);
        request.extensions_mut().insert(ClientAddress(counted));
    }
    next.run(request).await
}

/// The address a limit counts: an IPv4 address (written as IPv6 too) as it
/// is, an IPv6 address with all but its first `prefix` bits cleared.
fn limit_key(address: IpAddr, prefix: u8) -> IpAddr {
    match address.to_canonical() {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => {
            let mask = u128::MAX.checked_shl(128 - u32::from(prefix.min(128))).unwrap_or(0);
            IpAddr::V6((u128::from(v6) & mask).into())
        }
    }
}

impl<S: Send + Sync> FromRequestParts<S> for ClientAddress {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        parts.extensions.get::<ClientAddress>().copied().ok_or_else(|| ApiError::Internal("no client address".into()))
    }
}

/// Walks `X-Forwarded-For` from the nearest hop back while the hops are
/// trusted proxies; the first one that is not is the client. A peer that is
/// no trusted proxy is the client itself, whatever it sends.
fn behind_proxies(headers: &HeaderMap, peer: IpAddr, trusted: &[IpAddr]) -> IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    let hops: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .collect();
    let mut client = peer;
    for hop in hops.iter().rev() {
        let Ok(address) = hop.parse::<IpAddr>() else { break };
        client = address;
        if !trusted.contains(&address) {
            break;
        }
    }
    client
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn forwarded(values: &[&'static str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append("x-forwarded-for", HeaderValue::from_static(value));
        }
        headers
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn ipv6_clients_are_counted_by_their_network_and_ipv4_ones_by_address() {
        assert_eq!(limit_key(ip("2001:db8:1:2:aaaa::1"), 64), ip("2001:db8:1:2::"));
        assert_eq!(limit_key(ip("2001:db8:1:2:ffff:ffff:ffff:ffff"), 64), ip("2001:db8:1:2::"));
        assert_ne!(limit_key(ip("2001:db8:1:3::1"), 64), ip("2001:db8:1:2::"), "the next /64 is someone else");
        assert_eq!(limit_key(ip("2001:db8:1:2:3::1"), 48), ip("2001:db8:1::"));
        assert_eq!(limit_key(ip("2001:db8::1"), 128), ip("2001:db8::1"));
        assert_eq!(limit_key(ip("2001:db8::1"), 0), ip("::"));
        assert_eq!(limit_key(ip("203.0.113.5"), 64), ip("203.0.113.5"));
        assert_eq!(limit_key(ip("::ffff:203.0.113.5"), 64), ip("203.0.113.5"), "an IPv4 client written as IPv6");
    }

    #[test]
    fn a_peer_that_is_no_trusted_proxy_is_the_client_whatever_it_forwards() {
        let headers = forwarded(&["203.0.113.9"]);
        assert_eq!(behind_proxies(&headers, ip("198.51.100.7"), &[]), ip("198.51.100.7"));
        assert_eq!(behind_proxies(&headers, ip("198.51.100.7"), &[ip("10.0.0.1")]), ip("198.51.100.7"));
    }

    #[test]
    fn behind_trusted_proxies_the_first_untrusted_hop_from_the_right_is_the_client() {
        let trusted = [ip("10.0.0.1"), ip("10.0.0.2")];
        // The client wrote a false first hop; the proxies appended the truth.
        let headers = forwarded(&["6.6.6.6, 203.0.113.9", "10.0.0.2"]);
        assert_eq!(behind_proxies(&headers, ip("10.0.0.1"), &trusted), ip("203.0.113.9"));
        let ipv6 = forwarded(&["2001:db8::5"]);
        assert_eq!(behind_proxies(&ipv6, ip("10.0.0.1"), &trusted), ip("2001:db8::5"));
    }

    #[test]
    fn a_missing_or_garbled_header_leaves_the_last_address_believed() {
        let trusted = [ip("10.0.0.1")];
        assert_eq!(behind_proxies(&HeaderMap::new(), ip("10.0.0.1"), &trusted), ip("10.0.0.1"));
        let garbled = forwarded(&["203.0.113.9, not-an-address"]);
        assert_eq!(behind_proxies(&garbled, ip("10.0.0.1"), &trusted), ip("10.0.0.1"));
    }
}
