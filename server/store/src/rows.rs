//! Rows several capabilities read: products, borrowers and orders.

use crate::db::{Row, stored_value};
use hiram_domain::borrower::{Borrower, Language};
use hiram_domain::order::Order;
use hiram_domain::pricing::{Allocation, ClauseTerms, PenaltySchedule, ProductTerms};
use hiram_domain::product::Product;
use hiram_domain::store::StoreResult;

/// A product and its lender's name, from `product p JOIN lender l`.
pub(crate) const PRODUCT_COLUMNS: &str = "p.id, p.lender_id, l.name, p.name, p.logo_url, p.min_amount, p.max_amount, \
     p.amount_step, p.periods, p.period_days, p.monthly_interest_bp, p.service_fee_bp, p.penalty_one_time_new, \
     p.penalty_one_time_repeat, p.penalty_daily_bp_1_30, p.penalty_daily_bp_31_90, p.penalty_daily_bp_91_on, \
     p.rate_description, p.tags, p.allows_extension, p.requires_review, p.available, p.early_after_term_bp, \
     p.early_min_days, p.early_min_interest_days, p.extensions_allowed, p.extension_days, p.extension_fee_bp, \
     p.allocation";

pub(crate) fn product(row: &Row<'_>) -> StoreResult<Product> {
    Ok(Product {
        id: row.get(0)?,
        lender_id: row.get(1)?,
        lender_name: row.get(2)?,
        name: row.get(3)?,
        logo_url: row.get(4)?,
        terms: ProductTerms {
            min_amount: row.get(5)?,
            max_amount: row.get(6)?,
            amount_step: row.get(7)?,
            periods: row.get(8)?,
            period_days: row.get(9)?,
            monthly_interest_bp: row.get(10)?,
            service_fee_bp: row.get(11)?,
            penalty: PenaltySchedule {
                one_time_new: row.get(12)?,
                one_time_repeat: row.get(13)?,
                daily_bp_days_1_30: row.get(14)?,
                daily_bp_days_31_90: row.get(15)?,
                daily_bp_from_day_91: row.get(16)?,
            },
            clauses: ClauseTerms {
                early_after_term_bp: row.get(22)?,
                early_min_days: row.get(23)?,
                early_min_interest_days: row.get(24)?,
                extensions_allowed: row.get(25)?,
                extension_days: row.get(26)?,
                extension_fee_bp: row.get(27)?,
                allocation: row.parse(28, Allocation::parse)?,
            },
        },
        rate_description: row.get(17)?,
        tags: row.get(18)?,
        allows_extension: row.get(19)?,
        requires_review: row.get(20)?,
        available: row.get(21)?,
    })
}

pub(crate) const BORROWER_COLUMNS: &str = "id, phone, full_name, created_at, language";

pub(crate) fn borrower(row: &Row<'_>) -> StoreResult<Borrower> {
    borrower_from(row, 0)
}

/// A borrower whose `BORROWER_COLUMNS` start at column `first` (after an
/// order's, in a join).
pub(crate) fn borrower_from(row: &Row<'_>, first: usize) -> StoreResult<Borrower> {
    Ok(Borrower {
        id: row.get(first)?,
        phone: row.get(first + 1)?,
        full_name: row.get(first + 2)?,
        created_at: row.get(first + 3)?,
        language: row.get::<Option<String>>(first + 4)?.map(|tag| language(&tag)).transpose()?,
    })
}

/// A stored language tag (`en`, `fil`).
pub(crate) fn language(tag: &str) -> StoreResult<Language> {
    Language::parse(tag).ok_or_else(|| stored_value(format!("language {tag:?}")))
}

/// Column names prefixed with a table alias, for joins.
pub(crate) fn qualified(columns: &str, alias: &str) -> String {
    columns.split(", ").map(|column| format!("{alias}.{}", column.trim())).collect::<Vec<_>>().join(", ")
}

/// How many columns `ORDER_COLUMNS` reads: what a query selects after them
/// starts at this index.
pub(crate) const ORDER_WIDTH: usize = 15;

pub(crate) const ORDER_COLUMNS: &str = "id, order_no, borrower_id, product_id, status, principal, interest, fees, \
     term_days, applied_at, disbursed_at, due_date, closed_at, extension_days, extension_count";

pub(crate) fn order(row: &Row<'_>) -> StoreResult<Order> {
    Ok(Order {
        id: row.get(0)?,
        order_no: row.get(1)?,
        borrower_id: row.get(2)?,
        product_id: row.get(3)?,
        status: row.get(4)?,
        principal: row.get(5)?,
        interest: row.get(6)?,
        fees: row.get(7)?,
        term_days: row.get(8)?,
        applied_at: row.get(9)?,
        disbursed_at: row.get(10)?,
        due_date: row.get(11)?,
        closed_at: row.get(12)?,
        extension_days: row.get(13)?,
        extensions: row.get(14)?,
    })
}

/// A domain value kept as JSON text (a loan's terms, account, cap proofs).
pub(crate) fn json<T: serde::de::DeserializeOwned>(text: &str) -> StoreResult<T> {
    serde_json::from_str(text).map_err(stored_value)
}

/// The JSON text a domain value is kept as.
pub(crate) fn to_json<T: serde::Serialize>(value: &T) -> StoreResult<String> {
    serde_json::to_string(value).map_err(|error| hiram_domain::store::StoreError::Backend(error.to_string()))
}
