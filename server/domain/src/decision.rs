//! The automatic credit decision: explicit rules, each with a reason code,
//! so every decision records why (decisions.md D3: 21 → 151 or 110).

use crate::money::Centavos;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecisionRules {
    pub min_age: i64,
    pub max_age: i64,
    /// Declared monthly income below this is declined.
    pub min_monthly_income: Centavos,
    /// The limit of a borrower with no repaid loan…
    pub first_limit: Centavos,
    /// …grows by this for each loan repaid…
    pub limit_step: Centavos,
    /// …up to this.
    pub max_limit: Centavos,
}

impl Default for DecisionRules {
    fn default() -> Self {
        DecisionRules {
            min_age: 18,
            max_age: 70,
            min_monthly_income: Centavos::from_pesos(5_000),
            first_limit: Centavos::from_pesos(5_000),
            limit_step: Centavos::from_pesos(2_000),
            max_limit: Centavos::from_pesos(50_000),
        }
    }
}

impl DecisionRules {
    /// What the borrower may borrow now.
    pub fn limit(&self, repaid_loans: i64) -> Centavos {
        let grown = self.limit_step.get().saturating_mul(repaid_loans.max(0)).saturating_add(self.first_limit.get());
        Centavos::new(grown.min(self.max_limit.get()))
    }
}

/// What the decision looks at, gathered by the caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Applicant {
    pub age: i64,
    pub filipino: bool,
    pub philippine_address: bool,
    pub monthly_income: Centavos,
    pub repaid_loans: i64,
    pub has_overdue_loan: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    Underage,
    OverMaxAge,
    NotFilipino,
    NoPhilippineAddress,
    IncomeBelowMinimum,
    OverdueLoan,
    AboveLimit,
}

impl Reason {
    pub fn code(self) -> &'static str {
        match self {
            Reason::Underage => "age_below_minimum",
            Reason::OverMaxAge => "age_above_maximum",
            Reason::NotFilipino => "not_filipino",
            Reason::NoPhilippineAddress => "no_philippine_address",
            Reason::IncomeBelowMinimum => "income_below_minimum",
            Reason::OverdueLoan => "overdue_loan",
            Reason::AboveLimit => "amount_above_limit",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    Approved,
    /// Every rule that failed, in rule order.
    Declined(Vec<Reason>),
}

impl Decision {
    /// The cause recorded with the status change.
    pub fn cause(&self) -> String {
        match self {
            Decision::Approved => "decision: all rules passed".to_owned(),
            Decision::Declined(reasons) => {
                let codes: Vec<&str> = reasons.iter().map(|reason| reason.code()).collect();
                format!("decision: declined ({})", codes.join(", "))
            }
        }
    }
}

pub fn decide(rules: &DecisionRules, applicant: &Applicant, amount: Centavos) -> Decision {
    let checks = [
        (applicant.age < rules.min_age, Reason::Underage),
        (applicant.age > rules.max_age, Reason::OverMaxAge),
        (!applicant.filipino, Reason::NotFilipino),
        (!applicant.philippine_address, Reason::NoPhilippineAddress),
        (applicant.monthly_income < rules.min_monthly_income, Reason::IncomeBelowMinimum),
        (applicant.has_overdue_loan, Reason::OverdueLoan),
        (amount > rules.limit(applicant.repaid_loans), Reason::AboveLimit),
    ];
    let failed: Vec<Reason> = checks.into_iter().filter(|(failed, _)| *failed).map(|(_, reason)| reason).collect();
    if failed.is_empty() { Decision::Approved } else { Decision::Declined(failed) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn applicant() -> Applicant {
        Applicant {
            age: 30,
            filipino: true,
            philippine_address: true,
            monthly_income: Centavos::from_pesos(18_000),
            repaid_loans: 0,
            has_overdue_loan: false,
        }
    }

    #[test]
    fn a_qualified_first_time_borrower_within_the_limit_is_approved() {
        assert_eq!(decide(&DecisionRules::default(), &applicant(), Centavos::from_pesos(5_000)), Decision::Approved);
    }

    #[test]
    fn the_limit_grows_with_repaid_loans_up_to_the_maximum() {
        let rules = DecisionRules::default();
        assert_eq!(rules.limit(0), Centavos::from_pesos(5_000));
        assert_eq!(rules.limit(3), Centavos::from_pesos(11_000));
        assert_eq!(rules.limit(1_000), Centavos::from_pesos(50_000));
        let repeat = Applicant { repaid_loans: 1, ..applicant() };
        assert_eq!(decide(&rules, &repeat, Centavos::from_pesos(7_000)), Decision::Approved);
        assert_eq!(decide(&rules, &repeat, Centavos::from_pesos(7_100)), Decision::Declined(vec![Reason::AboveLimit]));
    }

    #[test]
    fn every_failed_rule_is_recorded() {
        let risky = Applicant { monthly_income: Centavos::from_pesos(3_000), has_overdue_loan: true, ..applicant() };
        let decision = decide(&DecisionRules::default(), &risky, Centavos::from_pesos(1_000));
        assert_eq!(decision, Decision::Declined(vec![Reason::IncomeBelowMinimum, Reason::OverdueLoan]));
        assert_eq!(decision.cause(), "decision: declined (income_below_minimum, overdue_loan)");
    }

    #[test]
    fn eligibility_rules_of_the_terms_decline() {
        let minor = Applicant { age: 17, filipino: false, philippine_address: false, ..applicant() };
        assert_eq!(
            decide(&DecisionRules::default(), &minor, Centavos::from_pesos(1_000)),
            Decision::Declined(vec![Reason::Underage, Reason::NotFilipino, Reason::NoPhilippineAddress])
        );
    }
}
