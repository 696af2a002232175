//! Banners staff put on the marketing site's home carousel: a line of text,
//! an optional link, the time they show from and until, and their order.

use crate::fields::{self, FieldResult, InvalidField};
use time::OffsetDateTime;

/// The carousel shows this many banners (spec §9: three, every 3 s).
pub const SHOWN_AT_ONCE: usize = 3;
pub const MAX_TEXT_CHARS: usize = 140;
/// Positions run 0..=999; lower shows first.
pub const MAX_POSITION: i64 = 999;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiteBanner {
    pub id: i64,
    pub text: String,
    /// Empty, an `https://` address, or a path of our own site.
    pub link: String,
    pub shows_from: Option<OffsetDateTime>,
    pub shows_until: Option<OffsetDateTime>,
    pub position: i64,
}

impl SiteBanner {
    /// The banner as staff typed it, checked and trimmed.
    pub fn checked(&self) -> FieldResult<SiteBanner> {
        if !(0..=MAX_POSITION).contains(&self.position) {
            return Err(InvalidField("position"));
        }
        if let (Some(from), Some(until)) = (self.shows_from, self.shows_until)
            && until <= from
        {
            return Err(InvalidField("showsUntil"));
        }
        Ok(SiteBanner {
            id: self.id,
            text: fields::text("text", &self.text, 1, MAX_TEXT_CHARS)?,
            link: fields::link("link", &self.link)?,
            ..self.clone()
        })
    }

    /// Whether the site shows it at `now`: from its start (inclusive) to its
    /// end (exclusive); an open end never stops.
    pub fn shows_at(&self, now: OffsetDateTime) -> bool {
        self.shows_from.is_none_or(|from| from <= now) && self.shows_until.is_none_or(|until| now < until)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    fn banner() -> SiteBanner {
        SiteBanner {
            id: 0,
            text: "Zero interest on your first 7 days".to_owned(),
            link: "/promotion?id=1".to_owned(),
            shows_from: Some(datetime!(2025-12-01 00:00 UTC)),
            shows_until: Some(datetime!(2025-12-25 00:00 UTC)),
            position: 1,
        }
    }

    #[test]
    fn a_banner_shows_from_its_start_until_just_before_its_end() {
        let banner = banner();
        assert!(!banner.shows_at(datetime!(2025-11-30 23:59:59 UTC)));
        assert!(banner.shows_at(datetime!(2025-12-01 00:00 UTC)));
        assert!(!banner.shows_at(datetime!(2025-12-25 00:00 UTC)));
        let open = SiteBanner { shows_from: None, shows_until: None, ..banner };
        assert!(open.shows_at(datetime!(2000-01-01 00:00 UTC)));
    }

    #[test]
    fn an_end_before_the_start_is_refused() {
        let backwards = SiteBanner { shows_until: Some(datetime!(2025-11-01 00:00 UTC)), ..banner() };
        assert_eq!(backwards.checked(), Err(InvalidField("showsUntil")));
    }

    #[test]
    fn text_link_and_position_are_checked() {
        assert_eq!(SiteBanner { text: " ".to_owned(), ..banner() }.checked(), Err(InvalidField("text")));
        assert_eq!(SiteBanner { text: "x".repeat(141), ..banner() }.checked(), Err(InvalidField("text")));
        assert_eq!(
            SiteBanner { link: "javascript:alert(1)".to_owned(), ..banner() }.checked(),
            Err(InvalidField("link"))
        );
        assert_eq!(SiteBanner { position: 1000, ..banner() }.checked(), Err(InvalidField("position")));
        assert_eq!(
            SiteBanner { text: "  <b>Sale</b> ".to_owned(), ..banner() }.checked().unwrap().text,
            "<b>Sale</b>",
            "markup is only text: the site never reads it as HTML"
        );
    }
}
