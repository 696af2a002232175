//! Money as integer centavos. Never floating point (decisions.md D1).

use serde::{Deserialize, Serialize};
use std::fmt;

/// An amount of Philippine pesos in centavos (1 peso = 100 centavos).
///
/// Arithmetic is checked: an overflow is a bug in the caller's inputs, never a
/// silent wrap, so every operation returns `Option`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Centavos(i64);

impl Centavos {
    pub const ZERO: Centavos = Centavos(0);

    pub const fn new(centavos: i64) -> Self {
        Centavos(centavos)
    }

    pub const fn from_pesos(pesos: i64) -> Self {
        Centavos(pesos * 100)
    }

    pub const fn get(self) -> i64 {
        self.0
    }

    pub fn checked_add(self, other: Centavos) -> Option<Centavos> {
        self.0.checked_add(other.0).map(Centavos)
    }

    pub fn checked_sub(self, other: Centavos) -> Option<Centavos> {
        self.0.checked_sub(other.0).map(Centavos)
    }

    /// Sums amounts, `None` on overflow.
    pub fn checked_sum<I: IntoIterator<Item = Centavos>>(amounts: I) -> Option<Centavos> {
        amounts.into_iter().try_fold(Centavos::ZERO, Centavos::checked_add)
    }

    /// `self × basis_points / 10 000`, rounded half away from zero.
    ///
    /// Rates are basis points (1% = 100 bp) so every rate is an integer too.
    pub fn apply_basis_points(self, basis_points: i64) -> Option<Centavos> {
        self.mul_div(basis_points, 10_000)
    }

    /// `self × numerator / denominator`, rounded down (toward negative
    /// infinity); `None` on overflow or a zero denominator.
    pub fn mul_div_floor(self, numerator: i64, denominator: i64) -> Option<Centavos> {
        if denominator == 0 {
            return None;
        }
        let product = i128::from(self.0).checked_mul(i128::from(numerator))?;
        i64::try_from(product.div_euclid(i128::from(denominator))).ok().map(Centavos)
    }

    /// `self × numerator / denominator` in exact integer arithmetic, rounded
    /// half away from zero; `None` on overflow or a zero denominator.
    pub fn mul_div(self, numerator: i64, denominator: i64) -> Option<Centavos> {
        if denominator == 0 {
            return None;
        }
        let product = i128::from(self.0).checked_mul(i128::from(numerator))?;
        let rounded = div_round_half_away(product, i128::from(denominator));
        i64::try_from(rounded).ok().map(Centavos)
    }
}

fn div_round_half_away(numerator: i128, denominator: i128) -> i128 {
    let quotient = numerator / denominator;
    let remainder = numerator % denominator;
    if remainder.abs() * 2 >= denominator.abs() {
        quotient + numerator.signum() * denominator.signum()
    } else {
        quotient
    }
}

/// The currency symbol a page shows. `real=1` in the page query switches to
/// the rupee sign, a market flag kept from the specification (D1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CurrencySymbol {
    Peso,
    Rupee,
}

impl CurrencySymbol {
    pub fn as_str(self) -> &'static str {
        match self {
            CurrencySymbol::Peso => "₱",
            CurrencySymbol::Rupee => "₹",
        }
    }
}

impl Centavos {
    /// The amount as a plain decimal of pesos (`1234.50`, `-0.05`), as
    /// machine formats want it (a QR payload, a provider's API).
    pub fn to_decimal_string(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let absolute = self.0.unsigned_abs();
        format!("{sign}{}.{:02}", absolute / 100, absolute % 100)
    }

    /// Reads a plain decimal of pesos (`1234.5`, `1999.01`, `50`) exactly,
    /// as a provider's JSON writes amounts; `None` for anything else,
    /// including a fraction of a centavo or a negative amount.
    pub fn parse_decimal(text: &str) -> Option<Centavos> {
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        let digits = |part: &str| part.bytes().all(|byte| byte.is_ascii_digit());
        if whole.is_empty() || whole.len() > 15 || !digits(whole) || !digits(fraction) {
            return None;
        }
        let fraction = fraction.trim_end_matches('0');
        if fraction.len() > 2 {
            return None;
        }
        let centavos: i64 = format!("{fraction:0<2}").parse().ok()?;
        whole.parse::<i64>().ok()?.checked_mul(100)?.checked_add(centavos).map(Centavos)
    }
}

/// Formats an amount the en-PH way: symbol, thousands grouped by commas, two
/// decimals (`₱1,234.56`, `-₱0.05`). The one server-side money formatter.
pub fn format_amount(amount: Centavos, symbol: CurrencySymbol) -> String {
    let sign = if amount.0 < 0 { "-" } else { "" };
    let absolute = amount.0.unsigned_abs();
    let pesos = (absolute / 100).to_string();
    let centavos = absolute % 100;
    let mut grouped = String::with_capacity(pesos.len() + pesos.len() / 3);
    for (index, digit) in pesos.chars().enumerate() {
        if index > 0 && (pesos.len() - index).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    format!("{sign}{}{grouped}.{centavos:02}", symbol.as_str())
}

impl fmt::Display for Centavos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_amount(*self, CurrencySymbol::Peso))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_providers_decimal_reads_exactly_into_centavos() {
        assert_eq!(Centavos::parse_decimal("1999.01"), Some(Centavos::new(199_901)));
        assert_eq!(Centavos::parse_decimal("1234.5"), Some(Centavos::new(123_450)));
        assert_eq!(Centavos::parse_decimal("50"), Some(Centavos::new(5_000)));
        assert_eq!(Centavos::parse_decimal("0.10"), Some(Centavos::new(10)));
        assert_eq!(Centavos::parse_decimal("3273.000"), Some(Centavos::new(327_300)));
        for bad in ["", ".5", "1.005", "-1.00", "1e3", "1,000.00", "12.3.4", " 1.00", "9999999999999999"] {
            assert_eq!(Centavos::parse_decimal(bad), None, "{bad}");
        }
    }
    use proptest::prelude::*;

    #[test]
    fn a_plain_decimal_has_two_places_and_no_grouping() {
        assert_eq!(Centavos::new(123_450).to_decimal_string(), "1234.50");
        assert_eq!(Centavos::new(5).to_decimal_string(), "0.05");
        assert_eq!(Centavos::new(-5).to_decimal_string(), "-0.05");
    }

    #[test]
    fn amounts_are_grouped_by_thousands_with_two_decimals() {
        assert_eq!(format_amount(Centavos::new(123_456), CurrencySymbol::Peso), "₱1,234.56");
        assert_eq!(format_amount(Centavos::new(100_000_000), CurrencySymbol::Peso), "₱1,000,000.00");
        assert_eq!(format_amount(Centavos::new(5), CurrencySymbol::Peso), "₱0.05");
        assert_eq!(format_amount(Centavos::ZERO, CurrencySymbol::Peso), "₱0.00");
    }

    #[test]
    fn negative_amounts_carry_the_sign_before_the_symbol() {
        assert_eq!(format_amount(Centavos::new(-150_000), CurrencySymbol::Peso), "-₱1,500.00");
    }

    #[test]
    fn the_real_flag_switches_the_symbol_to_rupee() {
        assert_eq!(format_amount(Centavos::new(99_900), CurrencySymbol::Rupee), "₹999.00");
    }

    #[test]
    fn basis_points_round_half_away_from_zero() {
        // 1.5% of ₱0.33 = 0.495 centavos → 0; of ₱1.00 = 1.5 centavos → 2.
        assert_eq!(Centavos::new(33).apply_basis_points(150), Some(Centavos::new(0)));
        assert_eq!(Centavos::new(100).apply_basis_points(150), Some(Centavos::new(2)));
        assert_eq!(Centavos::new(-100).apply_basis_points(150), Some(Centavos::new(-2)));
    }

    #[test]
    fn overflow_is_reported_not_wrapped() {
        assert_eq!(Centavos::new(i64::MAX).checked_add(Centavos::new(1)), None);
        assert_eq!(Centavos::checked_sum([Centavos::new(i64::MAX), Centavos::new(1)]), None);
    }

    proptest! {
        #[test]
        fn formatting_round_trips_to_the_same_centavos(value in -1_000_000_000_000i64..1_000_000_000_000) {
            let text = format_amount(Centavos::new(value), CurrencySymbol::Peso);
            let digits: String = text.chars().filter(|c| c.is_ascii_digit()).collect();
            let parsed: i64 = digits.parse().unwrap();
            prop_assert_eq!(if value < 0 { -parsed } else { parsed }, value);
        }
    }
}
