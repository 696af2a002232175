//! The signature on payment callbacks: the sandbox gateway signs what it
//! sends, the repayment feature checks what it receives, with one secret.

use hmac::{Hmac, Mac};
use sha2::Sha256;

pub const SIGNATURE_HEADER: &str = "x-hiram-signature";
pub const TIMESTAMP_HEADER: &str = "x-hiram-timestamp";

/// The signature a channel puts on a callback: hex HMAC-SHA256 of
/// "{timestamp}.{body}" under the shared secret.
pub fn sign(secret: &str, timestamp: i64, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    hiram_domain::hex::encode(&mac.finalize().into_bytes())
}

/// Whether `presented` is the signature of this timestamp and body.
pub fn verify_signature(secret: &str, timestamp: i64, body: &[u8], presented: &str) -> bool {
    let Some(presented) = hiram_domain::hex::decode(presented) else {
        return false;
    };
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    // Constant-time comparison.
    mac.verify_slice(&presented).is_ok()
}
