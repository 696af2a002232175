//! Loan orders, their status changes and accepted documents.

use crate::Store;
use crate::db::{Conn, args, conflict};
use crate::rows::{self, ORDER_COLUMNS};
use async_trait::async_trait;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::order::{Extension, NewOrder, Order, OrderId, OrderStatus, StatusChange, Transition};
use hiram_domain::store::{OrderDocument, OrderStore, StoreError, StoreResult, exactly_one};

#[async_trait]
impl OrderStore for Store {
    async fn insert_order(&self, order: &NewOrder, cause: &str) -> StoreResult<OrderId> {
        let mut tx = self.db.write().await?;
        let id: i64 = tx
            .value(
                "INSERT INTO loan_order (order_no, borrower_id, product_id, status, principal, interest, fees, \
                 term_days, applied_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
                args![
                    &order.order_no,
                    order.borrower_id,
                    order.product_id,
                    OrderStatus::UnderReview,
                    order.principal,
                    order.interest,
                    order.fees,
                    order.term_days,
                    order.applied_at,
                ],
            )
            .await
            .map_err(conflict("loan_order_no"))?;
        tx.exec(
            "INSERT INTO order_status_change (order_id, from_status, to_status, cause, at) VALUES ($1, NULL, $2, $3, $4)",
            args![id, OrderStatus::UnderReview, cause, order.applied_at],
        )
        .await?;
        tx.commit().await?;
        Ok(OrderId(id))
    }

    async fn orders_of(&self, borrower: BorrowerId) -> StoreResult<Vec<Order>> {
        let sql = format!("SELECT {ORDER_COLUMNS} FROM loan_order WHERE borrower_id = $1 ORDER BY id DESC");
        self.db.all(&sql, args![borrower], rows::order).await
    }

    async fn order_of(&self, borrower: BorrowerId, order: OrderId) -> StoreResult<Option<Order>> {
        let sql = format!("SELECT {ORDER_COLUMNS} FROM loan_order WHERE id = $1 AND borrower_id = $2");
        self.db.opt(&sql, args![order, borrower], rows::order).await
    }

    async fn order(&self, order: OrderId) -> StoreResult<Option<Order>> {
        self.db.opt(&format!("SELECT {ORDER_COLUMNS} FROM loan_order WHERE id = $1"), args![order], rows::order).await
    }

    async fn repayable_orders(&self) -> StoreResult<Vec<Order>> {
        let sql = format!("SELECT {ORDER_COLUMNS} FROM loan_order WHERE status IN (174, 180) ORDER BY id");
        self.db.all(&sql, args![], rows::order).await
    }

    async fn apply_transition(&self, transition: &Transition) -> StoreResult<()> {
        let mut tx = self.db.write().await?;
        transition_in(&mut tx, transition).await?;
        tx.commit().await
    }

    async fn accept_order(&self, transition: &Transition, documents: &[(&'static str, String)]) -> StoreResult<()> {
        let mut tx = self.db.write().await?;
        transition_in(&mut tx, transition).await?;
        for (kind, body) in documents {
            tx.exec(
                "INSERT INTO order_document (order_id, kind, body, created_at) VALUES ($1, $2, $3, $4)",
                args![transition.order_id, *kind, body, transition.at],
            )
            .await
            .map_err(conflict("order_document"))?;
        }
        tx.commit().await
    }

    async fn extend_order(&self, extension: &Extension) -> StoreResult<bool> {
        let mut tx = self.db.write().await?;
        let applied = extend_in(&mut tx, extension).await?;
        tx.commit().await?;
        Ok(applied)
    }

    async fn order_document(&self, order: OrderId, kind: &str) -> StoreResult<Option<OrderDocument>> {
        self.db
            .opt(
                "SELECT kind, body, created_at FROM order_document WHERE order_id = $1 AND kind = $2",
                args![order, kind],
                |row| Ok(OrderDocument { kind: row.get(0)?, body: row.get(1)?, created_at: row.get(2)? }),
            )
            .await
    }

    async fn status_history(&self, order: OrderId) -> StoreResult<Vec<StatusChange>> {
        self.db
            .all(
                "SELECT from_status, to_status, cause, at FROM order_status_change WHERE order_id = $1 ORDER BY id",
                args![order],
                |row| {
                    Ok(StatusChange {
                        order_id: order,
                        from: row.get(0)?,
                        to: row.get(1)?,
                        cause: row.get(2)?,
                        at: row.get(3)?,
                    })
                },
            )
            .await
    }
}

/// Applies an extension inside a write transaction, once per key: false
/// when the key was applied before; `Stale` when the order is not repayable
/// (174, or 180 for a rollover, whose transition follows in the same
/// transaction).
pub(crate) async fn extend_in(tx: &mut Conn, extension: &Extension) -> StoreResult<bool> {
    let inserted = tx
        .exec(
            "INSERT INTO order_extension (order_id, key, added_days, fee, new_due_date, at) \
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (key) DO NOTHING",
            args![
                extension.order_id,
                &extension.key,
                extension.added_days,
                extension.fee,
                extension.new_due_date,
                extension.at,
            ],
        )
        .await?;
    if inserted == 0 {
        return Ok(false);
    }
    let changed = tx
        .exec(
            "UPDATE loan_order SET extension_days = extension_days + $2, extension_count = extension_count + 1, \
             due_date = $3 WHERE id = $1 AND status IN (174, 180)",
            args![extension.order_id, extension.added_days, extension.new_due_date],
        )
        .await?;
    exactly_one(changed)?;
    Ok(true)
}

/// Moves an order from `from` to `to` inside a write transaction and records
/// the change; `Stale` when the order is no longer in `from`.
pub(crate) async fn transition_in(tx: &mut Conn, transition: &Transition) -> StoreResult<()> {
    let closes = matches!(transition.to, OrderStatus::Repaid | OrderStatus::Rejected);
    let changed = tx
        .exec(
            "UPDATE loan_order SET status = $3, \
             disbursed_at = CASE WHEN CAST($2 AS BIGINT) = 170 AND CAST($3 AS BIGINT) = 174 THEN $4 ELSE disbursed_at END, \
             due_date = COALESCE($5, due_date), \
             closed_at = CASE WHEN $6 THEN $4 ELSE closed_at END \
             WHERE id = $1 AND status = $2",
            args![transition.order_id, transition.from, transition.to, transition.at, transition.due_date, closes],
        )
        .await?;
    if changed != 1 {
        return Err(StoreError::Stale);
    }
    tx.exec(
        "INSERT INTO order_status_change (order_id, from_status, to_status, cause, at) VALUES ($1, $2, $3, $4, $5)",
        args![transition.order_id, transition.from, transition.to, &transition.cause, transition.at],
    )
    .await
    .map(drop)
}
