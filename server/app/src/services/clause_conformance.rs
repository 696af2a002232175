//! Clause conformance (issue 16, D4, decisions 026 and 056): for every
//! clause of the agreement that states a figure or a rule, generated loans
//! drive the loan engine (`servicing::LoanAccount`) through the situation
//! the clause describes, and the figure the rendered clause states must be
//! what the engine charges. A seeded loop over generated products (the app
//! crate has no proptest), so a failure names its case and always
//! reproduces.

use crate::i18n::Lang;
use crate::services::documents::{Governing, Parties, agreement, disclosure};
use hiram_domain::caps::CapRuleSet;
use hiram_domain::money::Centavos;
use hiram_domain::pricing::{Allocation, ClauseTerms, PenaltySchedule, ProductTerms, Quote};
use hiram_domain::product::{Lender, LenderId, Product, ProductId};
use hiram_domain::servicing::{LoanAccount, NoExtension};
use time::macros::date;
use time::{Date, Duration};

const SENT: Date = date!(2026 - 05 - 04);
const CASES: u64 = 300;

/// A small deterministic generator (64-bit LCG), so every run sees the same cases.
struct Cases(u64);

impl Cases {
    fn below(&mut self, bound: i64) -> i64 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % bound.max(1) as u64) as i64
    }

    fn within(&mut self, low: i64, high: i64) -> i64 {
        low + self.below(high - low + 1)
    }
}

/// SEC MC 14 s.2025's ceilings, and the same with coverage so small that
/// no generated loan is covered (so the clause's own figures apply uncut).
fn rule_set(covering: bool) -> CapRuleSet {
    CapRuleSet {
        code: "SEC-MC-14-2025".to_owned(),
        source: "SEC Memorandum Circular No. 14, series of 2025".to_owned(),
        in_force_from: date!(2026 - 04 - 01),
        max_principal: if covering { Centavos::from_pesos(10_000) } else { Centavos::new(1) },
        max_term_months: 4,
        nominal_monthly_bp: 600,
        eir_monthly_bp: 1_200,
        penalty_monthly_bp: 500,
        total_cost_bp: 10_000,
    }
}

/// A product the generator made, with a loan on it and its documents' text.
struct Case {
    quote: Quote,
    rule_set: CapRuleSet,
    covered: bool,
    /// Clause number → its rendered paragraphs (English); the disclosure's
    /// rows as "D:<label>".
    clauses: Vec<(String, String)>,
    /// The disclosure's schedule: due date, amount.
    schedule: Vec<(String, Centavos)>,
}

impl Case {
    fn clause(&self, number: &str) -> &str {
        self.clauses
            .iter()
            .find(|(heading, _)| heading.starts_with(number))
            .map(|(_, text)| text.as_str())
            .unwrap_or_else(|| panic!("no clause {number}"))
    }

    fn account(&self) -> LoanAccount {
        LoanAccount::open(self.quote.terms.clone(), SENT, self.rule_set.clone(), self.covered).expect("an account")
    }
}

fn generate(cases: &mut Cases, covering: bool) -> Case {
    let periods = cases.within(1, 4);
    let period_days = cases.within(7, 120 / periods).max(7);
    let principal_pesos = cases.within(10, 100) * 100;
    let terms = ProductTerms {
        min_amount: Centavos::from_pesos(principal_pesos),
        max_amount: Centavos::from_pesos(principal_pesos),
        amount_step: Centavos::from_pesos(100),
        periods,
        period_days,
        monthly_interest_bp: cases.within(1, 600),
        service_fee_bp: cases.within(0, 500),
        penalty: PenaltySchedule {
            one_time_new: Centavos::new(cases.within(0, 2_000)),
            one_time_repeat: Centavos::new(cases.within(0, 1_500)),
            daily_bp_days_1_30: cases.within(0, 15),
            daily_bp_days_31_90: cases.within(0, 12),
            daily_bp_from_day_91: cases.within(0, 8),
        },
        clauses: ClauseTerms {
            early_after_term_bp: cases.within(0, 10_000),
            early_min_days: cases.within(0, 7),
            early_min_interest_days: if cases.below(3) == 0 { cases.within(1, 7) } else { 0 },
            extensions_allowed: cases.within(1, 3),
            extension_days: cases.within(7, 30),
            extension_fee_bp: cases.within(0, 300),
            allocation: if cases.below(2) == 0 {
                Allocation::PenaltyInterestPrincipal
            } else {
                Allocation::InterestPrincipalPenalty
            },
        },
    };
    let product = Product {
        id: ProductId(1),
        lender_id: LenderId(1),
        lender_name: "Lender".to_owned(),
        name: "Generated".to_owned(),
        logo_url: String::new(),
        terms,
        tags: Vec::new(),
        allows_extension: true,
        requires_review: false,
        available: true,
    };
    let principal = Centavos::from_pesos(principal_pesos);
    let repeat = cases.below(2) == 0;
    let quote = product.terms.loan(principal, true, repeat).and_then(|terms| terms.quote()).expect("a loan");
    let rule_set = rule_set(covering);
    let covered = rule_set.covers(principal, SENT, SENT + Duration::days(quote.term_days()));
    let lender = Lender {
        id: LenderId(1),
        name: "Lender".to_owned(),
        corporate_name: "Lender Lending Corp.".to_owned(),
        sec_registration_no: "CS0001".to_owned(),
        certificate_of_authority_no: "1".to_owned(),
    };
    let parties = Parties {
        lender: &lender,
        product: &product,
        borrower_name: "Juan",
        borrower_phone: "09171234567",
        order_no: "HR1",
        start: SENT,
    };
    let governing = Governing { rule_set: &rule_set, covered };
    let document = agreement(&quote, &governing, &parties, Lang::En);
    let mut clauses: Vec<(String, String)> =
        document.sections.into_iter().map(|section| (section.heading, section.paragraphs.join(" "))).collect();
    let table = disclosure(&quote, &governing, &parties, Lang::En).disclosure.expect("a disclosure table");
    clauses.extend(table.rows.into_iter().map(|row| (format!("D:{}", row.label), row.value)));
    let schedule = table.schedule.into_iter().map(|row| (row.due_date, Centavos::new(row.amount))).collect();
    Case { quote, rule_set, covered, clauses, schedule }
}

/// The number right after `marker` (digits and commas), as written.
fn number_after(text: &str, marker: &str) -> i64 {
    let start = text.find(marker).unwrap_or_else(|| panic!("{marker:?} not in {text:?}")) + marker.len();
    let digits: String =
        text[start..].chars().take_while(|c| c.is_ascii_digit() || *c == ',').filter(|c| *c != ',').collect();
    digits.parse().unwrap_or_else(|_| panic!("no number after {marker:?} in {text:?}"))
}

/// The peso amount right after `marker` ("₱5,306.66" → 530666 centavos).
fn money_after(text: &str, marker: &str) -> Centavos {
    let start = text.find(marker).unwrap_or_else(|| panic!("{marker:?} not in {text:?}")) + marker.len();
    let rest = text[start..].strip_prefix('₱').unwrap_or_else(|| panic!("no amount after {marker:?} in {text:?}"));
    let figure: String = rest.chars().take_while(|c| c.is_ascii_digit() || *c == ',' || *c == '.').collect();
    let figure = figure.trim_end_matches('.').replace(',', "");
    let (pesos, centavos) = figure.split_once('.').unwrap_or((&figure, "0"));
    Centavos::new(pesos.parse::<i64>().unwrap() * 100 + centavos.parse::<i64>().unwrap())
}

/// A rate as written ("4.00%" or "100%" right after `marker`) in basis points.
fn rate_after(text: &str, marker: &str) -> i64 {
    let start = text.find(marker).unwrap_or_else(|| panic!("{marker:?} not in {text:?}")) + marker.len();
    let figure: String = text[start..].chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
    let (whole, hundredths) = figure.split_once('.').unwrap_or((&figure, "0"));
    whole.parse::<i64>().unwrap_or_else(|_| panic!("no rate after {marker:?}")) * 100
        + hundredths.parse::<i64>().unwrap()
}

/// Interest at a stated monthly rate on `principal` for `days`, a month of
/// 30 days, rounded down: clause 3's formula, worked out from its words.
fn stated_interest(principal: Centavos, monthly_bp: i64, days: i64) -> Centavos {
    principal.mul_div_floor(monthly_bp * days, 30 * 10_000).expect("small figures")
}

#[test]
fn clause_3_the_schedule_stated_is_what_the_engine_charges_paid_on_its_days() {
    let mut cases = Cases(3);
    for n in 0..CASES {
        let case = generate(&mut cases, n % 2 == 0);
        let text = case.clause("3.");
        let rate = rate_after(text, "principal still owed at ");
        assert_eq!(rate, case.quote.terms.monthly_interest_bp, "case {n}: {text}");
        // The daily rate stated beside it is a thirtieth of it, to four places.
        let start = text.find("a month (").expect("the daily rate") + "a month (".len();
        let daily: String = text[start..].chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
        let (whole, places) = daily.split_once('.').expect("four places");
        let ten_thousandths = whole.parse::<i64>().unwrap() * 10_000 + places.parse::<i64>().unwrap();
        assert!((ten_thousandths * 6 - rate * 20).abs() <= 3, "case {n}: {daily}% a day for {rate} bp a month");
        let stated_total = money_after(text, "they come to ");
        let mut account = case.account();
        // The engine's due dates are the disclosure's, and paying each stated
        // amount on its stated date closes the loan to the centavo.
        assert_eq!(account.instalments.len(), case.schedule.len(), "case {n}");
        let mut paid = 0;
        for (instalment, (due, amount)) in account.instalments.clone().iter().zip(&case.schedule) {
            assert_eq!(&instalment.due_date.to_string(), due, "case {n}");
            assert_eq!(account.due_now(instalment.due_date), *amount, "case {n}: instalment {}", instalment.number);
            account.pay(instalment.due_date, *amount);
            paid += amount.get();
        }
        assert_eq!(account.unpaid(), Centavos::ZERO, "case {n}");
        assert_eq!(account.credit, Centavos::ZERO, "case {n}");
        assert_eq!(Centavos::new(paid), stated_total, "case {n}: {text}");
        // A single payment: the stated rate for each day of the term.
        if case.quote.terms.periods == 1 {
            let interest = stated_interest(case.quote.principal(), rate, case.quote.term_days());
            assert_eq!(stated_total.get(), case.quote.principal().get() + interest.get(), "case {n}: {text}");
        }
    }
}

#[test]
fn clause_4_early_repayment_charges_what_it_states_on_each_side_of_the_threshold() {
    let mut cases = Cases(4);
    for n in 0..CASES {
        let case = generate(&mut cases, n % 2 == 0);
        let text = case.clause("4.");
        assert_eq!(case.clause("D:Early repayment"), text, "case {n}: the disclosure states the same");
        let from_day = number_after(text, "From day ");
        let stated_share = rate_after(text, "once ");
        let stated_min_days = number_after(text, "no sooner than day ");
        let stated_payoff = money_after(text, "what is left of this loan costs ");
        let clauses = &case.quote.terms.clauses;
        assert_eq!(stated_share, clauses.early_after_term_bp, "case {n}: {text}");
        assert_eq!(stated_min_days, clauses.early_min_days, "case {n}");
        let minimum_days = if text.contains("pays at least ") { number_after(text, "pays at least ") } else { 0 };
        assert_eq!(minimum_days, clauses.early_min_interest_days, "case {n}: {text}");
        // Every instalment due before the day paid on its day, as the
        // disclosure states it; then the payoff the clause names.
        let mut account = case.account();
        let day_of = |day: i64| SENT + Duration::days(day);
        for (instalment, (_, amount)) in account.instalments.clone().iter().zip(&case.schedule) {
            if instalment.due_date < day_of(from_day) {
                account.pay(instalment.due_date, *amount);
            }
        }
        let at = account.payoff(day_of(from_day));
        assert!(at.early_allowed(), "case {n}: day {from_day}");
        assert_eq!(at.total, stated_payoff, "case {n}: {text}");
        // Before any instalment falls due, from the clause's words alone:
        // the principal, plus the stated rate for each day to the payoff, or
        // before the early day to that day, at least the minimum days, and
        // never more than the schedule's interest.
        let principal = case.quote.principal();
        let rate = case.quote.terms.monthly_interest_bp;
        let first_due = case.quote.schedule[0].due_after_days;
        let fresh = case.account();
        for day in [0, from_day.saturating_sub(1), from_day, cases.within(0, first_due)] {
            if day >= first_due {
                continue;
            }
            let floor_day = if day < from_day { from_day } else { 0 }.max(minimum_days);
            let interest = if floor_day > day {
                stated_interest(principal, rate, floor_day).min(case.quote.interest)
            } else {
                stated_interest(principal, rate, day)
            };
            let payoff = fresh.payoff(day_of(day));
            assert_eq!(payoff.total.get(), principal.get() + interest.get(), "case {n}: day {day}: {text}");
            // Posting that payoff closes the loan: nothing owed, nothing over.
            let mut closing = fresh.clone();
            closing.pay(day_of(day), payoff.total);
            assert_eq!(closing.unpaid(), Centavos::ZERO, "case {n}: day {day}");
            assert_eq!(closing.credit, Centavos::ZERO, "case {n}: day {day}");
        }
    }
}

#[test]
fn clause_5_penalties_charge_the_stated_figure_in_every_window_and_stop_at_the_ceilings() {
    let mut cases = Cases(5);
    for n in 0..CASES {
        let covering = n % 2 == 0;
        let case = generate(&mut cases, covering);
        let text = case.clause("5.");
        assert!(text.contains(case.clause("D:Late payment penalties")), "case {n}: the disclosure states the same");
        let one_time = if case.quote.terms.repeat_borrower {
            money_after(text, "(first loan) or ")
        } else {
            money_after(text, "a one-time ")
        };
        let windows = [
            rate_after(text, "principal and interest: "),
            rate_after(text, "1–30 late, "),
            rate_after(text, "31–90 and "),
        ];
        assert_eq!(case.covered, text.contains("This is a covered loan"), "case {n}: {text}");
        let (penalty_ceiling, total_ceiling) = if case.covered {
            (rate_after(text, "late penalties of "), rate_after(text, "together of "))
        } else {
            (i64::MAX, i64::MAX)
        };
        // Nothing paid: from the first due date, day by day, 200 days.
        let mut account = case.account();
        let first_due = account.instalments[0].due_date;
        account.bring_to(first_due);
        let mut recent: Vec<(Date, i64)> = Vec::new();
        for days_late in 1..=200 {
            let day = first_due + Duration::days(days_late);
            let overdue: i64 = account
                .instalments
                .iter()
                .filter(|instalment| instalment.fallen_due && instalment.due_date < day)
                .map(|instalment| instalment.unpaid_scheduled().get())
                .sum();
            let charged = account.bring_to(day).penalties.get();
            let rate = match days_late {
                1..=30 => windows[0],
                31..=90 => windows[1],
                _ => windows[2],
            };
            let stated = Centavos::new(overdue).mul_div_floor(rate, 10_000).unwrap().get()
                + if days_late == 1 { one_time.get() } else { 0 };
            if case.covered {
                assert!(charged <= stated, "case {n}: day {days_late}: {charged} > {stated}");
            } else {
                assert_eq!(charged, stated, "case {n}: day {days_late}: {text}");
            }
            recent.retain(|(on, _)| *on > day - Duration::days(30));
            recent.push((day, charged));
            let in_window: i64 = recent.iter().map(|(_, amount)| amount).sum();
            if case.covered {
                let allowed = Centavos::new(overdue).mul_div_floor(penalty_ceiling, 10_000).unwrap().get();
                assert!(in_window <= allowed, "case {n}: day {days_late}: {in_window} in 30 days > {allowed}");
                let cost_allowed = case.quote.principal().mul_div_floor(total_ceiling, 10_000).unwrap();
                assert!(account.cost_charged <= cost_allowed, "case {n}: day {days_late}");
            }
        }
    }
}

#[test]
fn clause_6_extensions_cost_what_it_states_and_no_more_are_sold_than_it_allows() {
    let mut cases = Cases(6);
    for n in 0..CASES {
        // Uncovered: the clause's figures apply uncut (a covered renewal's
        // ceilings are the domain's tests).
        let case = generate(&mut cases, false);
        let text = case.clause("6.");
        assert_eq!(case.clause("D:Extensions"), text, "case {n}: the disclosure states the same");
        let allowed = match text {
            t if t.contains("the due dates once ") => 1,
            t if t.contains("the due dates twice ") => 2,
            t => number_after(t, "the due dates "),
        };
        let clauses = &case.quote.terms.clauses;
        assert_eq!(allowed, clauses.extensions_allowed, "case {n}: {text}");
        let days = number_after(text, "every unpaid due date ");
        let fee_bp = rate_after(text, "an extension fee of ");
        let rule_sets = [case.rule_set.clone()];
        // On the first due date: the fee on the principal still owed, what is
        // due, and every unpaid date moved the stated days.
        let mut account = case.account();
        for taken in 0..allowed {
            let on =
                account.instalments.iter().find(|instalment| instalment.unpaid_principal().get() > 0).unwrap().due_date;
            let offer = account
                .extension_offer(on, &rule_sets)
                .unwrap_or_else(|why| panic!("case {n}: extension {}: {why}", taken + 1));
            let owed = account.principal_outstanding();
            assert_eq!(offer.fee, owed.mul_div_floor(fee_bp, 10_000).unwrap(), "case {n}: {text}");
            assert_eq!(offer.added_days, days, "case {n}");
            let before: Vec<Date> =
                account.instalments.iter().filter(|i| i.unpaid_principal().get() > 0).map(|i| i.due_date).collect();
            account.extend(&offer, offer.amount);
            let after: Vec<Date> =
                account.instalments.iter().filter(|i| i.unpaid_principal().get() > 0).map(|i| i.due_date).collect();
            let moved: Vec<Date> = before.iter().map(|date| *date + Duration::days(days)).collect();
            assert_eq!(after, moved, "case {n}: extension {}", taken + 1);
            assert!(account.charges_settled(), "case {n}: the extension's payment settles what was due");
        }
        let next =
            account.instalments.iter().find(|instalment| instalment.unpaid_principal().get() > 0).unwrap().due_date;
        assert_eq!(
            account.extension_offer(next, &rule_sets).map(drop),
            Err(NoExtension::UsedUp { allowed }),
            "case {n}: one more than allowed"
        );
        // A loan past its due date rolls over while that date moved the
        // stated days has not passed.
        let fresh = case.account();
        let due = fresh.instalments[0].due_date;
        assert!(fresh.extension_offer(due + Duration::days(days), &rule_sets).is_ok(), "case {n}");
        assert_eq!(
            fresh.extension_offer(due + Duration::days(days + 1), &rule_sets).map(drop),
            Err(NoExtension::TooLate),
            "case {n}"
        );
    }
}
