//! A peso exchange rate as staff set it (dated, with its source), shown the
//! same way to borrowers in the calculator and to staff in the console.

use hiram_domain::exchange::{ExchangeRate, format_rate};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RateView {
    pub currency: String,
    /// Pesos for one unit, as people write it (`"58.1234"`).
    pub rate: String,
    /// Millionths of a peso for one unit.
    pub peso_micros: i64,
    /// `YYYY-MM-DD`: the day the source published it.
    pub effective_on: String,
    pub source: String,
}

impl From<&ExchangeRate> for RateView {
    fn from(rate: &ExchangeRate) -> RateView {
        RateView {
            currency: rate.rate.currency.as_str().to_owned(),
            rate: format_rate(rate.rate.peso_micros),
            peso_micros: rate.rate.peso_micros,
            effective_on: rate.rate.effective_on.to_string(),
            source: rate.rate.source.clone(),
        }
    }
}
