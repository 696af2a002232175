//! The double-entry ledger: append-only entries posted once per
//! idempotency key. Concurrent posts of one key meet at the key's unique
//! index: the second waits there, then inserts nothing. Each order's
//! balances are kept in `ledger_balance` by the transaction that posts, so
//! what is owed is read in one row however long the ledger grows.

use crate::Store;
use crate::db::{Arg, Conn, Row, args};
use crate::orders::{extend_in, transition_in};
use crate::rows::{ORDER_COLUMNS, qualified};
use crate::sms_outbox;
use async_trait::async_trait;
use hiram_domain::ledger::{Account, Balances, Entry, EntryKind, Line, Side};
use hiram_domain::order::OrderId;
use hiram_domain::servicing::LoanAccount;
use hiram_domain::store::{
    AccountUpdate, Decide, HeldOrder, IdempotencyKey, LedgerStore, OrderEvent, OrderPosting, Posting, Refusal,
    StoreError, StoreResult, StoredEntry,
};
use time::OffsetDateTime;

fn line(row: &Row<'_>, first: usize) -> StoreResult<Line> {
    Ok(Line {
        account: row.parse(first, Account::parse)?,
        side: row.parse(first + 1, Side::parse)?,
        amount: row.get(first + 2)?,
    })
}

/// The balance row's account columns, in `Account::ALL` order.
pub(crate) fn balance_columns() -> String {
    Account::ALL.map(Account::key).join(", ")
}

async fn balances_in(db: &mut Conn, order: OrderId) -> StoreResult<Balances> {
    let sql = format!("SELECT {} FROM ledger_balance WHERE order_id = $1", balance_columns());
    let nets = db
        .opt(&sql, args![order], |row| {
            let mut nets = [0; hiram_domain::ledger::ACCOUNTS];
            for (index, net) in nets.iter_mut().enumerate() {
                *net = row.get(index)?;
            }
            Ok(nets)
        })
        .await?;
    Ok(nets.map(Balances::from_nets).unwrap_or_default())
}

/// Adds an entry's lines to the order's balance row.
async fn add_to_balances(tx: &mut Conn, order: OrderId, entry: &Entry) -> StoreResult<()> {
    let columns = balance_columns();
    let values = (2..=hiram_domain::ledger::ACCOUNTS + 1).map(|n| format!("${n}")).collect::<Vec<_>>().join(", ");
    let sums = Account::ALL.map(|account| format!("{0} = ledger_balance.{0} + excluded.{0}", account.key())).join(", ");
    let sql = format!(
        "INSERT INTO ledger_balance (order_id, {columns}) VALUES ($1, {values}) ON CONFLICT (order_id) DO UPDATE SET {sums}"
    );
    let mut deltas = Balances::default();
    deltas.apply(entry);
    let mut values: Vec<Arg<'_>> = vec![order.into()];
    values.extend(deltas.nets().map(Arg::Int));
    tx.exec(&sql, &values).await.map(drop)
}

/// What the earlier posting of this key was, if there was one.
async fn seen(tx: &mut Conn, key: &IdempotencyKey) -> StoreResult<Option<Posting>> {
    let seen: Option<(i64, Vec<u8>)> = tx
        .opt("SELECT id, fingerprint FROM ledger_entry WHERE idempotency_key = $1", args![&key.key], |row| {
            Ok((row.get(0)?, row.get(1)?))
        })
        .await?;
    Ok(seen.map(
        |(id, fingerprint)| if fingerprint == key.fingerprint { Posting::Replayed(id) } else { Posting::KeyReused },
    ))
}

/// Whether the books of the order's lender are closed through the day of `at`.
async fn in_closed_day(tx: &mut Conn, order: OrderId, at: OffsetDateTime) -> StoreResult<bool> {
    let closed: Option<i64> = tx.opt_value(&format!("{} LIMIT 1", closing("$2")), args![order, at]).await?;
    Ok(closed.is_some())
}

/// The closes of the books of order `$1`'s lender that end after the
/// instant in parameter `at`.
fn closing(at: &str) -> String {
    crate::general_ledger::closes_after(
        "(SELECT p.lender_id FROM loan_order o JOIN product p ON p.id = o.product_id WHERE o.id = $1)",
        at,
    )
}

/// Inserts the entry unless its key was posted before: the posting either way.
async fn insert(
    tx: &mut Conn,
    order: OrderId,
    entry: &Entry,
    key: &IdempotencyKey,
    at: OffsetDateTime,
) -> StoreResult<Posting> {
    // Nothing posts into a lender's closed day (decision 069): the entry is
    // stamped `at`, and a close of its lender's books that ends later
    // refuses it in the same statement.
    let sql = format!(
        "INSERT INTO ledger_entry (order_id, kind, idempotency_key, fingerprint, created_at) \
         SELECT $1, $2, $3, $4, $5 WHERE NOT EXISTS ({}) \
         ON CONFLICT (idempotency_key) DO NOTHING RETURNING id",
        closing("$5")
    );
    let inserted: Option<i64> =
        tx.opt_value(&sql, args![order, entry.kind.key(), &key.key, &key.fingerprint, at]).await?;
    let Some(id) = inserted else {
        if let Some(posting) = seen(tx, key).await? {
            return Ok(posting);
        }
        return Err(if in_closed_day(tx, order, at).await? { StoreError::ClosedPeriod } else { StoreError::Stale });
    };
    for (position, line) in (0_i64..).zip(&entry.lines) {
        tx.exec(
            "INSERT INTO ledger_line (entry_id, position, account, side, amount) VALUES ($1, $2, $3, $4, $5)",
            args![id, position, line.account.key(), line.side.key(), line.amount],
        )
        .await?;
    }
    add_to_balances(tx, order, entry).await?;
    Ok(Posting::Posted(id))
}

/// Locks the order for the rest of the transaction: payments, postings and
/// status changes of one order queue here. `None` when there is no such
/// order.
async fn hold(tx: &mut Conn, order: OrderId) -> StoreResult<Option<HeldOrder>> {
    let sql = format!(
        "SELECT {}, b.phone, b.language FROM loan_order o JOIN borrower b ON b.id = o.borrower_id WHERE o.id = $1 \
         FOR UPDATE OF o",
        qualified(ORDER_COLUMNS, "o")
    );
    let held = tx
        .opt(&sql, args![order], |row| {
            let language: Option<String> = row.get(crate::rows::ORDER_WIDTH + 1)?;
            Ok((
                crate::rows::order(row)?,
                row.get(crate::rows::ORDER_WIDTH)?,
                language.map(|tag| crate::rows::language(&tag)).transpose()?,
            ))
        })
        .await?;
    let Some((order, borrower_phone, borrower_language)) = held else {
        return Ok(None);
    };
    let balances = balances_in(tx, order.id).await?;
    let account = account_in(tx, order.id).await?;
    Ok(Some(HeldOrder { order, balances, borrower_phone, borrower_language, account }))
}

async fn account_in(db: &mut Conn, order: OrderId) -> StoreResult<Option<LoanAccount>> {
    let text: Option<String> =
        db.opt_value("SELECT account FROM loan_account WHERE order_id = $1", args![order]).await?;
    text.map(|text| crate::rows::json(&text)).transpose()
}

/// Keeps the loan's account as the event left it.
async fn save_account(tx: &mut Conn, order: OrderId, update: &AccountUpdate, at: OffsetDateTime) -> StoreResult<()> {
    tx.exec(
        "INSERT INTO loan_account (order_id, account, next_check, overdue_since, updated_at, accrual_key) \
         VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (order_id) DO UPDATE SET account = excluded.account, next_check = excluded.next_check, \
         overdue_since = excluded.overdue_since, updated_at = excluded.updated_at, accrual_key = excluded.accrual_key",
        args![
            order,
            &crate::rows::to_json(&update.account)?,
            update.next_check,
            update.overdue_since,
            at,
            &update.accrual_key
        ],
    )
    .await
    .map(drop)
}

/// One event on a held order, inside the caller's transaction; the caller
/// commits only a `Posted` answer (anything else may have written part of
/// the event).
async fn post_in(
    tx: &mut Conn,
    failpoints: &crate::failpoints::Failpoints,
    order: OrderId,
    key: &IdempotencyKey,
    at: OffsetDateTime,
    decide: &Decide<'_>,
) -> StoreResult<Result<OrderPosting, Refusal>> {
    let held = hold(tx, order).await?.ok_or(StoreError::Stale)?;
    match seen(tx, key).await? {
        Some(Posting::Replayed(id)) => return Ok(Ok(OrderPosting::Replayed(id))),
        Some(_) => return Ok(Ok(OrderPosting::KeyReused)),
        None => {}
    }
    let changes = match decide(&held) {
        Ok(changes) => changes,
        Err(refusal) => return Ok(Err(refusal)),
    };
    let mut entry_id = None;
    for (entry, entry_key) in &changes.entries {
        let Posting::Posted(id) = insert(tx, order, entry, entry_key, at).await? else {
            // A key of this event was taken by another request: the
            // event's entries are not all its own, so none is written.
            return Ok(Ok(OrderPosting::KeyReused));
        };
        if entry_key.key == key.key {
            entry_id = Some(id);
        }
    }
    if entry_id.is_none() && !changes.entries.is_empty() {
        return Ok(Err(Refusal("the changes post nothing under the event's key".to_owned())));
    }
    crate::failpoints::hit(failpoints, "post_to_order:after_entries")?;
    if let Some(extension) = &changes.extension {
        extend_in(tx, extension).await?;
    }
    if let Some(transition) = &changes.transition {
        transition_in(tx, transition).await?;
    }
    if let Some(approval) = &changes.approves_reversal {
        crate::reversals::approve_in(tx, approval).await?;
    }
    if let Some(update) = &changes.account {
        save_account(tx, order, update, at).await?;
    }
    for record in &changes.proofs {
        crate::orders::insert_proof(tx, order, record, at).await?;
    }
    if changes.restated {
        tx.exec("DELETE FROM loan_restatement WHERE order_id = $1", args![order]).await?;
    }
    for (kind, body) in &changes.documents {
        tx.exec(
            "INSERT INTO order_document (order_id, kind, body, created_at) VALUES ($1, $2, $3, $4)",
            args![order, kind, body, at],
        )
        .await
        .map_err(crate::db::conflict("order_document"))?;
    }
    let mut outbox_ids = Vec::with_capacity(changes.messages.len());
    for message in &changes.messages {
        outbox_ids.push(sms_outbox::insert(tx, message).await?);
    }
    Ok(Ok(OrderPosting::Posted { changes: Box::new(changes), entry_id, outbox_ids }))
}

#[async_trait]
impl LedgerStore for Store {
    async fn post_entry(
        &self,
        order: OrderId,
        entry: &Entry,
        key: &IdempotencyKey,
        at: OffsetDateTime,
    ) -> StoreResult<Posting> {
        let mut tx = self.db.write().await?;
        let posting = insert(&mut tx, order, entry, key, at).await?;
        tx.commit().await?;
        Ok(posting)
    }

    async fn loan_account(&self, order: OrderId) -> StoreResult<Option<LoanAccount>> {
        account_in(&mut self.db.read().await?, order).await
    }

    async fn balances(&self, order: OrderId) -> StoreResult<Balances> {
        balances_in(&mut self.db.read().await?, order).await
    }

    async fn order_posted_under(&self, keys: &[String]) -> StoreResult<Option<OrderId>> {
        for key in keys {
            let order = self
                .db
                .opt_value::<OrderId>("SELECT order_id FROM ledger_entry WHERE idempotency_key = $1", args![key])
                .await?;
            if order.is_some() {
                return Ok(order);
            }
        }
        Ok(None)
    }

    async fn post_to_order(
        &self,
        order: OrderId,
        key: &IdempotencyKey,
        at: OffsetDateTime,
        decide: &Decide<'_>,
    ) -> StoreResult<Result<OrderPosting, Refusal>> {
        self.db
            .retrying(move || async move {
                let mut tx = self.db.write().await?;
                let posting = post_in(&mut tx, &self.failpoints, order, key, at, decide).await?;
                // Anything else wrote nothing that stands: dropped, it rolls back.
                if let Ok(OrderPosting::Posted { .. }) = posting {
                    tx.commit().await?;
                }
                Ok(posting)
            })
            .await
    }

    async fn post_to_orders(
        &self,
        events: &[OrderEvent<'_>],
        at: OffsetDateTime,
    ) -> StoreResult<Vec<StoreResult<Result<OrderPosting, Refusal>>>> {
        // The whole batch runs again when the database aborts it for
        // contention; its savepoints are no use then (decision 042).
        self.db
            .retrying(move || async move {
                let mut tx = self.db.write().await?;
                let mut postings = Vec::with_capacity(events.len());
                for event in events {
                    tx.batch("SAVEPOINT order_event").await?;
                    let posting = post_in(&mut tx, &self.failpoints, event.order, &event.key, at, event.decide).await;
                    if let Ok(Ok(OrderPosting::Posted { .. })) = posting {
                        tx.batch("RELEASE SAVEPOINT order_event").await?;
                    } else {
                        // Whatever this event wrote before it stopped goes; the
                        // events before it stay. (On PostgreSQL this also clears
                        // a failed statement's hold on the transaction.)
                        tx.batch("ROLLBACK TO SAVEPOINT order_event; RELEASE SAVEPOINT order_event").await?;
                    }
                    postings.push(posting);
                }
                crate::failpoints::contention(&self.failpoints, &mut tx, "post_to_orders:serialization_failure")
                    .await?;
                crate::failpoints::hit(&self.failpoints, "post_to_orders:before_commit")?;
                tx.commit().await?;
                Ok(postings)
            })
            .await
    }

    async fn ledger_entries(&self, order: OrderId) -> StoreResult<Vec<StoredEntry>> {
        let rows = self
            .db
            .all(
                "SELECT e.id, e.kind, e.created_at, e.idempotency_key, l.account, l.side, l.amount FROM ledger_entry e \
                 JOIN ledger_line l ON l.entry_id = e.id WHERE e.order_id = $1 ORDER BY e.id, l.position",
                args![order],
                |row| {
                    Ok((row.get::<i64>(0)?, row.parse(1, EntryKind::parse)?, row.get(2)?, row.get(3)?, line(row, 4)?))
                },
            )
            .await?;
        let mut entries: Vec<StoredEntry> = Vec::new();
        for (id, kind, created_at, key, line) in rows {
            match entries.last_mut() {
                Some(last) if last.id == id => last.entry.lines.push(line),
                _ => entries.push(StoredEntry {
                    id,
                    order_id: order,
                    key,
                    entry: Entry { kind, lines: vec![line] },
                    created_at,
                }),
            }
        }
        Ok(entries)
    }
}
