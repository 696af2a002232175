//! Loan orders, their status changes and accepted documents.

use crate::Store;
use crate::db::{Conn, args, conflict};
use crate::ledger::balance_columns;
use crate::rows::{self, ORDER_COLUMNS, ORDER_WIDTH, qualified};
use async_trait::async_trait;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::cap_proof::Occasion;
use hiram_domain::ledger::{Account, Balances};
use hiram_domain::order::{Extension, NewOrder, Order, OrderId, OrderStatus, StatusChange, Transition};
use hiram_domain::pricing::LoanTerms;
use hiram_domain::store::{
    Acceptance, DueLoan, OrderDocument, OrderStore, ProofRecord, StoreError, StoreResult, StoredCapProof, exactly_one,
};
use time::{Date, OffsetDateTime};

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

    async fn claim_daily_page(&self, first: OrderId, now: OffsetDateTime, until: OffsetDateTime) -> StoreResult<bool> {
        self.db.take_lease("daily_claim", "first_order_id", first, now, until).await
    }

    async fn release_daily_page(&self, first: OrderId) -> StoreResult<()> {
        self.db.exec("DELETE FROM daily_claim WHERE first_order_id = $1", args![first]).await.map(drop)
    }

    async fn due_page(&self, today: Date, after: OrderId, limit: usize) -> StoreResult<Vec<DueLoan>> {
        let balances = Account::ALL.map(|account| format!("COALESCE(b.{}, 0)", account.key())).join(", ");
        // The loans with work today come off the next-check index, however
        // large the book; the unary `+`s keep SQLite off the key and status
        // indexes, which would walk every account (decision 056).
        let sql = format!(
            "SELECT {}, {balances}, a.account FROM loan_account a JOIN loan_order o ON o.id = a.order_id \
             LEFT JOIN ledger_balance b ON b.order_id = o.id \
             WHERE a.next_check <= $1 AND +a.order_id > $2 AND +o.status IN ($3, $4) ORDER BY a.order_id LIMIT $5",
            qualified(ORDER_COLUMNS, "o")
        );
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.db
            .all(&sql, args![today, after, OrderStatus::RepaymentOpen, OrderStatus::Overdue, limit], |row| {
                let mut nets = [0; hiram_domain::ledger::ACCOUNTS];
                for (index, net) in nets.iter_mut().enumerate() {
                    *net = row.get(ORDER_WIDTH + index)?;
                }
                let account: String = row.get(ORDER_WIDTH + hiram_domain::ledger::ACCOUNTS)?;
                Ok(DueLoan {
                    order: rows::order(row)?,
                    account: rows::json(&account)?,
                    balances: Balances::from_nets(nets),
                })
            })
            .await
    }

    async fn copy_order(&self, template: OrderId, copies: usize) -> StoreResult<usize> {
        if copies == 0 {
            return Ok(0);
        }
        let copies = i64::try_from(copies).map_err(crate::db::stored_value)?;
        let mut tx = self.db.write().await?;
        let (orders_before, entries_before): (i64, i64) = tx
            .one(
                "SELECT (SELECT COALESCE(MAX(id), 0) FROM loan_order), (SELECT COALESCE(MAX(id), 0) FROM ledger_entry)",
                args![],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .await?;
        // Copy n of order T gets the phone +639 + (100000000 + its number
        // among all orders) and the order number T-n; the rows below find
        // it by that number rather than by an id chosen here.
        let series = "WITH RECURSIVE copy_no(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM copy_no WHERE n < $2)";
        tx.exec(
            &format!(
                "{series} INSERT INTO borrower (phone, full_name, created_at) \
                 SELECT '+639' || CAST(100000000 + $3 + n AS TEXT), b.full_name, b.created_at \
                 FROM copy_no, loan_order t JOIN borrower b ON b.id = t.borrower_id WHERE t.id = $1"
            ),
            args![template, copies, orders_before],
        )
        .await?;
        tx.exec(
            &format!(
                "{series} INSERT INTO loan_order (order_no, borrower_id, product_id, status, principal, interest, fees, \
                 term_days, applied_at, disbursed_at, due_date, closed_at, extension_days, extension_count, terms, \
                 accepted_by_act) \
                 SELECT t.order_no || '-' || CAST(n AS TEXT), b.id, t.product_id, t.status, t.principal, t.interest, \
                 t.fees, t.term_days, t.applied_at, t.disbursed_at, t.due_date, t.closed_at, t.extension_days, \
                 t.extension_count, t.terms, t.accepted_by_act \
                 FROM copy_no JOIN borrower b ON b.phone = '+639' || CAST(100000000 + $3 + n AS TEXT), \
                 loan_order t WHERE t.id = $1 ORDER BY n"
            ),
            args![template, copies, orders_before],
        )
        .await?;
        tx.exec(
            "INSERT INTO order_status_change (order_id, from_status, to_status, cause, at) \
             SELECT o.id, c.from_status, c.to_status, c.cause, c.at FROM loan_order o, order_status_change c \
             WHERE o.id > $2 AND c.order_id = $1 ORDER BY o.id, c.id",
            args![template, orders_before],
        )
        .await?;
        // Each copy's entries get keys of their own.
        let copied_key = "e.idempotency_key || ':copy:' || CAST(o.id AS TEXT)";
        tx.exec(
            &format!(
                "INSERT INTO ledger_entry (order_id, kind, idempotency_key, fingerprint, created_at) \
                 SELECT o.id, e.kind, {copied_key}, e.fingerprint, e.created_at FROM loan_order o, ledger_entry e \
                 WHERE o.id > $2 AND e.order_id = $1 ORDER BY o.id, e.id"
            ),
            args![template, orders_before],
        )
        .await?;
        tx.exec(
            &format!(
                "INSERT INTO ledger_line (entry_id, position, account, side, amount) \
                 SELECT c.id, l.position, l.account, l.side, l.amount FROM loan_order o CROSS JOIN ledger_entry e \
                 JOIN ledger_line l ON l.entry_id = e.id \
                 JOIN ledger_entry c ON c.idempotency_key = {copied_key} \
                 WHERE o.id > $2 AND e.order_id = $1 AND c.id > $3"
            ),
            args![template, orders_before, entries_before],
        )
        .await?;
        tx.exec(
            "INSERT INTO loan_account (order_id, account, next_check, overdue_since, updated_at, accrual_key) \
             SELECT o.id, a.account, a.next_check, a.overdue_since, a.updated_at, a.accrual_key FROM loan_order o, loan_account a \
             WHERE o.id > $2 AND a.order_id = $1",
            args![template, orders_before],
        )
        .await?;
        let columns = balance_columns();
        tx.exec(
            &format!(
                "INSERT INTO ledger_balance (order_id, {columns}) SELECT o.id, {} FROM loan_order o, ledger_balance b \
                 WHERE o.id > $2 AND b.order_id = $1",
                qualified(&columns, "b")
            ),
            args![template, orders_before],
        )
        .await?;
        tx.commit().await?;
        Ok(usize::try_from(copies).unwrap_or(0))
    }

    async fn apply_transition(&self, transition: &Transition) -> StoreResult<()> {
        let mut tx = self.db.write().await?;
        transition_in(&mut tx, transition).await?;
        tx.commit().await
    }

    async fn accept_order(
        &self,
        transition: &Transition,
        documents: &[(String, String)],
        acceptance: &Acceptance,
    ) -> StoreResult<Option<i64>> {
        let mut tx = self.db.write().await?;
        transition_in(&mut tx, transition).await?;
        tx.exec(
            "UPDATE loan_order SET terms = $2, accepted_by_act = $3, interest = $4 WHERE id = $1",
            args![transition.order_id(), &rows::to_json(&acceptance.terms)?, &acceptance.act, acceptance.interest],
        )
        .await?;
        insert_proof(&mut tx, transition.order_id(), &ProofRecord::Contract(acceptance.proof.clone()), transition.at())
            .await?;
        for (kind, body) in documents {
            tx.exec(
                "INSERT INTO order_document (order_id, kind, body, created_at) VALUES ($1, $2, $3, $4)",
                args![transition.order_id(), kind, body, transition.at()],
            )
            .await
            .map_err(conflict("order_document"))?;
        }
        let outbox_id = match &acceptance.message {
            Some(message) => Some(crate::sms_outbox::insert(&mut tx, message).await?),
            None => None,
        };
        tx.commit().await?;
        Ok(outbox_id)
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

    async fn order_documents(&self, order: OrderId) -> StoreResult<Vec<OrderDocument>> {
        self.db
            .all(
                "SELECT kind, body, created_at FROM order_document WHERE order_id = $1 ORDER BY created_at, kind",
                args![order],
                |row| Ok(OrderDocument { kind: row.get(0)?, body: row.get(1)?, created_at: row.get(2)? }),
            )
            .await
    }

    async fn loan_terms(&self, order: OrderId) -> StoreResult<Option<LoanTerms>> {
        let terms: Option<Option<String>> =
            self.db.opt_value("SELECT terms FROM loan_order WHERE id = $1", args![order]).await?;
        terms.flatten().map(|text| rows::json(&text)).transpose()
    }

    async fn acceptance_act(&self, order: OrderId) -> StoreResult<Option<String>> {
        let act: Option<Option<String>> =
            self.db.opt_value("SELECT accepted_by_act FROM loan_order WHERE id = $1", args![order]).await?;
        Ok(act.flatten())
    }

    async fn extensions(&self, order: OrderId) -> StoreResult<Vec<Extension>> {
        self.db
            .all(
                "SELECT key, added_days, fee, new_due_date, at, pay_code FROM order_extension WHERE order_id = $1 ORDER BY id",
                args![order],
                |row| {
                    Ok(Extension {
                        order_id: order,
                        key: row.get(0)?,
                        added_days: row.get(1)?,
                        fee: row.get(2)?,
                        new_due_date: row.get(3)?,
                        at: row.get(4)?,
                        pay_code: row.get(5)?,
                    })
                },
            )
            .await
    }

    async fn cap_proofs(&self, order: OrderId) -> StoreResult<Vec<StoredCapProof>> {
        self.db
            .all(
                "SELECT id, occasion, rule_set_code, passed, body, created_at FROM cap_proof WHERE order_id = $1 ORDER BY id",
                args![order],
                |row| {
                    let occasion: String = row.get(1)?;
                    let body: String = row.get(4)?;
                    let (proof, holds) = if occasion == HOLDS {
                        (None, rows::json(&body)?)
                    } else {
                        (Some(rows::json(&body)?), Vec::new())
                    };
                    Ok(StoredCapProof {
                        id: row.get(0)?,
                        proof,
                        holds,
                        occasion,
                        rule_set_code: row.get(2)?,
                        passed: row.get(3)?,
                        created_at: row.get(5)?,
                    })
                },
            )
            .await
    }

    async fn store_renewal_disclosure(
        &self,
        pay_code: &str,
        order: OrderId,
        offered_on: Date,
        body: &str,
        at: OffsetDateTime,
    ) -> StoreResult<()> {
        self.db
            .exec(
                "INSERT INTO renewal_disclosure (pay_code, order_id, offered_on, body, created_at) \
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT (pay_code) DO NOTHING",
                args![pay_code, order, offered_on, body, at],
            )
            .await
            .map(drop)
    }

    async fn renewal_disclosures(&self, order: OrderId) -> StoreResult<Vec<(String, Date, String)>> {
        self.db
            .all(
                "SELECT pay_code, offered_on, body FROM renewal_disclosure WHERE order_id = $1 ORDER BY created_at, pay_code",
                args![order],
                |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
            )
            .await
    }

    async fn loans_to_restate(&self) -> StoreResult<Vec<OrderId>> {
        self.db.all("SELECT order_id FROM loan_restatement ORDER BY order_id", args![], |row| row.get(0)).await
    }

    async fn forget_restatement(&self, order: OrderId) -> StoreResult<()> {
        self.db.exec("DELETE FROM loan_restatement WHERE order_id = $1", args![order]).await.map(drop)
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
            "INSERT INTO order_extension (order_id, key, added_days, fee, new_due_date, at, pay_code) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (key) DO NOTHING",
            args![
                extension.order_id,
                &extension.key,
                extension.added_days,
                extension.fee,
                extension.new_due_date,
                extension.at,
                extension.pay_code.as_deref(),
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
    let closes = matches!(transition.to(), OrderStatus::Repaid | OrderStatus::Rejected);
    let changed = tx
        .exec(
            "UPDATE loan_order SET status = $3, \
             disbursed_at = CASE WHEN CAST($2 AS BIGINT) = 170 AND CAST($3 AS BIGINT) = 174 THEN $4 ELSE disbursed_at END, \
             due_date = COALESCE($5, due_date), \
             closed_at = CASE WHEN $6 THEN $4 WHEN CAST($2 AS BIGINT) = 200 THEN NULL ELSE closed_at END \
             WHERE id = $1 AND status = $2",
            args![transition.order_id(), transition.from(), transition.to(), transition.at(), transition.due_date(), closes],
        )
        .await?;
    if changed != 1 {
        return Err(StoreError::Stale);
    }
    tx.exec(
        "INSERT INTO order_status_change (order_id, from_status, to_status, cause, at) VALUES ($1, $2, $3, $4, $5)",
        args![transition.order_id(), transition.from(), transition.to(), transition.cause(), transition.at()],
    )
    .await
    .map(drop)
}

/// The occasion under which runs of days a ceiling held back are stored.
pub(crate) const HOLDS: &str = "ceiling_held";

/// Stores a cap proof or a posting's held days with the order.
pub(crate) async fn insert_proof(
    tx: &mut Conn,
    order: OrderId,
    record: &ProofRecord,
    at: OffsetDateTime,
) -> StoreResult<()> {
    let (occasion, code, passed, body) = match record {
        ProofRecord::Contract(proof) => {
            let occasion = match proof.occasion {
                Occasion::Acceptance => "acceptance".to_owned(),
                Occasion::Renewal { number } => format!("renewal {number}"),
            };
            (occasion, proof.rule_set.code.clone(), proof.passed(), rows::to_json(proof)?)
        }
        ProofRecord::Holds { rule_set_code, holds } => {
            (HOLDS.to_owned(), rule_set_code.clone(), true, rows::to_json(holds)?)
        }
    };
    tx.exec(
        "INSERT INTO cap_proof (order_id, occasion, rule_set_code, passed, body, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
        args![order, &occasion, &code, passed, &body, at],
    )
    .await
    .map(drop)
}
