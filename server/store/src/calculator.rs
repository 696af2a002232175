//! Saved calculations, calculator product views and exchange rates.

use crate::Store;
use crate::db::{Row, args, stored_value};
use crate::idempotency::{commit_created, created_before};
use async_trait::async_trait;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::calculator::{Frequency, LoanInput, MAX_SAVED, Method, SavedCalculation};
use hiram_domain::exchange::{CurrencyCode, ExchangeRate, NewExchangeRate};
use hiram_domain::idempotency::KeyedRequest;
use hiram_domain::product::ProductId;
use hiram_domain::store::{CalculatorStore, StoreError, StoreResult, exactly_one};
use time::{Date, OffsetDateTime};

const CALCULATION_COLUMNS: &str =
    "id, borrower_id, name, principal, monthly_rate_bp, payments, frequency, method, fee_bp, saved_at";

fn calculation(row: &Row<'_>) -> StoreResult<SavedCalculation> {
    Ok(SavedCalculation {
        id: row.get(0)?,
        borrower_id: row.get(1)?,
        name: row.get(2)?,
        input: LoanInput {
            principal: row.get(3)?,
            monthly_rate_bp: row.get(4)?,
            payments: row.get(5)?,
            frequency: row.parse(6, Frequency::parse)?,
            method: row.parse(7, Method::parse)?,
            fee_bp: row.get(8)?,
        },
        saved_at: row.get(9)?,
    })
}

fn exchange_rate(row: &Row<'_>) -> StoreResult<ExchangeRate> {
    let currency: String = row.get(1)?;
    Ok(ExchangeRate {
        id: row.get(0)?,
        rate: NewExchangeRate {
            currency: CurrencyCode::parse(&currency).map_err(|_| stored_value(currency))?,
            peso_micros: row.get(2)?,
            effective_on: row.get(3)?,
            source: row.get(4)?,
        },
        set_by: row.get(5)?,
        set_at: row.get(6)?,
    })
}

#[async_trait]
impl CalculatorStore for Store {
    async fn save_calculation(
        &self,
        borrower: BorrowerId,
        name: &str,
        input: &LoanInput,
        at: OffsetDateTime,
    ) -> StoreResult<i64> {
        let mut tx = self.db.write().await?;
        // The borrower's row is the lock: two saves at once cannot both
        // pass the count.
        tx.opt_value::<i64>("SELECT id FROM borrower WHERE id = $1 FOR UPDATE", args![borrower]).await?;
        let kept: i64 =
            tx.value("SELECT COUNT(*) FROM saved_calculation WHERE borrower_id = $1", args![borrower]).await?;
        if kept >= MAX_SAVED as i64 {
            return Err(StoreError::Conflict("saved_calculation_limit"));
        }
        let id = tx
            .value(
                "INSERT INTO saved_calculation (borrower_id, name, principal, monthly_rate_bp, payments, frequency, \
                 method, fee_bp, saved_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
                args![
                    borrower,
                    name,
                    input.principal,
                    input.monthly_rate_bp,
                    input.payments,
                    input.frequency.key(),
                    input.method.key(),
                    input.fee_bp,
                    at,
                ],
            )
            .await?;
        tx.commit().await?;
        Ok(id)
    }

    async fn calculations_of(&self, borrower: BorrowerId) -> StoreResult<Vec<SavedCalculation>> {
        let sql =
            format!("SELECT {CALCULATION_COLUMNS} FROM saved_calculation WHERE borrower_id = $1 ORDER BY id DESC");
        self.db.all(&sql, args![borrower], calculation).await
    }

    async fn calculation(&self, id: i64) -> StoreResult<Option<SavedCalculation>> {
        self.db
            .opt(&format!("SELECT {CALCULATION_COLUMNS} FROM saved_calculation WHERE id = $1"), args![id], calculation)
            .await
    }

    async fn delete_calculation(&self, id: i64, borrower: BorrowerId) -> StoreResult<()> {
        let mut tx = self.db.write().await?;
        // Views keep counting for the product; they only lose the link.
        tx.exec(
            "UPDATE calculator_product_view SET calculation_id = NULL WHERE calculation_id = \
             (SELECT id FROM saved_calculation WHERE id = $1 AND borrower_id = $2)",
            args![id, borrower],
        )
        .await?;
        let changed =
            tx.exec("DELETE FROM saved_calculation WHERE id = $1 AND borrower_id = $2", args![id, borrower]).await?;
        exactly_one(changed)?;
        tx.commit().await
    }

    async fn record_product_view(
        &self,
        borrower: BorrowerId,
        calculation: Option<i64>,
        product: ProductId,
        at: OffsetDateTime,
    ) -> StoreResult<i64> {
        let mut tx = self.db.write().await?;
        tx.exec(
            "INSERT INTO calculator_product_view (borrower_id, calculation_id, product_id, viewed_at) VALUES ($1, $2, $3, $4)",
            args![borrower, calculation, product, at],
        )
        .await?;
        let views =
            tx.value("SELECT COUNT(*) FROM calculator_product_view WHERE product_id = $1", args![product]).await?;
        tx.commit().await?;
        Ok(views)
    }

    async fn product_views(&self, since: OffsetDateTime) -> StoreResult<Vec<(ProductId, i64)>> {
        self.db
            .all(
                "SELECT product_id, COUNT(*) AS views FROM calculator_product_view WHERE viewed_at >= $1 \
                 GROUP BY product_id ORDER BY views DESC, product_id",
                args![since],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .await
    }

    async fn add_exchange_rate(
        &self,
        rate: &NewExchangeRate,
        staff: Option<i64>,
        at: OffsetDateTime,
        request: Option<&KeyedRequest>,
    ) -> StoreResult<i64> {
        let mut tx = self.db.write().await?;
        if let Some(first) = created_before(&mut tx, request).await? {
            return Ok(first);
        }
        let id = tx
            .value(
                "INSERT INTO exchange_rate (currency, peso_micros, effective_on, source, set_by, set_at) \
                 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                args![rate.currency.as_str(), rate.peso_micros, rate.effective_on, &rate.source, staff, at],
            )
            .await?;
        commit_created(tx, request, id, at).await
    }

    async fn exchange_rates(&self, since: Date) -> StoreResult<Vec<ExchangeRate>> {
        self.db
            .all(
                "SELECT id, currency, peso_micros, effective_on, source, set_by, set_at FROM exchange_rate \
                 WHERE effective_on >= $1 ORDER BY effective_on DESC, id DESC",
                args![since],
                exchange_rate,
            )
            .await
    }
}
