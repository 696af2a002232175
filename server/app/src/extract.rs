//! Request extractors shared by every feature.

use crate::error::ApiError;
use crate::i18n::Msg;
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::Method;
use axum::http::header::CONTENT_TYPE;
use axum::http::request::Parts;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::money::CurrencySymbol;
use hiram_domain::session::{Session, TokenDigest};
use serde::de::DeserializeOwned;
use std::convert::Infallible;

/// Largest body a parameter call may send; uploads have their own limit.
const MAX_PARAMS_BODY: usize = 64 * 1024;

/// The parameters of a call, read the way clients in the field send them:
/// the URL query, then a form-encoded or JSON body whose fields override
/// the query's. Values are flat (spec §7: form posts), so a JSON body must be
/// an object of scalars.
pub struct Params<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Params<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let mut pairs = query_pairs(request.uri().query())?;
        let content_type = request
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .unwrap_or("")
            .to_ascii_lowercase();
        let body = Bytes::from_request(request, state).await.map_err(|rejection| {
            if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::BodyTooLarge
            } else {
                ApiError::InvalidParameters
            }
        })?;
        if body.len() > MAX_PARAMS_BODY {
            return Err(ApiError::BodyTooLarge);
        }
        let body_pairs = if body.is_empty() {
            Vec::new()
        } else if content_type.starts_with("application/json") {
            json_pairs(&body)?
        } else if content_type.starts_with("application/x-www-form-urlencoded") || content_type.is_empty() {
            serde_urlencoded::from_bytes::<Vec<(String, String)>>(&body).map_err(|_| ApiError::InvalidParameters)?
        } else {
            return Err(ApiError::InvalidParameters);
        };
        pairs.retain(|(key, _)| !body_pairs.iter().any(|(body_key, _)| body_key == key));
        pairs.extend(body_pairs);
        let encoded = serde_urlencoded::to_string(&pairs).map_err(|_| ApiError::InvalidParameters)?;
        serde_urlencoded::from_str(&encoded).map(Params).map_err(|_| ApiError::InvalidParameters)
    }
}

/// Secrets (a password, a session, an enrolment link) travel in the body
/// only: a query string ends up in access logs, browser history and
/// proxies' memory. A call refuses a query that names one of its
/// `secrets`, even empty; the fields every page forwards may stay there.
pub fn secrets_in_body_only(uri: &axum::http::Uri, secrets: &[&str]) -> Result<(), ApiError> {
    let named = |pair: &str| secrets.contains(&pair.split('=').next().unwrap_or(pair));
    match uri.query().is_some_and(|query| query.split('&').any(named)) {
        true => Err(ApiError::InvalidParameters),
        false => Ok(()),
    }
}

fn query_pairs(query: Option<&str>) -> Result<Vec<(String, String)>, ApiError> {
    serde_urlencoded::from_str(query.unwrap_or("")).map_err(|_| ApiError::InvalidParameters)
}

fn json_pairs(body: &[u8]) -> Result<Vec<(String, String)>, ApiError> {
    let object: serde_json::Map<String, serde_json::Value> =
        serde_json::from_slice(body).map_err(|_| ApiError::InvalidParameters)?;
    object
        .into_iter()
        .filter(|(_, value)| !value.is_null())
        .map(|(key, value)| match value {
            serde_json::Value::String(text) => Ok((key, text)),
            serde_json::Value::Number(number) => Ok((key, number.to_string())),
            serde_json::Value::Bool(flag) => Ok((key, flag.to_string())),
            _ => Err(ApiError::InvalidParameters),
        })
        .collect()
}

/// The borrower's session token, not yet checked: the `sessionId` of the
/// URL query (the native shells' contract, D5), else the session cookie our
/// own pages were given for it (`login::web_session`, issue 29). A call
/// that changes something on the cookie alone must come from our own
/// pages: another site's page is refused (403), as the console's are.
pub struct SessionToken(pub Option<String>);

impl FromRequestParts<AppState> for SessionToken {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        // Read in place: every call behind a session passes here, and the
        // token is the only value wanted of the query.
        let query = parts.uri.query().unwrap_or("");
        let token = form_urlencoded::parse(query.as_bytes())
            .find_map(|(key, value)| (key == "sessionId").then(|| value.into_owned()));
        if token.is_some() {
            return Ok(SessionToken(token));
        }
        let cookie = crate::session::cookie_token(state, &parts.headers);
        let changes_something = !matches!(parts.method, Method::GET | Method::HEAD | Method::OPTIONS);
        if cookie.is_some()
            && changes_something
            && !crate::browser_policy::from_own_origin(&parts.headers, &state.settings.server.public_url)
        {
            return Err(ApiError::Forbidden { message: Msg::ForeignOrigin, data: serde_json::Value::Null });
        }
        Ok(SessionToken(cookie))
    }
}

/// The borrower behind the `sessionId` of the URL query (decisions.md D5).
/// A user id in the query is never trusted; only the session says who calls.
pub struct CurrentBorrower(pub BorrowerId);

impl FromRequestParts<AppState> for CurrentBorrower {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let SessionToken(token) = SessionToken::from_request_parts(parts, state).await?;
        let digest = token.as_deref().and_then(crate::session::digest).ok_or(ApiError::SessionRequired)?;
        borrower_of(state, &digest).await.map(CurrentBorrower)
    }
}

async fn borrower_of(state: &AppState, digest: &TokenDigest) -> Result<BorrowerId, ApiError> {
    session_borrower(state, state.store.session(digest).await?)
}

/// The borrower of a session read from the store, if it is live; its "last
/// seen" is moved off the request path. Every borrower call judges its
/// session here, whether the extractor read it or the handler read it with
/// the page's data (order details, decision 066).
pub fn session_borrower(state: &AppState, session: Option<Session>) -> Result<BorrowerId, ApiError> {
    let now = state.now();
    let session = session.ok_or(ApiError::SessionRequired)?;
    if !session.is_valid_at(now, &state.session_policy()) {
        return Err(ApiError::SessionRequired);
    }
    if session.needs_touch(now) {
        let (store, digest) = (state.store.clone(), session.digest);
        state.last_seen.touch(format!("session:{}", hiram_domain::hex::encode(&digest.0)), async move {
            store.touch_session(&digest, now).await
        });
    }
    Ok(session.borrower_id)
}

/// The borrower when the query carries a live session, else nobody: for
/// public pages that show more to a logged-in borrower.
pub struct MaybeBorrower(pub Option<BorrowerId>);

impl FromRequestParts<AppState> for MaybeBorrower {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        match CurrentBorrower::from_request_parts(parts, state).await {
            Ok(CurrentBorrower(borrower)) => Ok(MaybeBorrower(Some(borrower))),
            Err(ApiError::SessionRequired) => Ok(MaybeBorrower(None)),
            Err(other) => Err(other),
        }
    }
}

/// `real=1` in the page query switches the currency symbol (D1).
pub struct Currency(pub CurrencySymbol);

impl<S: Send + Sync> FromRequestParts<S> for Currency {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Infallible> {
        let real = parts.uri.query().is_some_and(|query| query.split('&').any(|pair| pair == "real=1"));
        Ok(Currency(if real { CurrencySymbol::Rupee } else { CurrencySymbol::Peso }))
    }
}

/// Reads an optional numeric id that clients send as text, where an empty
/// value (`productId=`) means "not given".
pub fn optional_id<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<i64>, D::Error> {
    let text: Option<String> = serde::Deserialize::deserialize(deserializer)?;
    match text.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(value) => value.parse().map(Some).map_err(serde::de::Error::custom),
    }
}
