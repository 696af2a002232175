//! Lenders and their products.

use super::StoreResult;
use crate::idempotency::KeyedRequest;
use crate::product::{Lender, LenderId, NewLender, NewProduct, Product, ProductId, ProductListing};
use async_trait::async_trait;
use time::OffsetDateTime;

#[async_trait]
pub trait ProductStore {
    async fn insert_lender(&self, lender: &NewLender) -> StoreResult<LenderId>;
    async fn lender(&self, id: LenderId) -> StoreResult<Option<Lender>>;
    async fn lenders(&self) -> StoreResult<Vec<Lender>>;
    /// The new product's id; under a key already used for the same
    /// request, the first product's id and nothing stored.
    async fn insert_product(
        &self,
        product: &NewProduct,
        at: OffsetDateTime,
        request: Option<&KeyedRequest>,
    ) -> StoreResult<ProductId>;
    /// Every product, marketplace order (by id).
    async fn products(&self) -> StoreResult<Vec<Product>>;
    async fn product(&self, id: ProductId) -> StoreResult<Option<Product>>;
    /// Replaces a product's listing (never its terms); `Stale` when there
    /// is no such product.
    async fn update_listing(&self, id: ProductId, listing: &ProductListing) -> StoreResult<()>;
}
