//! The domain's storage traits on PostgreSQL.

use crate::rows::{self, BORROWER_COLUMNS, ORDER_COLUMNS, PRODUCT_COLUMNS};
use crate::{PostgresStore, database};
use async_trait::async_trait;
use hiram_domain::borrower::{Borrower, BorrowerId};
use hiram_domain::order::{Extension, NewOrder, Order, OrderId, OrderStatus, StatusChange, Transition};
use hiram_domain::phone::Phone;
use hiram_domain::product::{Lender, LenderId, NewLender, NewProduct, Product, ProductId, ProductListing};
use hiram_domain::session::{Session, TokenDigest};
use hiram_domain::store::{
    BorrowerStore, HealthStore, OrderDocument, OrderStore, ProductStore, SessionStore, StoreError, StoreResult,
    exactly_one,
};
use time::OffsetDateTime;
use tokio_postgres::error::SqlState;

/// Maps a broken UNIQUE constraint to the domain's named conflict.
pub(crate) fn unique_violation(error: tokio_postgres::Error, constraint: &'static str) -> StoreError {
    if error.code() == Some(&SqlState::UNIQUE_VIOLATION) { StoreError::Conflict(constraint) } else { database(error) }
}

#[async_trait]
impl HealthStore for PostgresStore {
    async fn ping(&self) -> StoreResult<()> {
        self.client().await?.simple_query("SELECT 1").await.map_err(database)?;
        Ok(())
    }
}

#[async_trait]
impl ProductStore for PostgresStore {
    async fn insert_lender(&self, lender: &NewLender) -> StoreResult<LenderId> {
        let row = self
            .client()
            .await?
            .query_one(
                "INSERT INTO lender (name, corporate_name, sec_registration_no, certificate_of_authority_no) \
                 VALUES ($1, $2, $3, $4) RETURNING id",
                &[
                    &lender.name,
                    &lender.corporate_name,
                    &lender.sec_registration_no,
                    &lender.certificate_of_authority_no,
                ],
            )
            .await
            .map_err(database)?;
        Ok(LenderId(row.get(0)))
    }

    async fn lenders(&self) -> StoreResult<Vec<Lender>> {
        let rows = self
            .client()
            .await?
            .query(
                "SELECT id, name, corporate_name, sec_registration_no, certificate_of_authority_no FROM lender ORDER BY id",
                &[],
            )
            .await
            .map_err(database)?;
        Ok(rows
            .iter()
            .map(|row| Lender {
                id: LenderId(row.get(0)),
                name: row.get(1),
                corporate_name: row.get(2),
                sec_registration_no: row.get(3),
                certificate_of_authority_no: row.get(4),
            })
            .collect())
    }

    async fn lender(&self, id: LenderId) -> StoreResult<Option<Lender>> {
        let client = self.client().await?;
        let statement = client
            .prepare_cached(
                "SELECT id, name, corporate_name, sec_registration_no, certificate_of_authority_no FROM lender WHERE id = $1",
            )
            .await
            .map_err(database)?;
        let row = client.query_opt(&statement, &[&id.0]).await.map_err(database)?;
        Ok(row.map(|row| Lender {
            id: LenderId(row.get(0)),
            name: row.get(1),
            corporate_name: row.get(2),
            sec_registration_no: row.get(3),
            certificate_of_authority_no: row.get(4),
        }))
    }

    async fn insert_product(&self, product: &NewProduct) -> StoreResult<ProductId> {
        let terms = &product.terms;
        let row = self
            .client()
            .await?
            .query_one(
                "INSERT INTO product (lender_id, name, logo_url, min_amount, max_amount, amount_step, periods, \
                 period_days, monthly_interest_bp, service_fee_bp, penalty_one_time_new, penalty_one_time_repeat, \
                 penalty_daily_bp_1_30, penalty_daily_bp_31_90, penalty_daily_bp_91_on, rate_description, tags, \
                 allows_extension, requires_review, available) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20) \
                 RETURNING id",
                &[
                    &product.lender_id.0,
                    &product.name,
                    &product.logo_url,
                    &terms.min_amount.get(),
                    &terms.max_amount.get(),
                    &terms.amount_step.get(),
                    &terms.periods,
                    &terms.period_days,
                    &terms.monthly_interest_bp,
                    &terms.service_fee_bp,
                    &terms.penalty.one_time_new.get(),
                    &terms.penalty.one_time_repeat.get(),
                    &terms.penalty.daily_bp_days_1_30,
                    &terms.penalty.daily_bp_days_31_90,
                    &terms.penalty.daily_bp_from_day_91,
                    &product.rate_description,
                    &product.tags,
                    &product.allows_extension,
                    &product.requires_review,
                    &product.available,
                ],
            )
            .await
            .map_err(database)?;
        Ok(ProductId(row.get(0)))
    }

    async fn update_listing(&self, id: ProductId, listing: &ProductListing) -> StoreResult<()> {
        let changed = self
            .client()
            .await?
            .execute(
                "UPDATE product SET name = $2, logo_url = $3, rate_description = $4, tags = $5, \
                 allows_extension = $6, requires_review = $7, available = $8 WHERE id = $1",
                &[
                    &id.0,
                    &listing.name,
                    &listing.logo_url,
                    &listing.rate_description,
                    &listing.tags,
                    &listing.allows_extension,
                    &listing.requires_review,
                    &listing.available,
                ],
            )
            .await
            .map_err(database)?;
        exactly_one(changed)
    }

    async fn products(&self) -> StoreResult<Vec<Product>> {
        let client = self.client().await?;
        let statement = client
            .prepare_cached(&format!(
                "SELECT {PRODUCT_COLUMNS} FROM product p JOIN lender l ON l.id = p.lender_id ORDER BY p.id"
            ))
            .await
            .map_err(database)?;
        let rows = client.query(&statement, &[]).await.map_err(database)?;
        Ok(rows.iter().map(rows::product).collect())
    }

    async fn product(&self, id: ProductId) -> StoreResult<Option<Product>> {
        let client = self.client().await?;
        let statement = client
            .prepare_cached(&format!(
                "SELECT {PRODUCT_COLUMNS} FROM product p JOIN lender l ON l.id = p.lender_id WHERE p.id = $1"
            ))
            .await
            .map_err(database)?;
        let row = client.query_opt(&statement, &[&id.0]).await.map_err(database)?;
        Ok(row.as_ref().map(rows::product))
    }
}

#[async_trait]
impl BorrowerStore for PostgresStore {
    async fn ensure_borrower(
        &self,
        phone: &Phone,
        full_name: Option<&str>,
        now: OffsetDateTime,
    ) -> StoreResult<Borrower> {
        let client = self.client().await?;
        client
            .execute(
                "INSERT INTO borrower (phone, full_name, created_at) VALUES ($1, $2, $3) ON CONFLICT (phone) DO NOTHING",
                &[&phone.e164(), &full_name, &now],
            )
            .await
            .map_err(database)?;
        let row = client
            .query_one(&format!("SELECT {BORROWER_COLUMNS} FROM borrower WHERE phone = $1"), &[&phone.e164()])
            .await
            .map_err(database)?;
        rows::borrower(&row)
    }

    async fn borrower_by_phone(&self, phone: &Phone) -> StoreResult<Option<Borrower>> {
        let client = self.client().await?;
        let row = client
            .query_opt(&format!("SELECT {BORROWER_COLUMNS} FROM borrower WHERE phone = $1"), &[&phone.e164()])
            .await
            .map_err(database)?;
        row.as_ref().map(rows::borrower).transpose()
    }

    async fn password_hash(&self, id: BorrowerId) -> StoreResult<Option<String>> {
        let row = self
            .client()
            .await?
            .query_opt("SELECT password_hash FROM borrower WHERE id = $1", &[&id.0])
            .await
            .map_err(database)?;
        Ok(row.and_then(|row| row.get(0)))
    }

    async fn set_password_hash(&self, id: BorrowerId, hash: &str) -> StoreResult<()> {
        self.client()
            .await?
            .execute("UPDATE borrower SET password_hash = $2 WHERE id = $1", &[&id.0, &hash])
            .await
            .map_err(database)?;
        Ok(())
    }

    async fn set_full_name(&self, id: BorrowerId, full_name: &str) -> StoreResult<()> {
        self.client()
            .await?
            .execute("UPDATE borrower SET full_name = $2 WHERE id = $1", &[&id.0, &full_name])
            .await
            .map_err(database)?;
        Ok(())
    }

    async fn borrower(&self, id: BorrowerId) -> StoreResult<Option<Borrower>> {
        let client = self.client().await?;
        let row = client
            .query_opt(&format!("SELECT {BORROWER_COLUMNS} FROM borrower WHERE id = $1"), &[&id.0])
            .await
            .map_err(database)?;
        row.as_ref().map(rows::borrower).transpose()
    }
}

#[async_trait]
impl SessionStore for PostgresStore {
    async fn insert_session(&self, session: &Session) -> StoreResult<()> {
        self.client()
            .await?
            .execute(
                "INSERT INTO session (digest, borrower_id, created_at, last_seen_at, expires_at, revoked_at) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
                &[
                    &&session.digest.0[..],
                    &session.borrower_id.0,
                    &session.created_at,
                    &session.last_seen_at,
                    &session.expires_at,
                    &session.revoked_at,
                ],
            )
            .await
            .map_err(|error| unique_violation(error, "session_digest"))?;
        Ok(())
    }

    async fn session(&self, digest: &TokenDigest) -> StoreResult<Option<Session>> {
        let client = self.client().await?;
        let statement = client
            .prepare_cached(
                "SELECT borrower_id, created_at, last_seen_at, expires_at, revoked_at FROM session WHERE digest = $1",
            )
            .await
            .map_err(database)?;
        let row = client.query_opt(&statement, &[&&digest.0[..]]).await.map_err(database)?;
        Ok(row.map(|row| Session {
            digest: *digest,
            borrower_id: BorrowerId(row.get(0)),
            created_at: row.get(1),
            last_seen_at: row.get(2),
            expires_at: row.get(3),
            revoked_at: row.get(4),
        }))
    }

    async fn touch_session(&self, digest: &TokenDigest, now: OffsetDateTime) -> StoreResult<()> {
        self.client()
            .await?
            .execute(
                "UPDATE session SET last_seen_at = GREATEST(last_seen_at, $2) WHERE digest = $1",
                &[&&digest.0[..], &now],
            )
            .await
            .map_err(database)?;
        Ok(())
    }

    async fn revoke_session(&self, digest: &TokenDigest, now: OffsetDateTime) -> StoreResult<()> {
        self.client()
            .await?
            .execute(
                "UPDATE session SET revoked_at = $2 WHERE digest = $1 AND revoked_at IS NULL",
                &[&&digest.0[..], &now],
            )
            .await
            .map_err(database)?;
        Ok(())
    }
}

#[async_trait]
impl OrderStore for PostgresStore {
    async fn insert_order(&self, order: &NewOrder, cause: &str) -> StoreResult<OrderId> {
        let mut client = self.client().await?;
        let transaction = client.transaction().await.map_err(database)?;
        let row = transaction
            .query_one(
                "INSERT INTO loan_order (order_no, borrower_id, product_id, status, principal, interest, fees, \
                 term_days, applied_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
                &[
                    &order.order_no,
                    &order.borrower_id.0,
                    &order.product_id.0,
                    &OrderStatus::UnderReview.code(),
                    &order.principal.get(),
                    &order.interest.get(),
                    &order.fees.get(),
                    &order.term_days,
                    &order.applied_at,
                ],
            )
            .await
            .map_err(|error| unique_violation(error, "loan_order_no"))?;
        let id: i64 = row.get(0);
        transaction
            .execute(
                "INSERT INTO order_status_change (order_id, from_status, to_status, cause, at) VALUES ($1, NULL, $2, $3, $4)",
                &[&id, &OrderStatus::UnderReview.code(), &cause, &order.applied_at],
            )
            .await
            .map_err(database)?;
        transaction.commit().await.map_err(database)?;
        Ok(OrderId(id))
    }

    async fn orders_of(&self, borrower: BorrowerId) -> StoreResult<Vec<Order>> {
        let client = self.client().await?;
        let statement = client
            .prepare_cached(&format!("SELECT {ORDER_COLUMNS} FROM loan_order WHERE borrower_id = $1 ORDER BY id DESC"))
            .await
            .map_err(database)?;
        let rows = client.query(&statement, &[&borrower.0]).await.map_err(database)?;
        rows.iter().map(rows::order).collect()
    }

    async fn order_of(&self, borrower: BorrowerId, order: OrderId) -> StoreResult<Option<Order>> {
        let client = self.client().await?;
        let statement = client
            .prepare_cached(&format!("SELECT {ORDER_COLUMNS} FROM loan_order WHERE id = $1 AND borrower_id = $2"))
            .await
            .map_err(database)?;
        let row = client.query_opt(&statement, &[&order.0, &borrower.0]).await.map_err(database)?;
        row.as_ref().map(rows::order).transpose()
    }

    async fn order(&self, order: OrderId) -> StoreResult<Option<Order>> {
        let row = self
            .client()
            .await?
            .query_opt(&format!("SELECT {ORDER_COLUMNS} FROM loan_order WHERE id = $1"), &[&order.0])
            .await
            .map_err(database)?;
        row.as_ref().map(rows::order).transpose()
    }

    async fn repayable_orders(&self) -> StoreResult<Vec<Order>> {
        let rows = self
            .client()
            .await?
            .query(&format!("SELECT {ORDER_COLUMNS} FROM loan_order WHERE status IN (174, 180) ORDER BY id"), &[])
            .await
            .map_err(database)?;
        rows.iter().map(rows::order).collect()
    }

    async fn apply_transition(&self, transition: &Transition) -> StoreResult<()> {
        let mut client = self.client().await?;
        let transaction = client.transaction().await.map_err(database)?;
        transition_in(&transaction, transition).await?;
        transaction.commit().await.map_err(database)
    }

    async fn accept_order(&self, transition: &Transition, documents: &[(&'static str, String)]) -> StoreResult<()> {
        let mut client = self.client().await?;
        let transaction = client.transaction().await.map_err(database)?;
        transition_in(&transaction, transition).await?;
        for (kind, body) in documents {
            transaction
                .execute(
                    "INSERT INTO order_document (order_id, kind, body, created_at) VALUES ($1, $2, $3, $4)",
                    &[&transition.order_id.0, kind, body, &transition.at],
                )
                .await
                .map_err(|error| unique_violation(error, "order_document"))?;
        }
        transaction.commit().await.map_err(database)
    }

    async fn extend_order(&self, extension: &Extension) -> StoreResult<bool> {
        let mut client = self.client().await?;
        let transaction = client.transaction().await.map_err(database)?;
        let inserted = transaction
            .execute(
                "INSERT INTO order_extension (order_id, key, added_days, fee, new_due_date, at) \
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (key) DO NOTHING",
                &[
                    &extension.order_id.0,
                    &extension.key,
                    &extension.added_days,
                    &extension.fee.get(),
                    &extension.new_due_date,
                    &extension.at,
                ],
            )
            .await
            .map_err(database)?;
        if inserted == 0 {
            return Ok(false);
        }
        let changed = transaction
            .execute(
                "UPDATE loan_order SET extension_days = extension_days + $2, due_date = $3 \
                 WHERE id = $1 AND status = 174",
                &[&extension.order_id.0, &extension.added_days, &extension.new_due_date],
            )
            .await
            .map_err(database)?;
        if changed != 1 {
            return Err(StoreError::Stale);
        }
        transaction.commit().await.map_err(database)?;
        Ok(true)
    }

    async fn order_document(&self, order: OrderId, kind: &str) -> StoreResult<Option<OrderDocument>> {
        let row = self
            .client()
            .await?
            .query_opt(
                "SELECT kind, body, created_at FROM order_document WHERE order_id = $1 AND kind = $2",
                &[&order.0, &kind],
            )
            .await
            .map_err(database)?;
        Ok(row.map(|row| OrderDocument { kind: row.get(0), body: row.get(1), created_at: row.get(2) }))
    }

    async fn status_history(&self, order: OrderId) -> StoreResult<Vec<StatusChange>> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT from_status, to_status, cause, at FROM order_status_change WHERE order_id = $1 ORDER BY id",
                &[&order.0],
            )
            .await
            .map_err(database)?;
        rows.iter()
            .map(|row| {
                let from: Option<i64> = row.get(0);
                Ok(StatusChange {
                    order_id: order,
                    from: from.map(rows::status).transpose()?,
                    to: rows::status(row.get(1))?,
                    cause: row.get(2),
                    at: row.get(3),
                })
            })
            .collect()
    }
}

/// Moves an order from `from` to `to` inside a transaction and records the
/// change; `Stale` when the order is no longer in `from`.
async fn transition_in(transaction: &deadpool_postgres::Transaction<'_>, transition: &Transition) -> StoreResult<()> {
    let closes = matches!(transition.to, OrderStatus::Repaid | OrderStatus::Rejected);
    let changed = transaction
        .execute(
            "UPDATE loan_order SET status = $3, \
             disbursed_at = CASE WHEN $3::BIGINT = 174 THEN $4 ELSE disbursed_at END, \
             due_date = COALESCE($5, due_date), \
             closed_at = CASE WHEN $6 THEN $4 ELSE closed_at END \
             WHERE id = $1 AND status = $2",
            &[
                &transition.order_id.0,
                &transition.from.code(),
                &transition.to.code(),
                &transition.at,
                &transition.due_date,
                &closes,
            ],
        )
        .await
        .map_err(database)?;
    if changed != 1 {
        return Err(StoreError::Stale);
    }
    transaction
        .execute(
            "INSERT INTO order_status_change (order_id, from_status, to_status, cause, at) VALUES ($1, $2, $3, $4, $5)",
            &[
                &transition.order_id.0,
                &transition.from.code(),
                &transition.to.code(),
                &transition.cause,
                &transition.at,
            ],
        )
        .await
        .map_err(database)?;
    Ok(())
}
