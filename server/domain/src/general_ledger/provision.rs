//! The allowance for credit losses (decisions 072, 079): finance sets a
//! provision matrix, a share of the principal owed for each bucket of days
//! past due (PFRS 9's simplified, matrix form of expected credit losses),
//! for a lender's products or for one product of it, under maker-checker;
//! the daily run books the allowance the matrices ask on the day's buckets
//! by product, posting only the difference from what is booked, as one
//! journal per lender and day.

use super::aging::{AgingBucket, PortfolioAging};
use super::journal::JournalLine;
use crate::ledger::Side;
use crate::money::Centavos;
use crate::product::{LenderId, ProductId};
use time::OffsetDateTime;

/// The allowance account and the provision expense of the standard chart.
pub const ALLOWANCE: &str = "1290";
pub const PROVISION_EXPENSE: &str = "5100";

/// A share of principal per bucket, in basis points (hundredths of a
/// percent), in the buckets' order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProvisionRates(pub [i64; 6]);

/// Why rates were refused; nothing was kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RatesRefused {
    /// A rate below 0% or above 100%.
    #[error("a rate is 0 to 10,000 basis points")]
    OutOfRange(AgingBucket),
    /// A later bucket asks less than an earlier: a loan does not grow safer
    /// by staying unpaid longer.
    #[error("a later bucket's rate is below an earlier one's")]
    Decreasing(AgingBucket),
}

impl ProvisionRates {
    pub fn check(rates: [i64; 6]) -> Result<ProvisionRates, RatesRefused> {
        for (bucket, rate) in AgingBucket::ALL.into_iter().zip(rates) {
            if !(0..=10_000).contains(&rate) {
                return Err(RatesRefused::OutOfRange(bucket));
            }
        }
        for (index, pair) in rates.windows(2).enumerate() {
            if pair[1] < pair[0] {
                return Err(RatesRefused::Decreasing(AgingBucket::ALL[index + 1]));
            }
        }
        Ok(ProvisionRates(rates))
    }

    pub fn of(self, bucket: AgingBucket) -> i64 {
        AgingBucket::ALL.iter().position(|known| *known == bucket).map_or(0, |index| self.0[index])
    }

    /// Each bucket's provision: its principal times its rate, to the
    /// centavo, half up.
    pub fn provisions(self, aging: &PortfolioAging) -> Vec<(AgingBucket, Centavos, Centavos)> {
        aging
            .lines
            .iter()
            .map(|line| {
                let product = i128::from(line.principal.get()) * i128::from(self.of(line.bucket));
                let provision = i64::try_from((product + 5_000) / 10_000).unwrap_or(i64::MAX);
                (line.bucket, line.principal, Centavos::new(provision))
            })
            .collect()
    }

    /// The allowance the matrix asks on `aging`: the sum of the buckets'.
    pub fn required(self, aging: &PortfolioAging) -> Centavos {
        Centavos::new(self.provisions(aging).iter().map(|(_, _, provision)| provision.get()).sum())
    }
}

/// Where a proposed matrix stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RatesStatus {
    Proposed,
    /// In force from its decision until a later one is approved.
    Approved,
    Rejected,
}

impl RatesStatus {
    pub const ALL: [RatesStatus; 3] = [RatesStatus::Proposed, RatesStatus::Approved, RatesStatus::Rejected];

    pub fn key(self) -> &'static str {
        match self {
            RatesStatus::Proposed => "proposed",
            RatesStatus::Approved => "approved",
            RatesStatus::Rejected => "rejected",
        }
    }

    pub fn parse(key: &str) -> Option<RatesStatus> {
        RatesStatus::ALL.into_iter().find(|status| status.key() == key)
    }
}

/// A lender's provision matrix as proposed, and its decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProvisionMatrix {
    pub id: i64,
    pub lender: LenderId,
    /// The product it is for; `None`: the lender's products without one of
    /// their own.
    pub product: Option<ProductId>,
    pub rates: ProvisionRates,
    pub status: RatesStatus,
    pub proposed_by: Option<i64>,
    pub proposed_by_token: Option<i64>,
    pub proposed_at: OffsetDateTime,
    pub decided_by: Option<i64>,
    pub decided_at: Option<OffsetDateTime>,
}

/// The journal that brings the allowance `booked` to `required`: more
/// expense and allowance when more is needed, a release when less; none
/// when they agree.
pub fn adjustment(required: Centavos, booked: Centavos) -> Option<Vec<JournalLine>> {
    let difference = required.get() - booked.get();
    let line =
        |code: &str, side: Side| JournalLine { code: code.to_owned(), side, amount: Centavos::new(difference.abs()) };
    match difference.signum() {
        1 => Some(vec![line(PROVISION_EXPENSE, Side::Debit), line(ALLOWANCE, Side::Credit)]),
        -1 => Some(vec![line(ALLOWANCE, Side::Debit), line(PROVISION_EXPENSE, Side::Credit)]),
        _ => None,
    }
}

/// The matrices in force out of a lender's approved ones, the latest
/// decided first: the latest for the lender's products, and the latest for
/// each product that has its own.
pub fn in_force(approved: Vec<ProvisionMatrix>) -> Vec<ProvisionMatrix> {
    let mut seen = Vec::new();
    approved
        .into_iter()
        .filter(|matrix| {
            let first = !seen.contains(&matrix.product);
            seen.push(matrix.product);
            first
        })
        .collect()
}

/// The matrix a product's loans are provisioned at: its own, or the
/// lender's for products without one.
pub fn matrix_for(product: ProductId, in_force: &[ProvisionMatrix]) -> Option<&ProvisionMatrix> {
    in_force
        .iter()
        .find(|matrix| matrix.product == Some(product))
        .or_else(|| in_force.iter().find(|matrix| matrix.product.is_none()))
}

/// One product's buckets on a day with the matrix they are provisioned at.
#[derive(Clone, Debug)]
pub struct ProductProvisions {
    pub product: ProductId,
    pub matrix: Option<ProvisionMatrix>,
    pub aging: PortfolioAging,
}

impl ProductProvisions {
    /// A lender's buckets by product, each with its matrix in force.
    pub fn of(lines: &[(ProductId, super::aging::AgingLine)], in_force: &[ProvisionMatrix]) -> Vec<ProductProvisions> {
        let mut products: Vec<ProductId> = lines.iter().map(|(product, _)| *product).collect();
        products.dedup();
        products
            .into_iter()
            .map(|product| {
                let own: Vec<_> = lines.iter().filter(|(of, _)| *of == product).map(|(_, line)| *line).collect();
                ProductProvisions {
                    product,
                    matrix: matrix_for(product, in_force).cloned(),
                    aging: PortfolioAging::of(&own),
                }
            })
            .collect()
    }

    /// Each bucket's principal, rate and provision (none without a matrix).
    pub fn provisions(&self) -> Vec<(AgingBucket, Centavos, i64, Centavos)> {
        self.matrix.as_ref().map_or_else(Vec::new, |matrix| {
            matrix
                .rates
                .provisions(&self.aging)
                .into_iter()
                .map(|(bucket, principal, provision)| (bucket, principal, matrix.rates.of(bucket), provision))
                .collect()
        })
    }

    /// What the matrices ask of a lender: the sum over its products.
    pub fn required(products: &[ProductProvisions]) -> Centavos {
        Centavos::new(
            products
                .iter()
                .filter_map(|product| product.matrix.as_ref().map(|matrix| matrix.rates.required(&product.aging).get()))
                .sum(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::general_ledger::aging::AgingLine;

    fn aging() -> PortfolioAging {
        let line = |bucket, pesos| AgingLine { bucket, loans: 1, principal: Centavos::from_pesos(pesos) };
        PortfolioAging::of(&[
            line(AgingBucket::Current, 400_000),
            line(AgingBucket::Days1To30, 50_000),
            line(AgingBucket::Days31To60, 25_000),
            line(AgingBucket::Over180, 5_000),
        ])
    }

    #[test]
    fn the_allowance_is_each_buckets_principal_times_its_rate() {
        let rates = ProvisionRates::check([100, 500, 2_000, 5_000, 7_500, 10_000]).unwrap();
        // 1% of 400,000 + 5% of 50,000 + 20% of 25,000 + 100% of 5,000.
        assert_eq!(rates.required(&aging()), Centavos::from_pesos(4_000 + 2_500 + 5_000 + 5_000));
        let odd = ProvisionRates::check([1, 1, 1, 1, 1, 1]).unwrap();
        let one = PortfolioAging::of(&[AgingLine {
            bucket: AgingBucket::Current,
            loans: 1,
            principal: Centavos::new(5_000),
        }]);
        assert_eq!(odd.required(&one), Centavos::new(1), "0.01% of ₱50.00 is half a centavo, rounded up");
    }

    #[test]
    fn rates_are_0_to_100_percent_and_never_fall_with_age() {
        assert_eq!(ProvisionRates::check([0, 0, 0, 0, 0, 10_001]), Err(RatesRefused::OutOfRange(AgingBucket::Over180)));
        assert_eq!(ProvisionRates::check([-1, 0, 0, 0, 0, 0]), Err(RatesRefused::OutOfRange(AgingBucket::Current)));
        assert_eq!(
            ProvisionRates::check([100, 500, 400, 5_000, 7_500, 10_000]),
            Err(RatesRefused::Decreasing(AgingBucket::Days31To60))
        );
    }

    #[test]
    fn the_adjustment_posts_only_the_difference_either_way() {
        let lines = adjustment(Centavos::new(1_500), Centavos::new(1_000)).unwrap();
        assert_eq!(
            (lines[0].code.as_str(), lines[0].side, lines[0].amount),
            (PROVISION_EXPENSE, Side::Debit, Centavos::new(500))
        );
        assert_eq!((lines[1].code.as_str(), lines[1].side), (ALLOWANCE, Side::Credit));
        let release = adjustment(Centavos::new(800), Centavos::new(1_000)).unwrap();
        assert_eq!(
            (release[0].code.as_str(), release[0].side, release[0].amount),
            (ALLOWANCE, Side::Debit, Centavos::new(200))
        );
        assert_eq!(adjustment(Centavos::new(1_000), Centavos::new(1_000)), None);
    }

    fn approved(id: i64, product: Option<i64>, rate: i64) -> ProvisionMatrix {
        ProvisionMatrix {
            id,
            lender: LenderId(1),
            product: product.map(ProductId),
            rates: ProvisionRates([rate; 6]),
            status: RatesStatus::Approved,
            proposed_by: Some(1),
            proposed_by_token: None,
            proposed_at: OffsetDateTime::UNIX_EPOCH,
            decided_by: Some(2),
            decided_at: Some(OffsetDateTime::UNIX_EPOCH),
        }
    }

    #[test]
    fn each_product_is_provisioned_at_its_own_latest_matrix_or_else_the_lenders() {
        // The latest decided first, as the store lists them.
        let in_force = in_force(vec![
            approved(4, Some(7), 300),
            approved(3, None, 100),
            approved(2, Some(7), 900),
            approved(1, None, 50),
        ]);
        assert_eq!(in_force.iter().map(|matrix| matrix.id).collect::<Vec<_>>(), [4, 3]);
        let line = |bucket, principal| AgingLine { bucket, loans: 1, principal: Centavos::new(principal) };
        let lines = [
            (ProductId(7), line(AgingBucket::Current, 100_000)),
            (ProductId(8), line(AgingBucket::Current, 100_000)),
            (ProductId(8), line(AgingBucket::Days1To30, 50_000)),
        ];
        let products = ProductProvisions::of(&lines, &in_force);
        assert_eq!(
            products.iter().map(|product| product.matrix.as_ref().map(|matrix| matrix.id)).collect::<Vec<_>>(),
            [Some(4), Some(3)]
        );
        // 3% of 1,000.00; 1% of 1,000.00 and of 500.00.
        assert_eq!(ProductProvisions::required(&products), Centavos::new(3_000 + 1_000 + 500));
        let none = ProductProvisions::of(&lines, &[]);
        assert!(none.iter().all(|product| product.provisions().is_empty()));
        assert_eq!(ProductProvisions::required(&none), Centavos::ZERO);
    }
}
