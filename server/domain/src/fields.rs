//! Checks of what staff type into the console's forms: lengths, web
//! addresses, e-mail addresses, colours and campaign tags. Each check names
//! the field it refused, so the console can point at it.

/// The field a form could not accept, by the name the API uses for it
/// (`themeColor`, `email` ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid field {0}")]
pub struct InvalidField(pub &'static str);

pub type FieldResult<T> = Result<T, InvalidField>;

/// Text with surrounding spaces trimmed, of `min..=max` characters and no
/// control characters (a line break in a headline is a paste accident).
pub fn text(field: &'static str, value: &str, min: usize, max: usize) -> FieldResult<String> {
    let value = value.trim();
    let length = value.chars().count();
    if length < min || length > max || value.chars().any(char::is_control) {
        return Err(InvalidField(field));
    }
    Ok(value.to_owned())
}

/// Why a staff member did something that moves money (a write-off, a
/// refund, a statement line resolved): trimmed, 5 to 500 characters, long
/// enough to say why, short enough for a report's line.
pub fn reason(field: &'static str, value: &str) -> FieldResult<String> {
    text(field, value, 5, 500)
}

/// Longest web address we keep.
pub const MAX_URL_CHARS: usize = 500;

/// An `https://` address with a host name that has a dot, and no spaces,
/// quotes or angle brackets anywhere. Anything else (`javascript:`, plain
/// `http://`) is refused.
pub fn https_address(field: &'static str, value: &str) -> FieldResult<String> {
    let value = value.trim();
    let host = value.strip_prefix("https://").map(|rest| rest.split(['/', '?', '#']).next().unwrap_or(""));
    let host_ok = host.is_some_and(|host| {
        let name = host.split(':').next().unwrap_or("");
        name.contains('.')
            && !name.starts_with('.')
            && !name.ends_with('.')
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
    });
    if !host_ok || value.chars().count() > MAX_URL_CHARS || !plain_address_characters(value) {
        return Err(InvalidField(field));
    }
    Ok(value.to_owned())
}

/// Empty, or an `https://` address.
pub fn optional_https_address(field: &'static str, value: &str) -> FieldResult<String> {
    if value.trim().is_empty() { Ok(String::new()) } else { https_address(field, value) }
}

/// Empty, an `https://` address, or a path on our own site (`/login`,
/// `/promotion?id=1`); never `//host`, which browsers read as another site.
pub fn link(field: &'static str, value: &str) -> FieldResult<String> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(String::new());
    }
    if value.starts_with('/') && !value.starts_with("//") && !value.starts_with("/\\") {
        if value.chars().count() > MAX_URL_CHARS || !plain_address_characters(value) {
            return Err(InvalidField(field));
        }
        return Ok(value.to_owned());
    }
    https_address(field, value)
}

fn plain_address_characters(value: &str) -> bool {
    value.chars().all(|c| c.is_ascii_graphic() && !matches!(c, '"' | '\'' | '<' | '>' | '\\' | '`'))
}

/// An e-mail address that could be delivered to: one `@`, a local part, a
/// host with a dot, no spaces; at most 254 characters (RFC 5321).
pub fn email(field: &'static str, value: &str) -> FieldResult<String> {
    let value = value.trim();
    let plausible = value.len() <= 254
        && value.split_once('@').is_some_and(|(user, host)| {
            !user.is_empty()
                && host.contains('.')
                && !host.starts_with('.')
                && !host.ends_with('.')
                && !host.contains('@')
                && host.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
        })
        && value.chars().all(|c| c.is_ascii_graphic() && !matches!(c, '"' | '<' | '>' | '(' | ')' | ',' | ';'));
    if plausible { Ok(value.to_owned()) } else { Err(InvalidField(field)) }
}

/// A colour as CSS writes it in hex: `#A94AFF` or `#fff`, kept as typed.
pub fn hex_colour(field: &'static str, value: &str) -> FieldResult<String> {
    let value = value.trim();
    let digits = value.strip_prefix('#').unwrap_or("");
    if matches!(digits.len(), 3 | 6) && digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        Ok(value.to_owned())
    } else {
        Err(InvalidField(field))
    }
}

/// A campaign tag that goes into a link's query as it is: letters, digits,
/// `.`, `_` and `-`, `min..=max` of them.
pub fn tag(field: &'static str, value: &str, min: usize, max: usize) -> FieldResult<String> {
    let value = value.trim();
    let fits = (min..=max).contains(&value.len())
        && value.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'));
    if fits { Ok(value.to_owned()) } else { Err(InvalidField(field)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_is_said_in_five_to_five_hundred_characters() {
        assert_eq!(reason("reason", "  died  "), Err(InvalidField("reason")));
        assert_eq!(reason("reason", "  deceased, estate has nothing  ").as_deref(), Ok("deceased, estate has nothing"));
        assert_eq!(reason("reason", &"x".repeat(500)).map(|kept| kept.len()), Ok(500));
        assert_eq!(reason("reason", &"x".repeat(501)), Err(InvalidField("reason")));
    }

    #[test]
    fn text_is_trimmed_and_counted_in_characters() {
        assert_eq!(text("name", "  Piso Sale  ", 1, 10), Ok("Piso Sale".to_owned()));
        assert_eq!(text("name", "ñññññ", 1, 5), Ok("ñññññ".to_owned()));
        assert_eq!(text("name", "   ", 1, 10), Err(InvalidField("name")));
        assert_eq!(text("name", "abcdef", 1, 5), Err(InvalidField("name")));
        assert_eq!(text("name", "two\nlines", 1, 20), Err(InvalidField("name")));
        assert_eq!(text("note", "", 0, 5), Ok(String::new()));
    }

    #[test]
    fn only_https_addresses_with_a_real_host_are_web_addresses() {
        for good in ["https://play.google.com/store/apps/details?id=ph.hiram", "https://hiram.example:8443/x#y"] {
            assert!(https_address("url", good).is_ok(), "{good}");
        }
        for bad in [
            "http://hiram.example",
            "javascript:alert(1)",
            "https://",
            "https://localhost/",
            "https://.example/",
            "https://hiram.example/a b",
            "https://hiram.example/\"onmouseover",
            "https://hi<ram.example",
            "ftp://hiram.example",
        ] {
            assert_eq!(https_address("url", bad), Err(InvalidField("url")), "{bad}");
        }
        assert_eq!(
            https_address("url", &format!("https://a.ph/{}", "x".repeat(MAX_URL_CHARS))),
            Err(InvalidField("url"))
        );
    }

    #[test]
    fn a_link_is_empty_our_own_path_or_https() {
        assert_eq!(link("link", " "), Ok(String::new()));
        assert_eq!(link("link", "/promotion?id=1"), Ok("/promotion?id=1".to_owned()));
        assert!(link("link", "https://hiram.example/loans").is_ok());
        for bad in ["//evil.example/x", "/\\evil.example", "javascript:alert(1)", "data:text/html,x", "loans"] {
            assert_eq!(link("link", bad), Err(InvalidField("link")), "{bad}");
        }
    }

    #[test]
    fn an_email_needs_a_user_and_a_host_with_a_dot() {
        assert_eq!(email("email", " care@hiram.example "), Ok("care@hiram.example".to_owned()));
        for bad in [
            "care",
            "care@",
            "@hiram.example",
            "care@hiram",
            "care@@hiram.example",
            "ca re@hiram.example",
            "care@hiram.example.",
        ] {
            assert_eq!(email("email", bad), Err(InvalidField("email")), "{bad}");
        }
    }

    #[test]
    fn colours_are_three_or_six_hex_digits() {
        assert_eq!(hex_colour("c", "#A94AFF"), Ok("#A94AFF".to_owned()));
        assert!(hex_colour("c", "#fff").is_ok());
        for bad in ["A94AFF", "#A94AF", "#GGGGGG", "red", "#A94AFF;background:url(x)"] {
            assert_eq!(hex_colour("c", bad), Err(InvalidField("c")), "{bad}");
        }
    }

    #[test]
    fn tags_are_safe_in_a_query_as_they_are() {
        assert_eq!(tag("utmTag", "nov-2025_fb.1", 0, 64), Ok("nov-2025_fb.1".to_owned()));
        assert_eq!(tag("utmTag", "", 0, 64), Ok(String::new()));
        assert_eq!(tag("userFrom", "", 1, 40), Err(InvalidField("userFrom")));
        for bad in ["a&b=c", "a b", "ñ", "a#b"] {
            assert_eq!(tag("utmTag", bad, 0, 64), Err(InvalidField("utmTag")), "{bad}");
        }
    }
}
