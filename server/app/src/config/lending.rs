//! The lender's own rules and facts: the credit decision, customer care's calendar, the company, the demo data.

use serde::Deserialize;

#[derive(Clone, Debug, Deserialize)]
pub struct CareSettings {
    /// Working days within which a complaint is answered (spec §9: 3).
    pub reply_working_days: u32,
    /// Filings at or after this hour (Manila) count from the next working day.
    pub cutoff_hour: u8,
    /// Manila dates customer care does not work.
    pub holidays: Vec<CalendarDate>,
    /// Where a borrower not satisfied with our answer may take the
    /// complaint (RA 11765: the regulator, the SEC for lending companies),
    /// shown after a rating of 1 or 2 stars, in English and Filipino. Data,
    /// not code: the operator keeps it right. Empty hides it.
    pub regulator_channel_en: String,
    pub regulator_channel_fil: String,
    /// The regulator's contact details as it publishes them, shown under
    /// that text as written; empty until the operator fills them in.
    pub regulator_contact: String,
}

/// A date written `YYYY-MM-DD`; anything else stops the server at start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CalendarDate(pub time::Date);

impl<'de> Deserialize<'de> for CalendarDate {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<CalendarDate, D::Error> {
        let text = String::deserialize(deserializer)?;
        let format = time::macros::format_description!("[year]-[month]-[day]");
        time::Date::parse(&text, &format)
            .map(CalendarDate)
            .map_err(|_| serde::de::Error::custom(format!("{text:?} is not a YYYY-MM-DD date")))
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct DecisionSettings {
    pub min_age: i64,
    pub max_age: i64,
    pub min_monthly_income_pesos: i64,
    pub first_limit_pesos: i64,
    pub limit_step_pesos: i64,
    pub max_limit_pesos: i64,
}

#[derive(Clone, Debug, Deserialize)]
pub struct DemoSettings {
    pub seed_on_empty: bool,
}
