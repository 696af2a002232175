//! Addresses the API hands out for pictures (a pay code's QR or barcode)
//! that work as given, in any shell, with no session: each carries its end
//! and an HMAC-SHA256 of its path and end under a key the database keeps
//! (decision 059). The path names the one picture, so an address opens
//! nothing else, and it stops working when it ends; leaked, it shows a pay
//! code's picture until then and nothing about the borrower.

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use time::OffsetDateTime;

/// The key's length: SHA-256's block is 64 bytes, its output 32; 32 random
/// bytes are as strong as the MAC.
const KEY_BYTES: usize = 32;

/// The signing key, read (or made) once per process.
async fn key(state: &AppState) -> ApiResult<&[u8]> {
    let key = state
        .address_key
        .get_or_try_init(|| async {
            let mut candidate = [0u8; KEY_BYTES];
            getrandom::fill(&mut candidate).map_err(|error| ApiError::Internal(error.to_string()))?;
            Ok::<Vec<u8>, ApiError>(state.store.address_signing_key(&candidate).await?)
        })
        .await?;
    Ok(key.as_slice())
}

fn mac(key: &[u8], path: &str, until: i64) -> ApiResult<Hmac<Sha256>> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).map_err(|error| ApiError::Internal(error.to_string()))?;
    mac.update(path.as_bytes());
    mac.update(b"\n");
    mac.update(until.to_string().as_bytes());
    Ok(mac)
}

/// `path` with its end and signature, good until `until`.
pub async fn sign(state: &AppState, path: &str, until: OffsetDateTime) -> ApiResult<String> {
    let until = until.unix_timestamp();
    let signature = mac(key(state).await?, path, until)?.finalize().into_bytes();
    Ok(format!("{path}?until={until}&sig={}", hiram_domain::hex::encode(&signature)))
}

/// Whether `signature` signs `path` until `until`, and `until` is still
/// ahead at `now`. The comparison takes the same time wherever it differs.
pub async fn verify(state: &AppState, path: &str, until: i64, signature: &str, now: OffsetDateTime) -> ApiResult<bool> {
    if until <= now.unix_timestamp() {
        return Ok(false);
    }
    let Some(bytes) = hiram_domain::hex::decode(signature).filter(|bytes| bytes.len() == 32) else { return Ok(false) };
    Ok(mac(key(state).await?, path, until)?.verify_slice(&bytes).is_ok())
}
