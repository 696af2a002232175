//! Views shared by several features: products as tappable cards (home
//! list, recommendations, failure page) and priced quotes.

use crate::i18n::{Lang, Msg};
use hiram_domain::money::{CurrencySymbol, format_amount};
use hiram_domain::order::OrderStatus;
use hiram_domain::pricing::{Quote, actuarial_monthly_bp};
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
        rate: product.rate_description.clone(),
        description: product.lender_name.clone(),
        tags: product.tags.clone(),
        button_text: Msg::ApplyButton.text(lang).to_owned(),
        flag: if product.available { "1" } else { "0" }.to_owned(),
        min_amount: product.terms.min_amount.get(),
        max_amount: product.terms.max_amount.get(),
        term_days: product.terms.term_days(),
    }
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
    pub interest: i64,
    pub fees: i64,
    pub net_proceeds: i64,
    pub total_repayable: i64,
    pub finance_charge: i64,
    pub term_days: i64,
    /// Interest and fees as a monthly rate of principal ("4.99%").
    pub effective_monthly_rate: String,
    /// The actuarial monthly rate of the Truth in Lending disclosure.
    pub actuarial_monthly_rate: String,
    pub plan: Vec<InstalmentView>,
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

impl From<&Quote> for QuoteView {
    fn from(quote: &Quote) -> QuoteView {
        QuoteView {
            amount: quote.principal.get(),
            interest: quote.interest.get(),
            fees: quote.fees.get(),
            net_proceeds: quote.net_proceeds.get(),
            total_repayable: quote.total_repayable.get(),
            finance_charge: quote.finance_charge.get(),
            term_days: quote.term_days,
            effective_monthly_rate: percent(quote.effective_monthly_bp),
            actuarial_monthly_rate: percent(actuarial_monthly_bp(quote)),
            plan: quote
                .plan
                .iter()
                .map(|instalment| InstalmentView {
                    number: instalment.number,
                    due_after_days: instalment.due_after_days,
                    amount: instalment.amount().get(),
                    principal: instalment.principal.get(),
                    interest: instalment.interest.get(),
                })
                .collect(),
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
