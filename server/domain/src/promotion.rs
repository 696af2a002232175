//! The promotion landing page: templates by id, the funnel events of a
//! campaign link, and the image captcha that guards its SMS button.

use crate::borrower::BorrowerId;
use crate::fields::{self, FieldResult, InvalidField};
use time::OffsetDateTime;

/// The most characters of a template's headline, text under it and button
/// text, in either language: a Filipino line has the room its English one has.
const HEADLINE_CHARS: usize = 120;
const SUBHEADLINE_CHARS: usize = 240;
const BUTTON_TEXT_CHARS: usize = 30;

/// One landing-page configuration, chosen by the `id` in the campaign link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromotionTemplate {
    pub id: i64,
    pub app_name: String,
    pub headline: String,
    pub subheadline: String,
    pub button_text: String,
    /// The same three texts in Filipino, each empty until staff write it:
    /// the page then says its own Filipino text in that place.
    pub headline_fil: String,
    pub subheadline_fil: String,
    pub button_text_fil: String,
    pub theme_color: String,
    pub download_android_url: String,
    pub download_ios_url: String,
    pub active: bool,
}

impl PromotionTemplate {
    /// The template as staff typed it, checked and trimmed; the first field
    /// that does not fit is named. The colour becomes the page's theme and
    /// the addresses its store buttons, so both are held to strict forms.
    /// The Filipino texts may be empty (decision 051).
    pub fn checked(&self) -> FieldResult<PromotionTemplate> {
        Ok(PromotionTemplate {
            id: self.id,
            app_name: fields::text("appName", &self.app_name, 1, 40)?,
            headline: fields::text("headline", &self.headline, 1, HEADLINE_CHARS)?,
            subheadline: fields::text("subheadline", &self.subheadline, 0, SUBHEADLINE_CHARS)?,
            button_text: fields::text("buttonText", &self.button_text, 1, BUTTON_TEXT_CHARS)?,
            headline_fil: fields::text("headlineFil", &self.headline_fil, 0, HEADLINE_CHARS)?,
            subheadline_fil: fields::text("subheadlineFil", &self.subheadline_fil, 0, SUBHEADLINE_CHARS)?,
            button_text_fil: fields::text("buttonTextFil", &self.button_text_fil, 0, BUTTON_TEXT_CHARS)?,
            theme_color: fields::hex_colour("themeColor", &self.theme_color)?,
            download_android_url: fields::optional_https_address("downloadAndroidUrl", &self.download_android_url)?,
            download_ios_url: fields::optional_https_address("downloadIosUrl", &self.download_ios_url)?,
            active: self.active,
        })
    }
}

/// Which page a channel link opens, and so which query name carries its
/// code: the registration form (`links_id`) or the download page (`down_id`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkKind {
    Register,
    Download,
}

impl LinkKind {
    pub fn key(self) -> &'static str {
        match self {
            LinkKind::Register => "register",
            LinkKind::Download => "download",
        }
    }

    pub fn parse(key: &str) -> Option<LinkKind> {
        [LinkKind::Register, LinkKind::Download].into_iter().find(|kind| kind.key() == key)
    }
}

/// A campaign link staff made for one channel. Visitors' funnel events carry
/// its code as `links_id` or `down_id`; links nobody registered still work,
/// they are only not listed here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChannelLink {
    pub id: i64,
    /// What staff call it ("Facebook November boost").
    pub name: String,
    pub template_id: i64,
    /// The channel.
    pub user_from: String,
    pub app_from: String,
    pub utm_tag: String,
    pub kind: LinkKind,
    /// The `links_id` or `down_id` value; set once, since printed and posted
    /// links keep it.
    pub code: String,
    pub created_at: OffsetDateTime,
}

impl ChannelLink {
    /// The link as staff typed it, checked and trimmed.
    pub fn checked(&self) -> FieldResult<ChannelLink> {
        if self.template_id <= 0 {
            return Err(InvalidField("templateId"));
        }
        Ok(ChannelLink {
            name: fields::text("name", &self.name, 1, 80)?,
            user_from: fields::tag("userFrom", &self.user_from, 1, 40)?,
            app_from: fields::tag("appFrom", &self.app_from, 0, 40)?,
            utm_tag: fields::tag("utmTag", &self.utm_tag, 0, 64)?,
            code: fields::tag("code", &self.code, 1, 40)?,
            ..self.clone()
        })
    }

    /// The `links_id` the link carries, or empty.
    pub fn links_id(&self) -> &str {
        if self.kind == LinkKind::Register { &self.code } else { "" }
    }

    /// The `down_id` the link carries, or empty.
    pub fn down_id(&self) -> &str {
        if self.kind == LinkKind::Download { &self.code } else { "" }
    }

    /// The address of the promotion page this link opens, on our own site.
    /// Every value is a checked tag, so none needs escaping.
    pub fn landing_path(&self) -> String {
        let mut query = format!("id={}&user_from={}", self.template_id, self.user_from);
        for (name, value) in [("app_from", &self.app_from), ("utm_tag", &self.utm_tag)] {
            if !value.is_empty() {
                query.push_str(&format!("&{name}={value}"));
            }
        }
        match self.kind {
            LinkKind::Register => format!("/promotion?{query}&links_id={}", self.code),
            LinkKind::Download => format!("/promotion?{query}&down_id={}#/downloadTemplate", self.code),
        }
    }
}

/// A channel link and how far its visitors got.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkFunnel {
    pub link: ChannelLink,
    pub visits: i64,
    pub clicks: i64,
    pub codes_sent: i64,
    pub registrations: i64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FunnelStep {
    Visit,
    Click,
    CodeSent,
    Register,
}

impl FunnelStep {
    pub fn as_str(self) -> &'static str {
        match self {
            FunnelStep::Visit => "visit",
            FunnelStep::Click => "click",
            FunnelStep::CodeSent => "code_sent",
            FunnelStep::Register => "register",
        }
    }
}

/// A step of a visitor through a campaign link. No phone number is kept:
/// the funnel counts people, it does not identify them.
#[derive(Clone, Debug)]
pub struct FunnelEvent {
    pub step: FunnelStep,
    pub template_id: Option<i64>,
    pub client_type: String,
    pub user_from: String,
    pub app_from: String,
    pub utm_tag: String,
    pub links_id: String,
    pub down_id: String,
    pub invite_code: String,
    pub borrower_id: Option<BorrowerId>,
    pub at: OffsetDateTime,
}

/// How far visitors of one campaign link got.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunnelCount {
    pub template_id: Option<i64>,
    pub user_from: String,
    pub utm_tag: String,
    pub visits: i64,
    pub clicks: i64,
    pub codes_sent: i64,
    pub registrations: i64,
}

/// The characters a visitor types from the captcha image: four digits.
#[derive(Clone, PartialEq, Eq)]
pub struct CaptchaAnswer(String);

pub const CAPTCHA_LENGTH: usize = 4;

impl CaptchaAnswer {
    pub fn parse(input: &str) -> Option<CaptchaAnswer> {
        let trimmed = input.trim();
        (trimmed.len() == CAPTCHA_LENGTH && trimmed.bytes().all(|b| b.is_ascii_digit()))
            .then(|| CaptchaAnswer(trimmed.to_owned()))
    }

    /// Four digits from a random number the caller drew.
    pub fn from_random(value: u32) -> CaptchaAnswer {
        CaptchaAnswer(format!("{:04}", value % 10_000))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for CaptchaAnswer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CaptchaAnswer(****)")
    }
}

/// The outcome of checking a typed captcha. Every check uses up the image's
/// answer, right or wrong: a failure needs a new image, and a right answer
/// cannot be replayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptchaCheck {
    Passed,
    Wrong,
    /// No image drawn for this sid, already checked, or expired.
    Refused,
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    fn template() -> PromotionTemplate {
        PromotionTemplate {
            id: 1,
            app_name: "Hiram".to_owned(),
            headline: "Cash up to ₱10,000".to_owned(),
            subheadline: String::new(),
            button_text: "Register now".to_owned(),
            headline_fil: "Hanggang ₱10,000 na cash".to_owned(),
            subheadline_fil: String::new(),
            button_text_fil: "Magrehistro na".to_owned(),
            theme_color: "#A94AFF".to_owned(),
            download_android_url: "https://play.google.com/store/apps/details?id=ph.hiram".to_owned(),
            download_ios_url: String::new(),
            active: true,
        }
    }

    #[test]
    fn a_template_with_every_field_in_form_passes() {
        assert_eq!(template().checked(), Ok(template()));
    }

    #[test]
    fn a_template_may_leave_its_filipino_texts_empty_and_keeps_them_trimmed() {
        let english_only = PromotionTemplate {
            headline_fil: String::new(),
            subheadline_fil: " ".to_owned(),
            button_text_fil: String::new(),
            ..template()
        };
        assert_eq!(english_only.checked().map(|t| t.subheadline_fil), Ok(String::new()));
        let padded = PromotionTemplate { button_text_fil: "  Magrehistro na ".to_owned(), ..template() };
        assert_eq!(padded.checked(), Ok(template()));
    }

    #[test]
    fn a_template_names_the_first_field_out_of_form() {
        type Spoil = fn(&mut PromotionTemplate);
        let cases: [(&str, Spoil); 9] = [
            ("appName", |t| t.app_name = " ".to_owned()),
            ("headline", |t| t.headline = "x".repeat(121)),
            ("buttonText", |t| t.button_text = String::new()),
            ("headlineFil", |t| t.headline_fil = "x".repeat(121)),
            ("subheadlineFil", |t| t.subheadline_fil = "Unang linya\nikalawang linya".to_owned()),
            ("buttonTextFil", |t| t.button_text_fil = "x".repeat(31)),
            ("themeColor", |t| t.theme_color = "purple".to_owned()),
            ("downloadAndroidUrl", |t| t.download_android_url = "http://play.google.com/x".to_owned()),
            ("downloadIosUrl", |t| t.download_ios_url = "javascript:alert(1)".to_owned()),
        ];
        for (field, spoil) in cases {
            let mut bad = template();
            spoil(&mut bad);
            assert_eq!(bad.checked(), Err(InvalidField(field)));
        }
    }

    fn link(kind: LinkKind) -> ChannelLink {
        ChannelLink {
            id: 4,
            name: "Facebook November".to_owned(),
            template_id: 1,
            user_from: "fb".to_owned(),
            app_from: String::new(),
            utm_tag: "nov-boost".to_owned(),
            kind,
            code: "fb-nov".to_owned(),
            created_at: datetime!(2025-11-01 00:00 UTC),
        }
    }

    #[test]
    fn a_link_opens_the_page_its_kind_names_with_its_code() {
        let register = link(LinkKind::Register);
        assert_eq!(register.landing_path(), "/promotion?id=1&user_from=fb&utm_tag=nov-boost&links_id=fb-nov");
        assert_eq!((register.links_id(), register.down_id()), ("fb-nov", ""));
        let download = link(LinkKind::Download);
        assert_eq!(
            download.landing_path(),
            "/promotion?id=1&user_from=fb&utm_tag=nov-boost&down_id=fb-nov#/downloadTemplate"
        );
        assert_eq!((download.links_id(), download.down_id()), ("", "fb-nov"));
    }

    #[test]
    fn a_link_needs_a_channel_a_code_and_a_template() {
        assert_eq!(
            ChannelLink { user_from: String::new(), ..link(LinkKind::Register) }.checked(),
            Err(InvalidField("userFrom"))
        );
        assert_eq!(
            ChannelLink { code: "a&b".to_owned(), ..link(LinkKind::Register) }.checked(),
            Err(InvalidField("code"))
        );
        assert_eq!(
            ChannelLink { template_id: 0, ..link(LinkKind::Register) }.checked(),
            Err(InvalidField("templateId"))
        );
        assert_eq!(LinkKind::parse("download"), Some(LinkKind::Download));
        assert_eq!(LinkKind::parse("other"), None);
    }

    #[test]
    fn a_captcha_answer_is_four_digits() {
        assert!(CaptchaAnswer::parse("0421").is_some());
        for bad in ["421", "04210", "04a1", ""] {
            assert!(CaptchaAnswer::parse(bad).is_none(), "{bad}");
        }
        assert_eq!(CaptchaAnswer::from_random(7).expose(), "0007");
    }
}
