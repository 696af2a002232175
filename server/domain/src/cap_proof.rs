//! Cap proofs (D4, decision 056). A loan's proof holds its cash flows, its
//! effective rate, its nominal rate and its projected total cost against the
//! ceilings of the rule set that governs it; one is made when the borrower
//! accepts and at every renewal, stored with the order, and a loan whose
//! proof fails is not made and not renewed. The product editor's proof does
//! the same for every amount a product offers and for the worst renewal it
//! allows, so that no loan it can make fails.

use crate::caps::CapRuleSet;
use crate::eir::{self, AgainstRate, Eir, Flow};
use crate::money::Centavos;
use crate::pricing::{LoanTerms, ProductTerms, TermsError, interest_on};
use serde::{Deserialize, Serialize};
use time::Date;

/// A ceiling of a rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ceiling {
    /// Nominal interest a month.
    Nominal,
    /// The effective interest rate a month.
    Effective,
    /// Penalties a month on the overdue scheduled amount.
    Penalty,
    /// Every charge over the loan's life, of the amount borrowed.
    TotalCost,
}

impl Ceiling {
    pub fn key(self) -> &'static str {
        match self {
            Ceiling::Nominal => "nominal",
            Ceiling::Effective => "effective",
            Ceiling::Penalty => "penalty",
            Ceiling::TotalCost => "total_cost",
        }
    }
}

/// A ceiling broken, with the figures: rates in basis points a month,
/// money in centavos.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Breach {
    pub ceiling: Ceiling,
    /// What the loan comes to.
    pub found: i64,
    /// What the ceiling allows.
    pub allowed: i64,
    /// The loan it was found on: for a product, the first amount that
    /// breaks it.
    pub principal: Centavos,
    pub term_days: i64,
}

impl Breach {
    /// Whether `found` and `allowed` are rates (basis points) or money.
    pub fn is_rate(&self) -> bool {
        matches!(self.ceiling, Ceiling::Nominal | Ceiling::Effective)
    }
}

/// When a proof was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Occasion {
    /// The borrower accepted the loan.
    Acceptance,
    /// The `number`-th renewal (extension or rollover).
    Renewal { number: i64 },
}

/// One contract of a loan held against its rule set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CapProof {
    pub occasion: Occasion,
    /// The contract (or renewal) date.
    pub on: Date,
    pub rule_set: CapRuleSet,
    /// Whether the rule set covers this contract; an uncovered one has no
    /// ceilings to break.
    pub covered: bool,
    /// The principal lent, or rolled over at a renewal.
    pub principal: Centavos,
    pub net_proceeds: Centavos,
    /// The scheduled payments, days after the contract's start.
    pub flows: Vec<Flow>,
    pub eir: Eir,
    pub nominal_monthly_bp: i64,
    /// Charges of the loan's earlier contracts (before a renewal).
    pub cost_before: Centavos,
    /// Those, with this contract's fees and scheduled interest.
    pub projected_total_cost: Centavos,
    pub total_cost_ceiling: Centavos,
    pub breaches: Vec<Breach>,
}

impl CapProof {
    pub fn passed(&self) -> bool {
        self.breaches.is_empty()
    }
}

/// What one contract of a loan consists of, for its proof.
pub struct Contract<'a> {
    pub occasion: Occasion,
    pub on: Date,
    /// The last payment's date, for coverage.
    pub last_due: Date,
    /// The amount borrowed in the first place: the total-cost ceiling's base.
    pub amount_borrowed: Centavos,
    pub principal: Centavos,
    pub net_proceeds: Centavos,
    pub flows: &'a [Flow],
    pub nominal_monthly_bp: i64,
    pub cost_before: Centavos,
    /// This contract's fees and scheduled interest.
    pub new_charges: Centavos,
    /// Whether an earlier contract of the loan was covered: a renewal of a
    /// covered loan stays held to the ceilings whatever its own term, so no
    /// extension takes a loan out of them.
    pub covered_before: bool,
}

/// Whether the contract is covered by `rule_set`, and the ceilings it
/// breaks: decided exactly, the effective rate compared at the ceiling
/// without being searched for (it is worked out only for a breach's figure).
pub fn check(contract: &Contract<'_>, rule_set: &CapRuleSet) -> (bool, Vec<Breach>) {
    let covered = contract.covered_before || rule_set.covers(contract.principal, contract.on, contract.last_due);
    let term_days = (contract.last_due - contract.on).whole_days();
    let mut breaches = Vec::new();
    if covered {
        let breach =
            |ceiling, found, allowed| Breach { ceiling, found, allowed, principal: contract.principal, term_days };
        if contract.nominal_monthly_bp > rule_set.nominal_monthly_bp {
            breaches.push(breach(Ceiling::Nominal, contract.nominal_monthly_bp, rule_set.nominal_monthly_bp));
        }
        if eir::against(contract.net_proceeds, contract.flows, rule_set.eir_monthly_bp) != AgainstRate::AtOrBelow {
            let found = eir::effective_monthly_rate(contract.net_proceeds, contract.flows)
                .map_or(i64::MAX, |rate| rate.basis_points());
            breaches.push(breach(Ceiling::Effective, found, rule_set.eir_monthly_bp));
        }
        let projected = contract.cost_before.get().saturating_add(contract.new_charges.get());
        let ceiling = rule_set.total_cost_ceiling(contract.amount_borrowed).get();
        if projected > ceiling {
            breaches.push(breach(Ceiling::TotalCost, projected, ceiling));
        }
    }
    (covered, breaches)
}

/// The proof of one contract under `rule_set`, for the record: `check`'s
/// verdict with the contract's flows and its effective rate, enclosed.
pub fn prove(contract: &Contract<'_>, rule_set: &CapRuleSet) -> Result<CapProof, TermsError> {
    let eir = eir::effective_monthly_rate(contract.net_proceeds, contract.flows).ok_or(TermsError::Amount)?;
    let (covered, breaches) = check(contract, rule_set);
    let projected = contract.cost_before.checked_add(contract.new_charges).ok_or(TermsError::Overflow)?;
    Ok(CapProof {
        occasion: contract.occasion,
        on: contract.on,
        rule_set: rule_set.clone(),
        covered,
        principal: contract.principal,
        net_proceeds: contract.net_proceeds,
        flows: contract.flows.to_vec(),
        eir,
        nominal_monthly_bp: contract.nominal_monthly_bp,
        cost_before: contract.cost_before,
        projected_total_cost: projected,
        total_cost_ceiling: rule_set.total_cost_ceiling(contract.amount_borrowed),
        breaches,
    })
}

/// The proof of a new loan on `terms`, contracted on `on` with its money
/// expected to go out that day.
pub fn prove_new_loan(terms: &LoanTerms, on: Date, rule_set: &CapRuleSet) -> Result<CapProof, TermsError> {
    let quote = terms.quote()?;
    let flows = quote.flows();
    let last_due = on + time::Duration::days(terms.term_days());
    prove(
        &Contract {
            occasion: Occasion::Acceptance,
            on,
            last_due,
            amount_borrowed: terms.principal,
            principal: terms.principal,
            net_proceeds: terms.net_proceeds(),
            flows: &flows,
            nominal_monthly_bp: terms.monthly_interest_bp,
            cost_before: Centavos::ZERO,
            new_charges: quote.finance_charge,
            covered_before: false,
        },
        rule_set,
    )
}

/// Everything in a product's terms that breaks `rule_set` for some loan it
/// can make on some contract date, its first example of each broken
/// ceiling: every amount the rule set may cover, the penalty schedule on the
/// smallest instalment, and the worst renewal (the whole principal rolled
/// over at its last instalment for one extension period, with its fee).
pub fn prove_product(
    terms: &ProductTerms,
    allows_extension: bool,
    rule_set: &CapRuleSet,
) -> Result<Vec<Breach>, TermsError> {
    let mut breaches: Vec<Breach> = Vec::new();
    let mut note = |breach: Breach| {
        if !breaches.iter().any(|seen| seen.ceiling == breach.ceiling) {
            breaches.push(breach);
        }
    };
    let term_days = terms.term_days();
    let may_be_covered = rule_set.may_cover_days(term_days);
    let extensions = allows_extension && terms.clauses.extensions_allowed > 0;
    let covered_amounts = terms.amounts().filter(|amount| *amount <= rule_set.max_principal);
    let mut smallest_instalment: Option<Centavos> = None;
    for amount in covered_amounts {
        let loan = terms.loan(amount, allows_extension, false)?;
        if may_be_covered {
            let quote = loan.quote()?;
            let breach = |ceiling, found, allowed| Breach { ceiling, found, allowed, principal: amount, term_days };
            if terms.monthly_interest_bp > rule_set.nominal_monthly_bp {
                note(breach(Ceiling::Nominal, terms.monthly_interest_bp, rule_set.nominal_monthly_bp));
            }
            if eir::against(loan.net_proceeds(), &quote.flows(), rule_set.eir_monthly_bp) != AgainstRate::AtOrBelow {
                note(breach(Ceiling::Effective, quote.eir_monthly_bp(), rule_set.eir_monthly_bp));
            }
            let ceiling = rule_set.total_cost_ceiling(amount);
            if quote.finance_charge > ceiling {
                note(breach(Ceiling::TotalCost, quote.finance_charge.get(), ceiling.get()));
            }
            let least = quote.schedule.iter().map(|instalment| instalment.amount()).min();
            smallest_instalment = smallest_instalment.min(least).or(least);
        }
        if extensions
            && rule_set.may_cover_days(terms.clauses.extension_days)
            && let Some(breach) = worst_renewal(&loan, rule_set)?
        {
            note(breach);
        }
    }
    if let Some(smallest) = smallest_instalment {
        let one_time = terms.penalty.one_time_new.max(terms.penalty.one_time_repeat);
        let month_of_penalties = smallest
            .mul_div_floor(terms.penalty.highest_daily_bp() * crate::pricing::DAYS_PER_MONTH, 10_000)
            .and_then(|daily| daily.checked_add(one_time))
            .ok_or(TermsError::Overflow)?;
        let allowed = smallest.mul_div_floor(rule_set.penalty_monthly_bp, 10_000).ok_or(TermsError::Overflow)?;
        if month_of_penalties > allowed {
            note(Breach {
                ceiling: Ceiling::Penalty,
                found: month_of_penalties.get(),
                allowed: allowed.get(),
                principal: smallest,
                term_days,
            });
        }
    }
    breaches.sort_by_key(|breach| breach.ceiling as u8);
    Ok(breaches)
}

/// The shortest renewal a loan can take: all of its principal rolled over
/// for one extension period with the extension fee paid, a single payment
/// at the end: the highest effective rate a renewal of it can have.
fn worst_renewal(loan: &LoanTerms, rule_set: &CapRuleSet) -> Result<Option<Breach>, TermsError> {
    let owed = loan.principal;
    let days = loan.clauses.extension_days;
    let fee = owed.mul_div_floor(loan.clauses.extension_fee_bp, 10_000).ok_or(TermsError::Overflow)?;
    if fee >= owed {
        return Ok(Some(Breach {
            ceiling: Ceiling::Effective,
            found: i64::MAX,
            allowed: rule_set.eir_monthly_bp,
            principal: owed,
            term_days: days,
        }));
    }
    let interest = interest_on(i128::from(owed.get()) * i128::from(days), loan.monthly_interest_bp);
    let flows = [Flow { day: days, amount: owed.checked_add(interest).ok_or(TermsError::Overflow)? }];
    let net = Centavos::new(owed.get() - fee.get());
    if eir::against(net, &flows, rule_set.eir_monthly_bp) == AgainstRate::AtOrBelow {
        return Ok(None);
    }
    let found = eir::effective_monthly_rate(net, &flows).map_or(i64::MAX, |eir| eir.basis_points());
    Ok(Some(Breach {
        ceiling: Ceiling::Effective,
        found,
        allowed: rule_set.eir_monthly_bp,
        principal: owed,
        term_days: days,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pricing::{ClauseTerms, PenaltySchedule};
    use crate::testing::{mc_14, pesos};
    use time::macros::date;

    fn product(periods: i64, period_days: i64, interest_bp: i64, fee_bp: i64) -> ProductTerms {
        ProductTerms {
            min_amount: pesos(1_000),
            max_amount: pesos(10_000),
            amount_step: pesos(500),
            periods,
            period_days,
            monthly_interest_bp: interest_bp,
            service_fee_bp: fee_bp,
            penalty: PenaltySchedule {
                one_time_new: Centavos::ZERO,
                one_time_repeat: Centavos::ZERO,
                daily_bp_days_1_30: 1,
                daily_bp_days_31_90: 1,
                daily_bp_from_day_91: 1,
            },
            clauses: ClauseTerms { extensions_allowed: 0, ..ClauseTerms::standard(period_days) },
        }
    }

    fn ceilings(breaches: &[Breach]) -> Vec<(Ceiling, i64)> {
        breaches.iter().map(|breach| (breach.ceiling, breach.found)).collect()
    }

    #[test]
    fn six_percent_with_a_nine_percent_fee_over_thirty_days_breaks_the_twelve_percent_effective_rate() {
        let breaches = prove_product(&product(1, 30, 600, 900), false, &mc_14()).unwrap();
        assert_eq!(ceilings(&breaches), [(Ceiling::Effective, 1_648)]);
        assert_eq!(breaches[0].allowed, 1_200);
        // 6% interest leaves room for a deducted fee of 1 − 1.06/1.12 = 5.357…%.
        assert!(prove_product(&product(1, 30, 600, 535), false, &mc_14()).unwrap().is_empty());
        assert_eq!(
            ceilings(&prove_product(&product(1, 30, 600, 536), false, &mc_14()).unwrap())[0].0,
            Ceiling::Effective
        );
    }

    #[test]
    fn the_other_products_the_audit_accepted_are_refused_with_their_figures() {
        // On the declining balance its rate is 28.61% a month (the audit's
        // 32.92% was of flat interest): above 12% either way.
        assert_eq!(
            ceilings(&prove_product(&product(4, 30, 600, 3_600), false, &mc_14()).unwrap()),
            [(Ceiling::Effective, 2_861)]
        );
        assert_eq!(
            ceilings(&prove_product(&product(1, 7, 600, 210), false, &mc_14()).unwrap()),
            [(Ceiling::Effective, 1_625)]
        );
        // 120 daily payments with 60% deducted: about 73.5% a month (the
        // level payment rounds up, so its figure is a little above the
        // audit's 73.45% of an even split).
        let breaches = prove_product(&product(120, 1, 0, 6_000), false, &mc_14()).unwrap();
        assert_eq!(breaches[0].ceiling, Ceiling::Effective);
        assert!((7_300..7_400).contains(&breaches[0].found), "{breaches:?}");
    }

    #[test]
    fn a_term_of_121_days_may_be_four_calendar_months_and_is_held_to_the_ceilings() {
        let breaches = prove_product(&product(1, 121, 2_000, 3_000), false, &mc_14()).unwrap();
        assert!(breaches.iter().any(|breach| breach.ceiling == Ceiling::Nominal), "{breaches:?}");
        assert!(
            prove_product(&product(1, 124, 2_000, 3_000), false, &mc_14()).unwrap().is_empty(),
            "never four months"
        );
    }

    #[test]
    fn a_one_time_penalty_above_five_percent_of_the_smallest_instalment_is_refused() {
        let mut terms = product(4, 30, 350, 250);
        terms.penalty.one_time_new = pesos(50);
        let breaches = prove_product(&terms, false, &mc_14()).unwrap();
        assert_eq!(breaches.iter().map(|breach| breach.ceiling).collect::<Vec<_>>(), [Ceiling::Penalty]);
        assert!(breaches[0].found > breaches[0].allowed);
    }

    #[test]
    fn a_renewal_fee_that_makes_a_short_renewal_too_dear_is_refused() {
        let mut terms = product(1, 30, 500, 0);
        terms.clauses =
            ClauseTerms { extensions_allowed: 1, extension_days: 7, extension_fee_bp: 200, ..terms.clauses };
        let breaches = prove_product(&terms, true, &mc_14()).unwrap();
        assert_eq!(breaches.iter().map(|breach| breach.ceiling).collect::<Vec<_>>(), [Ceiling::Effective]);
        assert_eq!(breaches[0].term_days, 7);
        assert!(prove_product(&terms, false, &mc_14()).unwrap().is_empty(), "no extensions, no renewal to prove");
    }

    #[test]
    fn a_loan_proof_of_an_uncovered_amount_has_nothing_to_break() {
        let terms = ProductTerms { max_amount: pesos(20_000), ..product(1, 30, 600, 900) };
        let loan = terms.loan(pesos(15_000), false, false).unwrap();
        let proof = prove_new_loan(&loan, date!(2026 - 12 - 01), &mc_14()).unwrap();
        assert!(!proof.covered && proof.passed());
        let small = terms.loan(pesos(5_000), false, false).unwrap();
        let proof = prove_new_loan(&small, date!(2026 - 12 - 01), &mc_14()).unwrap();
        assert!(proof.covered && !proof.passed());
        assert_eq!(proof.eir.basis_points(), 1_648);
        assert_eq!(proof.net_proceeds, pesos(4_550));
    }
}
