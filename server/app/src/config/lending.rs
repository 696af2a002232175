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
