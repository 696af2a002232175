//! Time-based one-time passwords (RFC 6238 over RFC 4226): HMAC-SHA1, 30 s
//! steps, 6 digits, the staff console's second factor. Secrets travel in
//! base32 (RFC 4648) as authenticator apps expect.

use hmac::{Hmac, Mac};
use sha1::Sha1;

const STEP_SECONDS: i64 = 30;
const ALPHABET: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/// 160 random bits, base32.
pub fn new_secret() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 20];
    getrandom::fill(&mut bytes)?;
    Ok(base32(&bytes))
}

pub fn base32(bytes: &[u8]) -> String {
    let mut out = String::new();
    let (mut buffer, mut bits) = (0u32, 0u32);
    for &byte in bytes {
        buffer = (buffer << 8) | u32::from(byte);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(char::from(ALPHABET[((buffer >> bits) & 31) as usize]));
        }
    }
    if bits > 0 {
        out.push(char::from(ALPHABET[((buffer << (5 - bits)) & 31) as usize]));
    }
    out
}

fn unbase32(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let (mut buffer, mut bits) = (0u32, 0u32);
    for c in text.bytes().filter(|c| *c != b'=' && *c != b' ') {
        let value = ALPHABET.iter().position(|a| *a == c.to_ascii_uppercase())? as u32;
        buffer = (buffer << 5) | value;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push(((buffer >> bits) & 0xff) as u8);
        }
    }
    Some(out)
}

/// The time step of a Unix time.
pub fn step_of(unix_seconds: i64) -> i64 {
    unix_seconds.div_euclid(STEP_SECONDS)
}

/// The 6-digit code of a step.
pub fn code_at(secret: &str, step: i64) -> Option<u32> {
    let key = unbase32(secret)?;
    let mut mac = Hmac::<Sha1>::new_from_slice(&key).ok()?;
    mac.update(&step.to_be_bytes());
    let digest = mac.finalize().into_bytes();
    let offset = usize::from(digest[19] & 0x0f);
    let truncated = u32::from_be_bytes([digest[offset], digest[offset + 1], digest[offset + 2], digest[offset + 3]]);
    Some((truncated & 0x7fff_ffff) % 1_000_000)
}

/// The step a typed code belongs to, allowing one step of clock drift
/// either way; `None` when it matches none.
pub fn verify(secret: &str, typed: &str, unix_seconds: i64) -> Option<i64> {
    if typed.len() != 6 || !typed.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let typed: u32 = typed.parse().ok()?;
    let now = step_of(unix_seconds);
    (now - 1..=now + 1).find(|step| code_at(secret, *step) == Some(typed))
}

/// Everything but RFC 3986's unreserved characters is percent-encoded, so
/// an issuer or e-mail with `&`, `+`, `#`, `?`, `/` or letters beyond ASCII
/// cannot end the label or start a parameter of its own.
const NOT_UNRESERVED: &percent_encoding::AsciiSet =
    &percent_encoding::NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');

/// What an authenticator app scans to add the account (the Key URI Format:
/// `otpauth://totp/ISSUER:ACCOUNT?secret=…&issuer=ISSUER`, each part
/// percent-encoded).
pub fn otpauth_uri(issuer: &str, account: &str, secret: &str) -> String {
    let encode = |text: &str| percent_encoding::utf8_percent_encode(text, NOT_UNRESERVED).to_string();
    format!(
        "otpauth://totp/{}:{}?secret={secret}&issuer={}&digits=6&period=30",
        encode(issuer),
        encode(account),
        encode(issuer)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238 appendix B's SHA-1 key "12345678901234567890".
    fn rfc_secret() -> String {
        base32(b"12345678901234567890")
    }

    #[test]
    fn the_codes_of_rfc_6238_appendix_b() {
        // The RFC lists 8-digit codes; ours are their last six digits.
        for (time, code) in
            [(59, 94_287_082), (1_111_111_109, 7_081_804), (1_234_567_890, 89_005_924), (2_000_000_000, 69_279_037)]
        {
            assert_eq!(code_at(&rfc_secret(), step_of(time)), Some(code % 1_000_000), "{time}");
        }
    }

    #[test]
    fn a_code_is_accepted_one_step_either_side_and_no_further() {
        let secret = rfc_secret();
        let code = format!("{:06}", code_at(&secret, step_of(1_234_567_890)).unwrap());
        assert_eq!(verify(&secret, &code, 1_234_567_890), Some(step_of(1_234_567_890)));
        assert!(verify(&secret, &code, 1_234_567_890 + 30).is_some());
        assert!(verify(&secret, &code, 1_234_567_890 - 30).is_some());
        assert_eq!(verify(&secret, &code, 1_234_567_890 + 90), None);
        assert_eq!(verify(&secret, "12345", 0), None);
        assert_eq!(verify(&secret, "abcdef", 0), None);
    }

    #[test]
    fn the_enrolment_address_encodes_every_reserved_character() {
        let uri = otpauth_uri("Hiram Lending & Co.", "ma.santos+ops@hiram.example", "JBSWY3DPEHPK3PXP");
        assert_eq!(
            uri,
            "otpauth://totp/Hiram%20Lending%20%26%20Co.:ma.santos%2Bops%40hiram.example\
             ?secret=JBSWY3DPEHPK3PXP&issuer=Hiram%20Lending%20%26%20Co.&digits=6&period=30"
        );
        let accented = otpauth_uri("Hiram", "niño#1?x=y/z", "A");
        assert!(accented.starts_with("otpauth://totp/Hiram:ni%C3%B1o%231%3Fx%3Dy%2Fz?secret=A&"), "{accented}");
    }

    #[test]
    fn base32_round_trips() {
        assert_eq!(base32(b"foobar"), "MZXW6YTBOI");
        assert_eq!(unbase32("MZXW6YTBOI").unwrap(), b"foobar");
    }
}
