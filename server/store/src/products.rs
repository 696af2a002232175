//! Lenders and their products.

use crate::Store;
use crate::db::{Row, args};
use crate::idempotency::{commit_created, created_before};
use crate::rows::{self, PRODUCT_COLUMNS};
use async_trait::async_trait;
use hiram_domain::idempotency::KeyedRequest;
use hiram_domain::product::{Lender, LenderId, NewLender, NewProduct, Product, ProductId, ProductListing};
use hiram_domain::store::{ProductStore, StoreResult, exactly_one};
use time::OffsetDateTime;

const LENDER_COLUMNS: &str = "id, name, corporate_name, sec_registration_no, certificate_of_authority_no";

fn lender(row: &Row<'_>) -> StoreResult<Lender> {
    Ok(Lender {
        id: row.get(0)?,
        name: row.get(1)?,
        corporate_name: row.get(2)?,
        sec_registration_no: row.get(3)?,
        certificate_of_authority_no: hiram_domain::company::unlabelled_authority_number(row.get(4)?),
    })
}

#[async_trait]
impl ProductStore for Store {
    async fn insert_lender(&self, lender: &NewLender) -> StoreResult<LenderId> {
        let id = self
            .db
            .insert(
                "INSERT INTO lender (name, corporate_name, sec_registration_no, certificate_of_authority_no) \
                 VALUES ($1, $2, $3, $4) RETURNING id",
                args![
                    &lender.name,
                    &lender.corporate_name,
                    &lender.sec_registration_no,
                    &lender.certificate_of_authority_no
                ],
            )
            .await?;
        Ok(LenderId(id))
    }

    async fn lenders(&self) -> StoreResult<Vec<Lender>> {
        self.db.all(&format!("SELECT {LENDER_COLUMNS} FROM lender ORDER BY id"), args![], lender).await
    }

    async fn lender(&self, id: LenderId) -> StoreResult<Option<Lender>> {
        self.db.opt(&format!("SELECT {LENDER_COLUMNS} FROM lender WHERE id = $1"), args![id], lender).await
    }

    async fn insert_product(
        &self,
        product: &NewProduct,
        at: OffsetDateTime,
        request: Option<&KeyedRequest>,
    ) -> StoreResult<ProductId> {
        let mut tx = self.db.write().await?;
        if let Some(first) = created_before(&mut tx, request).await? {
            return Ok(ProductId(first));
        }
        let terms = &product.terms;
        // `rate_description` held a rate staff typed; borrowers now read the
        // engine's (decision 090). Older servers of a rolling upgrade still
        // read the column, so it stays, empty, until a release drops it.
        let id = tx
            .value(
                "INSERT INTO product (lender_id, name, logo_url, min_amount, max_amount, amount_step, periods, \
                 period_days, monthly_interest_bp, service_fee_bp, penalty_one_time_new, penalty_one_time_repeat, \
                 penalty_daily_bp_1_30, penalty_daily_bp_31_90, penalty_daily_bp_91_on, rate_description, tags, \
                 allows_extension, requires_review, available, early_after_term_bp, early_min_days, early_min_interest_days, \
                 extensions_allowed, extension_days, extension_fee_bp, allocation) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, '', $16, $17, $18, $19, \
                 $20, $21, $22, $23, $24, $25, $26) \
                 RETURNING id",
                args![
                    product.lender_id,
                    &product.name,
                    &product.logo_url,
                    terms.min_amount,
                    terms.max_amount,
                    terms.amount_step,
                    terms.periods,
                    terms.period_days,
                    terms.monthly_interest_bp,
                    terms.service_fee_bp,
                    terms.penalty.one_time_new,
                    terms.penalty.one_time_repeat,
                    terms.penalty.daily_bp_days_1_30,
                    terms.penalty.daily_bp_days_31_90,
                    terms.penalty.daily_bp_from_day_91,
                    &product.tags,
                    product.allows_extension,
                    product.requires_review,
                    product.available,
                    terms.clauses.early_after_term_bp,
                    terms.clauses.early_min_days,
                    terms.clauses.early_min_interest_days,
                    terms.clauses.extensions_allowed,
                    terms.clauses.extension_days,
                    terms.clauses.extension_fee_bp,
                    terms.clauses.allocation.key(),
                ],
            )
            .await?;
        commit_created(tx, request, id, at).await.map(ProductId)
    }

    async fn update_listing(&self, id: ProductId, listing: &ProductListing) -> StoreResult<()> {
        let changed = self
            .db
            .exec(
                "UPDATE product SET name = $2, logo_url = $3, tags = $4, \
                 allows_extension = $5, requires_review = $6, available = $7 WHERE id = $1",
                args![
                    id,
                    &listing.name,
                    &listing.logo_url,
                    &listing.tags,
                    listing.allows_extension,
                    listing.requires_review,
                    listing.available,
                ],
            )
            .await?;
        exactly_one(changed)
    }

    async fn products(&self) -> StoreResult<Vec<Product>> {
        let sql = format!("SELECT {PRODUCT_COLUMNS} FROM product p JOIN lender l ON l.id = p.lender_id ORDER BY p.id");
        self.db.all(&sql, args![], rows::product).await
    }

    async fn product(&self, id: ProductId) -> StoreResult<Option<Product>> {
        let sql =
            format!("SELECT {PRODUCT_COLUMNS} FROM product p JOIN lender l ON l.id = p.lender_id WHERE p.id = $1");
        self.db.opt(&sql, args![id], rows::product).await
    }
}
