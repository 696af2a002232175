//! Session tokens: 256 random bits, shown once to the borrower (or held in
//! a staff member's cookie) as hex and stored only as their SHA-256 digest
//! (decisions.md D5).

use crate::state::AppState;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::session::{Session, TokenDigest};
use hiram_domain::store::StoreResult;
use sha2::{Digest, Sha256};

const TOKEN_BYTES: usize = 32;

/// The borrower pages' session cookie over plain HTTP (development).
const COOKIE: &str = "hiram_session";
/// Over https: the `__Host-` prefix keeps it Secure, for this exact host
/// and path `/`, so no sibling subdomain can set or shadow it.
const HOST_COOKIE: &str = "__Host-hiram_session";

fn cookie_name(state: &AppState) -> &'static str {
    if state.settings.server.served_over_https() { HOST_COOKIE } else { COOKIE }
}

/// The token of the borrower pages' session cookie, if the request has one.
pub fn cookie_token(state: &AppState, headers: &axum::http::HeaderMap) -> Option<String> {
    cookie_value(headers, cookie_name(state))
}

/// The value of the request's cookie `name` (a session's, the console's),
/// when it carries a non-empty one.
pub fn cookie_value(headers: &axum::http::HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|header| header.split(';'))
        .find_map(|pair| pair.trim().strip_prefix(name).and_then(|rest| rest.strip_prefix('=')).map(str::to_owned))
        .filter(|value| !value.is_empty())
}

/// The `Set-Cookie` that gives our pages the session (HttpOnly, so no
/// script reads it; SameSite=Strict, so no other site's page sends it), or
/// clears it with `token` empty.
pub fn cookie(state: &AppState, token: &str) -> axum::http::HeaderValue {
    let max_age = if token.is_empty() { 0 } else { state.session_policy().absolute.whole_seconds() };
    let secure = if state.settings.server.served_over_https() { "; Secure" } else { "" };
    let name = cookie_name(state);
    axum::http::HeaderValue::from_str(&format!(
        "{name}={token}; Path=/; HttpOnly; SameSite=Strict; Max-Age={max_age}{secure}"
    ))
    .unwrap_or_else(|_| axum::http::HeaderValue::from_static("hiram_session=; Path=/; Max-Age=0"))
}

/// A new token and the digest to store of it.
pub fn new_token() -> StoreResult<(String, TokenDigest)> {
    let mut bytes = [0u8; TOKEN_BYTES];
    getrandom::fill(&mut bytes).map_err(|error| hiram_domain::store::StoreError::Backend(error.to_string()))?;
    let token = hiram_domain::hex::encode(&bytes);
    let digest = digest_of_valid(&token);
    Ok((token, digest))
}

/// Starts a session for the borrower and returns the token to hand them.
pub async fn start(state: &AppState, borrower: BorrowerId) -> StoreResult<String> {
    let (token, digest) = new_token()?;
    let now = state.now();
    let policy = state.session_policy();
    let session = Session {
        digest,
        borrower_id: borrower,
        created_at: now,
        last_seen_at: now,
        expires_at: now + policy.absolute,
        revoked_at: None,
    };
    state.store.insert_session(&session).await?;
    Ok(token)
}

/// The digest of a token as a client presents it, or `None` when it cannot
/// be one of ours (wrong length or not hex), which spares the database.
pub fn digest(token: &str) -> Option<TokenDigest> {
    let well_formed =
        token.len() == TOKEN_BYTES * 2 && token.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase());
    well_formed.then(|| digest_of_valid(token))
}

fn digest_of_valid(token: &str) -> TokenDigest {
    TokenDigest(Sha256::digest(token.as_bytes()).into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_tokens_have_no_digest() {
        assert!(digest("").is_none());
        assert!(digest("abc").is_none());
        assert!(digest(&"g".repeat(64)).is_none());
        assert!(digest(&"A".repeat(64)).is_none());
        assert!(digest(&"a".repeat(64)).is_some());
    }
}
