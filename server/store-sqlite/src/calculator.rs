//! The borrower's calculator on SQLite: saved calculations, products opened
//! from them, and staff's exchange rates.

use crate::pool::{SqliteStore, backend};
use crate::rows::{self, millis};
use async_trait::async_trait;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::calculator::{Frequency, LoanInput, MAX_SAVED, Method, SavedCalculation};
use hiram_domain::exchange::{CurrencyCode, ExchangeRate, NewExchangeRate};
use hiram_domain::money::Centavos;
use hiram_domain::product::ProductId;
use hiram_domain::store::{CalculatorStore, StoreError, StoreResult, exactly_one};
use rusqlite::types::Type;
use rusqlite::{OptionalExtension, Row, params};
use time::{Date, OffsetDateTime};

const CALCULATION_COLUMNS: &str =
    "id, borrower_id, name, principal, monthly_rate_bp, payments, frequency, method, fee_bp, saved_at";

fn unknown(column: usize, what: &'static str) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(column, Type::Text, what.into())
}

fn calculation(row: &Row<'_>) -> rusqlite::Result<SavedCalculation> {
    let frequency: String = row.get(6)?;
    let method: String = row.get(7)?;
    Ok(SavedCalculation {
        id: row.get(0)?,
        borrower_id: BorrowerId(row.get(1)?),
        name: row.get(2)?,
        input: LoanInput {
            principal: Centavos::new(row.get(3)?),
            monthly_rate_bp: row.get(4)?,
            payments: row.get(5)?,
            frequency: Frequency::parse(&frequency).ok_or_else(|| unknown(6, "frequency"))?,
            method: Method::parse(&method).ok_or_else(|| unknown(7, "method"))?,
            fee_bp: row.get(8)?,
        },
        saved_at: rows::instant(row.get(9)?)?,
    })
}

fn exchange_rate(row: &Row<'_>) -> rusqlite::Result<ExchangeRate> {
    let currency: String = row.get(1)?;
    let effective_on: String = row.get(3)?;
    Ok(ExchangeRate {
        id: row.get(0)?,
        rate: NewExchangeRate {
            currency: CurrencyCode::parse(&currency).map_err(|_| unknown(1, "currency"))?,
            peso_micros: row.get(2)?,
            effective_on: rows::date(&effective_on)?,
            source: row.get(4)?,
        },
        set_by: row.get(5)?,
        set_at: rows::instant(row.get(6)?)?,
    })
}

#[async_trait]
impl CalculatorStore for SqliteStore {
    async fn save_calculation(
        &self,
        borrower: BorrowerId,
        name: &str,
        input: &LoanInput,
        at: OffsetDateTime,
    ) -> StoreResult<i64> {
        let (name, input) = (name.to_owned(), *input);
        self.write(move |tx| {
            let kept: i64 = tx
                .query_row("SELECT COUNT(*) FROM saved_calculation WHERE borrower_id = ?1", [borrower.0], |row| {
                    row.get(0)
                })
                .map_err(backend)?;
            if kept >= MAX_SAVED as i64 {
                return Err(StoreError::Conflict("saved_calculation_limit"));
            }
            tx.execute(
                "INSERT INTO saved_calculation (borrower_id, name, principal, monthly_rate_bp, payments, frequency, \
                 method, fee_bp, saved_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    borrower.0,
                    name,
                    input.principal.get(),
                    input.monthly_rate_bp,
                    input.payments,
                    input.frequency.key(),
                    input.method.key(),
                    input.fee_bp,
                    millis(at)
                ],
            )
            .map_err(backend)?;
            Ok(tx.last_insert_rowid())
        })
        .await
    }

    async fn calculations_of(&self, borrower: BorrowerId) -> StoreResult<Vec<SavedCalculation>> {
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached(&format!(
                    "SELECT {CALCULATION_COLUMNS} FROM saved_calculation WHERE borrower_id = ?1 ORDER BY id DESC"
                ))
                .map_err(backend)?;
            statement
                .query_map([borrower.0], calculation)
                .and_then(Iterator::collect::<rusqlite::Result<Vec<_>>>)
                .map_err(backend)
        })
        .await
    }

    async fn calculation(&self, id: i64) -> StoreResult<Option<SavedCalculation>> {
        self.read(move |connection| {
            connection
                .query_row(
                    &format!("SELECT {CALCULATION_COLUMNS} FROM saved_calculation WHERE id = ?1"),
                    [id],
                    calculation,
                )
                .optional()
                .map_err(backend)
        })
        .await
    }

    async fn delete_calculation(&self, id: i64, borrower: BorrowerId) -> StoreResult<()> {
        self.write(move |tx| {
            // Views keep counting for the product; they only lose the link.
            tx.execute("UPDATE calculator_product_view SET calculation_id = NULL WHERE calculation_id = ?1", [id])
                .map_err(backend)?;
            let changed = tx
                .execute("DELETE FROM saved_calculation WHERE id = ?1 AND borrower_id = ?2", params![id, borrower.0])
                .map_err(backend)?;
            exactly_one(changed as u64)
        })
        .await
    }

    async fn record_product_view(
        &self,
        borrower: BorrowerId,
        calculation: Option<i64>,
        product: ProductId,
        at: OffsetDateTime,
    ) -> StoreResult<i64> {
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO calculator_product_view (borrower_id, calculation_id, product_id, viewed_at) \
                 VALUES (?1, ?2, ?3, ?4)",
                params![borrower.0, calculation, product.0, millis(at)],
            )
            .map_err(backend)?;
            tx.query_row("SELECT COUNT(*) FROM calculator_product_view WHERE product_id = ?1", [product.0], |row| {
                row.get(0)
            })
            .map_err(backend)
        })
        .await
    }

    async fn product_views(&self, since: OffsetDateTime) -> StoreResult<Vec<(ProductId, i64)>> {
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached(
                    "SELECT product_id, COUNT(*) AS views FROM calculator_product_view WHERE viewed_at >= ?1 \
                     GROUP BY product_id ORDER BY views DESC, product_id",
                )
                .map_err(backend)?;
            statement
                .query_map([millis(since)], |row| Ok((ProductId(row.get(0)?), row.get(1)?)))
                .and_then(Iterator::collect::<rusqlite::Result<Vec<_>>>)
                .map_err(backend)
        })
        .await
    }

    async fn add_exchange_rate(
        &self,
        rate: &NewExchangeRate,
        staff: Option<i64>,
        at: OffsetDateTime,
    ) -> StoreResult<i64> {
        let rate = rate.clone();
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO exchange_rate (currency, peso_micros, effective_on, source, set_by, set_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    rate.currency.as_str(),
                    rate.peso_micros,
                    rows::date_text(rate.effective_on),
                    rate.source,
                    staff,
                    millis(at)
                ],
            )
            .map_err(backend)?;
            Ok(tx.last_insert_rowid())
        })
        .await
    }

    async fn exchange_rates(&self, since: Date) -> StoreResult<Vec<ExchangeRate>> {
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached(
                    "SELECT id, currency, peso_micros, effective_on, source, set_by, set_at FROM exchange_rate \
                     WHERE effective_on >= ?1 ORDER BY effective_on DESC, id DESC",
                )
                .map_err(backend)?;
            statement
                .query_map([rows::date_text(since)], exchange_rate)
                .and_then(Iterator::collect::<rusqlite::Result<Vec<_>>>)
                .map_err(backend)
        })
        .await
    }
}
