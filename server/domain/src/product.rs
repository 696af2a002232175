//! Loan products offered on the marketplace and the lenders behind them.

use crate::money::Centavos;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ProductId(pub i64);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct LenderId(pub i64);

/// A lending company whose products appear on the marketplace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lender {
    pub id: LenderId,
    pub name: String,
    /// Registered corporate name, shown on agreements (SEC MC 19 s.2019).
    pub corporate_name: String,
    pub sec_registration_no: String,
    pub certificate_of_authority_no: String,
}

#[derive(Clone, Debug)]
pub struct NewLender {
    pub name: String,
    pub corporate_name: String,
    pub sec_registration_no: String,
    pub certificate_of_authority_no: String,
}

/// A loan product: what a borrower can apply for. Its pricing terms are
/// data (decisions.md D4); the pricing engine reads them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Product {
    pub id: ProductId,
    pub lender_id: LenderId,
    pub lender_name: String,
    pub name: String,
    pub logo_url: String,
    pub min_amount: Centavos,
    pub max_amount: Centavos,
    pub term_days: i64,
    /// Nominal interest per month in basis points (1% = 100).
    pub monthly_interest_bp: i64,
    /// One-time service fee in basis points of principal.
    pub service_fee_bp: i64,
    pub rate_description: String,
    pub tags: Vec<String>,
    pub allows_extension: bool,
    pub available: bool,
}

/// Days in the month that monthly rates are quoted for.
pub const DAYS_PER_MONTH: i64 = 30;

impl Product {
    /// Interest for the whole term at the monthly rate (a month being
    /// [`DAYS_PER_MONTH`] days) and the one-time service fee, each rounded half
    /// away from zero to the centavo. `None` only on overflow.
    pub fn flat_charges(&self, principal: Centavos) -> Option<(Centavos, Centavos)> {
        let interest =
            principal.mul_div(self.monthly_interest_bp.checked_mul(self.term_days)?, 10_000 * DAYS_PER_MONTH)?;
        let fee = principal.apply_basis_points(self.service_fee_bp)?;
        Some((interest, fee))
    }
}

#[derive(Clone, Debug)]
pub struct NewProduct {
    pub lender_id: LenderId,
    pub name: String,
    pub logo_url: String,
    pub min_amount: Centavos,
    pub max_amount: Centavos,
    pub term_days: i64,
    pub monthly_interest_bp: i64,
    pub service_fee_bp: i64,
    pub rate_description: String,
    pub tags: Vec<String>,
    pub allows_extension: bool,
    pub available: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn product(monthly_interest_bp: i64, term_days: i64, service_fee_bp: i64) -> Product {
        Product {
            id: ProductId(1),
            lender_id: LenderId(1),
            lender_name: "Lender".into(),
            name: "Loan".into(),
            logo_url: String::new(),
            min_amount: Centavos::from_pesos(1_000),
            max_amount: Centavos::from_pesos(10_000),
            term_days,
            monthly_interest_bp,
            service_fee_bp,
            rate_description: String::new(),
            tags: vec![],
            allows_extension: false,
            available: true,
        }
    }

    #[test]
    fn four_percent_a_month_for_ninety_days_is_twelve_percent() {
        let (interest, fee) = product(400, 90, 300).flat_charges(Centavos::from_pesos(5_000)).unwrap();
        assert_eq!(interest, Centavos::from_pesos(600));
        assert_eq!(fee, Centavos::from_pesos(150));
    }

    #[test]
    fn interest_rounds_to_the_nearest_centavo() {
        // ₱1,000 × 4% × 91/30 = ₱121.333… → ₱121.33
        let (interest, _) = product(400, 91, 0).flat_charges(Centavos::from_pesos(1_000)).unwrap();
        assert_eq!(interest, Centavos::new(12_133));
    }
}
