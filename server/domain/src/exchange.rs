//! Peso exchange rates for the borrower's currency calculator (issue 8).
//! Staff set each rate by hand, dated and with its source (a bank's board
//! rate, the BSP reference rate); the product never invents a live rate.
//!
//! A rate is pesos for one unit of the foreign currency, kept as an integer
//! count of millionths of a peso so conversions stay exact integer
//! arithmetic: 58.1234 pesos a dollar is 58_123_400. Amounts on either side
//! are in hundredths (centavos, cents); conversions round half up.

use crate::money::Centavos;
use time::{Date, OffsetDateTime};

/// Millionths of a peso in a peso.
pub const MICROS_PER_PESO: i64 = 1_000_000;
/// The dearest currency worth quoting is far below this (a troy ounce of
/// gold is about ₱150,000); above it the figure is a typing slip.
const MAX_RATE_MICROS: i64 = 1_000_000 * MICROS_PER_PESO;
/// A rate older than this many days is not offered: a borrower would take
/// it for today's.
pub const SHELF_LIFE_DAYS: i64 = 30;
/// Hundredths of the foreign currency a borrower may convert at once.
pub const MAX_AMOUNT_HUNDREDTHS: i64 = 100_000_000_000;

/// An ISO 4217 code other than the peso's own.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct CurrencyCode(String);

impl CurrencyCode {
    pub fn parse(text: &str) -> Result<CurrencyCode, RateError> {
        let code = text.trim().to_ascii_uppercase();
        if code.len() != 3 || !code.bytes().all(|byte| byte.is_ascii_uppercase()) || code == "PHP" {
            return Err(RateError::Currency);
        }
        Ok(CurrencyCode(code))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Why a rate from staff is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RateError {
    #[error("the currency must be a three-letter ISO code other than PHP")]
    Currency,
    #[error("the rate must be a positive number of pesos with at most 6 decimals")]
    Rate,
    #[error("the source must say where the rate comes from (3 to 120 characters)")]
    Source,
    #[error("the effective date cannot be after today")]
    Date,
}

/// Parses "58.1234" (pesos for one unit) into millionths of a peso, exactly:
/// no floating point touches the figure.
pub fn parse_rate(text: &str) -> Result<i64, RateError> {
    let text = text.trim();
    let (whole, fraction) = text.split_once('.').unwrap_or((text, "0"));
    let digits = |part: &str| part.bytes().all(|byte| byte.is_ascii_digit());
    if whole.is_empty()
        || whole.len() > 7
        || fraction.is_empty()
        || fraction.len() > 6
        || !digits(whole)
        || !digits(fraction)
    {
        return Err(RateError::Rate);
    }
    let whole: i64 = whole.parse().map_err(|_| RateError::Rate)?;
    let fraction: i64 = format!("{fraction:0<6}").parse().map_err(|_| RateError::Rate)?;
    let micros = whole * MICROS_PER_PESO + fraction;
    if micros <= 0 || micros > MAX_RATE_MICROS {
        return Err(RateError::Rate);
    }
    Ok(micros)
}

/// A rate as people write it: at least two decimals, at most six.
pub fn format_rate(micros: i64) -> String {
    let fraction = format!("{:06}", micros % MICROS_PER_PESO);
    let kept = fraction.trim_end_matches('0');
    let kept = if kept.len() < 2 { &fraction[..2] } else { kept };
    format!("{}.{kept}", micros / MICROS_PER_PESO)
}

/// A rate as staff enter it, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewExchangeRate {
    pub currency: CurrencyCode,
    pub peso_micros: i64,
    /// The day the source published it (Manila).
    pub effective_on: Date,
    pub source: String,
}

impl NewExchangeRate {
    pub fn check(
        currency: &str,
        rate: &str,
        effective_on: Date,
        source: &str,
        today: Date,
    ) -> Result<NewExchangeRate, RateError> {
        let source = source.trim();
        if !(3..=120).contains(&source.chars().count()) {
            return Err(RateError::Source);
        }
        if effective_on > today {
            return Err(RateError::Date);
        }
        Ok(NewExchangeRate {
            currency: CurrencyCode::parse(currency)?,
            peso_micros: parse_rate(rate)?,
            effective_on,
            source: source.to_owned(),
        })
    }
}

/// A rate as stored, with who set it and when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExchangeRate {
    pub id: i64,
    pub rate: NewExchangeRate,
    pub set_by: Option<i64>,
    pub set_at: OffsetDateTime,
}

/// The rate in effect on `today` for each currency: the latest effective
/// date not after today and within the shelf life, the latest set among
/// those. Sorted by currency.
pub fn in_effect(rates: &[ExchangeRate], today: Date) -> Vec<&ExchangeRate> {
    let oldest = today - time::Duration::days(SHELF_LIFE_DAYS);
    let mut current: Vec<&ExchangeRate> = Vec::new();
    for rate in rates.iter().filter(|rate| (oldest..=today).contains(&rate.rate.effective_on)) {
        let key = |rate: &ExchangeRate| (rate.rate.effective_on, rate.set_at, rate.id);
        match current.iter_mut().find(|kept| kept.rate.currency == rate.rate.currency) {
            Some(kept) if key(kept) < key(rate) => *kept = rate,
            Some(_) => {}
            None => current.push(rate),
        }
    }
    current.sort_by(|a, b| a.rate.currency.cmp(&b.rate.currency));
    current
}

fn divide_half_up(numerator: i128, denominator: i128) -> i64 {
    i64::try_from((2 * numerator + denominator) / (2 * denominator)).unwrap_or(i64::MAX)
}

/// Pesos for `hundredths` of the foreign currency.
pub fn to_pesos(hundredths: i64, peso_micros: i64) -> Centavos {
    Centavos::new(divide_half_up(i128::from(hundredths) * i128::from(peso_micros), i128::from(MICROS_PER_PESO)))
}

/// Hundredths of the foreign currency for `pesos`.
pub fn from_pesos(pesos: Centavos, peso_micros: i64) -> i64 {
    divide_half_up(i128::from(pesos.get()) * i128::from(MICROS_PER_PESO), i128::from(peso_micros))
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::{date, datetime};

    #[test]
    fn rates_parse_exactly_and_refuse_slips() {
        assert_eq!(parse_rate("58.1234"), Ok(58_123_400));
        assert_eq!(parse_rate(" 0.3791 "), Ok(379_100));
        assert_eq!(parse_rate("61"), Ok(61_000_000));
        assert_eq!(parse_rate("0.000001"), Ok(1));
        for slip in ["", "0", "0.0", "-1", "1.2345678", "1,5", "abc", ".5", "1.", "12345678", "1e3", "NaN"] {
            assert_eq!(parse_rate(slip), Err(RateError::Rate), "{slip:?}");
        }
        assert_eq!(format_rate(58_123_400), "58.1234");
        assert_eq!(format_rate(61_000_000), "61.00");
        assert_eq!(format_rate(379_100), "0.3791");
    }

    #[test]
    fn currency_codes_are_three_letters_and_not_the_peso() {
        assert_eq!(CurrencyCode::parse("usd").map(|code| code.0), Ok("USD".to_owned()));
        for wrong in ["PHP", "US", "USDT", "U$D", "", "12A"] {
            assert_eq!(CurrencyCode::parse(wrong), Err(RateError::Currency), "{wrong:?}");
        }
    }

    /// Conversions worked by hand: $100.00 at ₱58.1234 is ₱5,812.34;
    /// ¥1,000.00 at ₱0.3791 is ₱379.10; ₱1,000.00 at ₱58.1234 is
    /// $17.2047… → $17.20; ₱0.01 at ₱58.1234 is $0.000172 → $0.00;
    /// $0.01 at ₱58.125 is ₱0.58125 → ₱0.58.
    #[test]
    fn conversions_round_half_up_to_the_hundredth() {
        assert_eq!(to_pesos(10_000, 58_123_400), Centavos::new(581_234));
        assert_eq!(to_pesos(100_000, 379_100), Centavos::new(37_910));
        assert_eq!(from_pesos(Centavos::new(100_000), 58_123_400), 1_720);
        assert_eq!(from_pesos(Centavos::new(1), 58_123_400), 0);
        assert_eq!(to_pesos(1, 58_125_000), Centavos::new(58));
        // Exactly half a centavo rounds up: $0.01 at ₱0.5 is ₱0.005.
        assert_eq!(to_pesos(1, 500_000), Centavos::new(1));
        // The largest conversion still fits: 10^11 hundredths at ₱1,000,000.
        assert_eq!(to_pesos(MAX_AMOUNT_HUNDREDTHS, MAX_RATE_MICROS).get(), 100_000_000_000_000_000);
    }

    fn stored(id: i64, currency: &str, micros: i64, effective_on: Date, set_at: OffsetDateTime) -> ExchangeRate {
        ExchangeRate {
            id,
            rate: NewExchangeRate {
                currency: CurrencyCode::parse(currency).unwrap(),
                peso_micros: micros,
                effective_on,
                source: "BSP reference rate".to_owned(),
            },
            set_by: Some(1),
            set_at,
        }
    }

    #[test]
    fn the_rate_in_effect_is_the_latest_dated_up_to_today() {
        let rates = vec![
            stored(1, "USD", 58_000_000, date!(2026 - 11 - 20), datetime!(2026-11-20 01:00 UTC)),
            stored(2, "USD", 58_500_000, date!(2026 - 11 - 21), datetime!(2026-11-21 01:00 UTC)),
            // A correction of the same day, set later, wins.
            stored(3, "USD", 58_400_000, date!(2026 - 11 - 21), datetime!(2026-11-21 03:00 UTC)),
            // Dated tomorrow: not in effect yet.
            stored(4, "USD", 59_000_000, date!(2026 - 11 - 23), datetime!(2026-11-22 01:00 UTC)),
            stored(5, "JPY", 379_100, date!(2026 - 11 - 19), datetime!(2026-11-19 01:00 UTC)),
        ];
        let current: Vec<i64> = in_effect(&rates, date!(2026 - 11 - 22)).iter().map(|rate| rate.id).collect();
        assert_eq!(current, vec![5, 3]);
        assert!(in_effect(&rates, date!(2026 - 11 - 18)).is_empty());
        // Thirty days on the JPY rate is still offered; a day later it is not.
        let later: Vec<i64> = in_effect(&rates, date!(2026 - 12 - 19)).iter().map(|rate| rate.id).collect();
        assert_eq!(later, vec![5, 4]);
        let later: Vec<i64> = in_effect(&rates, date!(2026 - 12 - 20)).iter().map(|rate| rate.id).collect();
        assert_eq!(later, vec![4]);
    }

    #[test]
    fn a_rate_needs_a_source_and_a_date_not_in_the_future() {
        let today = date!(2026 - 11 - 22);
        assert!(NewExchangeRate::check("USD", "58.1", today, "BDO board rate", today).is_ok());
        assert_eq!(NewExchangeRate::check("USD", "58.1", today, "  ", today), Err(RateError::Source));
        assert_eq!(
            NewExchangeRate::check("USD", "58.1", date!(2026 - 11 - 23), "BDO board rate", today),
            Err(RateError::Date)
        );
    }
}
