//! What browsers are told and asked on every reply (decision 033's
//! headers): a Content-Security-Policy with no inline script, who may frame
//! a page, no referrer, only the device features the pages use, HSTS when
//! the product is reached over https; and the console's calls that change
//! something refused when a browser says they come from another site.

use crate::error::ApiError;
use crate::i18n::Msg;
use crate::state::AppState;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The pages' own scripts, styles, pictures (data: and blob: for the
/// pictures a borrower takes before sending them) and calls; nothing inline,
/// no plug-ins, no `<base>`, forms only to the product itself.
const PAGE_SOURCES: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; \
     connect-src 'self'; font-src 'self'; worker-src 'self'; manifest-src 'self'; frame-src 'self'; \
     object-src 'none'; base-uri 'none'; form-action 'self'";

/// The borrower pages the marketing site shows in a frame of its own.
const FRAMED_BY_THE_SITE: [&str; 2] = ["/privacyPolicy", "/loanTerms"];

/// Only what the pages use: the camera for identity photos and the location
/// for the test preview, both for the product's own pages.
const PERMISSIONS: &str = "camera=(self), geolocation=(self), microphone=(), payment=(), usb=(), \
     accelerometer=(), gyroscope=(), magnetometer=(), interest-cohort=()";

const ONE_YEAR_HSTS: &str = "max-age=31536000; includeSubDomains";

/// The policy for `path`. A handler that needs another (the sandbox's test
/// page, with its one inline style) sets its own and this leaves it.
fn content_security_policy(path: &str) -> String {
    let ancestors = if FRAMED_BY_THE_SITE.contains(&path) { "'self'" } else { "'none'" };
    format!("{PAGE_SOURCES}; frame-ancestors {ancestors}")
}

/// The CSP of a server-written page whose only inline part is one `<style>`
/// element: that element allowed by its SHA-256, nothing else inline.
pub fn policy_with_inline_style(style: &str) -> String {
    use base64::Engine;
    use sha2::Digest;
    let digest = base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(style.as_bytes()));
    content_security_policy("").replacen("style-src 'self'", &format!("style-src 'self' 'sha256-{digest}'"), 1)
}

/// Sets the browser policy headers a reply does not already carry.
pub async fn set_headers(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let policy = content_security_policy(request.uri().path());
    let path = request.uri().path();
    // API replies carry personal data: no cache (a shared phone's, a
    // proxy's) keeps them, unless a reply says otherwise itself.
    let personal = path.starts_with("/pany/") || path.starts_with("/api/");
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    let mut set = |name: header::HeaderName, value: &str| {
        if !headers.contains_key(&name)
            && let Ok(value) = HeaderValue::from_str(value)
        {
            headers.insert(name, value);
        }
    };
    set(header::CONTENT_SECURITY_POLICY, &policy);
    set(header::REFERRER_POLICY, "no-referrer");
    set(header::HeaderName::from_static("permissions-policy"), PERMISSIONS);
    set(header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    if personal {
        set(header::CACHE_CONTROL, "no-store");
    }
    if state.settings.server.served_over_https() {
        set(header::STRICT_TRANSPORT_SECURITY, ONE_YEAR_HSTS);
    }
    response
}

/// Refuses a console call that changes something when the browser says it
/// comes from another site: its `Origin` is not the console's own, or, with
/// no `Origin`, `Sec-Fetch-Site` is not same-origin. A caller that is no
/// browser sends neither and is judged by its session alone.
pub async fn console_same_origin(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let changes_something = !matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if changes_something
        && request.uri().path().starts_with("/api/console/")
        && !from_own_origin(request.headers(), &state.settings.server.public_url)
    {
        return ApiError::Forbidden { message: Msg::ForeignOrigin, data: serde_json::Value::Null }.into_response();
    }
    next.run(request).await
}

/// The address people reach this server at, for links it sends (an SMS, an
/// enrolment link): `server.public_url`, or in development the request's
/// own host.
pub(crate) fn own_origin(headers: &HeaderMap, public_url: &str) -> String {
    match public_url.trim().trim_end_matches('/') {
        "" => {
            let host = headers.get(axum::http::header::HOST).and_then(|host| host.to_str().ok()).unwrap_or("localhost");
            format!("http://{host}")
        }
        configured => configured.to_owned(),
    }
}

/// The server's own origin is the configured public address's, or, with
/// none configured, the one the request was sent to (its `Host`).
pub(crate) fn from_own_origin(headers: &HeaderMap, public_url: &str) -> bool {
    let text = |name: &str| headers.get(name).and_then(|value| value.to_str().ok());
    match text("origin") {
        Some(origin) => match public_url.trim().trim_end_matches('/') {
            "" => {
                let authority = origin.split_once("://").map(|(_, rest)| rest);
                authority.is_some() && authority == text("host")
            }
            own => origin_of(own) == Some(origin),
        },
        None => matches!(text("sec-fetch-site"), None | Some("same-origin" | "none")),
    }
}

/// `scheme://host[:port]` of an address, without its path.
fn origin_of(url: &str) -> Option<&str> {
    let (scheme, rest) = url.split_once("://")?;
    let end = scheme.len() + 3 + rest.find('/').unwrap_or(rest.len());
    Some(&url[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        pairs
            .iter()
            .map(|(name, value)| (header::HeaderName::from_static(name), HeaderValue::from_static(value)))
            .collect()
    }

    #[test]
    fn only_the_site_s_legal_pages_may_be_framed_and_only_by_the_product() {
        assert!(content_security_policy("/privacyPolicy").ends_with("frame-ancestors 'self'"));
        assert!(content_security_policy("/loanTerms").ends_with("frame-ancestors 'self'"));
        for path in ["/", "/loanDetails", "/console/orders", "/pany/v3/loan-details/loan-details"] {
            assert!(content_security_policy(path).ends_with("frame-ancestors 'none'"), "{path}");
        }
        let policy = content_security_policy("/");
        assert!(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"), "{policy}");
    }

    #[test]
    fn an_inline_style_is_allowed_by_its_digest_alone() {
        let policy = policy_with_inline_style("body{margin:0}");
        // Python: base64.b64encode(hashlib.sha256(b'body{margin:0}').digest())
        assert!(policy.contains("style-src 'self' 'sha256-IAdwN3biDCQ3brrgp1m8kBEsPQYyqfREKOEfeoREopc='"), "{policy}");
        assert!(!policy.contains("unsafe-inline"), "{policy}");
        assert_ne!(policy, policy_with_inline_style("body{margin:1px}"));
    }

    #[test]
    fn the_origin_must_be_the_console_s_own() {
        let same = headers(&[("origin", "http://127.0.0.1:8080"), ("host", "127.0.0.1:8080")]);
        assert!(from_own_origin(&same, ""));
        let foreign = headers(&[("origin", "https://evil.example"), ("host", "127.0.0.1:8080")]);
        assert!(!from_own_origin(&foreign, ""));
        let behind_proxy = headers(&[("origin", "https://hiram.example"), ("host", "10.0.0.5:8080")]);
        assert!(from_own_origin(&behind_proxy, "https://hiram.example/"));
        assert!(!from_own_origin(&behind_proxy, "https://other.example"));
        assert!(!from_own_origin(&headers(&[("origin", "null"), ("host", "127.0.0.1:8080")]), ""));
    }

    #[test]
    fn without_an_origin_the_fetch_site_decides_and_a_script_is_let_through() {
        assert!(from_own_origin(&headers(&[("sec-fetch-site", "same-origin")]), ""));
        assert!(!from_own_origin(&headers(&[("sec-fetch-site", "cross-site")]), ""));
        assert!(!from_own_origin(&headers(&[("sec-fetch-site", "same-site")]), ""));
        assert!(from_own_origin(&HeaderMap::new(), ""));
    }
}
