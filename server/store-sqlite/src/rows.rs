//! Conversions between SQLite values and domain types.

use hiram_domain::borrower::{Borrower, BorrowerId};
use hiram_domain::money::Centavos;
use hiram_domain::order::{Order, OrderId, OrderStatus};
use hiram_domain::phone::Phone;
use hiram_domain::pricing::{PenaltySchedule, ProductTerms};
use hiram_domain::product::{LenderId, Product, ProductId};
use rusqlite::Row;
use rusqlite::types::Type;
use time::{Date, OffsetDateTime};

pub(crate) fn millis(at: OffsetDateTime) -> i64 {
    // Instants in this product are far inside i64 milliseconds.
    (at.unix_timestamp_nanos() / 1_000_000) as i64
}

pub(crate) fn instant(millis: i64) -> rusqlite::Result<OffsetDateTime> {
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(millis) * 1_000_000)
        .map_err(|error| rusqlite::Error::FromSqlConversionFailure(0, Type::Integer, Box::new(error)))
}

pub(crate) fn optional_instant(millis: Option<i64>) -> rusqlite::Result<Option<OffsetDateTime>> {
    millis.map(instant).transpose()
}

const DATE_FORMAT: &[time::format_description::BorrowedFormatItem<'static>] =
    time::macros::format_description!("[year]-[month]-[day]");

pub(crate) fn date_text(date: Date) -> String {
    date.format(DATE_FORMAT).expect("a calendar date always formats")
}

pub(crate) fn date(text: &str) -> rusqlite::Result<Date> {
    Date::parse(text, DATE_FORMAT)
        .map_err(|error| rusqlite::Error::FromSqlConversionFailure(0, Type::Text, Box::new(error)))
}

fn conversion(column: usize, error: impl std::error::Error + Send + Sync + 'static) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(column, Type::Text, Box::new(error))
}

pub(crate) const PRODUCT_COLUMNS: &str = "p.id, p.lender_id, l.name, p.name, p.logo_url, p.min_amount, p.max_amount, \
     p.amount_step, p.periods, p.period_days, p.monthly_interest_bp, p.service_fee_bp, p.penalty_one_time_new, \
     p.penalty_one_time_repeat, p.penalty_daily_bp_1_30, p.penalty_daily_bp_31_90, p.penalty_daily_bp_91_on, \
     p.rate_description, p.tags, p.allows_extension, p.requires_review, p.available";

pub(crate) fn product(row: &Row<'_>) -> rusqlite::Result<Product> {
    let tags: String = row.get(18)?;
    Ok(Product {
        id: ProductId(row.get(0)?),
        lender_id: LenderId(row.get(1)?),
        lender_name: row.get(2)?,
        name: row.get(3)?,
        logo_url: row.get(4)?,
        terms: ProductTerms {
            min_amount: Centavos::new(row.get(5)?),
            max_amount: Centavos::new(row.get(6)?),
            amount_step: Centavos::new(row.get(7)?),
            periods: row.get(8)?,
            period_days: row.get(9)?,
            monthly_interest_bp: row.get(10)?,
            service_fee_bp: row.get(11)?,
            penalty: PenaltySchedule {
                one_time_new: Centavos::new(row.get(12)?),
                one_time_repeat: Centavos::new(row.get(13)?),
                daily_bp_days_1_30: row.get(14)?,
                daily_bp_days_31_90: row.get(15)?,
                daily_bp_from_day_91: row.get(16)?,
            },
        },
        rate_description: row.get(17)?,
        tags: tags.split('\n').filter(|tag| !tag.is_empty()).map(str::to_owned).collect(),
        allows_extension: row.get(19)?,
        requires_review: row.get(20)?,
        available: row.get(21)?,
    })
}

pub(crate) const BORROWER_COLUMNS: &str = "id, phone, full_name, created_at";

pub(crate) fn borrower(row: &Row<'_>) -> rusqlite::Result<Borrower> {
    borrower_from(row, 0)
}

/// A borrower whose `BORROWER_COLUMNS` start at column `first` (after an
/// order's, in a join).
pub(crate) fn borrower_from(row: &Row<'_>, first: usize) -> rusqlite::Result<Borrower> {
    let phone: String = row.get(first + 1)?;
    Ok(Borrower {
        id: BorrowerId(row.get(first)?),
        phone: Phone::parse(&phone).map_err(|error| conversion(first + 1, error))?,
        full_name: row.get(first + 2)?,
        created_at: instant(row.get(first + 3)?)?,
    })
}

/// Column names prefixed with a table alias, for joins.
pub(crate) fn qualified(columns: &str, alias: &str) -> String {
    columns.split(", ").map(|column| format!("{alias}.{}", column.trim())).collect::<Vec<_>>().join(", ")
}

pub(crate) const ORDER_COLUMNS: &str = "id, order_no, borrower_id, product_id, status, principal, interest, fees, \
     term_days, applied_at, disbursed_at, due_date, closed_at, extension_days";

pub(crate) fn order(row: &Row<'_>) -> rusqlite::Result<Order> {
    let due_date: Option<String> = row.get(11)?;
    Ok(Order {
        id: OrderId(row.get(0)?),
        order_no: row.get(1)?,
        borrower_id: BorrowerId(row.get(2)?),
        product_id: ProductId(row.get(3)?),
        status: status(row.get(4)?, 4)?,
        principal: Centavos::new(row.get(5)?),
        interest: Centavos::new(row.get(6)?),
        fees: Centavos::new(row.get(7)?),
        term_days: row.get(8)?,
        applied_at: instant(row.get(9)?)?,
        disbursed_at: optional_instant(row.get(10)?)?,
        due_date: due_date.as_deref().map(date).transpose()?,
        closed_at: optional_instant(row.get(12)?)?,
        extension_days: row.get(13)?,
    })
}

pub(crate) fn status(code: i64, column: usize) -> rusqlite::Result<OrderStatus> {
    OrderStatus::from_code(code).map_err(|error| conversion(column, error))
}
