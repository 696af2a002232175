//! The server's languages: every text a borrower can read in an API reply,
//! in English (en-PH, the default) and Filipino (decisions.md D1); which
//! one a request gets; and the texts' `{n}` details. The texts themselves
//! are in `messages.rs`, each message's two languages side by side.

mod messages;

pub use messages::Msg;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use hiram_domain::borrower::Language;
use std::convert::Infallible;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Lang {
    #[default]
    En,
    Fil,
}

impl Lang {
    /// The `lang` query parameter wins; then the first language of
    /// `Accept-Language` that we speak; then English.
    pub fn detect(query: Option<&str>, accept_language: Option<&str>) -> Lang {
        Lang::named_in(query)
            .or_else(|| {
                accept_language.and_then(|header| {
                    header.split(',').find_map(|part| Lang::from_tag(part.split(';').next()?.trim()))
                })
            })
            .unwrap_or_default()
    }

    /// The language the `lang` query parameter names, if it names one.
    fn named_in(query: Option<&str>) -> Option<Lang> {
        query.and_then(|query| query.split('&').find_map(|pair| pair.strip_prefix("lang=")).and_then(Lang::from_tag))
    }

    fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::En),
            "fil" | "tl" => Some(Lang::Fil),
            _ => None,
        }
    }
}

impl From<Language> for Lang {
    fn from(language: Language) -> Lang {
        match language {
            Language::English => Lang::En,
            Language::Filipino => Lang::Fil,
        }
    }
}

impl From<Lang> for Language {
    fn from(lang: Lang) -> Language {
        match lang {
            Lang::En => Language::English,
            Lang::Fil => Language::Filipino,
        }
    }
}

impl Lang {
    /// The language of what the server tells a borrower on its own (SMS):
    /// the one they chose, else English (decision 046).
    pub fn of(chosen: Option<Language>) -> Lang {
        chosen.map(Lang::from).unwrap_or_default()
    }

    /// The language's tag as the `lang` parameter names it.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fil => "fil",
        }
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Lang {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Lang, Infallible> {
        let accept = parts.headers.get(axum::http::header::ACCEPT_LANGUAGE).and_then(|value| value.to_str().ok());
        Ok(Lang::detect(parts.uri.query(), accept))
    }
}

/// The language a request names in its `lang` query parameter: the one the
/// page runs in after the borrower chose it (or the app shell set it), as
/// against a browser's `Accept-Language`, which nobody chose. Login
/// remembers it for the borrower (decision 046).
pub struct NamedLang(pub Option<Lang>);

impl<S: Send + Sync> FromRequestParts<S> for NamedLang {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<NamedLang, Infallible> {
        Ok(NamedLang(Lang::named_in(parts.uri.query())))
    }
}

/// A calendar day as a borrower reads it, the way the pages show one
/// (`formatDay` in web/shared): "Jan 15, 2026", in Filipino "Ene 15, 2026".
pub fn day(date: time::Date, lang: Lang) -> String {
    const EN: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    const FIL: [&str; 12] = ["Ene", "Peb", "Mar", "Abr", "May", "Hun", "Hul", "Ago", "Set", "Okt", "Nob", "Dis"];
    let months = if lang == Lang::Fil { FIL } else { EN };
    let month = months[usize::from(u8::from(date.month())) - 1];
    format!("{month} {}, {}", date.day(), date.year())
}

/// The text with `{n}` replaced by the detail and, when the detail is a
/// count, each `{one|other}` choice made by it: English says "1 more time"
/// and "2 more times"; the Filipino texts need no choice.
pub fn with_detail(text: &str, detail: &str) -> String {
    let singular = detail.trim() == "1";
    let mut rendered = String::with_capacity(text.len() + detail.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}').map(|at| open + at) else { break };
        rendered.push_str(&rest[..open]);
        let inside = &rest[open + 1..close];
        match inside.split_once('|') {
            Some((one, other)) => rendered.push_str(if singular { one } else { other }),
            None if inside == "n" => rendered.push_str(detail),
            None => rendered.push_str(&rest[open..=close]),
        }
        rest = &rest[close + 1..];
    }
    rendered.push_str(rest);
    rendered
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_reads_as_the_pages_show_it() {
        let date = time::macros::date!(2026 - 12 - 05);
        assert_eq!(day(date, Lang::En), "Dec 5, 2026");
        assert_eq!(day(date, Lang::Fil), "Dis 5, 2026");
    }

    #[test]
    fn counts_choose_their_plural_by_rule() {
        assert_eq!(
            with_detail(Msg::CodeWrong.text(Lang::En), "1"),
            "The code is not correct. You can try 1 more time."
        );
        assert_eq!(
            with_detail(Msg::CodeWrong.text(Lang::En), "4"),
            "The code is not correct. You can try 4 more times."
        );
        assert_eq!(
            with_detail(Msg::CodeWrong.text(Lang::Fil), "1"),
            "Mali ang code. Maaari ka pang sumubok nang 1 beses."
        );
        assert_eq!(
            with_detail("{n} {day|days} before, at {time}", "2"),
            "2 days before, at {time}",
            "other placeholders stay"
        );
    }

    #[test]
    fn no_text_says_s_in_brackets() {
        for lang in [Lang::En, Lang::Fil] {
            for message in [Msg::CodeWrong, Msg::ReminderDaysBefore] {
                assert!(!message.text(lang).contains("(s)"), "{}", message.text(lang));
            }
        }
    }

    #[test]
    fn the_lang_query_parameter_wins_over_the_browser_language() {
        assert_eq!(Lang::detect(Some("a=1&lang=fil"), Some("en-PH")), Lang::Fil);
        assert_eq!(Lang::detect(Some("lang=en"), Some("fil-PH")), Lang::En);
    }

    #[test]
    fn tagalog_browsers_get_filipino_and_unknown_languages_get_english() {
        assert_eq!(Lang::detect(None, Some("tl-PH,tl;q=0.9")), Lang::Fil);
        assert_eq!(Lang::detect(None, Some("zh-CN, fil;q=0.5")), Lang::Fil);
        assert_eq!(Lang::detect(Some("lang=xx"), Some("ja")), Lang::En);
    }
}
