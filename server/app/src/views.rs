//! Views shared by several features: products as tappable cards (home
//! list, recommendations, failure page) and priced quotes.

use crate::i18n::{Lang, Msg};
use hiram_domain::caps::CapRuleSet;
use hiram_domain::money::{CurrencySymbol, format_amount};
use hiram_domain::order::OrderStatus;
use hiram_domain::pricing::Quote;
use hiram_domain::product::Product;
use serde::Serialize;
use utoipa::ToSchema;

/// A product as a tappable card (recommendations, failure page).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductCard {
    pub id: i64,
    pub logo: String,
    pub name: String,
    /// `₱1,000.00 - ₱10,000.00`
    pub range: String,
    pub range_desc: String,
    /// The rates the engine charges (decision 090): nominal interest and
    /// the effective rate a month.
    pub rate: String,
    pub description: String,
    pub tags: Vec<String>,
    pub button_text: String,
    /// `"1"` tappable, `"0"` shown grey and not tappable.
    pub flag: String,
    /// Centavos.
    pub min_amount: i64,
    /// Centavos.
    pub max_amount: i64,
    pub term_days: i64,
}

pub fn card(product: &Product, lang: Lang, symbol: CurrencySymbol) -> ProductCard {
    ProductCard {
        id: product.id.0,
        logo: product.logo_url.clone(),
        name: product.name.clone(),
        range: format!(
            "{} - {}",
            format_amount(product.terms.min_amount, symbol),
            format_amount(product.terms.max_amount, symbol)
        ),
        range_desc: format!("{} {}", product.terms.term_days(), Msg::TermDays.text(lang)),
        rate: rates(product, lang),
        description: product.lender_name.clone(),
        tags: product.tags.clone(),
        button_text: Msg::ApplyButton.text(lang).to_owned(),
        flag: if product.available { "1" } else { "0" }.to_owned(),
        min_amount: product.terms.min_amount.get(),
        max_amount: product.terms.max_amount.get(),
        term_days: product.terms.term_days(),
    }
}

/// The rates the engine charges on a product, as its card and page state
/// them (decision 090): the nominal interest a month and the effective rate
/// a month on the net proceeds (D4), worked out on the smallest and the
/// largest amount it lends; "up to" the higher where the two differ (a fee
/// rounded to the centavo weighs differently on each).
pub fn rates(product: &Product, lang: Lang) -> String {
    let terms = &product.terms;
    let effective = [terms.min_amount, terms.max_amount]
        .into_iter()
        .filter_map(|amount| terms.loan(amount, product.allows_extension, false).ok()?.quote().ok())
        .map(|quote| quote.eir_monthly_bp())
        .collect::<Vec<_>>();
    let (Some(lowest), Some(highest)) = (effective.iter().min(), effective.iter().max()) else {
        return String::new();
    };
    let message = if lowest == highest { Msg::ProductRates } else { Msg::ProductRatesUpTo };
    message
        .text(lang)
        .replace("{nominal}", &percent(terms.monthly_interest_bp))
        .replace("{effective}", &percent(*highest))
}

/// A labelled line of a detail list (order details, confirmation,
/// repayment).
#[derive(Serialize, ToSchema)]
pub struct DetailRow {
    pub text: String,
    /// Empty when not known yet; pages hide such rows.
    pub value: String,
}

/// A rate in basis points as a percentage with two decimals: 499 → "4.99%".
pub fn percent(basis_points: i64) -> String {
    format!("{}.{:02}%", basis_points / 100, basis_points % 100)
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteView {
    /// Centavos, as are all amounts here.
    pub amount: i64,
    /// Interest if every instalment is paid on its day, on the declining
    /// balance.
    pub interest: i64,
    pub fees: i64,
    pub net_proceeds: i64,
    pub total_repayable: i64,
    pub finance_charge: i64,
    pub term_days: i64,
    /// The nominal interest a month on the principal still owed ("3.50%").
    pub nominal_monthly_rate: String,
    /// The effective interest rate a month, the disclosure's (the rate that
    /// discounts the scheduled payments to the net proceeds, SEC MC 14
    /// s.2025), as every screen shows it ("5.10%").
    pub effective_monthly_rate: String,
    /// The same rate (kept for callers that read this name).
    pub actuarial_monthly_rate: String,
    pub plan: Vec<InstalmentView>,
    /// The rule set of the law the loan would be made under, and whether it
    /// covers it.
    pub rule_set: RuleSetView,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InstalmentView {
    pub number: i64,
    pub due_after_days: i64,
    pub amount: i64,
    pub principal: i64,
    pub interest: i64,
}

/// A rule set of the law's ceilings as pages show it (decision 056).
#[derive(Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RuleSetView {
    pub code: String,
    /// The circulars it comes from.
    pub source: String,
    /// The first contract date it governs (`YYYY-MM-DD`).
    pub in_force_from: String,
    /// Coverage: at most this principal (centavos)…
    pub max_principal: i64,
    /// …payable within this many calendar months.
    pub max_term_months: i64,
    pub nominal_monthly_bp: i64,
    pub eir_monthly_bp: i64,
    pub penalty_monthly_bp: i64,
    pub total_cost_bp: i64,
    /// Whether it covers the loan the view is about.
    pub covers: bool,
}

impl RuleSetView {
    pub fn of(rule_set: &CapRuleSet, covers: bool) -> RuleSetView {
        RuleSetView {
            code: rule_set.code.clone(),
            source: rule_set.source.clone(),
            in_force_from: rule_set.in_force_from.to_string(),
            max_principal: rule_set.max_principal.get(),
            max_term_months: rule_set.max_term_months,
            nominal_monthly_bp: rule_set.nominal_monthly_bp,
            eir_monthly_bp: rule_set.eir_monthly_bp,
            penalty_monthly_bp: rule_set.penalty_monthly_bp,
            total_cost_bp: rule_set.total_cost_bp,
            covers,
        }
    }
}

impl QuoteView {
    /// The quote of a loan to be contracted on `on` under `rule_set`.
    pub fn new(quote: &Quote, rule_set: &CapRuleSet, on: time::Date) -> QuoteView {
        let effective = percent(quote.eir_monthly_bp());
        let covers = rule_set.covers(quote.principal(), on, on + time::Duration::days(quote.term_days()));
        QuoteView {
            amount: quote.principal().get(),
            interest: quote.interest.get(),
            fees: quote.fee().get(),
            net_proceeds: quote.net_proceeds().get(),
            total_repayable: quote.total_repayable.get(),
            finance_charge: quote.finance_charge.get(),
            term_days: quote.term_days(),
            nominal_monthly_rate: percent(quote.terms.monthly_interest_bp),
            effective_monthly_rate: effective.clone(),
            actuarial_monthly_rate: effective,
            plan: quote
                .schedule
                .iter()
                .map(|instalment| InstalmentView {
                    number: instalment.number,
                    due_after_days: instalment.due_after_days,
                    amount: instalment.amount().get(),
                    principal: instalment.principal.get(),
                    interest: instalment.interest.get(),
                })
                .collect(),
            rule_set: RuleSetView::of(rule_set, covers),
        }
    }
}

/// The banner title and text of a status (order details, order lists).
pub fn status_texts(status: OrderStatus) -> (Msg, Msg) {
    match status {
        OrderStatus::UnderReview => (Msg::StatusUnderReviewTitle, Msg::StatusUnderReviewText),
        OrderStatus::AwaitingConfirmation => (Msg::StatusApprovedTitle, Msg::StatusApprovedText),
        OrderStatus::Rejected => (Msg::StatusRejectedTitle, Msg::StatusRejectedText),
        OrderStatus::Disbursing => (Msg::StatusDisbursingTitle, Msg::StatusDisbursingText),
        OrderStatus::RepaymentOpen => (Msg::StatusRepaymentOpenTitle, Msg::StatusRepaymentOpenText),
        OrderStatus::Overdue => (Msg::StatusOverdueTitle, Msg::StatusOverdueText),
        OrderStatus::Repaid => (Msg::StatusRepaidTitle, Msg::StatusRepaidText),
    }
}

/// One choice of a server-driven form's `enum` field (KYC, bind account).
#[derive(Serialize, ToSchema)]
pub struct FormOption {
    pub name: String,
    /// The value to send back.
    #[serde(rename = "type")]
    pub value: String,
}

/// An instant as every API answer writes it: RFC 3339, UTC offset kept.
/// (Formatting fails only outside years 0–9999, which no record holds.)
pub fn timestamp(at: time::OffsetDateTime) -> String {
    at.format(&time::format_description::well_known::Rfc3339).unwrap_or_default()
}

/// What paying the whole loan off today costs (the agreement's early
/// repayment clause, decision 056), for the repayment pages.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayoffView {
    /// Centavos, as are all amounts here: the whole payoff on `asOf`.
    pub amount: i64,
    /// The Manila date the payoff holds for (`YYYY-MM-DD`).
    pub as_of: String,
    /// Whether `asOf` is on or after the early-repayment day (interest to
    /// the day); before it the payoff pays interest up to that day.
    pub early_allowed: bool,
    /// The early-repayment day.
    pub early_from: String,
    pub principal: i64,
    /// Interest charged and unpaid, with what accrued to the day.
    pub interest: i64,
    /// Interest a payoff on `asOf` pays beyond the interest to the day:
    /// before the early-repayment day, the interest up to that day; the
    /// agreement's minimum days of interest when it states any; never more
    /// than the schedule's interest.
    pub minimum_interest: i64,
    pub fees: i64,
    pub penalties: i64,
    /// Interest of the schedule a payoff on `asOf` does not pay.
    pub interest_saved: i64,
}

pub fn payoff_view(payoff: &hiram_domain::servicing::Payoff) -> PayoffView {
    PayoffView {
        amount: payoff.total.get(),
        as_of: payoff.on.to_string(),
        early_allowed: payoff.early_allowed(),
        early_from: payoff.early_from.to_string(),
        principal: payoff.principal.get(),
        interest: payoff.interest.get(),
        minimum_interest: payoff.minimum_interest.get(),
        fees: payoff.fees.get(),
        penalties: payoff.penalties.get(),
        interest_saved: payoff.interest_saved.get(),
    }
}

/// Where an overdue loan stands today (issue 16): what the borrower owes and
/// what waiting another day costs.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OverdueView {
    pub days_late: i64,
    /// Centavos, as are all amounts here: late penalties charged so far.
    pub penalties_so_far: i64,
    /// Everything owed today.
    pub balance_today: i64,
    /// What one more day late adds (0 once a ceiling is reached).
    pub next_day_adds: i64,
    /// Whether a ceiling of the rule set governing the loan holds the next
    /// day's penalty below the schedule.
    pub cap_reached: bool,
    /// The same, as sentences in the borrower's language.
    pub lines: Vec<String>,
}

pub fn overdue_view(
    standing: &hiram_domain::servicing::OverdueStanding,
    lang: Lang,
    symbol: CurrencySymbol,
) -> OverdueView {
    let money = |amount: hiram_domain::money::Centavos| format_amount(amount, symbol);
    let mut lines = vec![
        Msg::OverdueDaysLate.text(lang).replace("{n}", &standing.days_late.to_string()),
        Msg::OverduePenalties.text(lang).replace("{amount}", &money(standing.penalties_so_far)),
        Msg::OverdueBalance.text(lang).replace("{amount}", &money(standing.balance_today)),
    ];
    lines.push(if standing.cap_reached && standing.next_day_adds.get() == 0 {
        Msg::OverdueCapReached.text(lang).to_owned()
    } else if standing.cap_reached {
        Msg::OverdueNextDayCapped.text(lang).replace("{amount}", &money(standing.next_day_adds))
    } else {
        Msg::OverdueNextDay.text(lang).replace("{amount}", &money(standing.next_day_adds))
    });
    OverdueView {
        days_late: standing.days_late,
        penalties_so_far: standing.penalties_so_far.get(),
        balance_today: standing.balance_today.get(),
        next_day_adds: standing.next_day_adds.get(),
        cap_reached: standing.cap_reached,
        lines,
    }
}
