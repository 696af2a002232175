//! The borrower's calculator on PostgreSQL: saved calculations, products
//! opened from them, and staff's exchange rates.

use crate::{PostgresStore, backend, database};
use async_trait::async_trait;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::calculator::{Frequency, LoanInput, MAX_SAVED, Method, SavedCalculation};
use hiram_domain::exchange::{CurrencyCode, ExchangeRate, NewExchangeRate};
use hiram_domain::money::Centavos;
use hiram_domain::product::ProductId;
use hiram_domain::store::{CalculatorStore, StoreError, StoreResult, exactly_one};
use time::{Date, OffsetDateTime};
use tokio_postgres::Row;

const CALCULATION_COLUMNS: &str =
    "id, borrower_id, name, principal, monthly_rate_bp, payments, frequency, method, fee_bp, saved_at";

fn calculation(row: &Row) -> StoreResult<SavedCalculation> {
    Ok(SavedCalculation {
        id: row.get(0),
        borrower_id: BorrowerId(row.get(1)),
        name: row.get(2),
        input: LoanInput {
            principal: Centavos::new(row.get(3)),
            monthly_rate_bp: row.get(4),
            payments: row.get(5),
            frequency: Frequency::parse(row.get(6)).ok_or_else(|| backend("unknown frequency"))?,
            method: Method::parse(row.get(7)).ok_or_else(|| backend("unknown method"))?,
            fee_bp: row.get(8),
        },
        saved_at: row.get(9),
    })
}

fn exchange_rate(row: &Row) -> StoreResult<ExchangeRate> {
    Ok(ExchangeRate {
        id: row.get(0),
        rate: NewExchangeRate {
            currency: CurrencyCode::parse(row.get(1)).map_err(backend)?,
            peso_micros: row.get(2),
            effective_on: row.get(3),
            source: row.get(4),
        },
        set_by: row.get(5),
        set_at: row.get(6),
    })
}

#[async_trait]
impl CalculatorStore for PostgresStore {
    async fn save_calculation(
        &self,
        borrower: BorrowerId,
        name: &str,
        input: &LoanInput,
        at: OffsetDateTime,
    ) -> StoreResult<i64> {
        let mut client = self.client().await?;
        let transaction = client.transaction().await.map_err(database)?;
        // The borrower's row is the lock: two saves at once cannot both
        // pass the count.
        transaction
            .execute("SELECT id FROM borrower WHERE id = $1 FOR UPDATE", &[&borrower.0])
            .await
            .map_err(database)?;
        let kept: i64 = transaction
            .query_one("SELECT COUNT(*) FROM saved_calculation WHERE borrower_id = $1", &[&borrower.0])
            .await
            .map_err(database)?
            .get(0);
        if kept >= MAX_SAVED as i64 {
            return Err(StoreError::Conflict("saved_calculation_limit"));
        }
        let row = transaction
            .query_one(
                "INSERT INTO saved_calculation (borrower_id, name, principal, monthly_rate_bp, payments, frequency, \
                 method, fee_bp, saved_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
                &[
                    &borrower.0,
                    &name,
                    &input.principal.get(),
                    &input.monthly_rate_bp,
                    &input.payments,
                    &input.frequency.key(),
                    &input.method.key(),
                    &input.fee_bp,
                    &at,
                ],
            )
            .await
            .map_err(database)?;
        transaction.commit().await.map_err(database)?;
        Ok(row.get(0))
    }

    async fn calculations_of(&self, borrower: BorrowerId) -> StoreResult<Vec<SavedCalculation>> {
        let rows = self
            .client()
            .await?
            .query(
                &format!("SELECT {CALCULATION_COLUMNS} FROM saved_calculation WHERE borrower_id = $1 ORDER BY id DESC"),
                &[&borrower.0],
            )
            .await
            .map_err(database)?;
        rows.iter().map(calculation).collect()
    }

    async fn calculation(&self, id: i64) -> StoreResult<Option<SavedCalculation>> {
        let row = self
            .client()
            .await?
            .query_opt(&format!("SELECT {CALCULATION_COLUMNS} FROM saved_calculation WHERE id = $1"), &[&id])
            .await
            .map_err(database)?;
        row.as_ref().map(calculation).transpose()
    }

    async fn delete_calculation(&self, id: i64, borrower: BorrowerId) -> StoreResult<()> {
        // The view rows lose their link by the foreign key's ON DELETE SET NULL.
        let changed = self
            .client()
            .await?
            .execute("DELETE FROM saved_calculation WHERE id = $1 AND borrower_id = $2", &[&id, &borrower.0])
            .await
            .map_err(database)?;
        exactly_one(changed)
    }

    async fn record_product_view(
        &self,
        borrower: BorrowerId,
        calculation: Option<i64>,
        product: ProductId,
        at: OffsetDateTime,
    ) -> StoreResult<i64> {
        let client = self.client().await?;
        client
            .execute(
                "INSERT INTO calculator_product_view (borrower_id, calculation_id, product_id, viewed_at) \
                 VALUES ($1, $2, $3, $4)",
                &[&borrower.0, &calculation, &product.0, &at],
            )
            .await
            .map_err(database)?;
        let row = client
            .query_one("SELECT COUNT(*) FROM calculator_product_view WHERE product_id = $1", &[&product.0])
            .await
            .map_err(database)?;
        Ok(row.get(0))
    }

    async fn product_views(&self, since: OffsetDateTime) -> StoreResult<Vec<(ProductId, i64)>> {
        let rows = self
            .client()
            .await?
            .query(
                "SELECT product_id, COUNT(*) AS views FROM calculator_product_view WHERE viewed_at >= $1 \
                 GROUP BY product_id ORDER BY views DESC, product_id",
                &[&since],
            )
            .await
            .map_err(database)?;
        Ok(rows.iter().map(|row| (ProductId(row.get(0)), row.get(1))).collect())
    }

    async fn add_exchange_rate(
        &self,
        rate: &NewExchangeRate,
        staff: Option<i64>,
        at: OffsetDateTime,
    ) -> StoreResult<i64> {
        let row = self
            .client()
            .await?
            .query_one(
                "INSERT INTO exchange_rate (currency, peso_micros, effective_on, source, set_by, set_at) \
                 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                &[&rate.currency.as_str(), &rate.peso_micros, &rate.effective_on, &rate.source, &staff, &at],
            )
            .await
            .map_err(database)?;
        Ok(row.get(0))
    }

    async fn exchange_rates(&self, since: Date) -> StoreResult<Vec<ExchangeRate>> {
        let rows = self
            .client()
            .await?
            .query(
                "SELECT id, currency, peso_micros, effective_on, source, set_by, set_at FROM exchange_rate \
                 WHERE effective_on >= $1 ORDER BY effective_on DESC, id DESC",
                &[&since],
            )
            .await
            .map_err(database)?;
        rows.iter().map(exchange_rate).collect()
    }
}
