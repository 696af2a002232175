//! Password hashing with Argon2id, for borrowers and staff alike, off the
//! async threads (a hash takes tens of milliseconds by design).

use crate::error::{ApiError, ApiResult};
use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use hiram_domain::password::NewPassword;
use std::sync::OnceLock;

/// A hash of a throwaway password, checked when the number has no password,
/// so that "no such account" takes as long as "wrong password".
fn decoy_hash() -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| {
        let salt = SaltString::encode_b64(b"hiram-decoy-salt").expect("a 16-byte salt encodes");
        Argon2::default().hash_password(b"not anyone's password", &salt).expect("hashing a constant works").to_string()
    })
}

pub async fn hash(password: NewPassword) -> ApiResult<String> {
    let mut salt_bytes = [0u8; 16];
    getrandom::fill(&mut salt_bytes).map_err(|error| ApiError::Internal(error.to_string()))?;
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::encode_b64(&salt_bytes).map_err(|error| ApiError::Internal(error.to_string()))?;
        Argon2::default()
            .hash_password(password.expose().as_bytes(), &salt)
            .map(|hash| hash.to_string())
            .map_err(|error| ApiError::Internal(error.to_string()))
    })
    .await
    .map_err(|error| ApiError::Internal(error.to_string()))?
}

/// Whether `password` matches `stored`; with no stored hash it checks the
/// decoy all the same and answers false, so that the time taken does not
/// tell whether the number has an account or a password.
pub async fn verify(password: &str, stored: Option<&str>) -> ApiResult<bool> {
    let password = password.to_owned();
    let has_password = stored.is_some();
    let stored = stored.map(str::to_owned);
    tokio::task::spawn_blocking(move || {
        let stored = stored.as_deref().unwrap_or_else(|| decoy_hash());
        let parsed = PasswordHash::new(stored).map_err(|error| ApiError::Internal(error.to_string()))?;
        let matches = Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok();
        Ok(matches && has_password)
    })
    .await
    .map_err(|error| ApiError::Internal(error.to_string()))?
}
