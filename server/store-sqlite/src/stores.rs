//! The domain's storage traits on SQLite.

use crate::pool::{SqliteStore, backend};
use crate::rows::{self, BORROWER_COLUMNS, ORDER_COLUMNS, PRODUCT_COLUMNS, millis};
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
use rusqlite::{OptionalExtension, params};
use time::OffsetDateTime;

/// Maps a broken UNIQUE constraint to the domain's named conflict.
pub(crate) fn unique_violation(error: rusqlite::Error, constraint: &'static str) -> StoreError {
    match &error {
        rusqlite::Error::SqliteFailure(failure, _)
            if failure.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                || failure.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY =>
        {
            StoreError::Conflict(constraint)
        }
        _ => backend(error),
    }
}

#[async_trait]
impl HealthStore for SqliteStore {
    async fn ping(&self) -> StoreResult<()> {
        self.read(|connection| connection.query_row("SELECT 1", [], |_| Ok(())).map_err(backend)).await
    }
}

#[async_trait]
impl ProductStore for SqliteStore {
    async fn insert_lender(&self, lender: &NewLender) -> StoreResult<LenderId> {
        let lender = lender.clone();
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO lender (name, corporate_name, sec_registration_no, certificate_of_authority_no) \
                 VALUES (?1, ?2, ?3, ?4)",
                params![
                    lender.name,
                    lender.corporate_name,
                    lender.sec_registration_no,
                    lender.certificate_of_authority_no
                ],
            )
            .map_err(backend)?;
            Ok(LenderId(tx.last_insert_rowid()))
        })
        .await
    }

    async fn lenders(&self) -> StoreResult<Vec<Lender>> {
        self.read(|connection| {
            let mut statement = connection
                .prepare_cached(
                    "SELECT id, name, corporate_name, sec_registration_no, certificate_of_authority_no \
                     FROM lender ORDER BY id",
                )
                .map_err(backend)?;
            statement
                .query_map([], |row| {
                    Ok(Lender {
                        id: LenderId(row.get(0)?),
                        name: row.get(1)?,
                        corporate_name: row.get(2)?,
                        sec_registration_no: row.get(3)?,
                        certificate_of_authority_no: row.get(4)?,
                    })
                })
                .and_then(Iterator::collect)
                .map_err(backend)
        })
        .await
    }

    async fn lender(&self, id: LenderId) -> StoreResult<Option<Lender>> {
        self.read(move |connection| {
            connection
                .prepare_cached(
                    "SELECT id, name, corporate_name, sec_registration_no, certificate_of_authority_no \
                     FROM lender WHERE id = ?1",
                )
                .and_then(|mut statement| {
                    statement
                        .query_row([id.0], |row| {
                            Ok(Lender {
                                id: LenderId(row.get(0)?),
                                name: row.get(1)?,
                                corporate_name: row.get(2)?,
                                sec_registration_no: row.get(3)?,
                                certificate_of_authority_no: row.get(4)?,
                            })
                        })
                        .optional()
                })
                .map_err(backend)
        })
        .await
    }

    async fn insert_product(&self, product: &NewProduct) -> StoreResult<ProductId> {
        let product = product.clone();
        self.write(move |tx| {
            let terms = &product.terms;
            tx.execute(
                "INSERT INTO product (lender_id, name, logo_url, min_amount, max_amount, amount_step, periods, \
                 period_days, monthly_interest_bp, service_fee_bp, penalty_one_time_new, penalty_one_time_repeat, \
                 penalty_daily_bp_1_30, penalty_daily_bp_31_90, penalty_daily_bp_91_on, rate_description, tags, \
                 allows_extension, requires_review, available) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20)",
                params![
                    product.lender_id.0,
                    product.name,
                    product.logo_url,
                    terms.min_amount.get(),
                    terms.max_amount.get(),
                    terms.amount_step.get(),
                    terms.periods,
                    terms.period_days,
                    terms.monthly_interest_bp,
                    terms.service_fee_bp,
                    terms.penalty.one_time_new.get(),
                    terms.penalty.one_time_repeat.get(),
                    terms.penalty.daily_bp_days_1_30,
                    terms.penalty.daily_bp_days_31_90,
                    terms.penalty.daily_bp_from_day_91,
                    product.rate_description,
                    product.tags.join("\n"),
                    product.allows_extension,
                    product.requires_review,
                    product.available,
                ],
            )
            .map_err(backend)?;
            Ok(ProductId(tx.last_insert_rowid()))
        })
        .await
    }

    async fn update_listing(&self, id: ProductId, listing: &ProductListing) -> StoreResult<()> {
        let listing = listing.clone();
        self.write(move |tx| {
            let changed = tx
                .execute(
                    "UPDATE product SET name = ?2, logo_url = ?3, rate_description = ?4, tags = ?5, \
                     allows_extension = ?6, requires_review = ?7, available = ?8 WHERE id = ?1",
                    params![
                        id.0,
                        listing.name,
                        listing.logo_url,
                        listing.rate_description,
                        listing.tags.join("\n"),
                        listing.allows_extension,
                        listing.requires_review,
                        listing.available,
                    ],
                )
                .map_err(backend)?;
            exactly_one(changed as u64)
        })
        .await
    }

    async fn products(&self) -> StoreResult<Vec<Product>> {
        self.read(|connection| {
            let mut statement = connection
                .prepare_cached(&format!(
                    "SELECT {PRODUCT_COLUMNS} FROM product p JOIN lender l ON l.id = p.lender_id ORDER BY p.id"
                ))
                .map_err(backend)?;
            let products = statement.query_map([], rows::product).map_err(backend)?;
            products.collect::<rusqlite::Result<Vec<_>>>().map_err(backend)
        })
        .await
    }

    async fn product(&self, id: ProductId) -> StoreResult<Option<Product>> {
        self.read(move |connection| {
            connection
                .prepare_cached(&format!(
                    "SELECT {PRODUCT_COLUMNS} FROM product p JOIN lender l ON l.id = p.lender_id WHERE p.id = ?1"
                ))
                .and_then(|mut statement| statement.query_row([id.0], rows::product).optional())
                .map_err(backend)
        })
        .await
    }
}

#[async_trait]
impl BorrowerStore for SqliteStore {
    async fn ensure_borrower(
        &self,
        phone: &Phone,
        full_name: Option<&str>,
        now: OffsetDateTime,
    ) -> StoreResult<Borrower> {
        let phone = phone.e164().to_owned();
        let full_name = full_name.map(str::to_owned);
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO borrower (phone, full_name, created_at) VALUES (?1, ?2, ?3) ON CONFLICT (phone) DO NOTHING",
                params![phone, full_name, millis(now)],
            )
            .map_err(backend)?;
            tx.query_row(&format!("SELECT {BORROWER_COLUMNS} FROM borrower WHERE phone = ?1"), [&phone], rows::borrower)
                .map_err(backend)
        })
        .await
    }

    async fn borrower_by_phone(&self, phone: &Phone) -> StoreResult<Option<Borrower>> {
        let phone = phone.e164().to_owned();
        self.read(move |connection| {
            connection
                .prepare_cached(&format!("SELECT {BORROWER_COLUMNS} FROM borrower WHERE phone = ?1"))
                .and_then(|mut statement| statement.query_row([phone], rows::borrower).optional())
                .map_err(backend)
        })
        .await
    }

    async fn password_hash(&self, id: BorrowerId) -> StoreResult<Option<String>> {
        self.read(move |connection| {
            connection
                .query_row("SELECT password_hash FROM borrower WHERE id = ?1", [id.0], |row| row.get(0))
                .optional()
                .map(Option::flatten)
                .map_err(backend)
        })
        .await
    }

    async fn set_password_hash(&self, id: BorrowerId, hash: &str) -> StoreResult<()> {
        let hash = hash.to_owned();
        self.write(move |tx| {
            tx.execute("UPDATE borrower SET password_hash = ?2 WHERE id = ?1", params![id.0, hash]).map_err(backend)?;
            Ok(())
        })
        .await
    }

    async fn set_full_name(&self, id: BorrowerId, full_name: &str) -> StoreResult<()> {
        let full_name = full_name.to_owned();
        self.write(move |tx| {
            tx.execute("UPDATE borrower SET full_name = ?2 WHERE id = ?1", params![id.0, full_name])
                .map_err(backend)?;
            Ok(())
        })
        .await
    }

    async fn borrower(&self, id: BorrowerId) -> StoreResult<Option<Borrower>> {
        self.read(move |connection| {
            connection
                .prepare_cached(&format!("SELECT {BORROWER_COLUMNS} FROM borrower WHERE id = ?1"))
                .and_then(|mut statement| statement.query_row([id.0], rows::borrower).optional())
                .map_err(backend)
        })
        .await
    }
}

#[async_trait]
impl SessionStore for SqliteStore {
    async fn insert_session(&self, session: &Session) -> StoreResult<()> {
        let session = session.clone();
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO session (digest, borrower_id, created_at, last_seen_at, expires_at, revoked_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    session.digest.0,
                    session.borrower_id.0,
                    millis(session.created_at),
                    millis(session.last_seen_at),
                    millis(session.expires_at),
                    session.revoked_at.map(millis),
                ],
            )
            .map_err(|error| unique_violation(error, "session_digest"))?;
            Ok(())
        })
        .await
    }

    async fn session(&self, digest: &TokenDigest) -> StoreResult<Option<Session>> {
        let digest = *digest;
        self.read(move |connection| {
            connection
                .prepare_cached(
                    "SELECT borrower_id, created_at, last_seen_at, expires_at, revoked_at FROM session WHERE digest = ?1",
                )
                .and_then(|mut statement| {
                    statement
                        .query_row([digest.0], |row| {
                            Ok(Session {
                                digest,
                                borrower_id: BorrowerId(row.get(0)?),
                                created_at: rows::instant(row.get(1)?)?,
                                last_seen_at: rows::instant(row.get(2)?)?,
                                expires_at: rows::instant(row.get(3)?)?,
                                revoked_at: rows::optional_instant(row.get(4)?)?,
                            })
                        })
                        .optional()
                })
                .map_err(backend)
        })
        .await
    }

    async fn touch_session(&self, digest: &TokenDigest, now: OffsetDateTime) -> StoreResult<()> {
        let digest = *digest;
        self.write(move |tx| {
            tx.execute(
                "UPDATE session SET last_seen_at = MAX(last_seen_at, ?2) WHERE digest = ?1",
                params![digest.0, millis(now)],
            )
            .map_err(backend)?;
            Ok(())
        })
        .await
    }

    async fn revoke_session(&self, digest: &TokenDigest, now: OffsetDateTime) -> StoreResult<()> {
        let digest = *digest;
        self.write(move |tx| {
            tx.execute(
                "UPDATE session SET revoked_at = ?2 WHERE digest = ?1 AND revoked_at IS NULL",
                params![digest.0, millis(now)],
            )
            .map_err(backend)?;
            Ok(())
        })
        .await
    }
}

#[async_trait]
impl OrderStore for SqliteStore {
    async fn insert_order(&self, order: &NewOrder, cause: &str) -> StoreResult<OrderId> {
        let order = order.clone();
        let cause = cause.to_owned();
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO loan_order (order_no, borrower_id, product_id, status, principal, interest, fees, \
                 term_days, applied_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    order.order_no,
                    order.borrower_id.0,
                    order.product_id.0,
                    OrderStatus::UnderReview.code(),
                    order.principal.get(),
                    order.interest.get(),
                    order.fees.get(),
                    order.term_days,
                    millis(order.applied_at),
                ],
            )
            .map_err(|error| unique_violation(error, "loan_order_no"))?;
            let id = tx.last_insert_rowid();
            tx.execute(
                "INSERT INTO order_status_change (order_id, from_status, to_status, cause, at) VALUES (?1, NULL, ?2, ?3, ?4)",
                params![id, OrderStatus::UnderReview.code(), cause, millis(order.applied_at)],
            )
            .map_err(backend)?;
            Ok(OrderId(id))
        })
        .await
    }

    async fn orders_of(&self, borrower: BorrowerId) -> StoreResult<Vec<Order>> {
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached(&format!(
                    "SELECT {ORDER_COLUMNS} FROM loan_order WHERE borrower_id = ?1 ORDER BY id DESC"
                ))
                .map_err(backend)?;
            let orders = statement.query_map([borrower.0], rows::order).map_err(backend)?;
            orders.collect::<rusqlite::Result<Vec<_>>>().map_err(backend)
        })
        .await
    }

    async fn order_of(&self, borrower: BorrowerId, order: OrderId) -> StoreResult<Option<Order>> {
        self.read(move |connection| {
            connection
                .prepare_cached(&format!("SELECT {ORDER_COLUMNS} FROM loan_order WHERE id = ?1 AND borrower_id = ?2"))
                .and_then(|mut statement| statement.query_row([order.0, borrower.0], rows::order).optional())
                .map_err(backend)
        })
        .await
    }

    async fn order(&self, order: OrderId) -> StoreResult<Option<Order>> {
        self.read(move |connection| {
            connection
                .prepare_cached(&format!("SELECT {ORDER_COLUMNS} FROM loan_order WHERE id = ?1"))
                .and_then(|mut statement| statement.query_row([order.0], rows::order).optional())
                .map_err(backend)
        })
        .await
    }

    async fn repayable_orders(&self) -> StoreResult<Vec<Order>> {
        self.read(|connection| {
            let mut statement = connection
                .prepare_cached(&format!(
                    "SELECT {ORDER_COLUMNS} FROM loan_order WHERE status IN (174, 180) ORDER BY id"
                ))
                .map_err(backend)?;
            let orders = statement.query_map([], rows::order).map_err(backend)?;
            orders.collect::<rusqlite::Result<Vec<_>>>().map_err(backend)
        })
        .await
    }

    async fn apply_transition(&self, transition: &Transition) -> StoreResult<()> {
        let transition = transition.clone();
        self.write(move |tx| transition_in(tx, &transition)).await
    }

    async fn accept_order(&self, transition: &Transition, documents: &[(&'static str, String)]) -> StoreResult<()> {
        let transition = transition.clone();
        let documents = documents.to_vec();
        self.write(move |tx| {
            transition_in(tx, &transition)?;
            for (kind, body) in &documents {
                tx.execute(
                    "INSERT INTO order_document (order_id, kind, body, created_at) VALUES (?1, ?2, ?3, ?4)",
                    params![transition.order_id.0, kind, body, millis(transition.at)],
                )
                .map_err(|error| unique_violation(error, "order_document"))?;
            }
            Ok(())
        })
        .await
    }

    async fn extend_order(&self, extension: &Extension) -> StoreResult<bool> {
        let extension = extension.clone();
        self.write(move |tx| {
            let inserted = tx
                .execute(
                    "INSERT INTO order_extension (order_id, key, added_days, fee, new_due_date, at) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (key) DO NOTHING",
                    params![
                        extension.order_id.0,
                        extension.key,
                        extension.added_days,
                        extension.fee.get(),
                        rows::date_text(extension.new_due_date),
                        millis(extension.at)
                    ],
                )
                .map_err(backend)?;
            if inserted == 0 {
                return Ok(false);
            }
            let changed = tx
                .execute(
                    "UPDATE loan_order SET extension_days = extension_days + ?2, due_date = ?3 \
                     WHERE id = ?1 AND status = 174",
                    params![extension.order_id.0, extension.added_days, rows::date_text(extension.new_due_date)],
                )
                .map_err(backend)?;
            if changed != 1 {
                return Err(StoreError::Stale);
            }
            Ok(true)
        })
        .await
    }

    async fn order_document(&self, order: OrderId, kind: &str) -> StoreResult<Option<OrderDocument>> {
        let kind = kind.to_owned();
        self.read(move |connection| {
            connection
                .prepare_cached("SELECT kind, body, created_at FROM order_document WHERE order_id = ?1 AND kind = ?2")
                .and_then(|mut statement| {
                    statement
                        .query_row(params![order.0, kind], |row| {
                            Ok(OrderDocument {
                                kind: row.get(0)?,
                                body: row.get(1)?,
                                created_at: rows::instant(row.get(2)?)?,
                            })
                        })
                        .optional()
                })
                .map_err(backend)
        })
        .await
    }

    async fn status_history(&self, order: OrderId) -> StoreResult<Vec<StatusChange>> {
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached(
                    "SELECT from_status, to_status, cause, at FROM order_status_change WHERE order_id = ?1 ORDER BY id",
                )
                .map_err(backend)?;
            let changes = statement
                .query_map([order.0], |row| {
                    let from: Option<i64> = row.get(0)?;
                    Ok(StatusChange {
                        order_id: order,
                        from: from.map(|code| rows::status(code, 0)).transpose()?,
                        to: rows::status(row.get(1)?, 1)?,
                        cause: row.get(2)?,
                        at: rows::instant(row.get(3)?)?,
                    })
                })
                .map_err(backend)?;
            changes.collect::<rusqlite::Result<Vec<_>>>().map_err(backend)
        })
        .await
    }
}

/// Moves an order from `from` to `to` inside a write transaction and records
/// the change; `Stale` when the order is no longer in `from`.
fn transition_in(tx: &rusqlite::Transaction<'_>, transition: &Transition) -> StoreResult<()> {
    let at = millis(transition.at);
    let closes = matches!(transition.to, OrderStatus::Repaid | OrderStatus::Rejected);
    let changed = tx
        .execute(
            "UPDATE loan_order SET status = ?3, \
             disbursed_at = CASE WHEN ?3 = 174 THEN ?4 ELSE disbursed_at END, \
             due_date = COALESCE(?5, due_date), \
             closed_at = CASE WHEN ?6 THEN ?4 ELSE closed_at END \
             WHERE id = ?1 AND status = ?2",
            params![
                transition.order_id.0,
                transition.from.code(),
                transition.to.code(),
                at,
                transition.due_date.map(rows::date_text),
                closes,
            ],
        )
        .map_err(backend)?;
    if changed != 1 {
        return Err(StoreError::Stale);
    }
    tx.execute(
        "INSERT INTO order_status_change (order_id, from_status, to_status, cause, at) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![transition.order_id.0, transition.from.code(), transition.to.code(), transition.cause, at],
    )
    .map_err(backend)?;
    Ok(())
}
