//! Clause conformance (issue 16, D4, decision 026): for every clause of the
//! agreement that states a figure or a rule, generated loans drive the
//! engine through the situation the clause describes, and the figure the
//! rendered clause states must be what the engine charges. A seeded loop
//! over generated products (the app crate has no proptest), so a failure
//! names its case and always reproduces.

use crate::i18n::Lang;
use crate::services::documents::{Parties, agreement, disclosure};
use hiram_domain::borrower::BorrowerId;
use hiram_domain::extension::quote_extension;
use hiram_domain::ledger::{self, Balances, Bucket, DEFAULT_ALLOCATION};
use hiram_domain::money::Centavos;
use hiram_domain::order::{Order, OrderId, OrderStatus};
use hiram_domain::pricing::{ClauseTerms, PenaltyDay, PenaltySchedule, ProductTerms, Quote, caps, penalty_for_day};
use hiram_domain::product::{Lender, LenderId, Product, ProductId};
use hiram_domain::repayment::{NoExtension, extension_offer, payoff_quote};
use time::macros::{date, datetime};
use time::{Date, Duration};

const SENT: Date = date!(2026 - 03 - 01);
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

/// A product the generator made, with a loan on it and its agreement text.
struct Case {
    product: Product,
    quote: Quote,
    order: Order,
    /// Clause number → its rendered paragraph (English).
    clauses: Vec<(String, String)>,
}

impl Case {
    fn clause(&self, number: &str) -> &str {
        self.clauses
            .iter()
            .find(|(heading, _)| heading.starts_with(number))
            .map(|(_, text)| text.as_str())
            .unwrap_or_else(|| panic!("no clause {number}"))
    }
}

fn generate(cases: &mut Cases) -> Case {
    let periods = cases.within(1, 4);
    let period_days = cases.within(7, 120 / periods.max(1)).max(7);
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
            early_min_days: cases.within(0, 14),
            early_min_interest_days: if cases.below(3) == 0 { cases.within(1, 15) } else { 0 },
            extensions_allowed: cases.within(1, 3),
        },
    };
    let product = Product {
        id: ProductId(1),
        lender_id: LenderId(1),
        lender_name: "Lender".to_owned(),
        name: "Generated".to_owned(),
        logo_url: String::new(),
        terms,
        rate_description: String::new(),
        tags: Vec::new(),
        allows_extension: true,
        requires_review: false,
        available: true,
    };
    let quote = product.terms.quote(Centavos::from_pesos(principal_pesos)).expect("a loan the product makes");
    let order = Order {
        id: OrderId(1),
        order_no: "HR1".to_owned(),
        borrower_id: BorrowerId(1),
        product_id: product.id,
        status: OrderStatus::RepaymentOpen,
        principal: quote.principal,
        interest: quote.interest,
        fees: quote.fees,
        term_days: quote.term_days,
        applied_at: datetime!(2026-03-01 00:00 UTC),
        disbursed_at: Some(datetime!(2026-03-01 02:00 UTC)),
        due_date: Some(SENT + Duration::days(quote.term_days)),
        closed_at: None,
        extension_days: 0,
        extensions: 0,
    };
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
    let document = agreement(&quote, &parties, Lang::En);
    let mut clauses: Vec<(String, String)> =
        document.sections.into_iter().map(|section| (section.heading, section.paragraphs.join(" "))).collect();
    // The disclosure's rows, as "D:<label>", to hold them to the same figures.
    let rows = disclosure(&quote, &parties, Lang::En).disclosure.map(|table| table.rows).unwrap_or_default();
    clauses.extend(rows.into_iter().map(|row| (format!("D:{}", row.label), row.value)));
    Case { product, quote, order, clauses }
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

/// A rate as written ("4.00%" right after `marker`) in basis points.
fn rate_after(text: &str, marker: &str) -> i64 {
    let start = text.find(marker).unwrap_or_else(|| panic!("{marker:?} not in {text:?}")) + marker.len();
    let figure: String = text[start..].chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
    let (whole, hundredths) = figure.split_once('.').unwrap_or_else(|| panic!("no rate after {marker:?}"));
    whole.parse::<i64>().unwrap() * 100 + hundredths.parse::<i64>().unwrap()
}

fn fresh_dues(case: &Case) -> ledger::Dues {
    balances_after(case, Centavos::ZERO).dues()
}

fn balances_after(case: &Case, paid: Centavos) -> Balances {
    let mut entries = vec![ledger::disbursement(case.order.principal, case.order.fees).unwrap()];
    entries.extend(ledger::interest(case.order.interest).unwrap());
    let owed = Balances::of(&entries).dues();
    if paid.get() > 0 {
        entries.push(ledger::repayment(paid, &owed, &DEFAULT_ALLOCATION).unwrap());
    }
    Balances::of(&entries)
}

#[test]
fn clause_4_early_repayment_charges_what_it_states_on_each_side_of_the_threshold() {
    let mut cases = Cases(4);
    for n in 0..CASES {
        let case = generate(&mut cases);
        let text = case.clause("4.");
        assert_eq!(case.clause("D:Early repayment"), text, "case {n}: the disclosure states the same");
        let from_day = number_after(text, "early from day ");
        let stated_share = rate_after(text, "once ");
        let stated_min_days = number_after(text, "at least ");
        let stated_rate = rate_after(text, "interest up to the day of payment: ");
        let stated_payoff = money_after(text, "with nothing paid before, this loan costs ");
        let stated_total = money_after(text, "the full amount of section 3 (");
        assert_eq!(stated_share, case.product.terms.clauses.early_after_term_bp, "case {n}: {text}");
        assert_eq!(stated_min_days, case.product.terms.clauses.early_min_days, "case {n}");
        let dues = fresh_dues(&case);
        let terms = &case.product.terms;
        // On the day the clause names, early repayment opens, at the price it names.
        let at = payoff_quote(terms, &case.order, &dues, SENT, SENT + Duration::days(from_day));
        assert!(at.early_allowed, "case {n}: day {from_day}");
        assert_eq!(at.total, stated_payoff, "case {n}: {text}");
        // The day before (when there is one), the whole of section 3.
        if from_day > 0 {
            let before = payoff_quote(terms, &case.order, &dues, SENT, SENT + Duration::days(from_day - 1));
            assert!(!before.early_allowed, "case {n}");
            assert_eq!(before.total, stated_total, "case {n}");
            assert_eq!(stated_total, case.quote.total_repayable, "case {n}");
        }
        // Any later day: principal plus the stated rate for each day, at
        // least the stated minimum days, never above the whole term's interest.
        let day = from_day + cases.within(0, case.quote.term_days + 30);
        let later = payoff_quote(terms, &case.order, &dues, SENT, SENT + Duration::days(day));
        let minimum_days = if text.contains(" days of it") {
            number_after(text, "rounded down to the centavo, and at least ")
        } else {
            0
        };
        let stated_interest = case
            .quote
            .principal
            .mul_div_floor(stated_rate * day.max(minimum_days), 30 * 10_000)
            .unwrap()
            .min(case.quote.interest);
        assert_eq!(later.total.get(), case.quote.principal.get() + stated_interest.get(), "case {n}: day {day}");
        // Posting that payoff closes the loan: the waiver and the payment
        // leave nothing owed and nothing over.
        let mut balances = balances_after(&case, Centavos::ZERO);
        if later.interest_waived.get() > 0 {
            balances.apply(&ledger::waiver(Bucket::Interest, later.interest_waived, &balances.dues()).unwrap());
        }
        balances.apply(&ledger::repayment(later.total, &balances.dues(), &DEFAULT_ALLOCATION).unwrap());
        assert_eq!(balances.dues().total(), Centavos::ZERO, "case {n}");
        assert_eq!(balances.net(ledger::Account::BorrowerCredit), 0, "case {n}");
    }
}

#[test]
fn clause_5_penalties_charge_the_stated_figure_in_every_window_and_stop_at_the_caps() {
    let mut cases = Cases(5);
    for n in 0..CASES {
        let case = generate(&mut cases);
        let text = case.clause("5.");
        assert!(text.contains(case.clause("D:Late payment penalties")), "case {n}: the disclosure states the same");
        let one_time_new = money_after(text, "one-time ");
        let one_time_repeat = money_after(text, "(first loan) or ");
        let daily = [
            rate_after(text, "then a daily "),
            rate_after(text, "for days 1–30, "),
            rate_after(text, "for days 31–90 and "),
        ];
        let due = fresh_dues(&case);
        let amount_due = Centavos::new(due.principal.get() + due.interest.get());
        // A late payment in each window, uncapped (an uncovered loan): the
        // clause's figure to the centavo.
        for (day_late, rate) in [
            (1, daily[0]),
            (cases.within(2, 30), daily[0]),
            (cases.within(31, 90), daily[1]),
            (cases.within(91, 200), daily[2]),
        ] {
            for repeat in [false, true] {
                let charged = penalty_for_day(
                    &case.product.terms.penalty,
                    &PenaltyDay {
                        day_late,
                        amount_due,
                        accrued_this_window: Centavos::ZERO,
                        total_cost_so_far: Centavos::ZERO,
                        principal: case.order.principal,
                        repeat_borrower: repeat,
                        covered: false,
                    },
                );
                let one_time = match (day_late, repeat) {
                    (1, false) => one_time_new,
                    (1, true) => one_time_repeat,
                    _ => Centavos::ZERO,
                };
                let stated = one_time.get() + amount_due.mul_div_floor(rate, 10_000).unwrap().get();
                assert_eq!(charged.get(), stated, "case {n}: day {day_late}, repeat {repeat}: {text}");
            }
        }
        // Covered (every generated loan is): accrue day by day for 200 days;
        // no 30-day window passes 5% of the amount due, and the total cost
        // never passes the principal, as the clause states.
        assert!(case.quote.covered, "case {n}");
        assert!(text.contains("never exceed 5% a month of the amount due"), "case {n}");
        assert!(text.contains("never exceed the amount you borrowed"), "case {n}");
        let (mut window, mut total) = (0_i64, case.quote.interest.get() + case.quote.fees.get());
        for day_late in 1..=200 {
            if (day_late - 1) % 30 == 0 {
                window = 0;
            }
            let charged = penalty_for_day(
                &case.product.terms.penalty,
                &PenaltyDay {
                    day_late,
                    amount_due,
                    accrued_this_window: Centavos::new(window),
                    total_cost_so_far: Centavos::new(total),
                    principal: case.order.principal,
                    repeat_borrower: false,
                    covered: true,
                },
            );
            window += charged.get();
            total += charged.get();
            assert!(window <= amount_due.get() * caps::PENALTY_MONTHLY_BP / 10_000, "case {n}: day {day_late}");
            assert!(total <= case.order.principal.get(), "case {n}: day {day_late}");
        }
    }
}

#[test]
fn clause_6_extensions_cost_what_it_states_and_no_more_are_sold_than_it_allows() {
    let mut cases = Cases(6);
    for n in 0..CASES {
        let case = generate(&mut cases);
        let text = case.clause("6.");
        assert_eq!(case.clause("D:Extensions"), text, "case {n}: the disclosure states the same");
        let allowed = match text {
            t if t.contains("the due dates once ") => 1,
            t if t.contains("the due dates twice ") => 2,
            t => number_after(t, "the due dates "),
        };
        assert_eq!(allowed, case.product.terms.clauses.extensions_allowed, "case {n}: {text}");
        let days = number_after(text, "each time by ");
        let stated_fee = money_after(text, "on the principal still owed (");
        let dues = fresh_dues(&case);
        // With nothing charged beyond interest and fees, the cap leaves room.
        let cost = Centavos::new(case.quote.interest.get() + case.quote.fees.get());
        let quote = quote_extension(&case.product.terms, case.order.principal, true, &dues, cost).unwrap();
        assert_eq!(quote.fee, stated_fee, "case {n}: {text}");
        assert_eq!(quote.added_days, days, "case {n}");
        assert_eq!(quote.charges_due, dues.interest, "interest (and any fees and penalties) due, as stated");
        // Each allowed extension is offered; the next one is refused.
        let balances = balances_after(&case, Centavos::ZERO);
        for taken in 0..allowed {
            let order = Order { extensions: taken, ..case.order.clone() };
            assert!(
                extension_offer(&order, &case.product, &balances, SENT).is_ok(),
                "case {n}: extension {}",
                taken + 1
            );
        }
        let order = Order { extensions: allowed, ..case.order.clone() };
        assert_eq!(
            extension_offer(&order, &case.product, &balances, SENT),
            Err(NoExtension::UsedUp { allowed }),
            "case {n}"
        );
        // An overdue loan rolls over while its due date a period later has not passed.
        let due = SENT + Duration::days(case.product.terms.period_days);
        let overdue = Order { status: OrderStatus::Overdue, ..case.order.clone() };
        assert!(extension_offer(&overdue, &case.product, &balances, due + Duration::days(days)).is_ok(), "case {n}");
        assert_eq!(
            extension_offer(&overdue, &case.product, &balances, due + Duration::days(days + 1)),
            Err(NoExtension::TooLate),
            "case {n}"
        );
    }
}
