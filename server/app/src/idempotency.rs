//! The `Idempotency-Key` header on creates a client may retry (decision
//! 037): a retry with the same key and request answers what the first did
//! and stores nothing; the same key with another request is refused.

use crate::error::ApiError;
use crate::i18n::Msg;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use hiram_domain::idempotency::{KeyOwner, KeyedRequest, MAX_KEY_CHARS, RequestKey};
use hiram_domain::store::{KEY_REUSED, StoreError};
use sha2::{Digest, Sha256};
use utoipa::IntoParams;

pub const HEADER: &str = "Idempotency-Key";

/// The key a create was sent under, if any. A malformed key is refused
/// before anything is read or stored; without one, a create behaves as
/// it always did.
#[derive(Default, IntoParams)]
#[into_params(parameter_in = Header)]
pub struct IdempotencyHeader {
    /// One per user action, 1–64 characters of `A-Z a-z 0-9 _ -` (a UUID
    /// fits): a retry with the same key and the same request answers what
    /// the first did and stores nothing new; the same key with a different
    /// request is refused (409) and changes nothing.
    #[param(rename = "Idempotency-Key", value_type = Option<String>, pattern = "^[A-Za-z0-9_-]{1,64}$")]
    pub key: Option<RequestKey>,
}

impl<S: Send + Sync> FromRequestParts<S> for IdempotencyHeader {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        let Some(sent) = parts.headers.get(HEADER) else {
            return Ok(IdempotencyHeader { key: None });
        };
        match sent.to_str().ok().and_then(RequestKey::parse) {
            Some(key) => Ok(IdempotencyHeader { key: Some(key) }),
            None => Err(ApiError::Rejected {
                message: Msg::IdempotencyKeyInvalid,
                detail: Some(MAX_KEY_CHARS.to_string()),
                data: serde_json::Value::Null,
            }),
        }
    }
}

impl IdempotencyHeader {
    /// The owner's create under the key: `call` names the endpoint and
    /// `asked` what it was asked, after checking, so a retry matches its
    /// first request field for field.
    pub fn keyed(&self, owner: KeyOwner, call: &str, asked: &[&str]) -> Option<KeyedRequest> {
        let key = self.key.clone()?;
        let mut digest = Sha256::new();
        for part in std::iter::once(call).chain(asked.iter().copied()) {
            // Each part's length first, so no two different lists of parts
            // run together into the same bytes.
            digest.update(part.len().to_le_bytes());
            digest.update(part.as_bytes());
        }
        let fingerprint = hiram_domain::hex::encode(&digest.finalize());
        Some(KeyedRequest { owner, key, fingerprint })
    }
}

/// The id the first request under the key created, when this is a retry
/// of a create that makes a row; a create looks before anything else it
/// would check, since a retry answers what the first did even when the
/// state has moved on since. `Conflict` (409) when the key named another
/// request.
pub async fn first_id(state: &AppState, request: Option<&KeyedRequest>) -> Result<Option<i64>, ApiError> {
    let Some(request) = request else { return Ok(None) };
    match state.store.created_under(request).await.map_err(refuse_reused_key)? {
        None => Ok(None),
        Some(first) => first.parse().map(Some).map_err(|_| ApiError::Internal(format!("a request key names {first}"))),
    }
}

/// A key already used for a different request is a 409 that changes
/// nothing; any other storage failure stays what it was.
pub fn refuse_reused_key(error: StoreError) -> ApiError {
    match error {
        StoreError::Conflict(KEY_REUSED) => {
            ApiError::Conflict { message: Msg::IdempotencyKeyReused, data: serde_json::Value::Null }
        }
        other => other.into(),
    }
}
