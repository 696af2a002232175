//! Saved calculations, calculator product views and exchange rates.

use super::StoreResult;
use crate::borrower::BorrowerId;
use crate::calculator::{LoanInput, SavedCalculation};
use crate::exchange::{ExchangeRate, NewExchangeRate};
use crate::idempotency::KeyedRequest;
use crate::product::ProductId;
use async_trait::async_trait;
use time::{Date, OffsetDateTime};

/// The borrower's calculator: saved calculations, the products borrowers
/// open from them, and the peso exchange rates staff set.
#[async_trait]
pub trait CalculatorStore {
    /// `Conflict("saved_calculation_limit")` when the borrower already keeps
    /// `calculator::MAX_SAVED` calculations.
    async fn save_calculation(
        &self,
        borrower: BorrowerId,
        name: &str,
        input: &LoanInput,
        at: OffsetDateTime,
    ) -> StoreResult<i64>;
    /// The borrower's calculations, newest first.
    async fn calculations_of(&self, borrower: BorrowerId) -> StoreResult<Vec<SavedCalculation>>;
    async fn calculation(&self, id: i64) -> StoreResult<Option<SavedCalculation>>;
    /// `Stale` when the borrower keeps no such calculation.
    async fn delete_calculation(&self, id: i64, borrower: BorrowerId) -> StoreResult<()>;
    /// Counts a product opened from the calculator; answers how many times
    /// it has been opened from it in all.
    async fn record_product_view(
        &self,
        borrower: BorrowerId,
        calculation: Option<i64>,
        product: ProductId,
        at: OffsetDateTime,
    ) -> StoreResult<i64>;
    /// Views from the calculator per product since `since`, most first.
    async fn product_views(&self, since: OffsetDateTime) -> StoreResult<Vec<(ProductId, i64)>>;
    /// The new rate's id; under a key already used for the same request,
    /// the first rate's id and nothing stored.
    async fn add_exchange_rate(
        &self,
        rate: &NewExchangeRate,
        staff: Option<i64>,
        at: OffsetDateTime,
        request: Option<&KeyedRequest>,
    ) -> StoreResult<i64>;
    /// Rates effective on or after `since`, newest effective date first.
    async fn exchange_rates(&self, since: Date) -> StoreResult<Vec<ExchangeRate>>;
}
