//! Bytes as lowercase hexadecimal text and back: digests, signatures,
//! random tokens and file names, written one way everywhere.

const DIGITS: &[u8; 16] = b"0123456789abcdef";

/// Two lowercase digits a byte.
pub fn encode(bytes: &[u8]) -> String {
    bytes
        .iter()
        .flat_map(|byte| [DIGITS[usize::from(byte >> 4)] as char, DIGITS[usize::from(byte & 0xf)] as char])
        .collect()
}

/// The bytes of hexadecimal text (either case); `None` for an odd length or
/// a character that is no hex digit.
pub fn decode(text: &str) -> Option<Vec<u8>> {
    // from_str_radix alone would also read a sign ("+1").
    if !text.len().is_multiple_of(2) || !text.bytes().all(|byte| byte.is_ascii_hexdigit()) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|at| text.get(at..at + 2).and_then(|pair| u8::from_str_radix(pair, 16).ok()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_is_two_lowercase_digits_and_reads_back() {
        assert_eq!(encode(&[0x00, 0x0f, 0xa5, 0xff]), "000fa5ff");
        assert_eq!(decode("000fa5ff"), Some(vec![0x00, 0x0f, 0xa5, 0xff]));
        assert_eq!(decode("000FA5FF"), Some(vec![0x00, 0x0f, 0xa5, 0xff]));
    }

    #[test]
    fn text_that_is_not_hex_reads_as_nothing() {
        for text in ["abc", "zz", "+1", "é0", "0 "] {
            assert_eq!(decode(text), None, "{text:?}");
        }
    }
}
