//! The worked examples of `docs/decisions/056-the-loan-engine.md`, each
//! computed there by hand, reproduced here to the centavo and to the
//! basis point: a single payment with a deducted fee, an instalment loan,
//! and a renewal.

use crate::eir::{AgainstRate, against};
use crate::money::Centavos;
use crate::pricing::{ClauseTerms, ProductTerms};
use crate::servicing::LoanAccount;
use crate::testing::{mc_14, pesos, product};
use time::macros::date;

fn amounts(terms: &ProductTerms, principal: i64) -> crate::pricing::Quote {
    terms.loan(pesos(principal), true, false).and_then(|loan| loan.quote()).expect("a loan the product makes")
}

#[test]
fn example_1_a_single_payment_with_a_deducted_fee() {
    // ₱5,000 for 30 days at 6% a month, a 5% fee deducted: ₱4,750 received,
    // ₱5,300 repaid on day 30. (1 + r) = 5,300 / 4,750 = 106 / 95, so
    // r = 11 / 95 = 11.578947…% a month.
    let quote = amounts(&product(1, 30, 600, 500), 5_000);
    assert_eq!((quote.fee(), quote.net_proceeds()), (pesos(250), pesos(4_750)));
    assert_eq!(quote.interest, pesos(300));
    assert_eq!(quote.flows().iter().map(|flow| (flow.day, flow.amount)).collect::<Vec<_>>(), [(30, pesos(5_300))]);
    assert_eq!(quote.eir.percent_text(), "11.578947%");
    assert_eq!(quote.eir_monthly_bp(), 1_158);
    assert_eq!(against(quote.net_proceeds(), &quote.flows(), 1_200), AgainstRate::AtOrBelow, "within SEC MC 14's 12%");
    assert_eq!(against(quote.net_proceeds(), &quote.flows(), 1_157), AgainstRate::Above);
}

#[test]
fn example_2_an_instalment_loan() {
    // ₱6,000 in two instalments 30 days apart at 5% a month, a 2% fee:
    // ₱5,880 received. The level payment is ₱3,226.83 (₱300.00 of interest
    // and ₱2,926.83 of principal); the second carries 5% of the ₱3,073.17
    // left, ₱153.65 (rounded down on the running total), so it is
    // ₱3,226.82. With v = 1/(1 + r): 3,226.82 v² + 3,226.83 v = 5,880, so
    // v = (−3,226.83 + √86,307,238.2489) / 6,453.64 = 0.93952233…, and
    // r = 6.437066% a month.
    let quote = amounts(&product(2, 30, 500, 200), 6_000);
    let schedule: Vec<(Centavos, Centavos)> =
        quote.schedule.iter().map(|instalment| (instalment.amount(), instalment.interest)).collect();
    assert_eq!(
        schedule,
        [(Centavos::new(322_683), Centavos::new(30_000)), (Centavos::new(322_682), Centavos::new(15_365))]
    );
    assert_eq!(quote.net_proceeds(), pesos(5_880));
    assert_eq!(quote.eir.percent_text(), "6.437066%");
    assert_eq!(quote.eir_monthly_bp(), 644);
}

#[test]
fn example_3_a_renewal() {
    // Example 1's loan with a 1% extension fee, extended on its due date
    // for 30 days: the borrower pays the ₱300 of interest then due and a
    // ₱50 fee; the renewal lends the ₱5,000 on, net of its fee ₱4,950, for
    // ₱5,300 in 30 days. (1 + r) = 5,300 / 4,950 = 106 / 99, so
    // r = 7 / 99 = 7.070707…% a month.
    let terms = ProductTerms {
        clauses: ClauseTerms { extension_fee_bp: 100, ..ClauseTerms::standard(30) },
        ..product(1, 30, 600, 500)
    };
    let quote = amounts(&terms, 5_000);
    let start = date!(2026 - 12 - 01);
    let account = LoanAccount::open(quote.terms.clone(), start, mc_14(), true).expect("an account");
    let offer = account.extension_offer(date!(2026 - 12 - 31), &[mc_14()]).expect("an extension");
    assert_eq!((offer.charges_due, offer.fee, offer.amount), (pesos(300), pesos(50), pesos(350)));
    assert_eq!(offer.proof.net_proceeds, pesos(4_950));
    assert_eq!(offer.proof.flows.iter().map(|flow| (flow.day, flow.amount)).collect::<Vec<_>>(), [(30, pesos(5_300))]);
    assert_eq!(offer.proof.eir.percent_text(), "7.070707%");
    assert_eq!(offer.proof.eir.basis_points(), 707);
    assert!(offer.proof.passed());
    // Over the loan's life: ₱250 + ₱300 before, ₱50 + ₱300 of the renewal.
    assert_eq!(offer.proof.projected_total_cost, pesos(900));
}
