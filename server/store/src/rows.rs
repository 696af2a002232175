//! Rows several capabilities read: products, borrowers, orders and sessions.

use crate::db::{Row, stored_value};
use hiram_domain::borrower::{Borrower, Language};
use hiram_domain::order::Order;
use hiram_domain::pricing::{Allocation, ClauseTerms, PenaltySchedule, ProductTerms};
use hiram_domain::product::Product;
use hiram_domain::session::{Session, TokenDigest};
use hiram_domain::store::StoreResult;

/// A product and its lender's name, from `product p JOIN lender l`.
pub(crate) const PRODUCT_COLUMNS: &str = "p.id, p.lender_id, l.name, p.name, p.logo_url, p.min_amount, p.max_amount, \
     p.amount_step, p.periods, p.period_days, p.monthly_interest_bp, p.service_fee_bp, p.penalty_one_time_new, \
     p.penalty_one_time_repeat, p.penalty_daily_bp_1_30, p.penalty_daily_bp_31_90, p.penalty_daily_bp_91_on, \
     p.tags, p.allows_extension, p.requires_review, p.available, p.early_after_term_bp, \
     p.early_min_days, p.early_min_interest_days, p.extensions_allowed, p.extension_days, p.extension_fee_bp, \
     p.allocation";

pub(crate) fn product(row: &Row<'_>) -> StoreResult<Product> {
    product_from(row, 0)
}

/// How many columns `PRODUCT_COLUMNS` reads.
pub(crate) const PRODUCT_WIDTH: usize = 28;

/// A product whose columns start at `at`.
pub(crate) fn product_from(row: &Row<'_>, at: usize) -> StoreResult<Product> {
    Ok(Product {
        id: row.get(at)?,
        lender_id: row.get(at + 1)?,
        lender_name: row.get(at + 2)?,
        name: row.get(at + 3)?,
        logo_url: row.get(at + 4)?,
        terms: ProductTerms {
            min_amount: row.get(at + 5)?,
            max_amount: row.get(at + 6)?,
            amount_step: row.get(at + 7)?,
            periods: row.get(at + 8)?,
            period_days: row.get(at + 9)?,
            monthly_interest_bp: row.get(at + 10)?,
            service_fee_bp: row.get(at + 11)?,
            penalty: PenaltySchedule {
                one_time_new: row.get(at + 12)?,
                one_time_repeat: row.get(at + 13)?,
                daily_bp_days_1_30: row.get(at + 14)?,
                daily_bp_days_31_90: row.get(at + 15)?,
                daily_bp_from_day_91: row.get(at + 16)?,
            },
            clauses: ClauseTerms {
                early_after_term_bp: row.get(at + 21)?,
                early_min_days: row.get(at + 22)?,
                early_min_interest_days: row.get(at + 23)?,
                extensions_allowed: row.get(at + 24)?,
                extension_days: row.get(at + 25)?,
                extension_fee_bp: row.get(at + 26)?,
                allocation: row.parse(at + 27, Allocation::parse)?,
            },
        },
        tags: row.get(at + 17)?,
        allows_extension: row.get(at + 18)?,
        requires_review: row.get(at + 19)?,
        available: row.get(at + 20)?,
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
    order_from(row, 0)
}

/// An order whose columns start at `at`.
pub(crate) fn order_from(row: &Row<'_>, at: usize) -> StoreResult<Order> {
    Ok(Order {
        id: row.get(at)?,
        order_no: row.get(at + 1)?,
        borrower_id: row.get(at + 2)?,
        product_id: row.get(at + 3)?,
        status: row.get(at + 4)?,
        principal: row.get(at + 5)?,
        interest: row.get(at + 6)?,
        fees: row.get(at + 7)?,
        term_days: row.get(at + 8)?,
        applied_at: row.get(at + 9)?,
        disbursed_at: row.get(at + 10)?,
        due_date: row.get(at + 11)?,
        closed_at: row.get(at + 12)?,
        extension_days: row.get(at + 13)?,
        extensions: row.get(at + 14)?,
    })
}

/// A borrower session (its digest is the key it was read by).
pub(crate) const SESSION_COLUMNS: &str = "borrower_id, created_at, last_seen_at, expires_at, revoked_at";

/// How many columns `SESSION_COLUMNS` reads.
pub(crate) const SESSION_WIDTH: usize = 5;

pub(crate) fn session(row: &Row<'_>, digest: &TokenDigest) -> StoreResult<Session> {
    Ok(Session {
        digest: *digest,
        borrower_id: row.get(0)?,
        created_at: row.get(1)?,
        last_seen_at: row.get(2)?,
        expires_at: row.get(3)?,
        revoked_at: row.get(4)?,
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
