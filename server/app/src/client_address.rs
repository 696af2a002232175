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

/// The client's address as this server believes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddress(pub IpAddr);

/// Works the client's address out once per request, for the limits and the
/// handlers that read it.
pub async fn resolve(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    if let Some(ConnectInfo(peer)) = request.extensions().get::<ConnectInfo<SocketAddr>>().copied() {
        let trusted = state.settings.server.trusted_proxies();
        let address = behind_proxies(request.headers(), peer.ip(), &trusted);
        request.extensions_mut().insert(ClientAddress(address));
    }
    next.run(request).await
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
